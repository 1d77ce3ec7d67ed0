/// The text Xcode, `swift build` and SwiftLint print, one finding a line:
/// `path:line:column: error: message; fix: … [L1]` (`warning:` for rules
/// whose severity is warning). Xcode's issue navigator and the build log show
/// each at its line.
public enum LintTextReport {
    public static func line(_ f: LintFinding) -> String {
        "\(f.file):\(f.line):\(f.column): \(f.severity == .error ? "error" : "warning"): \(f.message); fix: \(f.fix) [\(f.rule)]"
    }

    /// A file that could not be read whole, in the same form (always a warning).
    public static func line(_ w: LintWarning) -> String {
        "\(w.file):\(w.line):\(w.column): warning: \(w.message) [replay-lint]"
    }

    public static func render(_ findings: [LintFinding]) -> String {
        findings.map { line($0) + "\n" }.joined()
    }
}
