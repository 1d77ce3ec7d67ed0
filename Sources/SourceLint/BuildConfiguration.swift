import Foundation
import SwiftSyntax

/// What the linted code is built for: its platforms and their deployment
/// targets. `#if` clauses and `if #available` branches are read as the
/// compiler and the oldest supported device would take them (docs/lint.md,
/// "`#if` and `#available`").
public struct BuildConfiguration: Sendable, Equatable {
    /// Deployment targets by platform (`iOS` → 15.0): the platforms built for.
    public var targets: [String: Version]

    public struct Version: Sendable, Equatable, Comparable, CustomStringConvertible {
        public var major: Int, minor: Int
        public init(_ major: Int, _ minor: Int = 0) { self.major = major; self.minor = minor }

        /// `16`, `16.4`, `v16`, `v16_4`.
        public init?(_ text: String) {
            let parts = text.trimmingCharacters(in: CharacterSet(charactersIn: "v\"' ")).split(whereSeparator: { $0 == "." || $0 == "_" })
            guard let first = parts.first, let major = Int(first) else { return nil }
            self.init(major, parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
        }

        public static func < (a: Version, b: Version) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
        public var description: String { "\(major).\(minor)" }
    }

    public init(targets: [String: Version]) { self.targets = targets }

    /// iOS 15: what the linter assumes when neither the configuration nor the package says.
    public static let `default` = BuildConfiguration(targets: ["iOS": Version(15)])

    /// The platforms, as a person names them: `iOS 15.0`, `iOS 15.0 and macOS 12.0`.
    public var summary: String {
        targets.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: " and ")
    }

    // MARK: - Conditions

    /// What a condition is for this build.
    public enum Truth: Sendable, Equatable {
        /// Compiled (or run) for every platform and device of the build.
        case yes
        case no
        /// True for some of the builds (one platform of several, debug and release,
        /// device and simulator): each branch is real code.
        case varies
        /// A flag the linter cannot know (`FEATURE_X`): each branch is read, and said.
        case unknown

        static prefix func ! (t: Truth) -> Truth { t == .yes ? .no : t == .no ? .yes : t }

        static func && (a: Truth, b: Truth) -> Truth {
            if a == .no || b == .no { return .no }
            if a == .yes { return b }
            if b == .yes { return a }
            return a == .unknown || b == .unknown ? .unknown : .varies
        }

        static func || (a: Truth, b: Truth) -> Truth { !(!a && !b) }
    }

    static let uiKitPlatforms: Set<String> = ["iOS", "tvOS", "visionOS", "macCatalyst"]
    /// Flags every project builds both ways.
    static let buildFlags: Set<String> = ["DEBUG", "RELEASE", "TESTING", "PREVIEW"]

