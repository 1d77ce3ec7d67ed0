import ArgumentParser
import Foundation
import SourceLint
import SourceLintReports

/// `replay-lint`: `replay lint` alone, linking only the lint modules
/// (swift-syntax, Yams, the argument parser), so the package plugins build it
/// in a user's project without the rest of TapReplay (GRDB, SQLite, crypto).
@main
struct ReplayLint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay-lint",
        abstract: "Find the hit-testing traps in SwiftUI source (L1–L8); the same as `replay lint`.",
        discussion: """
        Prints path:line:column: error|warning: message; fix: … [L1], as Xcode and swift build show findings.
        Exit status: 0 nothing found, 1 findings (see --fail-on), 2 a path or configuration cannot be used, 64 usage.
        The package plugins run it: swift package replay-lint, and the ReplayLintBuildPlugin on every build (docs/lint.md).
        """)

    @OptionGroup var options: LintOptions

    func validate() throws { try options.validate() }

    func run() throws {
        let output: LintInvocation.Output
        do {
            output = try options.invocation.run()
        } catch let e as LintInputError {
            FileHandle.standardError.write(Data("replay-lint: error: \(e.description)\n".utf8))
            throw ExitCode(2)
        }
        FileHandle.standardOutput.write(Data(output.stdout.utf8))
        for line in output.stderr { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        if output.status != 0 { throw ExitCode(output.status) }
    }
}
