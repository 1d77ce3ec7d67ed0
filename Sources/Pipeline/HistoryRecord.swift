import Baselines
import ReplayEngine
import TapModel
import TraceStore

/// Turns a run's outcome into the plain rows history stores.
enum HistoryRecord {
    static func make(_ run: RunOutcome, finishedAt: String) -> RunRecord {
        let request = run.request
        let settings: JSONValue = .object([
            "touchRadius": .number(request.hit.touchRadius), "gridStep": .number(request.gridStep),
            "replay": request.replay.json, "recordMode": .string(request.recordMode.rawValue),
            "latencyThresholdMs": .number(request.thresholds.latencyMs), "coverageThreshold": .number(request.thresholds.coverage),
        ])
        return RunRecord(
            startedAt: run.startedAt, finishedAt: finishedAt, revision: run.revision, passed: run.passed,
            touchRadius: request.hit.touchRadius, gridStep: request.gridStep, settings: settings.serialized(.compact),
            suites: run.suites.map { s in
                RunRecord.Suite(
                    suite: s.suite, snapshotHash: s.snapshot.contentHash, snapshotSource: s.snapshot.source,
                    appVersion: s.snapshot.appVersion, appBuild: s.snapshot.appBuild, baseline: s.baseline.rawValue, passed: s.passed,
                    presses: s.replay.presses.map { p in
                        RunRecord.Press(trace: p.trace, press: p.press, x: p.at.x, y: p.at.y, outcome: p.outcome.rawValue, node: p.node,
                                        action: p.action, gesture: p.gesture, latencyMs: p.latencyMs, expect: p.expect, met: p.met,
                                        partOf: p.partOf)
                    },
                    targets: s.replay.coverage.map { t in
                        let r = s.replay.responsiveness[t.node]
                        return RunRecord.Target(node: t.node, action: t.action, own: t.own, stolen: t.stolen, blocked: t.blocked,
                                                ambiguous: t.ambiguous, disabled: t.disabled, miss: t.miss,
                                                expectedTries: r?.expectedTries ?? 0, firstTryMet: r?.firstTryMet ?? 0,
                                                p50LatencyMs: r?.p50LatencyMs, p95LatencyMs: r?.p95LatencyMs)
                    },
                    findings: (s.diff.regressions + s.diff.improvements + s.diff.notes).map { f in
                        RunRecord.Finding(kind: f.kind.rawValue, rule: f.rule.rawValue, trace: f.trace, press: f.press, x: f.at?.x, y: f.at?.y,
                                          node: f.node, before: f.before.map { FindingJSON.side($0).serialized(.compact) },
                                          after: f.after.map { FindingJSON.side($0).serialized(.compact) }, message: f.message)
                    })
            })
    }
}

/// JSON of findings, shared by history and the reports.
public enum FindingJSON {
    public static func side(_ s: Finding.Side) -> JSONValue {
        var pairs: [JSONValue.Pair] = []
        if let v = s.outcome { pairs.append(.init("outcome", .string(v))) }
        if s.outcome != nil || s.node != nil { pairs.append(.init("node", .string(s.node))) }
        if s.outcome != nil || s.action != nil { pairs.append(.init("action", .string(s.action))) }
        if s.outcome != nil { pairs.append(.init("latencyMs", s.latencyMs.map { .rounded($0) } ?? .null)) }
        if let v = s.own { pairs.append(.init("own", .rounded(v))) }
        if let v = s.miss { pairs.append(.init("miss", .rounded(v))) }
        return .object(pairs)
    }

    public static func finding(_ f: Finding) -> JSONValue {
        var pairs: [JSONValue.Pair] = [.init("rule", .string(f.rule.rawValue)), .init("suite", .string(f.suite))]
        if let t = f.trace { pairs.append(.init("trace", .string(t))) }
        if let p = f.press { pairs.append(.init("press", .number(p))) }
        if let a = f.at { pairs.append(.init("at", .array([.rounded(a.x), .rounded(a.y)]))) }
        pairs.append(.init("node", .string(f.node)))
        pairs.append(.init("action", .string(f.action)))
        if let e = f.expect { pairs.append(.init("expect", .string(e))) }
        pairs.append(.init("before", f.before.map(side) ?? .null))
        pairs.append(.init("after", f.after.map(side) ?? .null))
        pairs.append(.init("message", .string(f.message)))
        return .object(pairs)
    }
}
