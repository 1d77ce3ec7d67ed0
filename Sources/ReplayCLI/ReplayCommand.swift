import ArgumentParser

@main
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Catch dead zones and unresponsive taps: replay recorded touches against view-tree snapshots.",
        subcommands: [Run.self, Import.self, Convert.self, Hit.self, Deadzones.self, Report.self, History.self, Query.self],
        defaultSubcommand: Run.self)
}
