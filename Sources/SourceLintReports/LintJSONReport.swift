import SourceLint
import TapJSON

/// `replay lint --json`: `{ "files": n, "findings": [ { "file", "line", "column",
/// "rule", "name", "severity", "snapshotRule", "message", "fix", "fixable" } ] }`,
/// and `"warnings": [ { "file", "line", "column", "message" } ]` when a file could not be read whole.
public enum LintJSONReport {
    public static func json(_ findings: [LintFinding], files: Int, warnings: [LintWarning] = []) -> String {
        var w = JSONWriter(style: .pretty)
        w.object { w in
            w.field("files", files)
            w.key("findings")
            w.array(findings) { w, f in
                w.object { w in
                    w.field("file", f.file)
                    w.field("line", f.line)
                    w.field("column", f.column)
                    w.field("rule", f.rule)
                    w.field("name", f.ruleName)
                    w.field("severity", f.severity.rawValue)
                    w.field("snapshotRule", f.snapshotRule)
                    w.field("message", f.message)
                    w.field("fix", f.fix)
                    w.field("fixable", f.fixable)
                }
            }
            if !warnings.isEmpty {
                w.key("warnings")
                w.array(warnings) { w, warning in
                    w.object { w in
                        w.field("file", warning.file)
                        w.field("line", warning.line)
                        w.field("column", warning.column)
                        w.field("message", warning.message)
                    }
                }
            }
        }
        return w.text + "\n"
    }
}
