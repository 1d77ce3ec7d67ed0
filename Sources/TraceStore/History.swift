import Foundation
import GRDB

/// A run as history stores it: plain values, so the store needs nothing of the engine.
public struct RunRecord: Sendable {
    public var startedAt: String
    public var finishedAt: String
    public var revision: String?
    public var passed: Bool
    public var touchRadius: Double
    public var gridStep: Double
    /// JSON of every tunable.
    public var settings: String
    public var suites: [Suite]

    public init(startedAt: String, finishedAt: String, revision: String?, passed: Bool, touchRadius: Double, gridStep: Double,
                settings: String, suites: [Suite]) {
        self.startedAt = startedAt; self.finishedAt = finishedAt; self.revision = revision; self.passed = passed
        self.touchRadius = touchRadius; self.gridStep = gridStep; self.settings = settings; self.suites = suites
    }

    public struct Suite: Sendable {
        public var suite: String
        public var snapshotHash: String
        public var snapshotSource: String?
        public var appVersion: String?
        public var appBuild: String?
        /// compared | written | missing | none | recorded
        public var baseline: String
        public var passed: Bool
        public var presses: [Press]
        public var targets: [Target]
        public var findings: [Finding]

        public init(suite: String, snapshotHash: String, snapshotSource: String?, appVersion: String?, appBuild: String?,
                    baseline: String, passed: Bool, presses: [Press], targets: [Target], findings: [Finding]) {
            self.suite = suite; self.snapshotHash = snapshotHash; self.snapshotSource = snapshotSource
            self.appVersion = appVersion; self.appBuild = appBuild; self.baseline = baseline; self.passed = passed
            self.presses = presses; self.targets = targets; self.findings = findings
        }
    }

    public struct Press: Sendable {
        public var trace: String, press: Int, x: Double, y: Double, outcome: String
        public var node: String?, action: String?, gesture: String?, latencyMs: Double?, expect: String?, met: Bool?, partOf: Int?
        public init(trace: String, press: Int, x: Double, y: Double, outcome: String, node: String?, action: String?,
                    gesture: String?, latencyMs: Double?, expect: String?, met: Bool?, partOf: Int?) {
            self.trace = trace; self.press = press; self.x = x; self.y = y; self.outcome = outcome; self.node = node
            self.action = action; self.gesture = gesture; self.latencyMs = latencyMs; self.expect = expect; self.met = met; self.partOf = partOf
        }
    }

    public struct Target: Sendable {
        public var node: String, action: String?
        public var own: Double, stolen: Double, blocked: Double, ambiguous: Double, disabled: Double, miss: Double
        public var expectedTries: Int, firstTryMet: Int, p50LatencyMs: Double?, p95LatencyMs: Double?
        public init(node: String, action: String?, own: Double, stolen: Double, blocked: Double, ambiguous: Double, disabled: Double,
                    miss: Double, expectedTries: Int, firstTryMet: Int, p50LatencyMs: Double?, p95LatencyMs: Double?) {
            self.node = node; self.action = action; self.own = own; self.stolen = stolen; self.blocked = blocked
            self.ambiguous = ambiguous; self.disabled = disabled; self.miss = miss; self.expectedTries = expectedTries
            self.firstTryMet = firstTryMet; self.p50LatencyMs = p50LatencyMs; self.p95LatencyMs = p95LatencyMs
        }
    }

    public struct Finding: Sendable {
        public var kind: String, rule: String, trace: String?, press: Int?, x: Double?, y: Double?, node: String?
        public var before: String?, after: String?, message: String
        public init(kind: String, rule: String, trace: String?, press: Int?, x: Double?, y: Double?, node: String?,
                    before: String?, after: String?, message: String) {
            self.kind = kind; self.rule = rule; self.trace = trace; self.press = press; self.x = x; self.y = y
            self.node = node; self.before = before; self.after = after; self.message = message
        }
    }
}

/// One past run, for `replay history`.
public struct RunSummary: Sendable, Equatable {
    public var id: Int64
    public var startedAt: String
    public var revision: String?
    public var passed: Bool
    public var regressions: Int
    public var improvements: Int
    public var suites: [SuiteSummary]

    public struct SuiteSummary: Sendable, Equatable {
        public var suite: String
        public var appBuild: String?
        public var snapshotHash: String
        public var baseline: String?
        public var passed: Bool
        public var regressions: Int
        public var presses: Int
    }
}

