import ArgumentParser
import Foundation
import SourceLint

/// The options of `replay lint` and of `replay-lint` (the plugins' executable), declared once.
public struct LintOptions: ParsableArguments {
    @Argument(help: "Swift files and folders (and .tsx, .jsx, .ts files that use @expo/ui/swift-ui).") public var paths: [String] = []
    @Flag(help: "Print JSON and nothing else on stdout.") public var json = false
    @Flag(help: "Print SARIF 2.1.0 (for code scanning) and nothing else on stdout.") public var sarif = false
    @Flag(help: "Print the JSON ESLint's json formatter prints (for tools that read ESLint results) and nothing else on stdout.")
    public var eslint = false
    @Option(help: ArgumentHelp("Rules to leave out, comma-separated.", valueName: "L1,…")) public var disable: String?
    @Flag(help: "Rewrite the files: apply L1's, L2's and L8's fixes (write or move .contentShape, give a row's Buttons .buttonStyle(.borderless)), then report what is left.")
    public var fix = false
    @Option(help: ArgumentHelp("A configuration for every file, instead of the .replay-lint.yml nearest to each.", valueName: "file"))
    public var config: String?
    @Option(help: ArgumentHelp("Exit 1 on any finding, only on findings of severity error (as a build plugin does), or never.", valueName: "any|error|never"))
    public var failOn: LintInvocation.FailOn = .any
    @Option(help: ArgumentHelp("Report only the findings this baseline does not hold (written by --write-baseline); over .replay-lint.yml's baseline.", valueName: "file"))
    public var baseline: String?
    @Option(help: ArgumentHelp("Write every finding to this file as a baseline (read before it is written, so it may be the --baseline file too).", valueName: "file"))
    public var writeBaseline: String?

    public init() {}

    public var disabled: Set<String> {
        Set((disable ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }.filter { !$0.isEmpty })
    }

    public func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("name at least one Swift file or folder") }
        if [json, sarif, eslint].filter({ $0 }).count > 1 { throw ValidationError("--json, --sarif and --eslint cannot be used together") }
        let unknown = disabled.subtracting(LintRules.ids)
        if !unknown.isEmpty {
            throw ValidationError("--disable: unknown rule \(unknown.sorted().joined(separator: ", ")); the rules are \(LintRules.ids.joined(separator: ", "))")
        }
    }

    public var invocation: LintInvocation {
        var i = LintInvocation(paths: paths)
        i.format = json ? .json : sarif ? .sarif : eslint ? .eslint : .text
        i.disabled = disabled
        i.fix = fix
        i.configPath = config
        i.failOn = failOn
        i.baselinePath = baseline
        i.writeBaselinePath = writeBaseline
        return i
    }
}

extension LintInvocation.FailOn: ExpressibleByArgument {}
