import Audit
import BaselineFiles
import Baselines
import Foundation
import HitTesting
import ReplayEngine
import RunResults
import TapJSON
import TapModel
import TraceStore

// What a suite computes once every trace is in (RunPipeline.finish): probes, coverage, the comparison,
// the baseline written, the picture. A sharded run does this at merge.

extension RunPipeline {
    /// What a suite computes from its snapshots once every trace is in: probes, coverage,
    /// the comparison of targets and the causes, the baseline written as the record mode
    /// says, the picture. A sharded run does this at merge (docs/nightly-ci.md).
    /// - Parameter sampled: the coverage of the snapshot's targets, when a shard sampled it already (`replay merge`).
    func finish(_ run: inout SuiteRun, _ request: RunRequest, _ folder: BaselineFolder?, sampled presampled: [TargetCoverage]? = nil,
                log: (String) -> Void, observer: RunObserver?) throws -> (SuiteOutcome, HistoryRecord.SuiteRows, causes: (() -> [Cause])?) {
        let screen = run.snapshot.screen, snapshot = run.snapshot, info = run.info, side = run.side
        let tester = run.tester, replayer = run.replayer, plan = run.plan
        var clock = Stopwatch()
        // --probe human: people's touches on this snapshot's targets, counted as rates (never findings).
        var sampled: [String: SampledRate] = [:]
        if request.probe == .human {
            let probe = Probe(pattern: .human, taps: request.humanTaps, seed: request.humanSeed, mmPerPoint: tester.density.mmPerPoint)
            let inputs = probe.traceInputs(for: snapshot)
            for input in inputs {
                guard let node = input.events.first?.expect else { continue }
                let results = replayer.replay(trace: input.name, events: input.events).filter { $0.partOf == nil && $0.expect != nil }
                sampled[node] = SampledRate(trials: results.count, successes: results.filter { $0.met == true }.count)
            }
            log("\(screen): pressed \(inputs.count) target\(inputs.count == 1 ? "" : "s") \(request.humanTaps) times each as people would "
                + "(seed \(request.humanSeed), \(JSONValue.format(JSONValue.round(tester.density.mmPerPoint, places: 4))) mm/pt) in \(clock.lap())")
        }
        // --probe edges|grid: presses synthesized from this snapshot, and from the baseline's for the same target (keyed by node).
        if let pattern = request.probe, pattern != .human {
            let probe = Probe(pattern: pattern)
            let inputs = probe.traceInputs(for: snapshot)
            var theirs: [String: TraceInput] = [:]
            if !side.unchanged, let accepted = side.compared?.snapshot { for t in probe.traceInputs(for: accepted) { theirs[t.name] = t } }
            for (n, input) in inputs.enumerated() {
                if request.shouldStop() { throw RunInterrupted() }
                request.progress?("\(screen): pressing targets with \(pattern.rawValue) probes", n, inputs.count)
                let results = replayer.replay(trace: input.name, events: input.events)
                run.suite.fold(results, against: side.probeResults(results, name: input.name, theirs: theirs),
                               traceID: nil, probe: true)
            }
            log("\(screen): pressed \(inputs.count) target\(inputs.count == 1 ? "" : "s") with \(pattern.rawValue) probes"
                + (side.replayer != nil ? " (and the baseline snapshot's targets alike)" : "") + " in \(clock.lap())")
        }
        if request.shouldStop() { throw RunInterrupted() }
        let coverage: [TargetCoverage]
        if let sampled = presampled {
            coverage = sampled
        } else {
            request.progress?("\(screen): sampling the coverage of its targets and predicting their first-try success", 0, 0)
            coverage = RunPipeline.coverage(tester, request)
            log("\(screen): sampled the coverage and predicted the first-try success of \(coverage.count) targets in \(clock.lap())")
        }
        var before = run.recomputed ? side.coverage(step: request.gridStep, newCoverage: coverage) : side.compared?.targets
        if let b = before, !run.recomputed, let file = run.file {
            before = side.withPredictions(b, newCoverage: coverage, settings: run.settings) { log("note: \(file): " + $0) }
        }
        var diff = run.suite.finish(before: before, after: coverage)
        if let a = request.acceptance { diff.acceptRegressions(who: a.who, why: a.why, since: a.since, after: coverage) }
        if request.shouldStop() { throw RunInterrupted() }
        // Without a baselines folder nothing is written: the status is the plan's.
        var (knownChange, status): (KnownChange?, BaselineStatus) = (nil, plan.status)
        if let folder {
            (knownChange, status) = try writeBaseline(plan, snapshot: snapshot, coverage: coverage, settings: run.settings,
                                                      baseline: run.baseline, diff: diff, folder: folder, file: run.file, info: info,
                                                      hit: run.hit, request: request, log: log)
        }
        if knownChange == nil && !diff.fixed.isEmpty {
            log("note: \(screen): \(plural(diff.fixed.count, "known problem")) no longer \(diff.fixed.count == 1 ? "occurs" : "occur") (fixed): "
                + "the next --record or replay accept drops \(diff.fixed.count == 1 ? "it" : "them")")
        }

        var outcome = SuiteOutcome(suite: screen, snapshot: info, stats: run.suite.stats, coverage: coverage, diff: diff, baseline: status,
                                   baselineFile: run.file, passed: status.passes(diff))
        outcome.knownChange = knownChange
        outcome.profile = tester.profile.description
        outcome.touchRadius = request.hit.touchRadius
        outcome.mmPerPoint = tester.density.mmPerPoint
        outcome.density = tester.density.because
        outcome.sampled = sampled
        outcome.baselineVersion = run.baselineVersion
        outcome.traces = run.traces
        outcome.expectations = run.suite.expectations
        outcome.warnings = run.fit.warnings
        for w in run.fit.warnings { log("warning: \(screen): \(w)") }
        if request.picture {
            outcome.picture = ScreenPicture(tester)
            outcome.pictureTester = tester
            outcome.marks = run.suite.marks
            outcome.heat = run.suite.heat
            // The accepted snapshot beside it (docs/report.md, "Before and after").
            if status == .compared, side.compared?.snapshot != nil {
                let accepted = side.replayer?.tester ?? tester
                outcome.baselineTester = accepted
                outcome.baselinePicture = side.unchanged ? outcome.picture : ScreenPicture(accepted)
            }
        }
        if request.audit {
            outcome.audit = Auditor.audit(snapshot, settings: AuditSettings(hit: run.hit, replay: request.replay, step: request.gridStep),
                                          source: info.source)
        }
        // The causes are grouped later, once history is recording, unless a streamed report writes them now.
        let (regressions, gridStep) = (outcome.diff.regressions, request.gridStep)
        let grouping = { Cause.group(regressions) { node in tester.coverageLossReason(node, step: gridStep) } }
        guard let observer else { return (outcome, run.suite.rows, grouping) }
        outcome.diff.causes = grouping()
        observer.suiteFinished(outcome)
        return (outcome, run.suite.rows, nil)
    }

    /// The coverage of a snapshot's targets with their predicted first-try success, by node.
    static func coverage(_ tester: HitTester, _ request: RunRequest) -> [TargetCoverage] {
        tester.coverage(step: request.gridStep, predict: true).sorted { $0.node.utf8.lexicographicallyPrecedes($1.node.utf8) }
    }
}
