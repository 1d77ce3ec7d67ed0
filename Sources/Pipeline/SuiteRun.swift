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
    /// The baseline file (nil without a baselines folder).
    let file: String?
    /// The file's version, when one was read.
    let baselineVersion: Int?
    let plan: (status: BaselineStatus, write: Bool)
    let side: BaselineReplay
    var fit: TraceFit
    var suite: SuiteAccumulator
    /// Traces and events replayed.
    var traces = 0
    var events = 0

    /// - Parameters:
    ///   - baseline: the baseline compared with, when the record mode compares.
    ///   - existed: whether the screen had a baseline (what the record mode decides on).
    init(_ snapshot: Snapshot, _ info: SnapshotInfo, request: RunRequest, folder: BaselineFolder?, baseline: Baseline?, file: String?,
         existed: Bool, baselineVersion: Int? = nil, marks: SuiteAccumulator.Marks? = nil, observer: RunObserver?) {
        self.snapshot = snapshot
        self.info = info
        tester = HitTester(snapshot, settings: request.hit)
        replayer = Replayer(tester: tester, settings: request.replay)
        self.file = file
        self.baselineVersion = baselineVersion ?? baseline?.fileVersion
        plan = request.recordMode.plan(existing: existed, mayWrite: folder != nil && request.writeBaselines)
        side = BaselineReplay(plan.status == .compared ? baseline : nil, snapshot: snapshot, request: request)
        fit = TraceFit(snapshot: snapshot, tester: tester)
        suite = SuiteAccumulator(suite: snapshot.screen, request: request, legacy: side.legacy, marks: marks, observer: observer)
    }
}
