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
                                     ("--html", pictures.html != nil), ("--svg", pictures.svg != nil)])
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
                var failure: Error?
                RunReport.writeJSON(outcome, runID: {
                    do { return try history.wait() } catch { failure = error; return nil }
                }) { Console.outBytes($0) }
                printed = true
                if let failure { throw failure }
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

/// `--screen NAME` (repeatable) and `--all-screens`: which screens a run, a report or an acceptance is about.
struct ScreenOptions: ParsableArguments {
    @Option(name: .customLong("screen"), help: ArgumentHelp(
        "Only this screen (repeatable); a name that is no screen of the run is an input error.", valueName: "name"))
    var names: [String] = []
    @Flag(name: .customLong("all-screens"), help: "With --snapshots: also fail every screen that has a baseline but no snapshot given (by default a run given snapshot files compares only their screens).")
    var allScreens = false

    func validate() throws {
        if let empty = names.first(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw ValidationError("--screen needs a screen name (got '\(empty)')")
        }
        if allScreens && !names.isEmpty { throw ValidationError("--all-screens and --screen say opposite things: give one") }
    }

    func apply(to request: inout RunRequest) {
        request.screens = names
        request.allScreens = allScreens
    }
}

/// `--why TEXT` and `--who NAME`: accept what a run finds as the baselines' known problems.
struct AcceptanceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Why the problems are accepted (written into the baseline beside each known problem).", valueName: "text"))
    var why: String?
    @Option(help: ArgumentHelp("Who accepts them (default: git config user.name, else $USER).", valueName: "name"))
    var who: String?

    func validate() throws {
        if let why, why.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--why needs a reason") }
    }

    /// The acceptance, dated today, when `--why` is given.
    func value() -> Acceptance? {
        guard let why else { return nil }
        return Acceptance(who: who ?? AcceptanceOptions.defaultWho(), why: why, since: String(TraceStore.now().prefix(10)))
    }

    /// `git config user.name`, else `$USER`, else nil.
    static func defaultWho() -> String? {
        if let name = Revision.git(["config", "user.name"]) { return name }
        let user = ProcessInfo.processInfo.environment["USER"] ?? ""
        return user.isEmpty ? nil : user
    }
}

