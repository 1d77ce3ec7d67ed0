import BaselineFiles
import Baselines
import HitTesting
import ReplayEngine
import RunResults
import TapModel

/// One suite while a run works on it: the snapshot and its engine, the baseline
/// side, and what the traces folded so far add up to. A run replays every trace
/// into it and finishes it; a shard replays its part of the traces and stores
/// the part; a merge absorbs every shard's part and finishes it.
struct SuiteRun {
    let snapshot: Snapshot
    let info: SnapshotInfo
    let tester: HitTester
    let replayer: Replayer
    /// The run's hit settings with the suite's profile: both sides bind under it (like with like).
    let hit: HitSettings
    /// What a baseline written by this suite records, and what a compared one is checked against.
    let settings: BaselineSettings
    /// The baseline file (nil without a baselines folder).
    let file: String?
    /// The baseline read (compared, or re-recorded over: its known problems carry on).
    let baseline: Baseline?
    /// The file's version, when one was read.
    let baselineVersion: Int?
    let plan: (status: BaselineStatus, write: Bool)
    let side: BaselineReplay
    /// The compared baseline was recorded under other settings: its targets are recomputed from its snapshot.
    let recomputed: Bool
    var fit: TraceFit
    var suite: SuiteAccumulator
    /// Traces and events replayed.
    var traces = 0
    var events = 0

    /// - Parameters:
    ///   - baseline: the screen's baseline, as read.
    ///   - existed: whether the screen had a baseline (what the record mode decides on).
    /// - Throws: `RunInputError` when an acceptance would go into a version-1 baseline.
    init(_ snapshot: Snapshot, _ info: SnapshotInfo, request: RunRequest, folder: BaselineFolder?, baseline: Baseline?, file: String?,
         existed: Bool, baselineVersion: Int? = nil, marks: SuiteAccumulator.Marks? = nil, observer: RunObserver?,
         log: (String) -> Void) throws {
        let screen = snapshot.screen
        self.snapshot = snapshot
        self.info = info
        tester = HitTester(snapshot, settings: request.hit)
        if let note = tester.profileChoice.note { log("note: \(screen): \(note)") }
        // Both sides bind under one profile (the new snapshot's, or --profile), and are predicted at one
        // density (the new snapshot's, or --mm-per-point): like with like.
        hit = HitSettings(touchRadius: request.hit.touchRadius, profile: tester.profile, spatialIndex: request.hit.spatialIndex,
                          mmPerPoint: tester.density.mmPerPoint)
        let settings = request.baselineSettings(profile: tester.profile, mmPerPoint: tester.density.mmPerPoint)
        self.settings = settings
        replayer = Replayer(tester: tester, settings: request.replay)
        self.file = file
        self.baseline = baseline
        self.baselineVersion = baselineVersion ?? baseline?.fileVersion
        plan = request.recordMode.plan(existing: existed, mayWrite: folder != nil && request.writeBaselines)
        let side = BaselineReplay(plan.status == .compared ? baseline : nil, snapshot: snapshot, hit: hit, replay: request.replay)
        self.side = side
        if request.acceptance != nil, plan.status == .compared, let baseline, baseline.fileVersion == 1 {
            throw RunInputError("\(file ?? screen) is a version-1 baseline: it cannot hold known problems; upgrade it first with replay run --record")
        }
        recomputed = side.compared.map { $0.settings.coverageDiffers(from: settings) } ?? false
        if recomputed, let b = side.compared {
            log(b.fileVersion == 1
                ? "warning: \(file ?? screen) was recorded with \(b.settings.description); this run uses \(settings.description)"
                : "note: \(file ?? screen) was recorded with \(b.settings.description); this run uses \(settings.description): "
                    + "its side is recomputed from its snapshot under this run's settings, so a change of model is never a regression (--record writes them)")
        }
        fit = TraceFit(snapshot: snapshot, tester: tester)
        // Known problems apply while the baseline is compared or re-recorded (R6 needs no comparison).
        let known = plan.status == .compared || plan.status == .recorded ? baseline?.known ?? [] : []
        suite = SuiteAccumulator(suite: screen, request: request, legacy: side.legacy, known: known, marks: marks, observer: observer)
    }
}
