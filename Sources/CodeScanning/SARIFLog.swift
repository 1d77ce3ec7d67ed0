import Foundation
import TapJSON

/// A SARIF 2.1.0 log of one tool's run, the shape GitHub code scanning's
/// `upload-sarif` reads: the tool and its rules, the results at their places,
/// and notifications about inputs that could not be read whole. `replay lint`,
/// `run`, `merge` and `audit` fill it with their own findings.
///
/// Paths under `root` become URIs relative to `%SRCROOT%` (given in
/// `originalUriBaseIds`), others `file://` URIs; columns are UTF-16 code
/// units (SARIF's default `columnKind`).
public struct SARIFLog: Sendable {
    public static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// SARIF's `level`.
    public enum Level: String, Sendable { case error, warning, note }

    /// A rule's `reportingDescriptor`.
    public struct Rule: Sendable {
        public var id: String
        /// An identifier-like name (`HollowTapTarget`).
        public var name: String
        public var shortDescription: String
        public var fullDescription: String
        public var helpText: String
        public var helpMarkdown: String
        public var level: Level
        public var tags: [String]

        public init(id: String, name: String, shortDescription: String, fullDescription: String, helpText: String,
                    helpMarkdown: String, level: Level, tags: [String]) {
            self.id = id; self.name = name; self.shortDescription = shortDescription; self.fullDescription = fullDescription
            self.helpText = helpText; self.helpMarkdown = helpMarkdown; self.level = level; self.tags = tags
        }
    }

    /// A place in a file: its path and, when known, its region (1-based).
    public struct Place: Sendable, Equatable {
        public var file: String
        public var startLine: Int?
        public var startColumn: Int?
        public var endLine: Int?
        public var endColumn: Int?

        public init(file: String, startLine: Int? = nil, startColumn: Int? = nil, endLine: Int? = nil, endColumn: Int? = nil) {
            self.file = file; self.startLine = startLine; self.startColumn = startColumn; self.endLine = endLine; self.endColumn = endColumn
        }
    }

    public struct Result: Sendable {
        public var ruleId: String
        public var level: Level
        public var message: String
        /// Nil when the finding has no file (a snapshot read from the database): the result has no location.
        public var place: Place?
        /// `partialFingerprints`: what code scanning tracks a result by across runs (the node, not its line).
        public var fingerprint: String?

        public init(ruleId: String, level: Level, message: String, place: Place?, fingerprint: String? = nil) {
            self.ruleId = ruleId; self.level = level; self.message = message; self.place = place; self.fingerprint = fingerprint
        }
    }

    /// A tool execution notification: an input read only in part.
    public struct Notification: Sendable {
        public var level: Level
        public var message: String
        public var place: Place

        public init(level: Level = .warning, message: String, place: Place) {
            self.level = level; self.message = message; self.place = place
        }
    }

    public var toolName: String
    public var toolFullName: String
    public var rules: [Rule]
    public var results: [Result] = []
    public var notifications: [Notification] = []
    /// The folder relative paths are relative to (the working directory), absolute.
    public var root: String

    public init(toolName: String, toolFullName: String, rules: [Rule], root: String) {
        self.toolName = toolName; self.toolFullName = toolFullName; self.rules = rules; self.root = root
    }

    public var json: String {
        let index = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let rootDir = root.hasSuffix("/") ? root : root + "/"
        var w = JSONWriter(style: .pretty)
        w.object { w in
            w.field("$schema", Self.schema)
            w.field("version", "2.1.0")
            w.key("runs")
            w.array { w in
                w.object { w in
                    w.key("tool")
                    w.object { w in
                        w.key("driver")
                        w.object { w in
                            w.field("name", toolName)
                            w.field("fullName", toolFullName)
                            w.key("rules")
                            w.array(rules) { w, rule in Self.descriptor(rule, to: &w) }
                        }
                    }
                    w.key("originalUriBaseIds")
                    w.object { w in
                        w.key("%SRCROOT%")
                        w.object { w in w.field("uri", Self.fileURI(rootDir)) }
                    }
                    w.key("invocations")
                    w.array { w in
                        w.object { w in
                            w.field("executionSuccessful", true)
                            if !notifications.isEmpty {
                                w.key("toolExecutionNotifications")
                                w.array(notifications) { w, n in
                                    w.object { w in
                                        w.field("level", n.level.rawValue)
                                        w.key("message")
                                        w.object { w in w.field("text", n.message) }
                                        w.key("locations")
                                        w.array { w in Self.location(n.place, root: rootDir, to: &w) }
                                    }
                                }
                            }
                        }
                    }
                    w.field("columnKind", "utf16CodeUnits")
                    w.key("results")
                    w.array(results) { w, r in
                        w.object { w in
                            w.field("ruleId", r.ruleId)
                            if let i = index[r.ruleId] { w.field("ruleIndex", i) }
                            w.field("level", r.level.rawValue)
                            w.key("message")
                            w.object { w in w.field("text", r.message) }
                            if let place = r.place {
                                w.key("locations")
                                w.array { w in Self.location(place, root: rootDir, to: &w) }
                            }
                            if let fingerprint = r.fingerprint {
                                w.key("partialFingerprints")
                                w.object { w in w.field("tapreplayNode/v1", fingerprint) }
                            }
                        }
                    }
                }
            }
        }
        return w.text + "\n"
    }

    static func descriptor(_ rule: Rule, to w: inout JSONWriter) {
        w.object { w in
            w.field("id", rule.id)
            w.field("name", rule.name)
            w.key("shortDescription")
            w.object { w in w.field("text", rule.shortDescription) }
            w.key("fullDescription")
            w.object { w in w.field("text", rule.fullDescription) }
            w.key("help")
            w.object { w in
                w.field("text", rule.helpText)
                w.field("markdown", rule.helpMarkdown)
            }
            w.key("defaultConfiguration")
            w.object { w in w.field("level", rule.level.rawValue) }
            w.key("properties")
            w.object { w in
                w.key("tags")
                w.array(rule.tags) { w, tag in w.string(tag) }
                w.field("precision", "high")
            }
        }
    }

    static func location(_ place: Place, root: String, to w: inout JSONWriter) {
        w.object { w in
            w.key("physicalLocation")
            w.object { w in
                w.key("artifactLocation")
                w.object { w in
                    if let rel = relative(place.file, to: root) {
                        w.field("uri", encode(rel))
                        w.field("uriBaseId", "%SRCROOT%")
                    } else {
                        w.field("uri", fileURI(absolute(place.file, root: root)))
                    }
                }
                if let startLine = place.startLine {
                    w.key("region")
                    w.object { w in
                        w.field("startLine", startLine)
                        if let c = place.startColumn { w.field("startColumn", c) }
                        if let l = place.endLine { w.field("endLine", l) }
                        if let c = place.endColumn { w.field("endColumn", c) }
                    }
                }
            }
        }
    }

    static func absolute(_ path: String, root: String) -> String {
        let full = path.hasPrefix("/") ? path : root + path
        return (full as NSString).standardizingPath
    }

    /// `path` relative to `root` when it lies under it.
    public static func relative(_ path: String, to root: String) -> String? {
        let full = absolute(path, root: root.hasSuffix("/") ? root : root + "/")
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
