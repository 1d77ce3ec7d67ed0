import Foundation
import Yams

/// `.replay-lint.yml`: what a team decides once for its repository, found by
/// walking up from each linted file to the nearest folder that holds one (as
/// SwiftLint finds `.swiftlint.yml`).
///
/// ```yaml
/// disabled_rules: [L4]          # rules left out
/// severity:                     # error or warning, per rule
///   L1: warning
/// excluded:                     # paths relative to this file; * and ** globs
///   - Pods
///   - "**/Generated/**"
/// filling_views:                # custom views known to fill their frame
///   - CardView
/// deployment_target:            # what #if and #available are read for (default: the package's or project's)
///   iOS: "16.0"
/// baseline: lint-baseline.json  # report only findings not in it (relative to this file)
/// write_baseline: lint-baseline.json  # write every finding to it
/// ```
/// JSON with the same keys works too (`.replay-lint.json`): YAML reads it.
public struct LintConfiguration: Sendable, Equatable {
    /// The names looked for in each folder, in this order.
    public static let fileNames = [".replay-lint.yml", ".replay-lint.yaml", ".replay-lint.json"]

    public var disabledRules: Set<String> = []
    public var severities: [String: Severity] = [:]
    public var excluded: [String] = []
    public var fillingViews: Set<String> = []
    /// `deployment_target`: the platforms and oldest versions built for; nil to read them from the package.
    public var build: BuildConfiguration?
    /// A path a key names (absolute) and the line of the configuration that names it.
    public struct Place: Sendable, Equatable {
        public let path: String
        public let line: Int
    }
    /// `baseline`: the findings in this file are not reported.
    public var baseline: Place?
    /// `write_baseline`: every finding is written to this file, as a baseline.
    public var writeBaseline: Place?
    /// The file it was read from; nil for the default (no file found).
    public var file: String?

    public init() {}

    /// The folder relative paths in it are relative to.
    var root: String? { file.map { ($0 as NSString).deletingLastPathComponent } }

