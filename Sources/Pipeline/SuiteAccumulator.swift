import Baselines
import HitTesting
import ReplayEngine
import RunResults
import TapModel

/// Folds a suite's press results, one trace at a time, into what the run keeps:
/// counts, the comparison with the baseline, history rows, expectations and
/// picture marks. It never holds a list of every press.
struct SuiteAccumulator {
    let request: RunRequest
    let observer: RunObserver?
    /// Per-press results of a version-1 baseline, by key (nil otherwise).
    let legacy: [PressKey: PressSide]?
    private(set) var stats: SuiteStats
    private(set) var comparison: Comparison
    private(set) var rows = HistoryRecord.SuiteRows()
    private(set) var expectations: [(key: PressKey, expect: String)] = []
    private(set) var marks: [PressMark] = []
    /// Marks kept besides the regressed presses.
    private var others = 0

    /// Marks kept for a picture besides the regressed presses.
    static let markLimit = 3000

    /// - Parameter known: the baseline's known problems (listed as known, never regressions).
    init(suite: String, request: RunRequest, legacy: [PressKey: PressSide]?, known: [AcceptedProblem] = [], observer: RunObserver?) {
        self.request = request
        self.observer = observer
        self.legacy = legacy
        stats = SuiteStats(settings: request.replay)
        comparison = Comparison(suite: suite, thresholds: request.thresholds, known: known)
    }

    /// A stored trace was replayed: its rows belong to the suite's history.
    mutating func addTrace(_ rowID: Int64) { rows.traces.append(rowID) }

    /// Folds one trace's results, compared press by press with the same trace on the
    /// baseline's snapshot (`against`), or with a version-1 baseline's stored presses.
    mutating func fold(_ results: [PressResult], against: [PressResult]?, traceID: Int64?, probe: Bool) {
        stats.add(trace: results)
        for (k, current) in results.enumerated() {
            let before: PressSide?
            if let against {
                before = k < against.count ? PressSide(against[k]) : nil
            } else if let legacy, !probe {
                let key = PressKey(trace: current.trace, press: current.press)
                before = legacy[key]
                if before == nil { comparison.addNewPress(trace: current.trace) }
            } else {
                before = nil
            }
            let pair = PressPair(current: current, before: before, probe: probe)
            let regressed = comparison.add(pair)
            observer?.press(current, baseline: against.flatMap { k < $0.count ? $0[k] : nil }, legacy: legacy == nil ? nil : before, probe: probe)
            if let traceID { rows.add(pair, traceID: traceID, thresholds: request.thresholds) }
            if let expect = current.expect, current.partOf == nil {
                expectations.append((PressKey(trace: current.trace, press: current.press), expect))
            }
            if request.picture && current.partOf == nil && (regressed || others < SuiteAccumulator.markLimit) {
                if !regressed { others += 1 }
                marks.append(PressMark(key: pair.key, at: current.at, fired: current.fired, regressed: regressed,
                                       title: "\(current.trace) press \(current.press): \(current.outcome.rawValue)"
                                           + (current.action.map { " \($0)" } ?? "") + " — \(current.reason)"))
            }
        }
    }

    /// The comparison of the targets' coverage, after every press is in.
    func finish(before: [TargetCoverage]?, after: [TargetCoverage], explain: (String) -> String?) -> Comparison.Result {
        comparison.finish(before: before, after: after, explain: explain)
    }
}
