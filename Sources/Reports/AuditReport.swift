import Audit
import TapModel

/// `replay audit`: findings as JSON, as text, and as JUnit XML. Pure functions of the results.
public enum AuditReport {
    /// One finding as `audit --json` writes it.
    public static func findingJSON(_ f: AuditFinding) -> JSONValue {
        .object([
            "rule": .string(f.rule),
            "severity": .string(f.severity.rawValue),
            "node": .string(f.node),
            "action": .string(f.action),
            "value": .rounded(f.value),
            "message": .string(f.message),
            "fix": .string(f.fix),
            "waived": .bool(f.waived),
        ])
    }

    /// `{ "screen": …, "findings": [...] }` for one snapshot; for several,
    /// `{ "screens": [ { "snapshot": file, "screen": …, "findings": [...] }, ... ] }`
    /// in the order given.
    public static func json(_ results: [AuditResult]) -> JSONValue {
        if results.count == 1 {
            return .object(["screen": .string(results[0].screen), "findings": .array(results[0].findings.map(findingJSON))])
        }
        return .object(["screens": .array(results.map { r in
            .object(["snapshot": .string(r.source), "screen": .string(r.screen), "findings": .array(r.findings.map(findingJSON))])
        })])
    }

    /// `error A1 hollow target  row.flowMeter (openFlowMeter): 63.1%`, the message and the fix, per finding.
    public static func text(_ results: [AuditResult]) -> String {
        var out = ""
        for r in results {
            let counts = AuditSeverity.allCases.map { s in (s, r.findings.filter { $0.severity == s && !$0.waived }.count) }
            let waived = r.findings.filter(\.waived).count
            let summary = counts.map { "\($0.1) \($0.0.rawValue)\($0.1 == 1 ? "" : "s")" }.joined(separator: ", ")
            out += "\(r.screen)\(r.source.map { " (\($0))" } ?? ""): \(r.targets.count) target\(r.targets.count == 1 ? "" : "s"); \(summary)"
            out += waived > 0 ? "; \(waived) waived\n" : "\n"
            for f in r.findings {
                let rule = AuditRules.rule(f.rule)
                let value = rule.map { $0.unit.format(f.value) } ?? AuditContext.number(f.value)
                let label = f.waived ? "waived" : f.severity.rawValue
                out += "  \(label) \(f.rule) \(rule?.name ?? "")  \(f.node)\(f.action.map { " (\($0))" } ?? ""): \(value)\n"
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
        var suites: [String] = []
        var totalTests = 0, totalFailures = 0
        for r in results {
            var cases: [String] = []
            var failures = 0
            var nodes = r.targets
            for f in r.findings where !nodes.contains(where: { $0.node == f.node }) { nodes.append((f.node, f.action)) }
            for (node, action) in nodes {
                let mine = r.findings.filter { $0.node == node }
                var body = ""
                for f in mine where f.fails {
                    body += "      <failure type=\"\(xmlEscape(f.rule))\" message=\"\(xmlEscape("\(f.rule) \(f.node): \(f.message)"))\">\(xmlEscape(detail(f)))</failure>\n"
                }
                let others = mine.filter { !$0.fails }
                if !others.isEmpty {
                    let text = others.map { detail($0) }.joined(separator: "\n\n")
                    body += "      <system-out>\(xmlEscape(text))</system-out>\n"
                }
                if mine.contains(where: \.fails) { failures += 1 }
                let name = action.map { "\(node) (\($0))" } ?? node
                let open = "    <testcase classname=\"\(xmlEscape("\(r.screen).audit"))\" name=\"\(xmlEscape(name))\" time=\"0\""
                cases.append(body.isEmpty ? open + "/>" : open + ">\n" + body + "    </testcase>")
            }
            totalTests += cases.count
            totalFailures += failures
            suites.append("""
              <testsuite name="\(xmlEscape("\(r.screen) audit"))" tests="\(cases.count)" failures="\(failures)" errors="0" skipped="0" time="0">
            \(cases.joined(separator: "\n"))
              </testsuite>
            """)
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="replay audit" tests="\(totalTests)" failures="\(totalFailures)" errors="0" time="0">
        \(suites.joined(separator: "\n"))
        </testsuites>

        """
    }

    static func detail(_ f: AuditFinding) -> String {
        var lines = ["rule: \(f.rule) \(AuditRules.rule(f.rule)?.name ?? "")", "severity: \(f.severity.rawValue)", "node: \(f.node)"]
        if let a = f.action { lines.append("action: \(a)") }
        lines.append("value: \(AuditRules.rule(f.rule).map { $0.unit.format(f.value) } ?? AuditContext.number(f.value))")
        if let why = f.waiverReason { lines.append("waived: \(why)") }
        lines.append(f.message)
        lines.append("fix: \(f.fix)")
        return lines.joined(separator: "\n")
    }
}
