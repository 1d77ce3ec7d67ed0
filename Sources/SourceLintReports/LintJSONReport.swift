import SourceLint
import TapJSON

/// `replay lint --json`: `{ "files": n, "findings": [ { "file", "line", "column",
/// "rule", "name", "severity", "snapshotRule", "message", "fix", "fixable" } ] }`.
public enum LintJSONReport {
    public static func json(_ findings: [LintFinding], files: Int) -> String {
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
        }
        return w.text + "\n"
    }
}