    /// Reads a configuration file.
    /// - Throws: `LintInputError` naming the file and line of what cannot be used.
    public static func load(_ path: String) throws -> LintConfiguration {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw LintInputError("\(path): cannot read the configuration file")
        }
        return try parse(text, file: path)
    }

    /// Parses a configuration's text.
    public static func parse(_ text: String, file: String) throws -> LintConfiguration {
        var config = LintConfiguration()
        config.file = (file as NSString).standardizingPath.hasPrefix("/") ? (file as NSString).standardizingPath
            : ((FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(file) as NSString).standardizingPath
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw LintInputError("\(file): not valid YAML (\(error))")
        } catch {
            throw LintInputError("\(file): not valid YAML (\(error))")
        }
        guard let root else { return config }   // an empty file
        guard let mapping = root.mapping else {
            throw LintInputError("\(file):\(line(root)): expected keys such as disabled_rules, severity, excluded, filling_views")
        }
        let rules = Set(LintRules.ids)
        func rule(_ node: Node) throws -> String {
            let id = (node.string ?? "").uppercased()
            guard rules.contains(id) else {
                throw LintInputError("\(file):\(line(node)): unknown rule \(node.string ?? "?"); the rules are \(LintRules.ids.joined(separator: ", "))")
            }
            return id
        }
        func strings(_ node: Node, _ key: String) throws -> [Node] {
            if node.string != nil, node.scalar != nil { return [node] }
            guard let seq = node.sequence else { throw LintInputError("\(file):\(line(node)): \(key) is a list") }
            return Array(seq)
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "disabled_rules", "disabled":
                for n in try strings(value, key) { config.disabledRules.insert(try rule(n)) }
            case "severity", "severities":
                guard let map = value.mapping else { throw LintInputError("\(file):\(line(value)): severity maps rules to error or warning (L1: warning)") }
                for (r, level) in map {
                    let id = try rule(r)
                    guard let s = level.string.flatMap({ Severity(rawValue: $0.lowercased()) }), s != .note else {
                        throw LintInputError("\(file):\(line(level)): severity of \(id) is error or warning, not \(level.string ?? "?")")
                    }
                    config.severities[id] = s
                }
            case "excluded":
                config.excluded += try strings(value, key).map { $0.string ?? "" }.filter { !$0.isEmpty }
            case "filling_views":
                config.fillingViews.formUnion(try strings(value, key).compactMap(\.string))
            case "deployment_target", "deployment_targets":
                var targets: [String: BuildConfiguration.Version] = [:]
                var pairs: [(Node, String, String)] = []
                if let map = value.mapping {
                    pairs = map.map { ($0.key, $0.key.string ?? "", $0.value.string ?? "") }
                } else {
                    for n in try strings(value, key) {
                        let parts = (n.string ?? "").split(separator: " ", maxSplits: 1).map(String.init)
                        pairs.append((n, parts.first ?? "", parts.count > 1 ? parts[1] : ""))
                    }
                }
                for (node, platform, version) in pairs {
                    guard let (name, v) = BuildConfiguration.parseTarget(platform, version) else {
                        throw LintInputError("\(file):\(line(node)): deployment_target is a platform and a version (iOS: \"16.0\"), not \(platform) \(version)")
                    }
                    targets[name] = v
                }
                config.build = BuildConfiguration(targets: targets)
            case "baseline", "write_baseline":
                guard let path = value.string, value.scalar != nil, !path.isEmpty else {
                    throw LintInputError("\(file):\(line(value)): \(key) is the path of a baseline file (relative to this file)")
                }
                let folder = (config.file! as NSString).deletingLastPathComponent
                let full = ((path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)) as NSString).standardizingPath
                let place = Place(path: full, line: line(value))
                if key == "baseline" { config.baseline = place } else { config.writeBaseline = place }
            default:
                throw LintInputError("\(file):\(line(keyNode)): unknown key \(key); the keys are disabled_rules, severity, excluded, filling_views, deployment_target, baseline, write_baseline")
            }
        }
        return config
    }

    static func line(_ node: Node) -> Int { node.mark?.line ?? 1 }

    /// Whether `path` lies under one of the excluded paths (relative to the configuration's folder).
    public func excludes(_ path: String) -> Bool {
        guard let root, !excluded.isEmpty else { return false }
        let full = LintConfiguration.absolute(path)
        guard full.hasPrefix(root + "/") else { return false }
        let relative = String(full.dropFirst(root.count + 1))
        return excluded.contains { LintConfiguration.matches(relative, pattern: $0) }
    }

    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        return (full as NSString).standardizingPath
    }

    /// A path matches a pattern when it, or one of the folders it lies in, does:
    /// `Pods` excludes `Pods/A.swift`; `*` matches within a folder name, `**` across folders.
    static func matches(_ path: String, pattern raw: String) -> Bool {
        var pattern = raw
        while pattern.hasPrefix("./") { pattern.removeFirst(2) }
        while pattern.hasSuffix("/") { pattern.removeLast() }
        guard !pattern.isEmpty else { return false }
        var regex = "^"
        var chars = Array(pattern)[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            switch c {
            case "*":
                if chars.first == "*" {
                    chars = chars.dropFirst()
                    if chars.first == "/" { chars = chars.dropFirst(); regex += "(.*/)?" } else { regex += ".*" }
                } else {
                    regex += "[^/]*"
                }
            case "?": regex += "[^/]"
            default: regex += NSRegularExpression.escapedPattern(for: String(c))
            }
        }
        regex += "(/.*)?$"
        return path.range(of: regex, options: .regularExpression) != nil
    }

    /// The configuration for a file: `explicit` when given, else the nearest
    /// one found walking up from the file's folder, else the default.
    public final class Finder: @unchecked Sendable {
        private var byFolder: [String: LintConfiguration] = [:]
        private let explicit: LintConfiguration?
        private let lock = NSLock()

        public init(explicit: LintConfiguration? = nil) { self.explicit = explicit }

        public func configuration(for file: String) throws -> LintConfiguration {
            if let explicit { return explicit }
            return try configuration(inOrAbove: (LintConfiguration.absolute(file) as NSString).deletingLastPathComponent)
        }

        func configuration(inOrAbove folder: String) throws -> LintConfiguration {
            lock.lock()
            if let known = byFolder[folder] { lock.unlock(); return known }
            lock.unlock()
            var found: LintConfiguration?
            for name in LintConfiguration.fileNames {
                let candidate = (folder as NSString).appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: candidate) {
                    found = try LintConfiguration.load(candidate)
                    break
                }
            }
            if found == nil {
                let parent = (folder as NSString).deletingLastPathComponent
                found = parent == folder || folder.isEmpty ? LintConfiguration() : try configuration(inOrAbove: parent)
            }
            lock.lock()
            byFolder[folder] = found
            lock.unlock()
            return found!
        }
    }
}
