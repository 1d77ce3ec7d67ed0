import ArgumentParser
import Baselines
import ReplayEngine
import RunResults

/// Replay tunables; each default is the library's (ReplaySettings, DiffThresholds, RunRequest; docs/replay.md).
struct ReplayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Dead-zone grid step in points (cell centres).", valueName: "pt")) var step: Double = RunRequest().gridStep
    @Option(name: .customLong("tap-slop"), help: ArgumentHelp("A tap strays less than this (pt).", valueName: "pt")) var tapSlop: Double = ReplaySettings().tapSlop
    @Option(name: .customLong("tap-max-duration"), help: ArgumentHelp("A tap that moved ends within this of its first move (s).", valueName: "s")) var tapMaxDuration: Double = ReplaySettings().tapMaxDuration
    @Option(name: .customLong("multi-tap-window"), help: ArgumentHelp("Each next tap of a multi-tap ends within this of the previous (s).", valueName: "s")) var multiTapWindow: Double = ReplaySettings().multiTapWindow
    @Option(name: .customLong("multi-tap-distance"), help: ArgumentHelp("... and begins less than this from the first (pt).", valueName: "pt")) var multiTapDistance: Double = ReplaySettings().multiTapDistance
    @Option(name: .customLong("latency-threshold"), help: ArgumentHelp("R3: latency may grow by this much (ms).", valueName: "ms")) var latencyThreshold: Double = DiffThresholds().latencyMs
    @Option(name: .customLong("coverage-threshold"), help: ArgumentHelp("R4: own may drop, and any other fraction grow, by this much.", valueName: "f")) var coverageThreshold: Double = DiffThresholds().coverage
    @Option(name: .customLong("predicted-threshold"), help: ArgumentHelp("R7: a target's predicted first-try success may drop by this much.", valueName: "f")) var predictedThreshold: Double = DiffThresholds().predicted

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
