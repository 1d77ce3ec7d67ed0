import Foundation
import SourceLint
import TapJSON

/// `replay lint --eslint`: the shape ESLint's `json` formatter prints, so tools
/// that read ESLint results (code-quality dashboards, pull-request annotators,
/// editor bridges for a JavaScript project) show replay lint's findings too.
/// One entry per file linted: `{ "filePath", "messages": [ { "ruleId":
/// "replay-lint/L1", "severity": 2 (error) or 1 (warning), "message", "line",
/// "column", "endLine", "endColumn", "nodeType": null } ], "suppressedMessages": [],
/// "errorCount", "fatalErrorCount", "warningCount", "fixableErrorCount",
/// "fixableWarningCount", "usedDeprecatedRules": [] }`. Columns count UTF-16
/// code units from 1, as ESLint's do; a file that could not be read whole is a
/// fatal message without a rule (docs/lint.md, "Expo").
public enum LintESLintReport {
    public static func json(_ findings: [LintFinding], files: [String], warnings: [LintWarning] = []) -> String {
        let byFile = Dictionary(grouping: findings, by: \.file)
        let warned = Dictionary(grouping: warnings, by: \.file)
        var order = files
        for f in findings.map(\.file) + warnings.map(\.file) where !order.contains(f) { order.append(f) }
        var w = JSONWriter(style: .pretty)
        w.array(order) { w, file in
            let mine = byFile[file] ?? [], fatal = warned[file] ?? []
            let errors = mine.filter { $0.severity == .error }
            w.object { w in
                w.field("filePath", URL(fileURLWithPath: file).standardizedFileURL.path)
                w.key("messages")
                w.array(Array(0..<(fatal.count + mine.count))) { w, i in
                    w.object { w in
                        if i < fatal.count {
                            let warning = fatal[i]
                            w.key("ruleId"); w.null()
                            w.field("fatal", true)
                            w.field("severity", 2)
                            w.field("message", warning.message)
                            w.field("line", warning.line)
                            w.field("column", warning.column)
                        } else {
                            let f = mine[i - fatal.count]
                            w.field("ruleId", "replay-lint/\(f.rule)")
                            w.field("severity", f.severity == .error ? 2 : 1)
                            w.field("message", "\(f.message); fix: \(f.fix)")
                            w.field("line", f.line)
                            w.field("column", f.utf16Column)
                            w.field("endLine", f.endLine)
                            w.field("endColumn", f.endUTF16Column)
                            w.key("nodeType"); w.null()
                        }
                    }
                }
                w.key("suppressedMessages"); w.array { _ in }
                w.field("errorCount", errors.count + fatal.count)
                w.field("fatalErrorCount", fatal.count)
                w.field("warningCount", mine.count - errors.count)
                w.field("fixableErrorCount", 0)
                w.field("fixableWarningCount", 0)
                w.key("usedDeprecatedRules"); w.array { _ in }
            }
        }
        return w.text + "\n"
    }
}