    /// A `#if` condition: `os(iOS)`, `canImport(UIKit)`, `!os(macOS) && DEBUG`, `swift(>=5.9)`.
    public func truth(ofCompilation e: ExprSyntax) -> Truth {
        if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "!" { return !truth(ofCompilation: p.expression) }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first { return truth(ofCompilation: only.expression) }
        if let b = e.as(BooleanLiteralExprSyntax.self) { return b.literal.text == "true" ? .yes : .no }
        if let infix = e.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text {
            let l = truth(ofCompilation: infix.leftOperand), r = truth(ofCompilation: infix.rightOperand)
            return op == "&&" ? l && r : op == "||" ? l || r : .unknown
        }
        if let seq = e.as(SequenceExprSyntax.self) {
            // Unfolded `a && b || c`: && binds tighter.
            var ors: [[ExprSyntax]] = [[]]
            for element in seq.elements {
                if let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text {
                    if op == "||" { ors.append([]) } else if op != "&&" { return .unknown }
                } else {
                    ors[ors.count - 1].append(element)
                }
            }
            return ors.map { $0.map { truth(ofCompilation: $0) }.reduce(Truth.yes, &&) }.reduce(Truth.no, ||)
        }
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            return BuildConfiguration.buildFlags.contains(ref.baseName.text) ? .varies : .unknown
        }
        guard let call = e.as(FunctionCallExprSyntax.self), let fn = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let arg = call.arguments.first?.expression.trimmedDescription else { return .unknown }
        switch fn {
        case "os": return platform(arg)
        case "canImport":
            switch arg {
            case "UIKit": return among(BuildConfiguration.uiKitPlatforms)
            case "AppKit": return platform("macOS")
            case "WatchKit": return platform("watchOS")
            case "SwiftUI", "Foundation", "Combine", "SwiftData", "Observation", "CoreData", "CoreGraphics": return .yes
            default: return .unknown
            }
        case "targetEnvironment":
            if arg == "macCatalyst" { return platform("macCatalyst") }
            return arg == "simulator" ? .varies : .unknown
        case "swift", "compiler": return .yes   // a team building for a supported OS uses a recent compiler (Decision)
        case "arch": return .varies
        default: return .unknown
        }
    }

    func platform(_ name: String) -> Truth { among([name]) }

    func among(_ names: Set<String>) -> Truth {
        let built = Set(targets.keys)
        if built.isSubset(of: names) { return .yes }
        return built.isDisjoint(with: names) ? .no : .varies
    }

    /// `#available(iOS 16, *)`: yes when every device the build supports has it.
    public func truth(ofAvailability condition: AvailabilityConditionSyntax) -> Truth {
        var result = Truth.yes
        var named = Set<String>()
        for arg in condition.availabilityArguments {
            guard case .availabilityVersionRestriction(let r) = arg.argument else { continue }
            let name = r.platform.text
            named.insert(name)
            guard let target = targets[name] else { continue }
            guard let version = r.version.flatMap({ Version($0.trimmedDescription) }) else { return .unknown }
            if target < version { result = result && .varies }
        }
        // `*` stands for every platform not named: available on all of them.
        let unavailable = condition.availabilityKeyword.tokenKind == .poundUnavailable
        return unavailable ? !result : result
    }

    /// For each clause of a `#if`, whether it is compiled: the first clause that is
    /// `.yes` is the one; clauses after it are `.no`; a clause after an unknown or
    /// varying one may be compiled.
    public func clauses(of decl: IfConfigDeclSyntax) -> [Truth] {
        var out: [Truth] = []
        var earlier = Truth.no   // whether an earlier clause was taken
        for clause in decl.clauses {
            let own = clause.condition.map { truth(ofCompilation: $0) } ?? .yes
            let taken = !earlier && own
            out.append(taken)
            earlier = earlier || own
        }
        return out
    }

    // MARK: - Where it comes from

    /// The platforms a package or project declares: `platforms: [.iOS(.v16), .macOS("13.0")]`
    /// in the nearest `Package.swift` above `folder`, else the deployment targets of the
    /// nearest Xcode project; nil when neither says.
    public static func declared(above folder: String) -> BuildConfiguration? {
        var dir = (folder as NSString).standardizingPath
        let fm = FileManager.default
        while true {
            let manifest = (dir as NSString).appendingPathComponent("Package.swift")
            if let text = try? String(contentsOfFile: manifest, encoding: .utf8), let found = fromPackage(text) { return found }
            if let names = try? fm.contentsOfDirectory(atPath: dir) {
                for name in names.sorted() where name.hasSuffix(".xcodeproj") {
                    let project = ((dir as NSString).appendingPathComponent(name) as NSString).appendingPathComponent("project.pbxproj")
                    if let text = try? String(contentsOfFile: project, encoding: .utf8), let found = fromProject(text) { return found }
                }
            }
            let parent = (dir as NSString).deletingLastPathComponent
            if parent == dir || dir.isEmpty { return nil }
            dir = parent
        }
    }

    static func fromPackage(_ text: String) -> BuildConfiguration? {
        guard let regex = try? NSRegularExpression(pattern: #"\.(iOS|macOS|tvOS|watchOS|visionOS|macCatalyst)\(\s*(?:\.v([0-9_]+)|"([0-9.]+)")"#) else { return nil }
        var targets: [String: Version] = [:]
        let ns = text as NSString
        for m in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let name = ns.substring(with: m.range(at: 1))
            let raw = m.range(at: 2).location != NSNotFound ? ns.substring(with: m.range(at: 2)) : ns.substring(with: m.range(at: 3))
            if let v = Version(raw) { targets[name] = min(targets[name] ?? v, v) }
        }
        return targets.isEmpty ? nil : BuildConfiguration(targets: targets)
    }

    static func fromProject(_ text: String) -> BuildConfiguration? {
        let keys = ["IPHONEOS_DEPLOYMENT_TARGET": "iOS", "MACOSX_DEPLOYMENT_TARGET": "macOS", "TVOS_DEPLOYMENT_TARGET": "tvOS",
                    "WATCHOS_DEPLOYMENT_TARGET": "watchOS", "XROS_DEPLOYMENT_TARGET": "visionOS"]
        var targets: [String: Version] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let platform = keys[parts[0]],
                  let v = Version(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: ";\" "))) else { continue }
            targets[platform] = min(targets[platform] ?? v, v)
        }
        return targets.isEmpty ? nil : BuildConfiguration(targets: targets)
    }

    /// `iOS 16`, `iOS 16.4`: a configuration's `deployment_target` entry.
    public static func parseTarget(_ platform: String, _ version: String) -> (String, Version)? {
        let names = ["ios": "iOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS", "maccatalyst": "macCatalyst"]
        guard let name = names[platform.lowercased()], let v = Version(version) else { return nil }
        return (name, v)
    }
}

/// The `#if` conditions of a file that the linter cannot tell, said once per file.
enum ConditionNotes {
    static func unknownConditions(in tree: SourceFileSyntax, _ build: BuildConfiguration) -> [(condition: String, position: AbsolutePosition)]? {
        let finder = Finder(build)
        finder.walk(tree)
        return finder.found.isEmpty ? nil : finder.found
    }

    final class Finder: SyntaxVisitor {
        let build: BuildConfiguration
        var found: [(condition: String, position: AbsolutePosition)] = []
        init(_ build: BuildConfiguration) {
            self.build = build
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
            if let c = node.condition, build.truth(ofCompilation: c) == .unknown {
                let text = c.trimmedDescription
                if !found.contains(where: { $0.condition == text }) { found.append((text, node.positionAfterSkippingLeadingTrivia)) }
            }
            return .visitChildren
        }
    }
}
