import Audit
import TapJSON
import TapModel

/// `replay audit`: findings as JSON, as text, and as JUnit XML. Pure functions of the results.
public enum AuditReport {
    /// One finding's fields, as `audit --json` writes them.
    static func writeFinding(_ f: AuditFinding, to w: inout JSONWriter) {
        w.object { w in
            w.field("rule", f.rule)
            w.field("severity", f.severity.rawValue)
            w.field("node", f.node)
            if let label = f.label { w.field("label", label) }
            w.field("action", f.action)
            w.field("value", rounded: f.value)
            w.field("message", f.message)
            w.field("fix", f.fix)
            w.field("waived", f.waived)
        }
    }

    /// `{ "screen": …, "findings": [...] }` for one snapshot; for several,
    /// `{ "screens": [ { "snapshot": file, "screen": …, "findings": [...] }, ... ] }`
    /// in the order given. Ends with a newline.
    public static func json(_ results: [AuditResult], style: JSONWriter.Style = .pretty) -> String {
        var w = JSONWriter(style: style)
        func findings(_ r: AuditResult, _ w: inout JSONWriter) {
            w.key("findings")
            w.array(r.findings) { w, f in writeFinding(f, to: &w) }
        }
        w.object { w in
            if results.count == 1 {
                w.field("screen", results[0].screen)
                w.field("profile", results[0].profile)
                w.field("touchRadius", results[0].touchRadius)
                findings(results[0], &w)
            } else {
                w.key("screens")
                w.array(results) { w, r in
                    w.object { w in
                        w.field("snapshot", r.source)
                        w.field("screen", r.screen)
                        w.field("profile", r.profile)
                        w.field("touchRadius", r.touchRadius)
                        findings(r, &w)
                    }
                }
            }
        }
        return w.text + "\n"
    }

    /// `error A1 hollow target  row.flowMeter (openFlowMeter): 63.1%`, the message and the fix, per finding.
    public static func text(_ results: [AuditResult]) -> String {
        var out = ""
        for r in results {
            let counts = AuditSeverity.allCases.map { s in (s, r.findings.filter { $0.severity == s && !$0.waived }.count) }
            let waived = r.findings.filter(\.waived).count
            let summary = counts.map { "\($0.1) \($0.0.rawValue)\($0.1 == 1 ? "" : "s")" }.joined(separator: ", ")
            out += "\(r.screen)\(r.source.map { " (\($0))" } ?? ""), \(r.profile), \(JSONValue.format(r.touchRadius)) pt touch: "
                + "\(r.targets.count) target\(r.targets.count == 1 ? "" : "s"); \(summary)"
            out += waived > 0 ? "; \(waived) waived\n" : "\n"
            if !r.limits.isEmpty { out += "  capture limits: \(r.limits.joined(separator: "; "))\n" }
            for f in r.findings {
                let rule = AuditRules.rule(f.rule)
                let value = rule.map { $0.unit.format(f.value) } ?? AuditContext.number(f.value)
                let label = f.waived ? "waived" : f.severity.rawValue
                out += "  \(label) \(f.rule) \(rule?.name ?? "")  \(f.target): \(value)\n"
                out += "      \(f.message)\n"
                out += "      fix: \(f.fix)\n"
                if let why = f.waiverReason { out += "      waived (\(f.severity.rawValue)): \(why)\n" }
            }
        }
        return out
    }

    /// JUnit XML: a `<testsuite>` per snapshot, a `<testcase>` per target;
    /// unwaived errors are failures, warnings, notes and waived findings go to
    /// the testcase's `<system-out>`.
    public static func junit(_ results: [AuditResult]) -> String {
        var document = JUnitXML(name: "replay audit")
        for r in results {
            var suite = JUnitXML.Suite(name: "\(r.screen) audit")
            var nodes = r.targets
            for f in r.findings where !nodes.contains(where: { $0.node == f.node }) { nodes.append((f.node, f.action)) }
            for (node, action) in nodes {
                let mine = r.findings.filter { $0.node == node }
                let failures = mine.filter(\.fails).map { f in
                    JUnitXML.Failure(type: f.rule, message: "\(f.rule) \(f.node)\(f.label.map { " '\($0)'" } ?? ""): \(f.message)", detail: detail(f))
                }
                let output = mine.filter { !$0.fails }.map { detail($0) }.joined(separator: "\n\n")
                suite.testcase("\(r.screen).audit", action.map { "\(node) (\($0))" } ?? node, failures: failures, output: output)
            }
            document.suites.append(suite)
        }
        return document.document
    }

    static func detail(_ f: AuditFinding) -> String {
        var lines = ["rule: \(f.rule) \(AuditRules.rule(f.rule)?.name ?? "")", "severity: \(f.severity.rawValue)", "node: \(f.node)"]
        if let l = f.label { lines.append("label: \(l)") }
        if let a = f.action { lines.append("action: \(a)") }
        lines.append("value: \(AuditRules.rule(f.rule).map { $0.unit.format(f.value) } ?? AuditContext.number(f.value))")
        if let why = f.waiverReason { lines.append("waived: \(why)") }
        lines.append(f.message)
        lines.append("fix: \(f.fix)")
        return lines.joined(separator: "\n")
    }
}
