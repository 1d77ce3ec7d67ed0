import Baselines
import HitTesting
import Pipeline
import ReplayEngine
import TapModel

/// `replay run`: the run as the JSON of baseline-and-cli.md, or as text for a person.
public enum RunReport {
    // MARK: JSON

    public static func json(_ run: RunOutcome) -> JSONValue {
        var pairs: [JSONValue.Pair] = [
            .init("suites", .array(run.suites.map(suiteJSON))),
            .init("passed", .bool(run.passed)),
        ]
        if let id = run.runID { pairs.append(.init("run", .number(Double(id)))) }
        pairs.append(.init("revision", .string(run.revision)))
        pairs.append(.init("startedAt", .string(run.startedAt)))
        return .object(pairs)
    }

    static func suiteJSON(_ s: SuiteOutcome) -> JSONValue {
        let r = s.replay
        return .object([
            "suite": .string(s.suite),
            "passed": .bool(s.passed),
            "snapshot": .object(["source": .string(s.snapshot.source), "version": .string(s.snapshot.appVersion),
                                 "build": .string(s.snapshot.appBuild), "contentHash": .string(s.snapshot.contentHash)]),
            "baseline": .object(["status": .string(s.baseline.rawValue), "file": .string(s.baselineFile)]),
            "presses": .array(r.presses.map(pressJSON)),
            "targets": .array(r.coverage.map { t in targetJSON(t, r.responsiveness[t.node]) }),
            "regressions": .array(s.diff.regressions.map(FindingJSON.finding)),
            "improvements": .array(s.diff.improvements.map(FindingJSON.finding)),
            "new": .array(s.diff.notes.map(FindingJSON.finding)),
            "retryBursts": .array(r.bursts.map { b in
                .object(["trace": .string(b.trace), "presses": .array(b.presses.map { .number($0) }),
                         "at": .array([.rounded(b.at.x), .rounded(b.at.y)]), "resolved": .bool(b.resolved), "target": .string(b.target)])
            }),
            "latencies": .array(r.latencies.map { l in
                .object(["node": .string(l.node), "action": .string(l.action), "count": .number(l.count),
                         "p50Ms": .rounded(l.p50Ms), "p95Ms": .rounded(l.p95Ms)])
            }),
        ])
    }

    public static func pressJSON(_ p: PressResult) -> JSONValue {
        .object([
            "trace": .string(p.trace), "press": .number(p.press), "at": .array([.rounded(p.at.x), .rounded(p.at.y)]),
            "t": .rounded(p.t), "outcome": .string(p.outcome.rawValue), "node": .string(p.node), "action": .string(p.action),
            "gesture": .string(p.gesture), "latencyMs": p.latencyMs.map { .rounded($0) } ?? .null,
            "expect": .string(p.expect), "met": p.met.map { .bool($0) } ?? .null,
            "partOf": p.partOf.map { .number($0) } ?? .null, "hitView": .string(p.hitView),
            "simultaneous": .array(p.simultaneous.map { .string($0) }), "reason": .string(p.reason),
        ])
    }

    static func targetJSON(_ t: TargetCoverage, _ r: TargetResponsiveness?) -> JSONValue {
        .object([
            "node": .string(t.node), "action": .string(t.action),
            "own": .rounded(t.own), "stolen": .rounded(t.stolen), "blocked": .rounded(t.blocked),
            "ambiguous": .rounded(t.ambiguous), "disabled": .rounded(t.disabled), "miss": .rounded(t.miss),
            "firstTry": .object(["tries": .number(r?.expectedTries ?? 0), "met": .number(r?.firstTryMet ?? 0),
                                 "rate": r?.firstTrySuccess.map { .rounded($0) } ?? .null]),
            "latencyMs": .object(["p50": r?.p50LatencyMs.map { .rounded($0) } ?? .null,
                                  "p95": r?.p95LatencyMs.map { .rounded($0) } ?? .null]),
        ])
    }

    // MARK: Text

