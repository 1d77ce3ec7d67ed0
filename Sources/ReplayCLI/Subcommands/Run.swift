import ArgumentParser
import Audit
import Baselines
import Foundation
import Pipeline
import ReplayEngine
import Reports
import RunResults
import TapModel
import TraceStore

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay every stored trace against each snapshot, compare with the baselines, record the run in history.",
        discussion: """
        Every stored trace of each screen is replayed against its snapshot and, when the baselines folder has one, against the baseline's accepted snapshot; the two are compared press by press and target by target, and findings are grouped by cause. Without --snapshots, each screen's newest stored snapshot by capture time (then app build) is used. With --snapshots, only the screens of those files are compared (--all-screens also fails a screen whose baseline has no snapshot given). --screen NAME keeps to the named screens. Problems a baseline lists as known (replay accept, or --record --why) are listed as known and never fail. In this repository's own folder, a database with no traces and no snapshots first gets the example data of ./Traces (recognised by Traces/.tapreplay-example), so `replay --baseline Baselines` works on a fresh clone.

        Exit status: 0 no regression; 1 regressions or unmet expectations (or a new baseline written without --record, or a baseline whose screen has no snapshot in the run); 2 the input could not be used (no snapshot to replay, a --screen that names no screen); 64 a usage error; 130 stopped by Ctrl-C (nothing recorded in history).

        Examples:
          replay --baseline Baselines
          replay run --snapshots Traces/builds/Settings.no-content-shape.json --baseline Baselines --json
          replay run --baseline Baselines --json --presses > run.json
          replay run --snapshots Traces/builds/Settings.no-content-shape.json --baseline Baselines --probe edges
          replay run --baseline Baselines --screen Settings
          replay run --baseline Baselines --record --why "Units row redesign lands in 3.3 (JIRA-123)"
          replay run --baseline Baselines --shard 2/4 --shard-out shard-2.sqlite   (one job of a CI matrix; then replay merge)
          replay run --snapshots Traces/snapshots/Settings.json --probe human --taps 500
          replay run --baseline Baselines --annotations - --sarif replay.sarif   (in a GitHub workflow: findings on the snapshot's lines)
        """)

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Snapshot files or folders (default: the newest stored snapshot of each screen).", valueName: "path"))
    var snapshots: [String] = []
    @Option(help: ArgumentHelp("The baselines folder: <path>/<screen>.json.", valueName: "path")) var baseline: String?
    @Flag(help: "Rewrite the baselines from this run (an unmet expectation still fails, unless --why accepts it as known).") var record = false
    @OptionGroup var acceptance: AcceptanceOptions
    @OptionGroup var screens: ScreenOptions
    @Option(name: .customLong("record-mode"), help: ArgumentHelp("missing (default: write a missing baseline and fail), all, never (CI). Also $REPLAY_RECORD.", valueName: "mode"))
    var recordMode: RecordMode?
    @Flag(help: "Print the run as JSON on stdout, and nothing else there: a summary per screen.") var json = false
    @Flag(help: "With --json: also list every press of each screen (pressResults), streamed as the run goes.") var presses = false
    @Option(help: ArgumentHelp("Also write a JUnit XML report here.", valueName: "file")) var junit: String?
    @Option(help: ArgumentHelp("Also write a Markdown summary (for a pull-request comment) here.", valueName: "file")) var markdown: String?
    @OptionGroup var pictures: PictureOptions
    @OptionGroup var scanning: CodeScanningOptions
    @Option(help: ArgumentHelp("Also press every target of each snapshot (edges or grid, as replay probe does), expecting it to fire; synthesized from the new and the baseline's snapshot alike, reported as probes. human: press each target as people would and report the rate that fires beside the predicted one (rates, not findings).", valueName: "pattern"))
    var probe: Probe.Pattern?
    @OptionGroup var human: HumanProbeOptions
    @OptionGroup var density: DensityOption
    @Option(help: ArgumentHelp("The revision to record (default: $GITHUB_SHA and the like, else git HEAD).", valueName: "rev")) var revision: String?
    @Flag(name: .customLong("no-history"), help: "Record nothing in history: an exploratory run (a --probe, a scratch screen) leaves the trends alone.")
    var noHistory = false
    @OptionGroup var tuning: ReplayOptions
    @OptionGroup var sharding: ShardOptions
    @OptionGroup var global: GlobalOptions
    @OptionGroup var progress: ProgressOption

    func validate() throws {
        if presses && !json { throw ValidationError("--presses goes with --json") }
        if acceptance.why != nil && !record {
            throw ValidationError("--why goes with --record (accept the unmet expectations as known while recording), or use replay accept")
        }
        if acceptance.who != nil && acceptance.why == nil { throw ValidationError("--who goes with --why") }
        if (acceptance.why != nil || record) && baseline == nil { throw ValidationError("--record writes baselines: say where with --baseline DIR") }
        try sharding.check(reports: [("--json", json), ("--junit", junit != nil), ("--markdown", markdown != nil),
                                     ("--html", pictures.html != nil), ("--svg", pictures.svg != nil),
                                     ("--annotations", scanning.annotations != nil), ("--sarif", scanning.sarif != nil)])
        try scanning.check(json: json)
        try human.validate(pattern: probe)
    }

    func run() throws {
        try runReportingInputErrors {
            let store = try TraceStore(path: global.databasePath)
            var request = tuning.request(global, snapshots: snapshots, baseline: baseline, screens: screens, progress: progress, stoppable: true)
            request.picture = pictures.wanted
            request.probe = probe
            human.apply(to: &request)
            request.hit = density.apply(request.hit)
            request.revision = revision ?? Revision.detect()
            request.recordMode = try RecordMode.resolve(record: record, explicit: recordMode, environment: ProcessInfo.processInfo.environment)
            request.acceptance = acceptance.value()
            request.recordHistory = !noHistory
            if snapshots.isEmpty { _ = try ExampleData.importIfEmpty(store, log: Console.progress, shouldStop: Interruption.requested) }
            if let out = sharding.shardOut {
                do {
                    try sharding.run(request, store: store, out: out)
                } catch is RunInterrupted {
                    throw Interruption.stop("no shard file was written to \(out)")
                }
                return
            }
            let stream = json && presses ? RunReport.Stream(request: request) { Console.outBytes($0) } : nil
            var outcome: RunOutcome
            let history: HistoryWrite?
            do {
                (outcome, history) = try RunPipeline(store: store).start(request, log: Console.progress, observer: stream)
            } catch let stop as RunInterrupted {
                throw Interruption.stop(stop.summary)
            } catch let stop as ImportInterrupted {
                throw Interruption.stop("nothing of \(stop.file) was stored and no run was recorded; the database is intact")
            }
            // The JSON is written while history records the run; its "run" field waits for the id. Should
            // recording fail, the JSON goes without it and the error follows, as the run's exit status.
            var printed = stream != nil
            if json && !printed, let history {
                printed = true
                try RunReports.writeJSON(outcome, recording: history)
            }
            if let history { outcome.runID = try history.wait(log: Console.progress) }
            ProgressLine.shared.end()
            if let stream {
                stream.finish(outcome)
                Console.out("\n")
            }
            // The process ends with the reports: the outcome (hundreds of thousands of findings for a regressed
            // run) is left to the system to take back rather than freed one by one, failing or not.
            Leftovers.keepUntilExit(outcome)
            try scanning.write(outcome)
            try RunReports.write(outcome, printed: printed, json: json, junit: junit, markdown: markdown, pictures: pictures)
        }
    }
}

extension RecordMode: ExpressibleByArgument {}

extension RunInterrupted {
    /// What a stopped run kept, for the "stopped:" line.
    var summary: String {
        var text = "the run was not recorded in history; the database is intact"
        if !baselinesWritten.isEmpty {
            text += "; baselines written before the stop: \(baselinesWritten.joined(separator: ", "))"
        }
        return text
    }
}

enum Files {
    static func write(_ text: String, to path: String) throws {
        do {
            try AtomicWriter().write(text, to: path)
        } catch {
            throw InputError("cannot write \(path): \(error)")
        }
    }
}
