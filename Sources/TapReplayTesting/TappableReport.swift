import Audit

/// The text of `assertTappable`'s failures and log: pure functions of the audit.
public enum TappableReport {
    /// One failing finding, as one test failure: the screen, rule, node and
    /// value on the first line, then the engine's message and the fix.
    ///
    ///     Settings: A1 hollow target on row.flowMeter (openFlowMeter): 63.1%
    ///     onTapGesture (openFlowMeter) is attached to a HStack with no contentShape before it, …
    ///     fix: write .contentShape(Rectangle()) before .onTapGesture on row.flowMeter
    public static func failure(_ f: AuditFinding, screen: String) -> String {
        "\(screen): \(f.rule) \(ruleName(f.rule)) on \(target(f)): \(value(f))\n\(f.message)\nfix: \(f.fix)"
    }

    /// One problem that is not a finding, as one test failure.
    public static func problem(_ message: String, screen: String?) -> String {
        screen.map { "\($0): \(message)" } ?? message
    }

    /// The log of one assertion: a summary line, then every finding that did not
    /// fail it (warnings, notes, waived), then the audit's notes (capture limits,
    /// converter warnings, stale waivers, options not applied yet, files recorded).
    ///
    ///     assertTappable Settings (device.os iOS 18.1, app.sdk iOS 26.0): 4 targets; 1 error, 1 warning, 0 notes
    ///       warning A3 small target on save.badge (…): 22 pt
    ///           …
    public static func log(_ audit: TappableAudit) -> String {
        let findings = audit.result.findings
        let counts = AuditSeverity.allCases.map { s in
            let n = findings.filter { $0.severity == s && !$0.waived }.count
            return "\(n) \(s.rawValue)\(n == 1 ? "" : "s")"
        }
        let waived = findings.filter(\.waived).count
        var out = "assertTappable \(audit.snapshot.screen) (\(audit.device)): \(audit.result.targets.count) target"
            + "\(audit.result.targets.count == 1 ? "" : "s"); \(counts.joined(separator: ", "))\(waived > 0 ? "; \(waived) waived" : "")\n"
        for f in findings where !f.fails {
            out += "  \(f.waived ? "waived" : f.severity.rawValue) \(f.rule) \(ruleName(f.rule)) on \(target(f)): \(value(f))\n"
            out += "      \(f.message)\n      fix: \(f.fix)\n"
            if let why = f.waiverReason { out += "      waived (\(f.severity.rawValue)): \(why)\n" }
        }
        for note in audit.notes { out += "  \(note)\n" }
        return out
    }

    static func ruleName(_ id: String) -> String { AuditRules.rule(id)?.name ?? "" }
    static func target(_ f: AuditFinding) -> String { f.target }
    static func value(_ f: AuditFinding) -> String {
        AuditRules.rule(f.rule).map { $0.unit.format(f.value) } ?? AuditContext.number(f.value)
    }
}
