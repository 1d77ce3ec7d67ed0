import ArgumentParser
import Foundation
import Pipeline
import Reports
import TapJSON
import TapModel
import TraceStore

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Past runs, per-target trends of own fraction and first-try success, and flaky presses; the field report by app version; prune old runs.",
        discussion: """
        A flaky press is one whose outcome differs between runs of the same snapshot (same content). History keeps per-press rows only for presses that did not fire, changed against the baseline, or missed their expectation; `replay history prune` keeps it small.

        Exit status: 0 shown (an empty history says so on stderr); 2 no database, or a --screen or --target that history does not know; 64 a usage error.

        Examples:
          replay history
          replay history --target row.flowMeter --json
          replay history --screen Settings --last 30
          replay history prune --keep-runs 200
          replay history field --screen Settings
        """,
        subcommands: [Show.self, FieldTrend.self, Prune.self],
        defaultSubcommand: Show.self)

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Past runs, per-target trends and flaky presses (the default).")

        @Option(name: [.customLong("screen"), .customLong("suite")], help: ArgumentHelp(
            "Only runs of this screen (repeatable; --suite is the same).", valueName: "name"))
        var screens: [String] = []
        @Option(help: ArgumentHelp("Only this target's trend.", valueName: "node")) var target: String?
        @Option(help: ArgumentHelp("How many recent runs.", valueName: "n")) var last: Int = 10
        @Flag(help: "Print JSON on stdout.") var json = false
        @OptionGroup var global: DatabaseOption

        func validate() throws {
            guard last > 0 else { throw ValidationError("--last must be at least 1 (got \(last))") }
        }

        func run() throws {
            try runReportingInputErrors {
                let store = try TraceStore.openForReading(path: global.databasePath)
                let known = try store.knownSuites()
                for screen in screens where !known.contains(screen) {
                    var message = "no runs of screen '\(screen.clipped)'"
                    if let near = Suggestion.nearest(screen, among: known) { message += " (did you mean '\(near)'?)" }
                    throw InputError(message + (known.isEmpty ? ": history holds no runs yet (replay run records them)"
                                                              : "; known suites: \(known.joined(separator: ", "))"))
                }
                let runs = try store.runs(suites: screens, last: last)
                let trends = try store.targetTrends(suites: screens, target: target, last: last)
                let flaky = try store.flakyPresses(suites: screens, last: last)
                if runs.isEmpty { Console.progress("note: \(global.databasePath) holds no runs yet (replay run records them)") }
                if let target, !trends.contains(where: { $0.node == target }) {
                    // Named with the known ones (and the nearest), as an unknown suite is.
                    let nodes = Array(Set(try store.targetTrends(suites: screens, target: nil, last: last).map(\.node))).sorted()
                    var message = "no target '\(target.clipped)' in the runs shown" + (screens.isEmpty ? "" : " of \(screens.joined(separator: ", "))")
                    if let near = Suggestion.nearest(target, among: nodes) { message += " (did you mean '\(near)'?)" }
                    if !nodes.isEmpty { message += "; known targets: \(nodes.prefix(20).joined(separator: ", "))\(nodes.count > 20 ? ", …" : "")" }
                    throw InputError(message)
                }
                if json {
                    Console.out(HistoryReport.json(runs: runs, trends: trends, flaky: flaky))
                } else {
                    Console.out(HistoryReport.text(runs: runs, trends: trends, flaky: flaky, target: target))
                }
            }
        }
    }

    /// The field report's trend (docs/field-report.md): computed from the stored production traces.
    struct FieldTrend: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "field",
            abstract: "Production taps that fired nothing, per screen and target, by app version (the field report's trend).",
            discussion: """
            Every trace imported from a production recording (PostHog, Datadog, Measure) keeps its app version, so the store is the field's history: each is replayed as `replay field` replays it (the team's snapshot of the same build, else the newest, else the inferred screen), and its taps are counted per target and app version. Each cell is fired nothing/taps (rate); `-` where a version has no tap on that target.

            Exit status: 0 shown (never fails a build); 2 no database, or a --target no stored tap has; 64 a usage error.

            Examples:
              replay history field
              replay history field --screen Settings --target row.flowMeter --json
            """)

        @Option(help: ArgumentHelp("Only this screen.", valueName: "name")) var screen: String?
        @Option(help: ArgumentHelp("Only this target (node id).", valueName: "node")) var target: String?
        @Flag(help: "Print JSON on stdout, and nothing else there.") var json = false
        @OptionGroup var global: DatabaseOption
        @OptionGroup var touch: TouchRadiusOption

        func run() throws {
            try runReportingInputErrors {
                let report = try Field.report(database: global.databasePath, screen: screen, settings: touch.hitSettings)
                if let target, report.trend(target: target).isEmpty {
                    let known = Set(report.screens.flatMap { $0.targets.map(\.node) }).sorted()
                    var message = "no tap on target '\(target.clipped)' in the stored production recordings" + (screen.map { " of \($0.clipped)" } ?? "")
                    if let near = Suggestion.nearest(target, among: known) { message += " (did you mean '\(near)'?)" }
                    throw InputError(message)
                }
                if report.screens.isEmpty {
                    Console.progress("note: \(global.databasePath) holds no traces from production recordings" + (screen.map { " of screen '\($0.clipped)'" } ?? ""))
                }
                Console.out(json ? report.trendJSON(target: target) : report.trendText(target: target))
            }
        }
    }

    struct Prune: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "prune",
            abstract: "Delete old runs and everything recorded for them (retention for a nightly job).",
            discussion: "Example: replay history prune --keep-runs 365 --older-than 180")

        @Option(name: .customLong("keep-runs"), help: ArgumentHelp("Keep only the newest N runs.", valueName: "n")) var keepRuns: Int?
        @Option(name: .customLong("older-than"), help: ArgumentHelp("Delete runs started more than this many days ago.", valueName: "days")) var olderThan: Double?
        @OptionGroup var global: DatabaseOption

        func validate() throws {
            if keepRuns == nil && olderThan == nil { throw ValidationError("say what to keep: --keep-runs N and/or --older-than DAYS") }
            if let keepRuns, keepRuns < 0 { throw ValidationError("--keep-runs must be 0 or more") }
            if let olderThan, !(olderThan.isFinite && olderThan >= 0) { throw ValidationError("--older-than must be a number of days ≥ 0") }
        }

        func run() throws {
            try runReportingInputErrors {
                let store = try TraceStore.openExisting(path: global.databasePath)
                let before = olderThan.map { ISO8601DateFormatter().string(from: Date().addingTimeInterval(-$0 * 86_400)) }
                let deleted = try store.pruneRuns(keepRuns: keepRuns, before: before)
                Console.out("deleted \(deleted) run\(deleted == 1 ? "" : "s") from \(global.databasePath)\n")
            }
        }
    }
}
