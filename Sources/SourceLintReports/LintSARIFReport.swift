import Foundation
import SourceLint
import TapModel

/// `replay lint --sarif`: SARIF 2.1.0 for code scanning (GitHub's
/// `upload-sarif`). Paths under `root` become URIs relative to `%SRCROOT%`,
/// others `file://` URIs; columns are UTF-16 code units (SARIF's default).
public enum LintSARIFReport {
    public static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// - Parameters:
    ///   - root: the folder relative paths are relative to (the working directory), absolute.
    ///   - version: the tool's version, when known.
    public static func json(_ findings: [LintFinding], root: String, rules: [any LintRule] = LintRules.all) -> JSONValue {
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let rootDir = root.hasSuffix("/") ? root : root + "/"
        return .object([
            "$schema": .string(schema),
            "version": .string("2.1.0"),
            "runs": .array([
                .object([
                    "tool": .object([
                        "driver": .object([
                            "name": .string("replay lint"),
                            "fullName": .string("TapReplay lint: SwiftUI hit-testing traps in source"),
                            "rules": .array(rules.map(descriptor)),
                        ]),
                    ]),
                    "originalUriBaseIds": .object([
                        "%SRCROOT%": .object(["uri": .string(fileURI(rootDir))]),
                    ]),
                    "columnKind": .string("utf16CodeUnits"),
                    "results": .array(findings.map { result($0, ruleIndex: index[$0.rule], root: rootDir) }),
                ]),
            ]),
        ])
    }

    static func descriptor(_ rule: any LintRule) -> JSONValue {
        .object([
            "id": .string(rule.id),
            "name": .string(String(describing: type(of: rule))),
            "shortDescription": .object(["text": .string("\(rule.id) \(rule.name)")]),
            "fullDescription": .object(["text": .string(rule.summary + " (\(rule.snapshotRule)).")]),
            "help": .object([
                "text": .string("\(rule.summary). Fix: \(rule.fixSummary). Silence one finding with // replay-lint:disable \(rule.id)."),
                "markdown": .string("**\(rule.id) \(rule.name)** (\(rule.snapshotRule)): \(rule.summary).\n\nFix: \(rule.fixSummary).\n\nSilence one finding with `// replay-lint:disable \(rule.id)` on the line before or at the end of the line."),
            ]),
            "defaultConfiguration": .object(["level": .string(rule.severity.rawValue)]),
            "properties": .object([
                "tags": .array([.string("swiftui"), .string("hit-testing"), .string("correctness")]),
                "precision": .string("high"),
            ]),
        ])
    }

    static func result(_ f: LintFinding, ruleIndex: Int?, root: String) -> JSONValue {
        var location: [JSONValue.Pair] = []
        if let rel = relative(f.file, to: root) {
            location = [.init("uri", .string(encode(rel))), .init("uriBaseId", .string("%SRCROOT%"))]
        } else {
            location = [.init("uri", .string(fileURI(absolute(f.file, root: root))))]
        }
        var pairs: [JSONValue.Pair] = [.init("ruleId", .string(f.rule))]
        if let ruleIndex { pairs.append(.init("ruleIndex", .number(ruleIndex))) }
        pairs += [
            .init("level", .string(f.severity.rawValue)),
            .init("message", .object(["text": .string("\(f.message). Fix: \(f.fix).")])),
            .init("locations", .array([
                .object([
                    "physicalLocation": .object([
                        "artifactLocation": .object(location),
                        "region": .object([
                            "startLine": .number(f.line),
                            "startColumn": .number(f.utf16Column),
                            "endLine": .number(f.endLine),
                            "endColumn": .number(f.endUTF16Column),
                        ]),
                    ]),
                ]),
            ])),
        ]
        return .object(pairs)
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
