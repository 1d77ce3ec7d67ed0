import Foundation
import SourceLint
import TapJSON

/// `replay lint --sarif`: SARIF 2.1.0 for code scanning (GitHub's
/// `upload-sarif`). Paths under `root` become URIs relative to `%SRCROOT%`,
/// others `file://` URIs; columns are UTF-16 code units (SARIF's default).
public enum LintSARIFReport {
    public static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// - Parameters:
    ///   - root: the folder relative paths are relative to (the working directory), absolute.
    ///   - rules: the rules that ran (their order gives each result's `ruleIndex`).
    /// - Parameter warnings: files that could not be read whole, as the invocation's tool notifications.
    public static func json(_ findings: [LintFinding], root: String, rules: [any LintRule] = LintRules.all, warnings: [LintWarning] = []) -> String {
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let rootDir = root.hasSuffix("/") ? root : root + "/"
        var w = JSONWriter(style: .pretty)
        w.object { w in
            w.field("$schema", schema)
            w.field("version", "2.1.0")
            w.key("runs")
            w.array { w in
                w.object { w in
                    w.key("tool")
                    w.object { w in
                        w.key("driver")
                        w.object { w in
                            w.field("name", "replay lint")
                            w.field("fullName", "TapReplay lint: SwiftUI hit-testing traps in source")
                            w.key("rules")
                            w.array(rules) { w, rule in descriptor(rule, to: &w) }
                        }
                    }
                    w.key("originalUriBaseIds")
                    w.object { w in
                        w.key("%SRCROOT%")
                        w.object { w in w.field("uri", fileURI(rootDir)) }
                    }
                    w.key("invocations")
                    w.array { w in
                        w.object { w in
                            w.field("executionSuccessful", true)
                            if !warnings.isEmpty {
                                w.key("toolExecutionNotifications")
                                w.array(warnings) { w, warning in notification(warning, root: rootDir, to: &w) }
                            }
                        }
                    }
                    w.field("columnKind", "utf16CodeUnits")
                    w.key("results")
                    w.array(findings) { w, f in result(f, ruleIndex: index[f.rule], root: rootDir, to: &w) }
                }
            }
        }
        return w.text + "\n"
    }

    /// SARIF's `name` of a rule, an identifier: its type's name without the ID and `Rule`
    /// (`L1HollowTapTargetRule` → `HollowTapTarget`).
    static func sarifName(_ rule: any LintRule) -> String {
        var name = String(describing: type(of: rule))
        if name.hasPrefix(rule.id) { name.removeFirst(rule.id.count) }
        if name.hasSuffix("Rule") { name.removeLast("Rule".count) }
        return name
    }

    static func descriptor(_ rule: any LintRule, to w: inout JSONWriter) {
        w.object { w in
            w.field("id", rule.id)
            w.field("name", sarifName(rule))
            w.key("shortDescription")
            w.object { w in w.field("text", "\(rule.id) \(rule.name)") }
            w.key("fullDescription")
            w.object { w in w.field("text", rule.summary + " (\(rule.snapshotRule)).") }
            w.key("help")
            w.object { w in
                w.field("text", "\(rule.summary). Fix: \(rule.fixSummary). Silence one finding with // replay-lint:disable \(rule.id).")
                w.field("markdown", "**\(rule.id) \(rule.name)** (\(rule.snapshotRule)): \(rule.summary).\n\nFix: \(rule.fixSummary).\n\nSilence one finding with `// replay-lint:disable \(rule.id)` on the line before or at the end of the line.")
            }
            w.key("defaultConfiguration")
            w.object { w in w.field("level", rule.severity.rawValue) }
            w.key("properties")
            w.object { w in
                w.key("tags")
                w.array(["swiftui", "hit-testing", "correctness"]) { w, tag in w.string(tag) }
                w.field("precision", "high")
            }
        }
    }

    static func result(_ f: LintFinding, ruleIndex: Int?, root: String, to w: inout JSONWriter) {
        w.object { w in
            w.field("ruleId", f.rule)
            if let ruleIndex { w.field("ruleIndex", ruleIndex) }
            w.field("level", f.severity.rawValue)
            w.key("message")
            w.object { w in w.field("text", "\(f.message). Fix: \(f.fix).") }
            w.key("locations")
            w.array { w in
                w.object { w in
                    w.key("physicalLocation")
                    w.object { w in
                        artifact(f.file, root: root, to: &w)
                        w.key("region")
                        w.object { w in
                            w.field("startLine", f.line)
                            w.field("startColumn", f.utf16Column)
                            w.field("endLine", f.endLine)
                            w.field("endColumn", f.endUTF16Column)
                        }
                    }
                }
            }
        }
    }

    static func notification(_ warning: LintWarning, root: String, to w: inout JSONWriter) {
        w.object { w in
            w.field("level", "warning")
            w.key("message")
            w.object { w in w.field("text", warning.message) }
            w.key("locations")
            w.array { w in
                w.object { w in
                    w.key("physicalLocation")
                    w.object { w in
                        artifact(warning.file, root: root, to: &w)
                        w.key("region")
                        w.object { w in w.field("startLine", warning.line) }
                    }
                }
            }
        }
    }

    static func artifact(_ file: String, root: String, to w: inout JSONWriter) {
        w.key("artifactLocation")
        w.object { w in
            if let rel = relative(file, to: root) {
                w.field("uri", encode(rel))
                w.field("uriBaseId", "%SRCROOT%")
            } else {
                w.field("uri", fileURI(absolute(file, root: root)))
            }
        }
    }

    static func absolute(_ path: String, root: String) -> String {
        let full = path.hasPrefix("/") ? path : root + path
        return (full as NSString).standardizingPath
    }

    /// `path` relative to `root` when it lies under it.
    static func relative(_ path: String, to root: String) -> String? {
        let full = absolute(path, root: root)
        let base = (root as NSString).standardizingPath + "/"
        return full.hasPrefix(base) ? String(full.dropFirst(base.count)) : nil
    }

    static func fileURI(_ absolutePath: String) -> String {
        "file://" + encode(absolutePath)
    }

    /// Percent-encodes what a URI path may not hold as is.
    static func encode(_ path: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/!$&'()*+,;=:@")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
