import Baselines
import HitTesting
import ReplayEngine
import RunResults
import TapModel
import TraceStore

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
    /// Every press, counted on a grid for the picture (nil without one).
    private(set) var heat: PressHeat?
    /// A shard's marks (`.unregressed`), as its file stores them.
    private(set) var unregressedMarks: [ShardRecord.Part.Mark] = []
    /// Which presses are kept as picture marks.
    let keeping: Marks
    /// Marks kept besides the regressed presses.
    private(set) var others = 0

    /// Marks kept for a picture besides the regressed presses.
    static let markLimit = 3000

    /// Which presses a suite keeps as marks for a picture.
    enum Marks {
        /// No picture.
        case none
        /// A picture: every regressed press, and others up to `markLimit`.
        case all
        /// A shard: only the others up to `markLimit` (regressed ones are drawn from their findings at merge).
        case unregressed
    }

    /// - Parameters:
    ///   - known: the baseline's known problems (listed as known, never regressions).
    ///   - marks: which presses to keep as marks (default: all when the request asks for a picture).
    init(suite: String, request: RunRequest, legacy: [PressKey: PressSide]?, known: [AcceptedProblem] = [], marks: Marks? = nil,
         observer: RunObserver?) {
        self.request = request
        self.observer = observer
        self.legacy = legacy
        keeping = marks ?? (request.picture ? .all : .none)
        if keeping == .all { heat = PressHeat() }
        stats = SuiteStats(settings: request.replay)
        comparison = Comparison(suite: suite, thresholds: request.thresholds, known: known)
    }

    /// A stored trace was replayed: its rows belong to the suite's history.
    mutating func addTrace(_ rowID: Int64) { rows.traces.append(rowID) }

    /// Folds one trace's results, compared press by press with the same trace on the
    /// baseline's snapshot (`against`), or with a version-1 baseline's stored presses.
    mutating func fold(_ results: [PressResult], against: [PressResult]?, traceID: Int64?, probe: Bool) {
        stats.add(trace: results)
        for k in results.indices {
            let before: PressSide?
            if let against {
                before = k < against.count ? PressSide(against[k]) : nil
            } else if let legacy, !probe {
                let key = PressKey(trace: results[k].trace, press: results[k].press)
                before = legacy[key]
                if before == nil { comparison.addNewPress(trace: results[k].trace) }
            } else {
                before = nil
            }
            // The pair holds the one copy of the press this loop makes.
            let pair = PressPair(current: results[k], before: before, probe: probe)
            let regressed = comparison.add(pair)
            observer?.press(pair.current, baseline: against.flatMap { k < $0.count ? $0[k] : nil }, legacy: legacy == nil ? nil : before, probe: probe)
            if let traceID { rows.add(pair, traceID: traceID, thresholds: request.thresholds) }
            if let expect = pair.current.expect, pair.current.partOf == nil {
                expectations.append((PressKey(trace: pair.current.trace, press: pair.current.press), expect))
            }
            guard pair.current.partOf == nil else { continue }
            heat?.add(pair.current.at, fired: pair.current.fired)
            switch keeping {
            case .all where regressed || others < SuiteAccumulator.markLimit:
                if !regressed { others += 1 }
                marks.append(SuiteAccumulator.mark(pair.key, at: pair.current.at, outcome: pair.current.outcome, action: pair.current.action,
                                                   reason: pair.current.reason, regressed: regressed, node: pair.current.node,
                                                   baseline: before, radius: pair.current.radius))
            case .unregressed where !regressed && others < SuiteAccumulator.markLimit:
                others += 1
                unregressedMarks.append(ShardRecord.Part.Mark(traceID: traceID ?? -1, press: pair.current.press, x: pair.current.at.x, y: pair.current.at.y,
                                                              outcome: HistoryRecord.outcomeCode(pair.current.outcome), action: pair.current.action,
                                                              reason: pair.current.reason))
            default:
                break
            }
        }
    }

    /// A press as a picture marks it.
    static func mark(_ key: PressKey, at: Point, outcome: TouchResult.Outcome, action: String?, reason: String, regressed: Bool,
                     node: String? = nil, baseline: PressSide? = nil, radius: Double? = nil) -> PressMark {
        PressMark(key: key, at: at, fired: outcome.fires, regressed: regressed,
                  title: "\(key.trace) press \(key.press): \(outcome.rawValue)" + (action.map { " \($0)" } ?? "") + " — \(reason)",
                  outcome: outcome, node: node, action: action, reason: reason, baseline: baseline, radius: radius)
    }

    /// Takes in what the shards of a run folded, already merged in trace order
    /// (`ShardMerge`): the suite then goes on (probes) and finishes exactly as if it
    /// had folded every trace itself.
    mutating func absorb(stats: SuiteStats, pending: Comparison.Pending, rows: HistoryRecord.SuiteRows,
                         expectations: [(key: PressKey, expect: String)], marks: [PressMark], others: Int) {
        self.stats.merge(stats)
        comparison.absorb(pending)
        self.rows.traces += rows.traces
        self.rows.presses += rows.presses
        self.rows.pressGroups += rows.pressGroups
        self.rows.findingGroups += rows.findingGroups  // (a merge absorbs once, into a suite that folded nothing)
        self.rows.tracedFindings = rows.tracedFindings
        self.expectations += expectations
        if keeping == .all { self.marks += marks }
        heat = nil  // shards keep no count of every press: the picture draws their marks alone
        self.others += others
    }

    /// The comparison of the targets' coverage, after every press is in: the findings move into the
    /// result (the comparison is empty afterwards). Its causes are left for `Cause.group`: the run
    /// groups them once history is recording.
    mutating func finish(before: [TargetCoverage]?, after: [TargetCoverage]) -> Comparison.Result {
        comparison.take(before: before, after: after, groupingCauses: false)
    }
}
