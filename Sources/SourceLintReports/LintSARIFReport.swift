import CodeScanning
import Foundation
import SourceLint

/// `replay lint --sarif`: SARIF 2.1.0 for code scanning (GitHub's
/// `upload-sarif`), written by the `SARIFLog` that `run`, `merge` and `audit`
/// share. Paths under `root` become URIs relative to `%SRCROOT%`, others
/// `file://` URIs; columns are UTF-16 code units (SARIF's default).
public enum LintSARIFReport {
    public static let schema = SARIFLog.schema

    /// - Parameters:
    ///   - root: the folder relative paths are relative to (the working directory), absolute.
    ///   - rules: the rules that ran (their order gives each result's `ruleIndex`).
    /// - Parameter warnings: files that could not be read whole, as the invocation's tool notifications.
    public static func json(_ findings: [LintFinding], root: String, rules: [any LintRule.Type] = LintRules.all, warnings: [LintWarning] = []) -> String {
        var log = SARIFLog(toolName: "replay lint", toolFullName: "TapReplay lint: SwiftUI hit-testing traps in source",
                           rules: rules.map(descriptor), root: root)
        log.notifications = warnings.map { SARIFLog.Notification(message: $0.message, place: SARIFLog.Place(file: $0.file, startLine: $0.line)) }
        log.results = findings.map { f in
            SARIFLog.Result(ruleId: f.rule, level: level(f.severity), message: "\(f.message). Fix: \(f.fix).",
                            place: SARIFLog.Place(file: f.file, startLine: f.line, startColumn: f.utf16Column,
                                                  endLine: f.endLine, endColumn: f.endUTF16Column))
        }
        return log.json
    }

    /// SARIF's `name` of a rule, an identifier: its type's name without the ID and `Rule`
    /// (`L1HollowTapTargetRule` → `HollowTapTarget`).
    static func sarifName(_ rule: any LintRule.Type) -> String {
        var name = String(describing: rule)
        if name.hasPrefix(rule.id) { name.removeFirst(rule.id.count) }
        if name.hasSuffix("Rule") { name.removeLast("Rule".count) }
        return name
    }

    static func level(_ s: Severity) -> SARIFLog.Level { SARIFLog.Level(rawValue: s.rawValue) ?? .warning }

    static func descriptor(_ rule: any LintRule.Type) -> SARIFLog.Rule {
        let summary = rule.description.summary
        return SARIFLog.Rule(
            id: rule.id, name: sarifName(rule), shortDescription: "\(rule.id) \(rule.name)",
            fullDescription: summary + " (\(rule.snapshotRule)).",
            helpText: "\(summary). Fix: \(rule.fixSummary). Silence one finding with // replay-lint:disable \(rule.id).",
            helpMarkdown: "**\(rule.id) \(rule.name)** (\(rule.snapshotRule)): \(summary).\n\nFix: \(rule.fixSummary).\n\nSilence one finding with `// replay-lint:disable \(rule.id)` on the line before or at the end of the line.",
            level: level(rule.severity), tags: ["swiftui", "hit-testing", "correctness"])
    }
}
