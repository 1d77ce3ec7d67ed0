import ArgumentParser
import Foundation
import Pipeline
import Reports
import RunResults
import TraceStore

/// `replay merge SHARD...`: the shards of a run, added up into the one run.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Merge the shards of a run (replay run --shard i/n --shard-out FILE) into one run, recorded in history.",
        discussion: """
        Adds up the shard files of one run — every shard exactly once — into exactly the run an unsharded `replay run` would have made: the same text, JSON (timings aside), JUnit, Markdown and HTML, the same exit status, and one entry in history. Per screen it then does what needs the snapshot alone: probes, coverage, the comparison of targets, causes, baselines written as the shards' record mode says. The database must hold the traces the shards replayed (the merge job restores the history database and imports the same traces). Merging the same shards again records nothing new and prints the same run.

        Refused, with exit status 2: shards of different runs (other snapshots, baselines, settings, traces or shard count), a shard missing or given twice, a baseline that changed since the shards compared with it.

        Exit status: 0 no regression; 1 regressions or unmet expectations (as replay run); 2 the shards or an input could not be used; 64 a usage error; 130 stopped by Ctrl-C (nothing recorded in history).

        Examples:
          replay merge shards/*.sqlite --baseline Baselines --junit report.xml --markdown summary.md
          replay merge shard-1.sqlite shard-2.sqlite --json > run.json
        """)

    @Argument(help: ArgumentHelp("The shard files of one run (replay run --shard-out), each shard once.", valueName: "shard"))
    var shards: [String] = []
    @Option(help: ArgumentHelp("The baselines folder (default: the one the shards ran with); baselines are written here as the record mode says.", valueName: "path"))
    var baseline: String?
    @Flag(help: "Print the run as JSON on stdout, and nothing else there: a summary per screen.") var json = false
    @Option(help: ArgumentHelp("Also write a JUnit XML report here.", valueName: "file")) var junit: String?
    @Option(help: ArgumentHelp("Also write a Markdown summary (for a pull-request comment) here.", valueName: "file")) var markdown: String?
    @OptionGroup var pictures: PictureOptions
    @OptionGroup var database: DatabaseOption
    @OptionGroup var scanning: CodeScanningOptions

    func validate() throws {
        if shards.isEmpty { throw ValidationError("give the shard files of a run (replay run --shard i/n --shard-out FILE writes them)") }
        try scanning.check(json: json)
    }

    func run() throws {
        try runReportingInputErrors {
            let store = try TraceStore(path: database.databasePath)
            Interruption.install()
            var outcome: RunOutcome
            let history: HistoryWrite?
            // With only --json, each screen's JSON is written as soon as it is merged and its findings are let
            // go of then (a merge holds a few screens' findings); the other reports need the whole run.
            let streamed = json && junit == nil && markdown == nil && !pictures.wanted && !scanning.wanted
            let stream = streamed ? RunReport.SuiteStream { Console.outBytes($0) } : nil
            var suiteDone: (@Sendable (SuiteOutcome, RunRequest) -> Void)?
            if let stream { suiteDone = { suite, request in stream.suite(suite, request) } }
            do {
                (outcome, history) = try RunPipeline(store: store).startMerge(shards, baselineFolder: baseline, picture: pictures.wanted,
                                                                             expectations: junit != nil, keepFindings: !streamed,
                                                                             suiteDone: suiteDone,
                                                                             shouldStop: Interruption.requested, log: Console.progress)
            } catch let stop as RunInterrupted {
                throw Interruption.stop(stop.summary)
            }
            // As replay run: the JSON is written while history records the run; its "run" field waits for the id.
            var printed = false
            if let stream {
                printed = true
                var failure: Error?
                stream.finish(outcome) {
                    do { return try history?.wait() } catch { failure = error; return nil }
                }
                if let failure { throw failure }
            } else if json, let history {
                printed = true
                try RunReports.writeJSON(outcome, recording: history)
            }
            if let history { outcome.runID = try history.wait(log: Console.progress) }
            // The outcome (hundreds of thousands of findings) is left to the system to take back at exit.
            Leftovers.keepUntilExit(outcome)
            try scanning.write(outcome)
            try RunReports.write(outcome, printed: printed, json: json, junit: junit, markdown: markdown, pictures: pictures)
        }
    }
}

/// What `replay run` and `replay merge` print and write of a run, and their exit status.
enum RunReports {
    /// Writes the run's JSON on stdout while history records it: its "run" field waits for the id. Should
    /// recording fail, the JSON goes without it and the error follows (the run's exit status).
    static func writeJSON(_ outcome: RunOutcome, recording history: HistoryWrite) throws {
        var failure: Error?
        RunReport.writeJSON(outcome, runID: {
            do { return try history.wait() } catch { failure = error; return nil }
        }) { Console.outBytes($0) }
        if let failure { throw failure }
    }

    /// - Parameter printed: stdout already has the run (streamed with `--presses`).
    /// - Throws: `ExitCode(1)` when the run did not pass.
    static func write(_ outcome: RunOutcome, printed: Bool = false, json: Bool, junit: String?, markdown: String?,
                      pictures: PictureOptions) throws {
        if !printed && json {
            RunReport.writeJSON(outcome) { Console.outBytes($0) }
        } else if !printed {
            Console.out(RunReport.text(outcome, style: RunReport.Style(color: Console.colorOnStdout)))
        }
        if let junit { try Files.write(JUnitReport.xml(outcome), to: junit) }
        if let markdown { try Files.write(MarkdownReport.markdown(outcome), to: markdown) }
        try pictures.write(outcome)
        if !outcome.passed { throw ExitCode(1) }
    }
}
