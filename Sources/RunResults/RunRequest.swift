import Baselines
import HitTesting
import ReplayEngine
import TapJSON
import TapModel

/// What a run is asked to do.
public struct RunRequest: Sendable {
    /// Snapshot files or folders; empty: the newest stored snapshot of each screen.
    public var snapshotPaths: [String] = []
    /// The baselines folder (`Baselines/`); nil: compare with nothing (R6 still applies).
    public var baselineFolder: String?
    public var recordMode: RecordMode = .missing
    public var hit = HitSettings()
    public var replay = ReplaySettings()
    public var gridStep: Double = 1
    public var thresholds = DiffThresholds()
    public var revision: String?
    /// Record the run in history (`replay report` does not).
    public var recordHistory = true
    /// Write baselines as the record mode says; false: only compare with those that exist (`replay report`).
    public var writeBaselines = true
    /// Sample each screen for a picture (`--html`, `--svg`).
    public var picture = false
    /// Audit each snapshot too (`replay report --audit`): findings drawn over the picture.
    public var audit = false
    /// How far the replay's workers may run ahead of the fold: at most `2 × batch` traces'
    /// results wait to be folded in (`Replayer.replayTraces`).
    public var batch = 32
    /// Also press every target with probe taps (`--probe edges`), synthesized from each
    /// compared snapshot (the new one and the baseline's), expecting the target to fire.
    /// `human` presses the new snapshot's targets as people would (`humanTaps` each, seeded by
    /// `humanSeed`) and reports the rate that fired beside the prediction: rates, never findings.
    public var probe: Probe.Pattern?
    /// Only these screens (`--screen`); empty: every screen.
    public var screens: [String] = []
    /// With `snapshotPaths`: also fail screens that have a baseline but no snapshot given (`--all-screens`).
    /// Without it, a run given snapshot files compares only their screens.
    public var allScreens = false
    /// Accept what the run finds as known problems of the baselines (`replay accept`, `run --record --why`).
    public var acceptance: Acceptance?
    /// Asked between traces and suites: true stops the run (Ctrl-C) with `RunInterrupted`.
    public var shouldStop: @Sendable () -> Bool = { false }
    /// Follows the run's progress: (what, done, total) — traces replayed of a screen, a phase with no count.
    public var progress: (@Sendable (String, Int, Int) -> Void)?
    public var humanTaps = Probe.defaultHumanTaps
    public var humanSeed: UInt64 = Probe.defaultHumanSeed

    public init() {}

    /// The settings a baseline records and is compared under, with the profile a suite binds with
    /// and the density its predictions are made at.
    public func baselineSettings(profile: TouchProfile, mmPerPoint: Double) -> BaselineSettings {
        BaselineSettings(profile: profile.description, touchRadius: hit.touchRadius, gridStep: gridStep, replay: replay,
                         mmPerPoint: JSONValue.round(mmPerPoint))
    }
}
