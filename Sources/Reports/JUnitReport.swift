import Baselines
import RunResults
import HitTesting
import ReplayEngine
import TapJSON
import TapModel

/// JUnit XML as CI systems read it: one `<testsuite>` per screen, a `<testcase>`
/// per target and per expectation, failures carrying the findings.
public enum JUnitReport {
    public static func xml(_ run: RunOutcome) -> String {
        var document = JUnitXML(name: "replay")
        for s in run.suites {
            var suite = JUnitXML.Suite(name: s.suite, timestamp: run.startedAt)
            // Every output names the touch-binding profile and radius it used.
            if let profile = s.profile { suite.properties.append(("profile", profile)) }
            if let radius = s.touchRadius { suite.properties.append(("touchRadius", JSONValue.format(radius))) }
            func testcase(_ classname: String, _ name: String, _ findings: [Finding], extra: String? = nil) {
                var failures = findings.map { f in
                    JUnitXML.Failure(type: f.rule.rawValue, message: "\(f.rule.rawValue) \(f.location): \(f.message)", detail: detail(f))
                }
                if let extra { failures.append(JUnitXML.Failure(type: "baseline", message: extra, detail: extra)) }
                suite.testcase(classname, name, failures: failures)
            }
            // The baseline itself.
            let baselineProblem: String? = switch s.baseline {
            case .written: "no baseline: a new one was written to \(s.baselineFile ?? "?"); review it, commit it, and run again"
            case .missing: "no baseline at \(s.baselineFile ?? "?") and recording is not allowed"
            case .refused: "no baseline at \(s.baselineFile ?? "?"): \(BaselineStatus.refusedText)"
            case .noSnapshot: "\(s.baselineFile ?? "?") has a baseline but no snapshot of this screen was in the run"
            default: nil
            }
            if s.baseline != .none { testcase("\(s.suite).baseline", s.baselineFile ?? "baseline", [], extra: baselineProblem) }
            // The causes lead: a testcase per cause, its failure the cause and its findings.
            for c in s.diff.causes {
                let detail = c.regressions.map { "\(s.diff.regressions[$0].rule.rawValue) \(s.diff.regressions[$0].location): \(s.diff.regressions[$0].message)" }
                suite.testcase("\(s.suite).causes", c.node, failures: [JUnitXML.Failure(type: "cause", message: c.text, detail: detail.joined(separator: "\n"))])
            }
            // A testcase per target: coverage findings, and press findings on that target.
            let regressions = s.diff.regressions
            var targetNodes = s.coverage.map(\.node)
            for f in regressions where f.rule == .gone { if let n = f.node { targetNodes.append(n) } }
            for node in targetNodes {
                let action = s.coverage.first { $0.node == node }?.action
                let mine = regressions.filter { f in
                    f.rule != .expectation && (f.rule.isAboutTarget ? f.node == node : (f.before?.node ?? f.node) == node)
                }
                testcase("\(s.suite).targets", action.map { "\(node) (\($0))" } ?? node, mine)
            }
            // Press findings whose node is not a target any more.
            let placed = Set(targetNodes)
            let stray = regressions.filter { $0.rule != .expectation && !placed.contains($0.before?.node ?? $0.node ?? "") }
            if !stray.isEmpty { testcase("\(s.suite).presses", "presses on views that are not targets", stray) }
            // A testcase per expectation.
            var expectationFindings: [PressKey: [Finding]] = [:]
            for f in regressions where f.rule == .expectation {
                if let t = f.trace, let p = f.press { expectationFindings[PressKey(trace: t, press: p), default: []].append(f) }
            }
            for (key, expect) in s.expectations {
                testcase("\(s.suite).expectations", "\(key.trace) press \(key.press) expects \(expect)", expectationFindings[key] ?? [])
            }
            // Known problems: skipped, with who accepted them and why; fixed ones pass, saying so.
            for f in s.diff.known {
                suite.testcase("\(s.suite).known", "\(f.rule.rawValue) \(f.location)",
                               skipped: "known problem" + (f.accepted.map { " (\($0.attribution))" } ?? "") + ": \(f.message)")
            }
            for k in s.diff.fixed {
                suite.testcase("\(s.suite).known", k.place, output: "fixed: the known problem \(k.place) no longer occurs")
            }
            document.suites.append(suite)
        }
        return document.document
    }

    static func detail(_ f: Finding) -> String {
        var lines = ["rule: \(f.rule.rawValue)", "suite: \(f.suite)"]
        if let t = f.trace { lines.append("trace: \(t)") }
        if let p = f.press { lines.append("press: \(p)") }
        if let a = f.at { lines.append("point: \(a)") }
        if let n = f.node { lines.append("node: \(n)") }
        if let a = f.action { lines.append("action: \(a)") }
        if let e = f.expect { lines.append("expect: \(e)") }
        if let b = f.before { lines.append("before: \(FindingJSON.sideText(b))") }
        if let a = f.after { lines.append("after: \(FindingJSON.sideText(a))") }
        lines.append(f.message)
        return lines.joined(separator: "\n")
    }

}
