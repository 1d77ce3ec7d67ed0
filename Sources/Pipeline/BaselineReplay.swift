import Baselines
import HitTesting
import ReplayEngine
import RunResults
import TapJSON
import TapModel

/// The baseline side of a suite: what each press did on the accepted snapshot.
///
/// A version-2 baseline's snapshot is replayed with the run's settings, unless
/// it is the very same view tree as the new snapshot (the nightly run of an
/// unchanged screen): then every press does on it what it does now, and nothing
/// is replayed twice. A version-1 baseline brings its stored per-press results.
struct BaselineReplay {
    /// The baseline compared with (nil: none, or the record mode writes without comparing).
    let compared: Baseline?
    /// The baseline's snapshot is the new snapshot's view tree.
    let unchanged: Bool
    /// Replays traces on the baseline's snapshot (nil when unchanged or there is none).
    let replayer: Replayer?
    /// A version-1 baseline's per-press results, by key.
    let legacy: [PressKey: PressSide]?

    /// Settings the baseline's snapshot binds under: the run's, with the suite's profile.
    let hit: HitSettings

    init(_ compared: Baseline?, snapshot: Snapshot, hit: HitSettings, replay: ReplaySettings) {
        self.compared = compared
        self.hit = hit
        unchanged = compared?.snapshot.map { $0.encoded(.compact) == snapshot.encoded(.compact) } ?? false
        replayer = unchanged ? nil
            : compared?.snapshot.map { Replayer(tester: HitTester($0, settings: hit), settings: replay, explains: false) }
        if let compared, compared.fileVersion == 1 {
            var presses: [PressKey: PressSide] = [:]
            for p in compared.legacyPresses { presses[p.key] = PressSide(p) }
            legacy = presses
        } else {
            legacy = nil
        }
    }

    /// A trace's results on the baseline's snapshot, given its results on the new one
    /// and what the run's replay of the baseline side produced (`others`).
    func against(_ results: [PressResult], others: [[PressResult]]) -> [PressResult]? {
        unchanged ? results : others.first
    }

    /// `--probe`: the probe presses of each target on the baseline's snapshot, keyed by
    /// trace name (synthesized from that snapshot, so a moved layout is no finding).
    func probeResults(_ newResults: [PressResult], name: String, theirs: [String: TraceInput]) -> [PressResult]? {
        if unchanged { return newResults }
        guard let replayer, let input = theirs[name] else { return nil }
        return replayer.replay(trace: input.name, events: input.events)
    }

    /// The baseline's targets recomputed under this run's settings (its file was recorded under
    /// others): the new snapshot's coverage when the view tree is the same.
    func coverage(step: Double, newCoverage: [TargetCoverage]) -> [TargetCoverage]? {
        if unchanged { return newCoverage }
        guard let compared else { return nil }
        guard compared.snapshot != nil, let replayer else { return compared.targets }
        return replayer.tester.coverage(step: step, predict: true).sorted { $0.node.utf8.lexicographicallyPrecedes($1.node.utf8) }
    }

    /// The baseline's targets with predictions made as this run makes them (R7 compares like with like):
    /// as the file records them when it recorded them at this run's density; else the new snapshot's
    /// when the view tree is the same; else predicted from the baseline's snapshot (a file older than
    /// predictions, or recorded at another density, said once through `note`). A version-1 file has no
    /// snapshot to predict from: its targets stay without predictions, and R7 compares nothing.
    func withPredictions(_ targets: [TargetCoverage], newCoverage: [TargetCoverage], settings: BaselineSettings,
                         note: (String) -> Void) -> [TargetCoverage] {
        guard let compared else { return targets }
        if compared.settings.mmPerPoint == settings.mmPerPoint && targets.allSatisfy({ $0.predicted != nil }) { return targets }
        var predicted: [String: TargetPrediction] = [:]
        if unchanged {
            for t in newCoverage { predicted[t.node] = t.predicted }
        } else if let replayer {
            let tester = replayer.tester
            for p in tester.predictions() { predicted[p.node] = p }
        } else {
            return targets
        }
        if let recorded = compared.settings.mmPerPoint, let now = settings.mmPerPoint, recorded != now {
            note("its predictions were made at \(JSONValue.format(recorded)) mm/pt; this run predicts at \(JSONValue.format(now)) mm/pt: "
                 + "its side is predicted again from its snapshot (--record writes the new ones)")
        }
        return targets.map { t in
            var t = t
            t.predicted = predicted[t.node]
            return t
        }
    }

    /// How the progress line names the baseline side.
    var progressSuffix: String {
        replayer != nil ? " and the baseline's snapshot" : unchanged ? " (the same view tree as the baseline's)" : ""
    }
}