    /// ANSI colours, used only on a terminal without `NO_COLOR`.
    public struct Style: Sendable {
        public var color: Bool
        public init(color: Bool) { self.color = color }
        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        func red(_ s: String) -> String { paint(s, "31") }
        func green(_ s: String) -> String { paint(s, "32") }
        func yellow(_ s: String) -> String { paint(s, "33") }
        func bold(_ s: String) -> String { paint(s, "1") }
        func dim(_ s: String) -> String { paint(s, "2") }
    }

    public static func text(_ run: RunOutcome, style: Style) -> String {
        var out = ""
        for s in run.suites {
            let build = s.snapshot.appBuild.map { "build \($0), " } ?? ""
            let verdict = s.passed ? style.green("PASS") : style.red("FAIL")
            out += "\(style.bold(s.suite))  \(verdict)  \(style.dim("(\(build)\(s.snapshot.source))"))\n"
            let r = s.replay
            let fired = r.presses.filter { $0.fired && $0.partOf == nil }.count
            let primary = r.presses.filter { $0.partOf == nil }.count
            var line = "  \(primary) presses, \(fired) fired"
            let tries = r.responsiveness.values.reduce(0) { $0 + $1.expectedTries }
            let met = r.responsiveness.values.reduce(0) { $0 + $1.firstTryMet }
            if tries > 0 { line += "; first-try success \(met)/\(tries)" }
            if !r.bursts.isEmpty { line += "; \(r.bursts.count) retry burst\(r.bursts.count == 1 ? "" : "s")" }
            if let slowest = r.latencies.max(by: { $0.p95Ms < $1.p95Ms }), slowest.p95Ms > 0 {
                line += "; slowest p95 \(JSONValue.format(JSONValue.round(slowest.p95Ms, places: 1))) ms (\(describeAction(slowest.node, slowest.action)))"
            }
            out += line + "\n"
            switch s.baseline {
            case .written: out += "  " + style.yellow("new baseline written to \(s.baselineFile ?? "?"): review it, commit it, and run again") + "\n"
            case .missing: out += "  " + style.red("no baseline at \(s.baselineFile ?? "?") (record mode never)") + "\n"
            case .recorded: out += "  baseline recorded to \(s.baselineFile ?? "?")\n"
            case .none, .compared: break
            }
            for rule in Rule.regressionRules {
                let found = s.diff.regressions.filter { $0.rule == rule }
                guard !found.isEmpty else { continue }
                out += "  " + style.red("\(rule.rawValue) \(rule.title(run.request.thresholds))") + " (\(found.count))\n"
                for f in found { out += "    \(f.location): \(f.message)\n" }
            }
            if !s.diff.improvements.isEmpty {
                out += "  " + style.green("improvements (\(s.diff.improvements.count))") + "\n"
                for f in s.diff.improvements { out += "    \(f.rule.rawValue) \(f.location): \(f.message)\n" }
            }
            for f in s.diff.notes { out += "  " + style.dim("new: \(f.message)") + "\n" }
            for b in r.bursts where !b.resolved || b.presses.count > 2 {
                out += "  " + style.yellow("retry burst") + " \(b.trace) presses \(b.presses.map(String.init).joined(separator: ", ")) at \(b.at)"
                    + (b.target.map { " (after \($0))" } ?? "") + (b.resolved ? "" : ", never fired") + "\n"
            }
            out += "\n"
        }
        let failed = run.suites.filter { !$0.passed }.count
        let regressions = run.suites.reduce(0) { $0 + $1.diff.regressions.count }
        var summary = "\(run.suites.count) screen\(run.suites.count == 1 ? "" : "s"), "
        summary += failed == 0 ? style.green("all passed") : style.red("\(failed) failed, \(regressions) regression\(regressions == 1 ? "" : "s")")
        if let id = run.runID { summary += style.dim("  (run #\(id) recorded in history)") }
        return out + summary + "\n"
    }

    static func describeAction(_ node: String, _ action: String?) -> String {
        action.map { "\(node) \($0)" } ?? node
    }
}
