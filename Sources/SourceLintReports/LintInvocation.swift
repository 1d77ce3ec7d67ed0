import Foundation
import SourceLint

/// One `replay lint` (or `replay-lint`) invocation, the same for both
/// executables: runs the linter and renders its result, so each command line
/// only parses its arguments and prints.
public struct LintInvocation: Sendable {
    public enum Format: String, Sendable, CaseIterable { case text, json, sarif, eslint }

    /// When the exit status is 1: on any finding (the default), only on a
    /// finding of severity error (a build plugin: warnings do not fail the build), or never.
    public enum FailOn: String, Sendable, CaseIterable { case any, error, never }

    public var paths: [String]
    public var format: Format = .text
    public var disabled: Set<String> = []
    public var fix = false
    /// `--config FILE`: one configuration for every file, instead of the nearest `.replay-lint.yml`.
    public var configPath: String?
    public var failOn: FailOn = .any
    /// `--baseline FILE`: report only the findings it does not hold (over the configurations' `baseline`).
    public var baselinePath: String?
    /// `--write-baseline FILE`: write every finding to it (over the configurations' `write_baseline`).
    /// A run that writes a baseline and reads none accepts what it found: it exits 0.
    public var writeBaselinePath: String?

    public init(paths: [String]) { self.paths = paths }

    /// What to print and the exit status.
    public struct Output: Sendable {
        /// Everything stdout gets (the findings, or one JSON or SARIF document).
        public var stdout: String
        /// Lines for stderr: warnings about files, counts, notes.
        public var stderr: [String]
        public var status: Int32
        public var result: LintResult
    }

    /// - Throws: `LintInputError` for a path or configuration that cannot be used (exit status 2).
    public func run() throws -> Output {
        let configuration = try configPath.map { try LintConfiguration.load($0) }
        let (paths, fix) = (self.paths, self.fix)
        let lint = LintRun(disabled: disabled, configuration: configuration)
        let result = try SourceFiles.onLargeStack { try lint.run(paths, fix: fix) }
        let (findings, baselineNotes, readBaseline, wroteBaseline) = try LintBaseline.apply(to: result, baseline: baselinePath, writeBaseline: writeBaselinePath, finder: lint.finder)
        var notes: [String] = []
        if result.files.isEmpty && result.skipped.isEmpty { notes.append("replay lint: no .swift files in \(paths.joined(separator: ", "))") }
        if !result.skipped.isEmpty {
            let n = result.skipped.count
            notes.append("replay lint: skipped \(n) file\(n == 1 ? "" : "s") that use @expo/ui/swift-ui: \(result.skippedReason ?? "cannot read TSX here"): \(result.skipped.joined(separator: ", "))")
        }
        if fix {
            notes.append("replay lint: fixed \(result.fixed) finding\(result.fixed == 1 ? "" : "s") in \(result.fixedFiles) file\(result.fixedFiles == 1 ? "" : "s")")
        }
        notes += result.warnings.map(LintTextReport.line)
        notes += baselineNotes
        let stdout: String
        switch format {
        case .json:
            stdout = LintJSONReport.json(findings, files: result.files.count, warnings: result.warnings)
        case .sarif:
            let rules = Linter(disabled: disabled).rules.map { type(of: $0) }
            stdout = LintSARIFReport.json(findings, root: FileManager.default.currentDirectoryPath, rules: rules, warnings: result.warnings)
        case .eslint:
            stdout = LintESLintReport.json(findings, files: result.files, warnings: result.warnings)
        case .text:
            stdout = LintTextReport.render(findings)
            if !findings.isEmpty {
                notes.append("\(findings.count) finding\(findings.count == 1 ? "" : "s") in \(Set(findings.map(\.file)).count) of \(result.files.count) files")
            }
        }
        let failed: Bool
        switch wroteBaseline && !readBaseline ? .never : failOn {
        case .any: failed = !findings.isEmpty
        case .error: failed = findings.contains { $0.severity == .error }
        case .never: failed = false
        }
        return Output(stdout: stdout, stderr: notes, status: failed ? 1 : 0, result: result)
    }
}
