import ArgumentParser
import Foundation
import SourceLint
import SourceLintReports

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find the hit-testing traps in SwiftUI source (L1–L8): a hollow row, contentShape after the gesture, an overlay over the tap, ...",
        discussion: """
        Reads .swift files (folders are searched; hidden folders such as .build are skipped) and follows each \
        modifier chain in source order, into the custom views, modifiers and styles the files declare. Prints \
        path:line:column: error|warning: message; fix: … [L1], as Xcode and swift build show findings.
        Exit status: 0 nothing found, 1 findings (see --fail-on), 2 a path or configuration cannot be used, 64 usage. \
        A Swift file that cannot be read is a warning on stderr; the run goes on.
        React Native: .tsx, .jsx and .ts files that import @expo/ui/swift-ui are read with TypeScript's compiler \
        (the project's node_modules, then the system's; run by node) and linted by the same rules; without node \
        or TypeScript they are listed once on stderr as skipped. --eslint prints ESLint's json formatter's shape.
        Silence one finding with // replay-lint:disable L2 on the line before or at the end of the line. \
        A .replay-lint.yml found walking up from each file sets disabled_rules, severity, excluded, filling_views, \
        baseline, write_baseline.
        Adopt on an old codebase: --write-baseline FILE once accepts every finding (exit 0); --baseline FILE (or \
        baseline: FILE in .replay-lint.yml) then reports only new ones (docs/lint.md).

        Rules: L1 hollow tap target, L2 shape after gesture, L3 wrong shape kind, L4 overlay over the tap, \
        L5 double tap delays single, L6 tap on nothing, L7 clipped is not a hit mask (docs/lint.md).

        Examples:
          replay lint Traces/source
          replay lint Traces/source --sarif > lint.sarif
          replay lint app components --eslint > replay-lint.eslint.json
          replay lint Traces/source/SettingsRow.swift --disable L4,L5 --json
          cp -r Traces/source /tmp/rows && replay lint /tmp/rows --fix
          replay lint . --write-baseline .replay-lint-baseline.json
          replay lint . --baseline .replay-lint-baseline.json
        """)

    @OptionGroup var options: LintOptions

    func validate() throws { try options.validate() }

    func run() throws {
        try runReportingInputErrors {
            let output: LintInvocation.Output
            do {
                output = try options.invocation.run()
            } catch let e as LintInputError {
                throw InputError(e.description)
            }
            Console.out(output.stdout)
            output.stderr.forEach(Console.progress)
            if output.status != 0 { throw ExitCode(output.status) }
        }
    }
}