/// Replay tunables, each with its documented default (docs/replay.md).
struct ReplayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Dead-zone grid step in points (cell centres).", valueName: "pt")) var step: Double = 1
    @Option(name: .customLong("tap-slop"), help: ArgumentHelp("A tap strays less than this (pt).", valueName: "pt")) var tapSlop: Double = 45
    @Option(name: .customLong("tap-max-duration"), help: ArgumentHelp("A tap that moved ends within this of its first move (s).", valueName: "s")) var tapMaxDuration: Double = 0.75
    @Option(name: .customLong("multi-tap-window"), help: ArgumentHelp("Each next tap of a multi-tap ends within this of the previous (s).", valueName: "s")) var multiTapWindow: Double = 0.35
    @Option(name: .customLong("multi-tap-distance"), help: ArgumentHelp("... and begins less than this from the first (pt).", valueName: "pt")) var multiTapDistance: Double = 45
    @Option(name: .customLong("latency-threshold"), help: ArgumentHelp("R3: latency may grow by this much (ms).", valueName: "ms")) var latencyThreshold: Double = 50
    @Option(name: .customLong("coverage-threshold"), help: ArgumentHelp("R4: own may drop, and any other fraction grow, by this much.", valueName: "f")) var coverageThreshold: Double = 0.01
    @Option(name: .customLong("predicted-threshold"), help: ArgumentHelp("R7: a target's predicted first-try success may drop by this much.", valueName: "f")) var predictedThreshold: Double = 0.02

    func validate() throws {
        for (name, v) in [("--step", step), ("--tap-slop", tapSlop), ("--tap-max-duration", tapMaxDuration),
                          ("--multi-tap-window", multiTapWindow), ("--multi-tap-distance", multiTapDistance)] where !(v.isFinite && v > 0) {
            throw ValidationError("\(name) must be a number > 0")
        }
        for (name, v) in [("--latency-threshold", latencyThreshold), ("--coverage-threshold", coverageThreshold),
                          ("--predicted-threshold", predictedThreshold)] where !(v.isFinite && v >= 0) {
            throw ValidationError("\(name) must be a number ≥ 0")
        }
    }

    var settings: ReplaySettings {
        var s = ReplaySettings()
        s.tapSlop = tapSlop
        s.tapMaxDuration = tapMaxDuration
        s.multiTapWindow = multiTapWindow
        s.multiTapDistance = multiTapDistance
        return s
    }

    var thresholds: DiffThresholds {
        var t = DiffThresholds()
        t.latencyMs = latencyThreshold
        t.coverage = coverageThreshold
        t.predicted = predictedThreshold
        return t
    }

    /// A run request with these tunables and the global ones.
    func request(_ global: GlobalOptions) -> RunRequest {
        var r = RunRequest()
        r.hit = global.hitSettings
        r.replay = settings
        r.gridStep = step
        r.thresholds = thresholds
        return r
    }

    /// The request of `run`, `report` and `accept`: these tunables, the snapshots, the baselines folder
    /// and the screens; the progress line started; with `stoppable`, Ctrl-C asks the run to stop.
    func request(_ global: GlobalOptions, snapshots: [String], baseline: String?, screens: ScreenOptions,
                 progress: ProgressOption, stoppable: Bool) -> RunRequest {
        var r = request(global)
        r.snapshotPaths = snapshots
        r.baselineFolder = baseline
        screens.apply(to: &r)
        progress.start()
        r.progress = { what, done, total in ProgressLine.shared.update(what, done: done, total: total) }
        if stoppable {
            Interruption.install()
            r.shouldStop = Interruption.requested
        }
        return r
    }
}

/// `--html FILE` and `--svg DIR`: the visual report.
struct PictureOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write a self-contained HTML report (maps of hit regions, dead zones, presses, regressions) here.", valueName: "file"))
    var html: String?
    @Option(help: ArgumentHelp("Write one SVG map per screen into this folder (<screen>.svg).", valueName: "dir"))
    var svg: String?

    var wanted: Bool { html != nil || svg != nil }

    func write(_ outcome: RunOutcome) throws {
        guard wanted else { return }
        let drawings = HTMLReport.drawings(outcome)
        if let html {
            try Files.write(HTMLReport.html(outcome, drawings: drawings), to: html)
            Console.progress("wrote \(html)")
        }
        if let svg {
            for (suite, drawing) in zip(outcome.suites.filter { $0.picture != nil }, drawings) {
                let file = (svg as NSString).appendingPathComponent(Baseline.fileName(for: suite.suite).replacingOccurrences(of: ".json", with: ".svg"))
                try Files.write(HTMLReport.svg(suite, drawing: drawing), to: file)
                Console.progress("wrote \(file)")
            }
        }
    }
}

/// `--taps N` and `--seed S`: for the human probe (`probe --pattern human`, `run --probe human`).
struct HumanProbeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("With the human pattern: touches per target [50].", valueName: "n")) var taps: Int?
    @Option(help: ArgumentHelp("With the human pattern: the seed; the same seed gives the same touches [1].", valueName: "s")) var seed: UInt64?

    func validate(pattern: Probe.Pattern?) throws {
        if pattern != .human && (taps != nil || seed != nil) { throw ValidationError("--taps and --seed go with the human pattern") }
        if let taps, !(1...100_000).contains(taps) { throw ValidationError("--taps must be between 1 and 100000 (got \(taps))") }
    }

    func apply(to request: inout RunRequest) {
        request.humanTaps = taps ?? Probe.defaultHumanTaps
        request.humanSeed = seed ?? 1
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
