import Audit
import TapJSON

/// The JSON of an audit's findings, as `replay audit --json` prints it and
/// `assertTappable` attaches it (docs/audit.md).
public enum AuditJSON {
    /// One finding's fields, as `audit --json` writes them.
    public static func writeFinding(_ f: AuditFinding, to w: inout JSONWriter) {
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
}
