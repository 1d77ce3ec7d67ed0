import Foundation
import SwiftSyntax

/// A file the run could not read whole: one warning naming it, never the end of the run.
public struct LintWarning: Sendable, Equatable {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    public init(file: String, line: Int, column: Int = 1, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }
}

/// What a run found.
public struct LintResult: Sendable {
    /// The files linted (excluded ones left out), in order.
    public var files: [String] = []
    public var findings: [LintFinding] = []
    /// Files that could not be read, or not as a whole.
    public var warnings: [LintWarning] = []
    /// With `fix`: findings fixed, and in how many files.
    public var fixed = 0
    public var fixedFiles = 0
    /// TSX files that import `@expo/ui/swift-ui` but could not be read (no Node or
    /// TypeScript here), and why: listed once, never a finding (docs/lint.md, "Expo").
    public var skipped: [String] = []
    public var skippedReason: String?
}

/// One run of the linter over files and folders: every file is read and
/// indexed before any is linted, so a custom view declared in one file
/// resolves in another; each file gets the configuration nearest to it.
public struct LintRun: Sendable {
    /// Rules left out on the command line (a configuration may leave out more).
    public var disabled: Set<String>
    public let finder: LintConfiguration.Finder

    /// - Parameter configuration: one configuration for every file (`--config`); nil finds each file's.
    public init(disabled: Set<String> = [], configuration: LintConfiguration? = nil) {
        self.disabled = disabled
        self.finder = LintConfiguration.Finder(explicit: configuration)
    }

    /// Lints `paths`; with `fix`, first applies L1's, L2's and L8's fixes, then lints again.
    /// - Throws: `LintInputError` only for a path that cannot be used at all (missing,
    ///   a named file that is not `.swift`, a configuration that cannot be read);
    ///   a Swift file that cannot be read is a warning in the result.
    public func run(_ paths: [String], fix: Bool = false) throws -> LintResult {
        var result = try lint(paths)
        guard fix else { return result }
        var fixed = 0, changed = 0
        for file in result.files {
            let mine = result.findings.filter { $0.file == file }
            guard mine.contains(where: \.fixable), let source = try? SourceFiles.read(file) else { continue }
            let (text, count) = ExpoFrontEnd.reads(file)
                ? ExpoFrontEnd.apply(mine, to: source)
                : SourceFiles.apply(mine, to: source, tree: SourceFiles.parseTree(source))
            guard count > 0 else { continue }
            try SourceFiles.write(text, to: file)
            fixed += count
            changed += 1
        }
        guard fixed > 0 else { return result }
        result = try lint(paths)
        result.fixed = fixed
        result.fixedFiles = changed
        return result
    }

    struct Parsed {
        let file: String
        let tree: SourceFileSyntax
        let configuration: LintConfiguration
        /// A TSX file: `tree` is the SwiftUI its views stand for.
        var expo: ExpoFile? = nil
    }

    func lint(_ paths: [String]) throws -> LintResult {
        var result = LintResult()
        var parsed: [Parsed] = []
        var scripts: [(file: String, configuration: LintConfiguration)] = []
        for file in try SourceFiles.collect(paths) {
            let configuration = try finder.configuration(for: file)
            if configuration.excludes(file) { continue }
            if ExpoFrontEnd.reads(file) {
                scripts.append((file, configuration))
                continue
            }
            result.files.append(file)
            do {
                let tree = try SourceFiles.parse(try SourceFiles.read(file), file: file)
                if let at = SourceFiles.firstError(in: tree) {
                    let location = SourceLocationConverter(fileName: file, tree: tree).location(for: at)
                    result.warnings.append(LintWarning(
                        file: file, line: location.line, column: location.column,
                        message: "not valid Swift from here (a syntax error, or nested deeper than the parser's 256 levels); replay lint read the file only as far as it parses, so its findings may be incomplete"))
                }
                parsed.append(Parsed(file: file, tree: tree, configuration: configuration))
            } catch let error as LintInputError {
                result.warnings.append(LintWarning(file: file, line: error.line ?? 1, message: "\(error.message); replay lint skipped this file"))
            }
        }
        if !scripts.isEmpty {
            let loaded = ExpoFrontEnd.load(scripts.map(\.file))
            let configurations = Dictionary(scripts.map { ($0.file, $0.configuration) }, uniquingKeysWith: { a, _ in a })
            for f in loaded.files {
                result.files.append(f.file)
                parsed.append(Parsed(file: f.file, tree: f.tree, configuration: configurations[f.file] ?? LintConfiguration(), expo: f))
            }
            result.warnings += loaded.warnings
            result.skipped = loaded.skipped
            result.skippedReason = loaded.reason
        }
        var index = ViewIndex()
        for p in parsed { index.add(p.tree, file: p.file) }
        var evaluators: [String: ViewEvaluator] = [:]
        var declared: [String: BuildConfiguration?] = [:]
        for p in parsed {
            let filling = p.configuration.fillingViews
            let folder = (LintConfiguration.absolute(p.file) as NSString).deletingLastPathComponent
            let told = p.configuration.build ?? declared[folder] ?? BuildConfiguration.declared(above: folder)
            declared[folder] = told
            let build = told ?? .default
            let key = "\(filling.sorted())|\(build.summary)"
            let evaluator = evaluators[key] ?? ViewEvaluator(index: index, fillingViews: filling, configuration: build)
            evaluators[key] = evaluator
            if let unknown = ConditionNotes.unknownConditions(in: p.tree, build), let first = unknown.first {
                let location = SourceLocationConverter(fileName: p.file, tree: p.tree).location(for: first.position)
                let list = unknown.map { "`#if \($0.condition)` (line \(SourceLocationConverter(fileName: p.file, tree: p.tree).location(for: $0.position).line))" }
                result.warnings.append(LintWarning(
                    file: p.file, line: location.line, column: location.column,
                    message: "\(list.joined(separator: ", ")): a condition replay lint cannot tell for \(build.summary); every clause of it is read"))
            }
            let linter = Linter(disabled: disabled.union(p.configuration.disabledRules))
            let context = LintContext(evaluator: evaluator, file: p.tree, declaredIOSOnly: told.map { Set($0.targets.keys) == ["iOS"] } ?? false)
            let found = linter.lint(tree: p.tree, file: p.file, context: context, severities: p.configuration.severities)
            result.findings += p.expo.map { ExpoFrontEnd.translate(found, of: $0) } ?? found
        }
        return result
    }
}
