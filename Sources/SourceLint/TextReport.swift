/// `file:line:column: rule: message (fix: …)`, one finding per line.
public enum LintTextReport {
    public static func line(_ f: LintFinding) -> String {
        "\(f.file):\(f.line):\(f.column): \(f.rule): \(f.message) (fix: \(f.fix))"
    }

    public static func render(_ findings: [LintFinding]) -> String {
        findings.map { line($0) + "\n" }.joined()
    }
}
