import ArgumentParser
import Foundation
import Reports
import TraceStore

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Past runs, per-target trends of own fraction and first-try success, and flaky presses.",
        discussion: "A flaky press is one whose outcome differs between runs of the same snapshot (same content).")

    @Option(help: ArgumentHelp("Only runs of this suite (screen).", valueName: "screen")) var suite: String?
    @Option(help: ArgumentHelp("Only this target's trend.", valueName: "node")) var target: String?
    @Option(help: ArgumentHelp("How many recent runs.", valueName: "n")) var last: Int = 10
    @Flag(help: "Print JSON on stdout.") var json = false
    @OptionGroup var global: DatabaseOption

    func validate() throws {
        guard last > 0 else { throw ValidationError("--last must be at least 1") }
    }

    func run() throws {
        try runReportingInputErrors {
            let store = try ReadOnlyHistory.open(global.databasePath)
            let runs = try store.runs(suite: suite, last: last)
            let trends = try store.targetTrends(suite: suite, target: target, last: last)
            let flaky = try store.flakyPresses(suite: suite, last: last)
            if json {
                Console.out(HistoryReport.json(runs: runs, trends: trends, flaky: flaky).serialized(.pretty) + "\n")
            } else {
                Console.out(HistoryReport.text(runs: runs, trends: trends, flaky: flaky, target: target))
            }
        }
    }
}

enum ReadOnlyHistory {
    /// History reads an existing database; it never creates one.
    static func open(_ path: String) throws -> TraceStore {
        guard FileManager.default.fileExists(atPath: path) else {
            throw StoreError("no database at \(path): nothing has been run yet (replay run records history)")
        }
        return try TraceStore(path: path)
    }
}
