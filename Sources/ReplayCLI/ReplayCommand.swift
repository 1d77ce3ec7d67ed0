import ArgumentParser
import Foundation
import TapJSON
import TapModel

@main
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Catch dead zones and unresponsive taps: replay recorded touches against view-tree snapshots.",
        discussion: """
        Without a command, `replay` runs `replay run` (for example `replay --baseline Baselines`).
        `replay help <command>` shows every option of a command.
        """,
        subcommands: [Run.self, Merge.self, Import.self, Convert.self, Hit.self, Deadzones.self, Report.self, History.self, Query.self,
                      Lint.self, ProbeCommand.self, AuditCommand.self, Accept.self, Verify.self, Field.self],
        defaultSubcommand: Run.self)

    /// `run` takes no bare words, so a first bare word that is not a command is a
    /// misspelt command: say so, with the nearest name, instead of "Unexpected argument".
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, !first.hasPrefix("-") {
            let names = configuration.subcommands.map { $0._commandName } + ["help"]
            if !names.contains(first) {
                var message = "Error: unknown command '\(first.clipped)'"
                if let near = Suggestion.nearest(first, among: names) { message += " (did you mean '\(near)'?)" }
                message += "\nCommands: \(names.joined(separator: ", ")). See 'replay --help'.\n"
                FileHandle.standardError.write(Data(message.utf8))
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