/// A target's coverage and first-try success in one run.
public struct TargetTrendPoint: Sendable, Equatable {
    public var runID: Int64
    public var startedAt: String
    public var revision: String?
    public var suite: String
    public var appBuild: String?
    public var node: String
    public var own: Double
    public var miss: Double
    public var expectedTries: Int
    public var firstTryMet: Int
}

/// A press whose outcome differs between runs of the same snapshot.
public struct FlakyPress: Sendable, Equatable {
    public var suite: String
    public var snapshotHash: String
    public var appBuild: String?
    public var trace: String
    public var press: Int
    /// (run id, outcome), oldest first.
    public var outcomes: [(run: Int64, outcome: String)]

    public static func == (a: FlakyPress, b: FlakyPress) -> Bool {
        a.suite == b.suite && a.snapshotHash == b.snapshotHash && a.trace == b.trace && a.press == b.press
            && a.outcomes.map(\.run) == b.outcomes.map(\.run) && a.outcomes.map(\.outcome) == b.outcomes.map(\.outcome)
    }
}

extension TraceStore {
    /// Records a run, its suites, every press and target result and every finding, in one transaction.
    /// - Returns: the run's id.
    @discardableResult
    public func recordRun(_ run: RunRecord) throws -> Int64 {
        try writeTransaction { db in
            let regressions = run.suites.reduce(0) { $0 + $1.findings.filter { $0.kind == "regression" }.count }
            let improvements = run.suites.reduce(0) { $0 + $1.findings.filter { $0.kind == "improvement" }.count }
            try db.execute(sql: """
                INSERT INTO run (started_at, finished_at, revision, passed, touch_radius, grid_step, settings, regressions, improvements)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [run.startedAt, run.finishedAt, run.revision, run.passed, run.touchRadius, run.gridStep,
                                 run.settings, regressions, improvements])
            let runID = db.lastInsertedRowID
            let press = try db.makeStatement(sql: """
                INSERT INTO press_result (run_suite_id, trace, press, x, y, outcome, node, action, gesture, latency_ms, expect, met, part_of)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let target = try db.makeStatement(sql: """
                INSERT INTO target_result (run_suite_id, node, action, own, stolen, blocked, ambiguous, disabled, miss,
                                           expected_tries, first_try_met, p50_latency_ms, p95_latency_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let finding = try db.makeStatement(sql: """
                INSERT INTO finding (run_suite_id, kind, rule, trace, press, x, y, node, before, after, message)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for s in run.suites {
                try db.execute(sql: """
                    INSERT INTO run_suite (run_id, suite, snapshot_hash, snapshot_source, app_version, app_build, baseline, passed,
                                           regressions, improvements)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [runID, s.suite, s.snapshotHash, s.snapshotSource, s.appVersion, s.appBuild, s.baseline, s.passed,
                                     s.findings.filter { $0.kind == "regression" }.count, s.findings.filter { $0.kind == "improvement" }.count])
                let suiteID = db.lastInsertedRowID
                let raw = RawInsert(press)
                for p in s.presses {
                    try raw.row { b in
                        b.int(suiteID); b.text(p.trace); b.int(Int64(p.press)); b.double(p.x); b.double(p.y); b.text(p.outcome)
                        b.text(p.node); b.text(p.action); b.text(p.gesture); b.double(p.latencyMs); b.text(p.expect)
                        b.int(p.met.map { $0 ? 1 : 0 }); b.int(p.partOf.map(Int64.init))
                    }
                }
                for t in s.targets {
                    try target.execute(arguments: [suiteID, t.node, t.action, t.own, t.stolen, t.blocked, t.ambiguous, t.disabled, t.miss,
                                                   t.expectedTries, t.firstTryMet, t.p50LatencyMs, t.p95LatencyMs])
                }
                for f in s.findings {
                    try finding.execute(arguments: [suiteID, f.kind, f.rule, f.trace, f.press, f.x, f.y, f.node, f.before, f.after, f.message])
                }
            }
            return runID
        }
    }

    /// Runs, newest first; only those that replayed `suite` when given.
    public func runs(suite: String? = nil, last: Int? = nil) throws -> [RunSummary] {
        try read { db in
            let runs = try Row.fetchAll(db, sql: """
                SELECT r.id, r.started_at, r.revision, r.passed, r.regressions, r.improvements FROM run r
                WHERE ?1 IS NULL OR EXISTS (SELECT 1 FROM run_suite s WHERE s.run_id = r.id AND s.suite = ?1)
                ORDER BY r.id DESC LIMIT ?2
                """, arguments: [suite, last ?? -1])
            return try runs.map { r in
                let id: Int64 = r["id"]
                let suites = try Row.fetchAll(db, sql: """
                    SELECT s.suite, s.app_build, s.snapshot_hash, s.baseline, s.passed, s.regressions,
                           (SELECT count(*) FROM press_result p WHERE p.run_suite_id = s.id) AS presses
                    FROM run_suite s WHERE s.run_id = ? ORDER BY s.suite
                    """, arguments: [id]).map { s in
                    RunSummary.SuiteSummary(suite: s["suite"], appBuild: s["app_build"], snapshotHash: s["snapshot_hash"],
                                            baseline: s["baseline"], passed: s["passed"], regressions: s["regressions"], presses: s["presses"])
                }
                return RunSummary(id: id, startedAt: r["started_at"], revision: r["revision"], passed: r["passed"],
                                  regressions: r["regressions"], improvements: r["improvements"], suites: suites)
            }
        }
    }

    /// Per-target trend: own fraction and first-try success in each of the last runs, oldest first.
    public func targetTrends(suite: String? = nil, target: String? = nil, last: Int? = nil) throws -> [TargetTrendPoint] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT r.id, r.started_at, r.revision, s.suite, s.app_build, t.node, t.own, t.miss, t.expected_tries, t.first_try_met
                FROM target_result t JOIN run_suite s ON s.id = t.run_suite_id JOIN run r ON r.id = s.run_id
                WHERE (?1 IS NULL OR s.suite = ?1) AND (?2 IS NULL OR t.node = ?2)
                  AND r.id IN (SELECT r2.id FROM run r2
                               WHERE ?1 IS NULL OR EXISTS (SELECT 1 FROM run_suite s2 WHERE s2.run_id = r2.id AND s2.suite = ?1)
                               ORDER BY r2.id DESC LIMIT ?3)
                ORDER BY s.suite, t.node, r.id
                """, arguments: [suite, target, last ?? -1]).map { r in
                TargetTrendPoint(runID: r["id"], startedAt: r["started_at"], revision: r["revision"], suite: r["suite"],
                                 appBuild: r["app_build"], node: r["node"], own: r["own"], miss: r["miss"],
                                 expectedTries: r["expected_tries"], firstTryMet: r["first_try_met"])
            }
        }
    }

    /// Presses whose outcome differs between runs of the same snapshot (same content hash).
    public func flakyPresses(suite: String? = nil, last: Int? = nil) throws -> [FlakyPress] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                WITH recent AS (SELECT id FROM run ORDER BY id DESC LIMIT ?2),
                results AS (
                    SELECT s.suite, s.snapshot_hash, s.app_build, p.trace, p.press, p.outcome, r.id AS run_id
                    FROM press_result p JOIN run_suite s ON s.id = p.run_suite_id JOIN run r ON r.id = s.run_id
                    WHERE r.id IN (SELECT id FROM recent) AND (?1 IS NULL OR s.suite = ?1))
                SELECT * FROM results WHERE (suite, snapshot_hash, trace, press) IN (
                    SELECT suite, snapshot_hash, trace, press FROM results
                    GROUP BY suite, snapshot_hash, trace, press HAVING count(DISTINCT outcome) > 1)
                ORDER BY suite, snapshot_hash, trace, press, run_id
                """, arguments: [suite, last ?? -1])
            var out: [FlakyPress] = []
            for r in rows {
                let key = (r["suite"] as String, r["snapshot_hash"] as String, r["trace"] as String, r["press"] as Int)
                if let lastFlaky = out.last, lastFlaky.suite == key.0, lastFlaky.snapshotHash == key.1,
                   lastFlaky.trace == key.2, lastFlaky.press == key.3 {
                    out[out.count - 1].outcomes.append((r["run_id"], r["outcome"]))
                } else {
                    out.append(FlakyPress(suite: key.0, snapshotHash: key.1, appBuild: r["app_build"], trace: key.2, press: key.3,
                                          outcomes: [(r["run_id"], r["outcome"])]))
                }
            }
            return out
        }
    }
}
