import Baselines
import HitTesting
import ReplayEngine
import RunResults
import TapJSON
import TapModel
import TraceStore

/// Turns a run's outcome into the plain rows history stores.
///
/// What a run stores (docs/baselines.md, "History"): per suite its counts and the
/// traces it replayed; per target its coverage and responsiveness; every finding;
/// and per press only what carries information — presses that did not fire, that
/// changed against the baseline, or that missed their expectation. A press with no
/// row fired as on the baseline; its trace and the snapshot's hash reproduce it.
public enum HistoryRecord {
    /// A suite's press rows and traces, collected while the run folds its presses.
    public struct SuiteRows: Sendable {
        public var traces: [Int64] = []
        public var presses: [RunRecord.Press] = []
        public init() {}

        /// Keeps a press that did not fire, changed, or missed its expectation.
        mutating func add(_ pair: PressPair, traceID: Int64, thresholds: DiffThresholds) {
            let a = pair.current
            guard a.partOf == nil else { return }
            let b = pair.before
            var informative = !a.fired || a.met == false
            if let b {
                informative = informative || b.outcome.fires != a.fired || b.action != a.action || b.node != a.node
                    || abs((a.latencyMs ?? 0) - (b.latencyMs ?? 0)) > thresholds.latencyMs
            }
            guard informative else { return }
            presses.append(RunRecord.Press(
                traceID: traceID, press: Int32(a.press), outcome: HistoryRecord.code(a.outcome), node: a.node, action: a.action,
                latencyMs: a.latencyMs, baselineOutcome: b.map { HistoryRecord.code($0.outcome) }, baselineNode: b?.node,
                baselineAction: b?.action, baselineLatencyMs: b?.latencyMs, met: a.met))
        }
    }

    static func code(_ o: TouchResult.Outcome) -> UInt8 { OutcomeCode.code(o.rawValue) }

    static func make(_ run: RunOutcome, rows: [SuiteRows], finishedAt: String) -> RunRecord {
        let request = run.request
        var settings = JSONWriter(style: .compact)
        settings.object { w in
            w.field("profile", request.hit.profile?.description ?? "from each snapshot")
            w.field("touchRadius", request.hit.touchRadius)
            w.field("gridStep", request.gridStep)
            w.key("replay")
            w.object { w in
                let r = request.replay
                w.field("tapSlop", r.tapSlop); w.field("tapMaxDuration", r.tapMaxDuration)
                w.field("multiTapWindow", r.multiTapWindow); w.field("multiTapDistance", r.multiTapDistance)
                w.field("magnifyThreshold", r.magnifyThreshold); w.field("rotateThreshold", r.rotateThreshold)
                w.field("retryWindow", r.retryWindow); w.field("retryDistance", r.retryDistance)
            }
            w.field("recordMode", request.recordMode.rawValue)
            w.field("latencyThresholdMs", request.thresholds.latencyMs)
            w.field("coverageThreshold", request.thresholds.coverage)
            w.field("predictedThreshold", request.thresholds.predicted)
            w.field("mmPerPoint", request.hit.mmPerPoint.map { JSONValue.format($0) } ?? "from each snapshot")
            if let probe = request.probe {
                w.field("probe", probe.rawValue)
                if probe == .human { w.field("humanTaps", request.humanTaps); w.field("humanSeed", String(request.humanSeed)) }
            }
        }
        return RunRecord(
            startedAt: run.startedAt, finishedAt: finishedAt, revision: run.revision, passed: run.passed,
            touchRadius: request.hit.touchRadius, gridStep: request.gridStep, settings: settings.text,
            suites: zip(run.suites, rows).map { s, rows in
                let responsiveness = s.stats.responsiveness
                return RunRecord.Suite(
                    suite: s.suite, snapshotHash: s.snapshot.contentHash, snapshotSource: s.snapshot.source,
                    appVersion: s.snapshot.appVersion, appBuild: s.snapshot.appBuild, baseline: s.baseline.rawValue, passed: s.passed,
                    traces: rows.traces, presses: s.stats.presses, fired: s.stats.fired,
                    firstTries: s.stats.firstTries, firstTriesMet: s.stats.firstTriesMet, pressRows: rows.presses,
                    targets: s.coverage.map { t in
                        let r = responsiveness[t.node]
                        return RunRecord.Target(node: t.node, action: t.action, own: t.own, stolen: t.stolen, blocked: t.blocked,
                                                ambiguous: t.ambiguous, disabled: t.disabled, miss: t.miss,
                                                expectedTries: r?.expectedTries ?? 0, firstTryMet: r?.firstTryMet ?? 0,
                                                p50LatencyMs: r?.p50LatencyMs, p95LatencyMs: r?.p95LatencyMs)
                    },
                    findings: (s.diff.regressions + s.diff.improvements + s.diff.notes).map { f in
                        RunRecord.Finding(kind: f.kind.rawValue, rule: f.rule.rawValue, trace: f.trace, press: f.press, x: f.at?.x, y: f.at?.y,
                                          node: f.node, before: f.before.map { FindingJSON.sideText($0) },
                                          after: f.after.map { FindingJSON.sideText($0) }, message: f.message)
                    })
            })
    }
}
