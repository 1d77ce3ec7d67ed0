import Baselines
import Pipeline
import HitTesting
import ReplayEngine
import TapModel

/// JUnit XML as CI systems read it: one `<testsuite>` per screen, a `<testcase>`
/// per target and per expectation, failures carrying the findings.
public enum JUnitReport {
    public static func xml(_ run: RunOutcome) -> String {
        var suites: [String] = []
        var totalTests = 0, totalFailures = 0
        for s in run.suites {
            var cases: [String] = []
            var failures = 0
            func testcase(_ classname: String, _ name: String, _ findings: [Finding], extra: String? = nil) {
                var body = ""
                for f in findings {
                    body += "      <failure type=\"\(escape(f.rule.rawValue))\" message=\"\(escape("\(f.rule.rawValue) \(f.location): \(f.message)"))\">\(escape(detail(f)))</failure>\n"
                }
                if let extra { body += "      <failure type=\"baseline\" message=\"\(escape(extra))\">\(escape(extra))</failure>\n" }
                if !findings.isEmpty || extra != nil { failures += 1 }
                let open = "    <testcase classname=\"\(escape(classname))\" name=\"\(escape(name))\" time=\"0\""
                cases.append(body.isEmpty ? open + "/>" : open + ">\n" + body + "    </testcase>")
            }
            // The baseline itself.
            let baselineProblem: String? = switch s.baseline {
            case .written: "no baseline: a new one was written to \(s.baselineFile ?? "?"); review it, commit it, and run again"
            case .missing: "no baseline at \(s.baselineFile ?? "?") and recording is not allowed"
            case .noSnapshot: "\(s.baselineFile ?? "?") has a baseline but no snapshot of this screen was in the run"
            default: nil
            }
            if s.baseline != .none { testcase("\(s.suite).baseline", s.baselineFile ?? "baseline", [], extra: baselineProblem) }
            // The causes lead: a testcase per cause, its failure the cause and its findings.
            for c in s.diff.causes {
                let detail = c.regressions.map { "\(s.diff.regressions[$0].rule.rawValue) \(s.diff.regressions[$0].location): \(s.diff.regressions[$0].message)" }
                cases.append("""
                    <testcase classname="\(escape(s.suite)).causes" name="\(escape(c.node))" time="0">
                      <failure type="cause" message="\(escape(c.text))">\(escape(detail.joined(separator: "\n")))</failure>
                    </testcase>
                """)
                failures += 1
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
            totalTests += cases.count
            totalFailures += failures
            suites.append("""
              <testsuite name="\(escape(s.suite))" tests="\(cases.count)" failures="\(failures)" errors="0" skipped="0" time="0" timestamp="\(escape(run.startedAt))">
            \(cases.joined(separator: "\n"))
              </testsuite>
            """)
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="replay" tests="\(totalTests)" failures="\(totalFailures)" errors="0" time="0">
        \(suites.joined(separator: "\n"))
        </testsuites>

        """
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

    static func escape(_ s: String) -> String { xmlEscape(s) }
}
