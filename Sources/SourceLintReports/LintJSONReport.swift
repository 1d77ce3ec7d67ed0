import SourceLint
import TapModel

/// `replay lint --json`: `{ "files": n, "findings": [ { "file", "line", "column",
/// "rule", "name", "severity", "snapshotRule", "message", "fix", "fixable" } ] }`.
public enum LintJSONReport {
    public static func json(_ findings: [LintFinding], files: Int) -> JSONValue {
        .object([
            "files": .number(files),
            "findings": .array(findings.map { f in
                .object([
                    "file": .string(f.file),
                    "line": .number(f.line),
                    "column": .number(f.column),
                    "rule": .string(f.rule),
                    "name": .string(f.ruleName),
                    "severity": .string(f.severity.rawValue),
                    "snapshotRule": .string(f.snapshotRule),
                    "message": .string(f.message),
                    "fix": .string(f.fix),
                    "fixable": .bool(f.fixable),
                ])
            }),
        ])
    }
}
