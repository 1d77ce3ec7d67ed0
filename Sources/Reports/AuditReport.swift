import Audit
import AuditDocuments
import TapJSON
import TapModel

/// `replay audit`: findings as JSON, as text, and as JUnit XML. Pure functions of the results.
public enum AuditReport {
    /// `{ "screen": …, "findings": [...] }` for one snapshot; for several,
    /// `{ "screens": [ { "snapshot": file, "screen": …, "findings": [...] }, ... ] }`
    /// in the order given (`AuditJSON`, which assertTappable's attachments share). Ends with a newline.
    public static func json(_ results: [AuditResult], style: JSONWriter.Style = .pretty) -> String {
        AuditJSON.json(results, style: style)
    }


    /// One block per target, as `run` groups causes: the cause (`● row.flowMeter (openFlowMeter): error A1
    /// hollow target 63.1%`), its message and fix, the symptoms it explains folded into one line, and any
    /// other finding of the target; then a summary line per snapshot at the end as well as at the top.
    /// - Parameter width: lines are wrapped to this many columns (nil: never, `--wide`).
    public static func text(_ results: [AuditResult], width: Int? = 120) -> String {
        var out = ""
        var totals: [String] = []
        for r in results {
            let counts = AuditSeverity.allCases.map { s in (s, r.findings.filter { $0.severity == s && !$0.waived }.count) }
            let waived = r.findings.filter(\.waived).count
            let causes = AuditCause.group(r)
            let summary = counts.map { "\($0.1) \($0.0.rawValue)\($0.1 == 1 ? "" : "s")" }.joined(separator: ", ")
                + (waived > 0 ? "; \(waived) waived" : "")
            let named = "\(r.screen)\(r.source.map { " (\($0))" } ?? "")"
            out += wrap("\(named), \(r.profile), \(JSONValue.format(r.touchRadius)) pt touch: "
                        + "\(r.targets.count) target\(r.targets.count == 1 ? "" : "s"); \(summary)", width: width, indent: "  ")
            if !r.limits.isEmpty { out += wrap("  capture limits: \(r.limits.joined(separator: "; "))", width: width, indent: "    ") }
            for c in causes {
                let f = c.cause
                let label = f.waived ? "waived" : f.severity.rawValue
                out += wrap("  ● \(c.node)\(f.label.map { " '\($0)'" } ?? "")\(c.action.map { " (\($0))" } ?? ""): \(label) \(f.rule) \(ruleName(f.rule)) \(value(f))",
                            width: width, indent: "      ")
                out += wrap("      \(f.message)", width: width, indent: "      ")
                out += wrap("      fix: \(f.fix)", width: width, indent: "      ")
                if let why = f.waiverReason { out += wrap("      waived (\(f.severity.rawValue)): \(why)", width: width, indent: "      ") }
                if !c.symptoms.isEmpty {
                    let folded = c.symptoms.map { s in "\(s.waived ? "waived" : s.severity.rawValue) \(s.rule) \(ruleName(s.rule)) \(value(s))" }
                    out += wrap("      explains: " + folded.joined(separator: "; ") + " (the same problem; --json lists each)",
                                width: width, indent: "      ")
                }
                for o in c.others {
                    out += wrap("      also \(o.waived ? "waived" : o.severity.rawValue) \(o.rule) \(ruleName(o.rule)) \(value(o)): \(o.message)",
                                width: width, indent: "        ")
                    out += wrap("        fix: \(o.fix)", width: width, indent: "        ")
                    if let why = o.waiverReason { out += wrap("        waived (\(o.severity.rawValue)): \(why)", width: width, indent: "        ") }
                }
            }
            let total = "\(r.screen): \(causes.count) target\(causes.count == 1 ? "" : "s") with findings, one cause each; \(summary)"
            totals.append(total)
        }
        if !totals.isEmpty {
            out += "\n"
            for t in totals { out += wrap(t, width: width, indent: "  ") }
        }
        return out
    }

    static func ruleName(_ id: String) -> String { AuditRules.rule(id)?.name ?? "" }

    static func value(_ f: AuditFinding) -> String {
        AuditRules.rule(f.rule).map { $0.unit.format(f.value) } ?? AuditContext.number(f.value)
    }

    /// `line` wrapped at spaces to `width` columns (counted in characters), the continuation lines
    /// indented by `indent`; ends with a newline. A word longer than the width stays whole.
    static func wrap(_ line: String, width: Int?, indent: String) -> String {
        guard let width, line.count > width else { return line + "\n" }
        var out = "", current = ""
        let lead = String(line.prefix { $0 == " " })
        for word in line.dropFirst(lead.count).split(separator: " ", omittingEmptySubsequences: false) {
            let start = current.isEmpty ? (out.isEmpty ? lead : indent) : current + " "
            if current.isEmpty || start.count + word.count <= width {
                current = start + word
            } else {
                out += current + "\n"
                current = indent + word
            }
        }
        return out + current + "\n"
    }

    /// JUnit XML: a `<testsuite>` per snapshot, a `<testcase>` per target;
    /// unwaived errors are failures, warnings, notes and waived findings go to
    /// the testcase's `<system-out>`.
    public static func junit(_ results: [AuditResult]) -> String {
        var document = JUnitXML(name: "replay audit")
        for r in results {
            var suite = JUnitXML.Suite(name: "\(r.screen) audit")
            suite.properties = [("profile", r.profile), ("touchRadius", JSONValue.format(r.touchRadius))]
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
