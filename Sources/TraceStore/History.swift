import Foundation
import GRDB
import GRDBSQLite
import HistoryValues
import TapJSON

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
    /// A merged run: the key its shards share (`replay merge` records a run once).
    public var shardKey: String?

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
        public var baseline: BaselineState
        public var passed: Bool
        /// Row ids of the traces replayed.
        public var traces: [Int64]
        public var presses: Int
        public var fired: Int
        public var firstTries: Int
        public var firstTriesMet: Int
        /// Only presses that carry information: did not fire, changed against the baseline, or missed their expectation.
        public var pressRows: [Press]
        /// The same presses already grouped as `press_group` stores them (a merged shard's; `pressRows` is then empty).
        public var pressGroups: [PressGroupRow] = []

        /// Every informative press as `press_group` rows: `pressGroups` as they are when they are all, else
        /// grouped anew in one pass with `pressRows` (the groups' presses first).
        var allPressGroups: [PressGroupRow] {
            if pressRows.isEmpty { return pressGroups }
            return PressGroupRow.groups(pressGroups.flatMap(\.rows) + pressRows)
        }
        public var targets: [Target]
        public var findings: [Finding]
        /// The findings made ready elsewhere (a merge's); `findings` is then empty.
        public var findingTable: FindingTable?

        /// How many of its findings are of `kind` (counted in place: a copy of a finding retains each of its strings).
        func count(of kind: FindingKind) -> Int {
            if let findingTable { return findingTable.kinds[kind] ?? 0 }
            var n = 0
            for i in findings.indices where findings[i].kind == kind { n += 1 }
            return n
        }

        public init(suite: String, snapshotHash: String, snapshotSource: String?, appVersion: String?, appBuild: String?,
                    baseline: BaselineState, passed: Bool, traces: [Int64] = [], presses: Int = 0, fired: Int = 0,
                    firstTries: Int = 0, firstTriesMet: Int = 0, pressRows: [Press] = [], pressGroups: [PressGroupRow] = [],
                    targets: [Target], findings: [Finding]) {
            self.suite = suite; self.snapshotHash = snapshotHash; self.snapshotSource = snapshotSource
            self.appVersion = appVersion; self.appBuild = appBuild; self.baseline = baseline; self.passed = passed
            self.traces = traces; self.presses = presses; self.fired = fired; self.firstTries = firstTries
            self.firstTriesMet = firstTriesMet; self.pressRows = pressRows; self.pressGroups = pressGroups
            self.targets = targets; self.findings = findings
        }
    }

    /// A press as history stores it: integers (outcomes as their `OutcomeCode`), with names interned.
    public struct Press: Sendable {
        public var traceID: Int64, press: Int32, outcome: OutcomeCode
        public var node: String?, action: String?, latencyMs: Double?
        public var baselineOutcome: OutcomeCode?, baselineNode: String?, baselineAction: String?, baselineLatencyMs: Double?
        public var met: Bool?
        public init(traceID: Int64, press: Int32, outcome: OutcomeCode, node: String?, action: String?, latencyMs: Double?,
                    baselineOutcome: OutcomeCode?, baselineNode: String?, baselineAction: String?, baselineLatencyMs: Double?, met: Bool?) {
            self.traceID = traceID; self.press = press; self.outcome = outcome; self.node = node; self.action = action
            self.latencyMs = latencyMs; self.baselineOutcome = baselineOutcome; self.baselineNode = baselineNode
            self.baselineAction = baselineAction; self.baselineLatencyMs = baselineLatencyMs; self.met = met
        }
    }

    /// A trace's informative presses that hold the same but their numbers: a `press_group` row
    /// before its texts get their labels. A shard hands these over ready to append (docs/nightly-ci.md).
    public struct PressGroupRow: Sendable, Equatable {
        public var traceID: Int64, outcome: OutcomeCode
        public var node: String?, action: String?, latencyMs: Double?
        public var baselineOutcome: OutcomeCode?, baselineNode: String?, baselineAction: String?, baselineLatencyMs: Double?
        public var met: Bool?
        /// Its lowest press: where the group comes in its suite's fold order.
        public var firstPress: Int32
        /// Its press numbers as `press_group` stores them: a JSON array, in increasing order.
        public var presses: [UInt8]
        public init(traceID: Int64, outcome: OutcomeCode, node: String?, action: String?, latencyMs: Double?, baselineOutcome: OutcomeCode?,
                    baselineNode: String?, baselineAction: String?, baselineLatencyMs: Double?, met: Bool?, firstPress: Int32, presses: [UInt8]) {
            self.traceID = traceID; self.outcome = outcome; self.node = node; self.action = action; self.latencyMs = latencyMs
            self.baselineOutcome = baselineOutcome; self.baselineNode = baselineNode; self.baselineAction = baselineAction
            self.baselineLatencyMs = baselineLatencyMs; self.met = met; self.firstPress = firstPress; self.presses = presses
        }

        /// `rows` grouped as history would group them, in the order the groups first come.
        public static func groups(_ rows: [Press]) -> [PressGroupRow] { PressRows(rows).groupRows }

        /// Its presses one by one again.
        var rows: [Press] {
            (ShardRecord.pressList(presses) ?? []).map { p in
                Press(traceID: traceID, press: p, outcome: outcome, node: node, action: action, latencyMs: latencyMs, baselineOutcome: baselineOutcome,
                      baselineNode: baselineNode, baselineAction: baselineAction, baselineLatencyMs: baselineLatencyMs, met: met)
            }
        }
    }

    /// The findings of one trace's presses that share everything but the press: a `finding_group`
    /// row before its texts get their labels. A shard hands these over ready to append
    /// (docs/nightly-ci.md, "What a shard writes").
    public struct FindingGroupRow: Sendable, Equatable {
        public var kind: FindingKind, rule: FindingRule, trace: String
        public var node: String?, action: String?, expect: String?, probe: Bool
        public var reason: String?, message: String, before: String?, after: String?
        /// Where its first and last finding stand: in their block (a shard's: `FindingGroupRow.grouped`), or
        /// in the suite's list (`FindingTable`).
        public var first: Int, last: Int
        /// `[[offset, press, x, y(, partOf)], …]` as `finding_group` stores it, offsets from `first`.
        public var presses: [UInt8]
        /// Each finding's offset, press and place in its shard's list (fold order), one after the other
        /// (the merge checks the presses against its list).
        public var members: [Int32]
        public init(kind: FindingKind, rule: FindingRule, trace: String, node: String?, action: String?, expect: String?, probe: Bool,
                    reason: String?, message: String, before: String?, after: String?, first: Int, last: Int, presses: [UInt8], members: [Int32]) {
            self.kind = kind; self.rule = rule; self.trace = trace; self.node = node; self.action = action; self.expect = expect
            self.probe = probe; self.reason = reason; self.message = message; self.before = before; self.after = after
            self.first = first; self.last = last; self.presses = presses; self.members = members
        }
    }

    /// A suite's findings made ready for history elsewhere (a merge's, from its shards' groups): the
    /// findings of presses as `finding_group` rows, positioned in the suite's list, and the others
    /// as rows of their own. `Suite.findings` is then empty.
    public struct FindingTable: Sendable {
        /// How many findings the suite's list holds, and of which stored kind.
        public var count: Int
        public var kinds: [FindingKind: Int]
        /// The findings stored as rows of their own, by their place in the list, in order.
        public var singles: [(index: Int, finding: Finding)]
        /// The groups as handed over (each shard's placed within their blocks; the merge's own in the list), never copied one by one.
        public var groups: [[FindingGroupRow]]
        /// Every group in the order of its first finding: `groups[list][index]`, and how far its block begins in the list.
        public var order: [(list: Int32, index: Int32, shift: Int)]
        public init(count: Int, kinds: [FindingKind: Int], singles: [(index: Int, finding: Finding)], groups: [[FindingGroupRow]],
                    order: [(list: Int32, index: Int32, shift: Int)]) {
            self.count = count; self.kinds = kinds; self.singles = singles; self.groups = groups; self.order = order
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

    public struct Finding: Sendable, Equatable {
        public var kind: FindingKind, rule: FindingRule, trace: String?, press: Int?, x: Double?, y: Double?, node: String?
        public var before: String?, after: String?, message: String
        public var action: String?, expect: String?, probe: Bool
        /// The engine's reason for what the press does now (interned in `label`).
        public var reason: String?
        /// A press consumed by a multi-tap: the press that began it.
        public var partOf: Int?
        public init(kind: FindingKind, rule: FindingRule, trace: String?, press: Int?, x: Double?, y: Double?, node: String?,
                    before: String?, after: String?, message: String, action: String? = nil, expect: String? = nil,
                    probe: Bool = false, reason: String? = nil, partOf: Int? = nil) {
            self.kind = kind; self.rule = rule; self.trace = trace; self.press = press; self.x = x; self.y = y
            self.node = node; self.before = before; self.after = after; self.message = message
            self.action = action; self.expect = expect; self.probe = probe; self.reason = reason; self.partOf = partOf
        }
    }
}

extension TraceStore {
    /// Records a run: its suites, per-target results, findings, the traces each suite replayed
    /// and the presses that carry information, in one transaction with prepared, batched inserts.
    /// - Returns: the run's id.
    @discardableResult
    public func recordRun(_ run: RunRecord) throws -> Int64 {
        try writeTransaction { db in try TraceStore.insertRun(run, db: db).runID }
    }

    /// The recorded run whose shards share `key` (`replay merge` records a run once).
    public func run(shardKey key: String) throws -> Int64? {
        try read { try Int64.fetchOne($0, sql: "SELECT id FROM run WHERE shard_key = ?", arguments: [key]) }
    }

    /// Records a run whose suites come one at a time (`replay merge` hands each screen over as it is
    /// merged, so that it never holds the run's findings whole): `run` gives the run's own fields (its
    /// `suites` are not read); `next` gives each suite in turn, then nil; `end` then gives what is known
    /// only once every suite is in — whether the run passed, and when it finished. One transaction:
    /// should `next` throw, nothing of the run is stored.
    /// - Returns: the run's id.
    @discardableResult
    public func recordRun(_ run: RunRecord, suites next: () throws -> RunRecord.Suite?,
                          end: () -> (passed: Bool, finishedAt: String)) throws -> Int64 {
        try writeTransaction { db in
            var inserter = try RunInserter(run, db: db)
            while let suite = try next() { try inserter.add(suite) }
            let (passed, finishedAt) = end()
            try inserter.end(passed: passed, finishedAt: finishedAt)
            return inserter.runID
        }
    }

    /// Inserts a run's rows (inside the caller's transaction).
    /// - Returns: the run's id, each suite's id (in order), and the interned names.
    static func insertRun(_ run: RunRecord, db: Database) throws -> (runID: Int64, suiteIDs: [Int64], labels: Labels) {
        var inserter = try RunInserter(run, db: db, counting: run.suites)
        // The presses' groups and the findings' rows are prepared off this thread while it writes the others.
        let pressGroups = run.suites.map { $0.pressGroups.isEmpty ? PressRows.Preparation($0.pressRows) : nil }
        let preparing = run.suites.map { $0.findingTable == nil ? FindingRows.Preparation($0.findings) : nil }
        for (i, s) in run.suites.enumerated() { try inserter.add(s, pressGroups: pressGroups[i], findings: preparing[i]) }
        return (inserter.runID, inserter.suiteIDs, inserter.labels)
    }

    /// A run's rows as they are inserted, suite after suite (inside the caller's transaction).
    struct RunInserter {
        let db: Database
        let runID: Int64
        private(set) var suiteIDs: [Int64] = []
        private(set) var labels: Labels
        private let group: RawInsert, traced: RawInsert, target: Statement, finding: RawInsert, findingGroup: RawInsert
        /// The id the next finding gets.
        private var nextFinding: Int64
        private var regressions = 0, improvements = 0

        /// Inserts the run's own row: with the counts of `counting` when its suites are known now, else
        /// with none until `end`.
        init(_ run: RunRecord, db: Database, counting suites: [RunRecord.Suite]? = nil) throws {
            self.db = db
            let regressions = suites?.reduce(0) { $0 + $1.count(of: .regression) } ?? 0
            let improvements = suites?.reduce(0) { $0 + $1.count(of: .improvement) } ?? 0
            try db.execute(sql: """
                INSERT INTO run (started_at, finished_at, revision, passed, touch_radius, grid_step, settings, regressions, improvements, shard_key)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [run.startedAt, run.finishedAt, run.revision, run.passed, run.touchRadius, run.gridStep,
                                 run.settings, regressions, improvements, run.shardKey])
            runID = db.lastInsertedRowID
            group = RawInsert(try db.makeStatement(sql: """
                INSERT INTO press_group (run_suite_id, trace_id, outcome, baseline_outcome, presses, node_id, action_id, latency_ms,
                                         baseline_node_id, baseline_action_id, baseline_latency_ms, met)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """))
            traced = RawInsert(try db.makeStatement(sql: "INSERT OR IGNORE INTO run_trace (run_suite_id, trace_id) VALUES (?, ?)"))
            target = try db.makeStatement(sql: """
                INSERT INTO target_result (run_suite_id, node, action, own, stolen, blocked, ambiguous, disabled, miss,
                                           expected_tries, first_try_met, p50_latency_ms, p95_latency_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            finding = RawInsert(try db.makeStatement(sql: """
                INSERT INTO finding_row (id, run_suite_id, kind, rule, trace, press, x, y, node, before, after, message,
                                         action, expect, probe, reason_id, part_of, message_id, before_id, after_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, '', ?, ?, ?, ?, ?, ?, ?, ?)
                """))
            findingGroup = RawInsert(try db.makeStatement(sql: """
                INSERT INTO finding_group (run_suite_id, first_id, last_id, kind, rule, trace, node, action, expect, probe,
                                           reason_id, message_id, before_id, after_id, presses)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """))
            labels = try Labels(db)
            // Findings are numbered on from the last one stored, in the order of the run's list: the view
            // `finding` reads them back in that order whether they went in `finding_row` or a group. (The
            // last one stored is in the newest suite that has groups: found by index, not by a scan.)
            nextFinding = try Int64.fetchOne(db, sql: """
                SELECT max(m) FROM (SELECT max(id) AS m FROM finding_row
                                    UNION ALL SELECT max(last_id) FROM finding_group
                                              WHERE run_suite_id = (SELECT max(run_suite_id) FROM finding_group))
                """).map { $0 + 1 } ?? 1
        }

        /// The run's fields known once every suite is in (a run inserted suite by suite).
        func end(passed: Bool, finishedAt: String) throws {
            try db.execute(sql: "UPDATE run SET passed = ?, finished_at = ?, regressions = ?, improvements = ? WHERE id = ?",
                           arguments: [passed, finishedAt, regressions, improvements, runID])
        }

        /// Inserts a suite's rows.
        /// - Parameters:
        ///   - pressGroups: its presses grouped elsewhere meanwhile, when it has rows rather than groups.
        ///   - findings: its findings' rows prepared elsewhere meanwhile, when it has no `findingTable`.
        mutating func add(_ s: RunRecord.Suite, pressGroups: PressRows.Preparation? = nil, findings preparing: FindingRows.Preparation? = nil) throws {
            regressions += s.count(of: .regression)
            improvements += s.count(of: .improvement)
            try db.execute(sql: """
                INSERT INTO run_suite (run_id, suite, snapshot_hash, snapshot_source, app_version, app_build, baseline, passed,
                                       regressions, improvements, traces, presses, fired, first_tries, first_tries_met)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [runID, s.suite, s.snapshotHash, s.snapshotSource, s.appVersion, s.appBuild, s.baseline, s.passed,
                                 s.count(of: .regression), s.count(of: .improvement),
                                 s.traces.count, s.presses, s.fired, s.firstTries, s.firstTriesMet])
            let suiteID = db.lastInsertedRowID
            suiteIDs.append(suiteID)
            for t in s.traces { try traced.row { b in b.int(suiteID); b.int(t) } }
            // Presses: one row per trace and everything else a press holds, its press numbers a JSON array.
            for (key, presses) in try pressGroups?.wait().rows(labels: &labels) ?? PressRows.rows(of: s.allPressGroups, labels: &labels) {
                try group.row { b in
                    b.int(suiteID); b.int(key.traceID); b.int(Int64(key.outcome)); b.int(key.baselineOutcome.map(Int64.init))
                    b.text(utf8: presses)
                    b.int(key.node); b.int(key.action); b.double(key.latencyMs)
                    b.int(key.baselineNode); b.int(key.baselineAction); b.double(key.baselineLatencyMs)
                    b.int(key.met.map { $0 ? 1 : 0 })
                }
            }
            for t in s.targets {
                try target.execute(arguments: [suiteID, t.node, t.action, t.own, t.stolen, t.blocked, t.ambiguous, t.disabled, t.miss,
                                               t.expectedTries, t.firstTryMet, t.p50LatencyMs, t.p95LatencyMs])
            }
            // Findings: a press's finding joins the group of its trace and message; any other is a row
            // (prepared meanwhile, in two halves for a large suite: `FindingRows`).
            // (Each part's rows, then its groups: a group never spans two parts, and each table gets its rows in order.)
            if let table = s.findingTable {
                try TraceStore.insert(table, suiteID: suiteID, from: nextFinding, labels: &labels, finding: finding, findingGroup: findingGroup)
                nextFinding += Int64(table.count)
                return
            }
            for part in (preparing ?? FindingRows.Preparation(s.findings)).wait() {
                let partIDs = try part.texts.map { try labels.id($0)! }
                func id(_ i: Int32) -> Int64? { i < 0 ? nil : partIDs[Int(i)] }
                for r in part.singles {
                    let f = s.findings[r.index]
                    try finding.row { b in
                        b.int(nextFinding + Int64(r.index)); b.int(suiteID); b.text(f.kind.rawValue); b.text(f.rule.rawValue); b.text(f.trace)
                        b.int(f.press.map(Int64.init)); b.double(f.x); b.double(f.y); b.text(f.node)
                        b.text(f.action); b.text(f.expect); b.int(f.probe ? 1 : 0); b.int(id(r.reason)); b.int(f.partOf.map(Int64.init))
                        b.int(id(r.message)); b.int(id(r.before)); b.int(id(r.after))
                    }
                }
                for g in part.groups {
                    let k = g.key
                    try findingGroup.row { b in
                        b.int(suiteID); b.int(nextFinding + Int64(g.first)); b.int(nextFinding + Int64(g.last))
                        b.text(part.name(k.kind)); b.text(part.name(k.rule)); b.text(part.name(k.trace)); b.text(part.name(k.node))
                        b.text(part.name(k.action)); b.text(part.name(k.expect))
                        b.int(k.probe ? 1 : 0); b.int(id(k.reason)); b.int(id(k.message)); b.int(id(k.before)); b.int(id(k.after))
                        b.text(utf8: g.presses.bytes)
                    }
                }
            }
            nextFinding += Int64(s.findings.count)
        }
    }

    /// A suite's findings made ready elsewhere, numbered on from `first`. Their texts get their labels in
    /// the order of the list (a single's at its place, a group's at its first finding), so every label
    /// has the id one pass over the findings gives it (`FindingRows`).
    private static func insert(_ table: RunRecord.FindingTable, suiteID: Int64, from first: Int64, labels: inout Labels,
                               finding: RawInsert, findingGroup: RawInsert) throws {
        typealias IDs = (reason: Int64?, message: Int64?, before: Int64?, after: Int64?)
        var singleIDs: [IDs] = [], groupIDs: [IDs] = []
        singleIDs.reserveCapacity(table.singles.count); groupIDs.reserveCapacity(table.order.count)
        // Each group read in place (a copy of one retains each of its strings).
        func withGroup<R>(_ n: Int, _ body: (UnsafePointer<RunRecord.FindingGroupRow>) throws -> R) rethrows -> R {
            let o = table.order[n]
            return try table.groups[Int(o.list)].withUnsafeBufferPointer { try body($0.baseAddress! + Int(o.index)) }
        }
        var s = 0, g = 0
        while s < table.singles.count || g < table.order.count {
            if g == table.order.count || (s < table.singles.count && table.singles[s].index < withGroup(g) { $0.pointee.first } + table.order[g].shift) {
                let f = table.singles[s].finding
                singleIDs.append((try labels.id(f.reason), try labels.id(f.message), try labels.id(f.before), try labels.id(f.after)))
                s += 1
            } else {
                groupIDs.append(try withGroup(g) { k in
                    (try labels.id(k.pointee.reason), try labels.id(k.pointee.message), try labels.id(k.pointee.before), try labels.id(k.pointee.after))
                })
                g += 1
            }
        }
        for ((index, f), ids) in zip(table.singles, singleIDs) {
            try finding.row { b in
                b.int(first + Int64(index)); b.int(suiteID); b.text(f.kind.rawValue); b.text(f.rule.rawValue); b.text(f.trace)
                b.int(f.press.map(Int64.init)); b.double(f.x); b.double(f.y); b.text(f.node)
                b.text(f.action); b.text(f.expect); b.int(f.probe ? 1 : 0); b.int(ids.reason); b.int(f.partOf.map(Int64.init))
                b.int(ids.message); b.int(ids.before); b.int(ids.after)
            }
        }
        for (n, ids) in groupIDs.enumerated() {
            let shift = table.order[n].shift
            try withGroup(n) { k in
                try findingGroup.row { b in
                    b.int(suiteID); b.int(first + Int64(k.pointee.first + shift)); b.int(first + Int64(k.pointee.last + shift))
                    b.text(k.pointee.kind.rawValue); b.text(k.pointee.rule.rawValue); b.text(k.pointee.trace); b.text(k.pointee.node)
                    b.text(k.pointee.action); b.text(k.pointee.expect)
                    b.int(k.pointee.probe ? 1 : 0); b.int(ids.reason); b.int(ids.message); b.int(ids.before); b.int(ids.after)
                    b.text(utf8: k.pointee.presses)
                }
            }
        }
    }

    /// Deletes runs (with everything recorded for them) older than the newest `keepRuns`,
    /// or started before `before` (an ISO 8601 time); labels no longer used go too.
    /// - Returns: how many runs were deleted.
    @discardableResult
    public func pruneRuns(keepRuns: Int? = nil, before: String? = nil) throws -> Int {
        try writeTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = ON")
            var deleted = 0
            if let keepRuns {
                try db.execute(sql: "DELETE FROM run WHERE id NOT IN (SELECT id FROM run ORDER BY id DESC LIMIT ?)", arguments: [keepRuns])
                deleted += db.changesCount
            }
            if let before {
                try db.execute(sql: "DELETE FROM run WHERE started_at < ?", arguments: [before])
                deleted += db.changesCount
            }
            // Children by hand as well, whatever the foreign-key setting of the connection.
            try db.execute(sql: """
                DELETE FROM run_suite WHERE run_id NOT IN (SELECT id FROM run);
                DELETE FROM press_detail WHERE run_suite_id NOT IN (SELECT id FROM run_suite);
                DELETE FROM press_group WHERE run_suite_id NOT IN (SELECT id FROM run_suite);
                DELETE FROM run_trace WHERE run_suite_id NOT IN (SELECT id FROM run_suite);
                DELETE FROM target_result WHERE run_suite_id NOT IN (SELECT id FROM run_suite);
                DELETE FROM finding_row WHERE run_suite_id NOT IN (SELECT id FROM run_suite);
                DELETE FROM finding_group WHERE run_suite_id NOT IN (SELECT id FROM run_suite);
                DELETE FROM label WHERE id NOT IN (SELECT node_id FROM press_detail WHERE node_id IS NOT NULL
                    UNION SELECT action_id FROM press_detail WHERE action_id IS NOT NULL
                    UNION SELECT baseline_node_id FROM press_detail WHERE baseline_node_id IS NOT NULL
                    UNION SELECT baseline_action_id FROM press_detail WHERE baseline_action_id IS NOT NULL
                    UNION SELECT node_id FROM press_group WHERE node_id IS NOT NULL
                    UNION SELECT action_id FROM press_group WHERE action_id IS NOT NULL
                    UNION SELECT baseline_node_id FROM press_group WHERE baseline_node_id IS NOT NULL
                    UNION SELECT baseline_action_id FROM press_group WHERE baseline_action_id IS NOT NULL
                    UNION SELECT reason_id FROM finding_row WHERE reason_id IS NOT NULL
                    UNION SELECT message_id FROM finding_row WHERE message_id IS NOT NULL
                    UNION SELECT before_id FROM finding_row WHERE before_id IS NOT NULL
                    UNION SELECT after_id FROM finding_row WHERE after_id IS NOT NULL
                    UNION SELECT reason_id FROM finding_group WHERE reason_id IS NOT NULL
                    UNION SELECT message_id FROM finding_group
                    UNION SELECT before_id FROM finding_group WHERE before_id IS NOT NULL
                    UNION SELECT after_id FROM finding_group WHERE after_id IS NOT NULL);
                """)
            return deleted
        }
    }

    /// Runs, newest first; only those that replayed `suite` when given.
    public func runs(suite: String? = nil, last: Int? = nil) throws -> [RunSummary] {
        try runs(suites: suite.map { [$0] } ?? [], last: last)
    }

    /// Runs, newest first; with `suites`, only those that replayed one of them, each listing only those suites.
    public func runs(suites: [String], last: Int? = nil) throws -> [RunSummary] {
        try read { db in
            let runs = try Row.fetchAll(db, sql: """
                SELECT r.id, r.started_at, r.revision, r.passed, r.regressions, r.improvements FROM run r
                WHERE ?1 IS NULL OR EXISTS (SELECT 1 FROM run_suite s WHERE s.run_id = r.id AND \(Self.suiteIn("s.suite")))
                ORDER BY r.id DESC LIMIT ?2
                """, arguments: [Self.suiteList(suites), last ?? -1])
            return try runs.map { r in
                let id: Int64 = r[RunSummary.Columns.id]
                let suites = try Row.fetchAll(db, sql: """
                    SELECT s.suite, s.app_build, s.snapshot_hash, s.baseline, s.passed, s.regressions,
                           s.presses
                    FROM run_suite s WHERE s.run_id = ?2 AND (?1 IS NULL OR \(Self.suiteIn("s.suite"))) ORDER BY s.suite
                    """, arguments: [Self.suiteList(suites), id]).map { try RunSummary.SuiteSummary(row: $0) }
                return RunSummary(row: r, suites: suites)
            }
        }
    }

    /// Per-target trend: own fraction and first-try success in each of the last runs, oldest first.
    public func targetTrends(suite: String? = nil, target: String? = nil, last: Int? = nil) throws -> [TargetTrendPoint] {
        try targetTrends(suites: suite.map { [$0] } ?? [], target: target, last: last)
    }

    /// The same for several suites (`replay history --screen A --screen B`); empty: every suite.
    public func targetTrends(suites: [String], target: String? = nil, last: Int? = nil) throws -> [TargetTrendPoint] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT r.id, r.started_at, r.revision, s.suite, s.app_build, t.node, t.own, t.miss, t.expected_tries, t.first_try_met
                FROM target_result t JOIN run_suite s ON s.id = t.run_suite_id JOIN run r ON r.id = s.run_id
                WHERE (?1 IS NULL OR \(Self.suiteIn("s.suite"))) AND (?2 IS NULL OR t.node = ?2)
                  AND r.id IN (SELECT r2.id FROM run r2
                               WHERE ?1 IS NULL OR EXISTS (SELECT 1 FROM run_suite s2 WHERE s2.run_id = r2.id AND \(Self.suiteIn("s2.suite")))
                               ORDER BY r2.id DESC LIMIT ?3)
                ORDER BY s.suite, t.node, r.id
                """, arguments: [Self.suiteList(suites), target, last ?? -1]).map(TargetTrendPoint.init(row:))
        }
    }

    /// `?1` holds the suites as a JSON array (NULL: every suite); this tests a column against it.
    static func suiteIn(_ column: String) -> String { "\(column) IN (SELECT value FROM json_each(?1))" }

    /// The `?1` argument of `suiteIn`: NULL for every suite.
    static func suiteList(_ suites: [String]) -> String? {
        guard !suites.isEmpty else { return nil }
        var w = JSONWriter(style: .compact)
        w.array(suites) { w, s in w.string(s) }
        return w.text
    }

    /// Presses whose outcome differs between runs of the same snapshot (same content hash).
    /// A press with no history row in a run that replayed its trace fired as on the baseline.
    public func flakyPresses(suite: String? = nil, last: Int? = nil) throws -> [FlakyPress] {
        try flakyPresses(suites: suite.map { [$0] } ?? [], last: last)
    }

    /// The same for several suites; empty: every suite.
    public func flakyPresses(suites: [String], last: Int? = nil) throws -> [FlakyPress] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                WITH suites AS (
                    SELECT s.id, s.suite, s.snapshot_hash, s.app_build, s.run_id FROM run_suite s
                    WHERE s.run_id IN (SELECT id FROM run ORDER BY id DESC LIMIT ?2) AND (?1 IS NULL OR \(Self.suiteIn("s.suite")))),
                stored AS (
                    SELECT su.suite, su.snapshot_hash, p.trace_id, p.press, p.outcome, su.run_id
                    FROM press_outcome p JOIN suites su ON su.id = p.run_suite_id),
                keys AS (SELECT DISTINCT suite, snapshot_hash, trace_id, press FROM stored)
                SELECT k.suite, k.snapshot_hash, su.app_build, t.name AS trace, k.press, su.run_id, st.outcome
                FROM keys k
                JOIN suites su ON su.suite = k.suite AND su.snapshot_hash = k.snapshot_hash
                JOIN run_trace rt ON rt.run_suite_id = su.id AND rt.trace_id = k.trace_id
                JOIN trace t ON t.id = k.trace_id
                LEFT JOIN stored st ON st.suite = k.suite AND st.snapshot_hash = k.snapshot_hash AND st.trace_id = k.trace_id
                                   AND st.press = k.press AND st.run_id = su.run_id
                ORDER BY k.suite, k.snapshot_hash, t.name, k.press, su.run_id
                """, arguments: [Self.suiteList(suites), last ?? -1])
            var out: [FlakyPress] = []
            for r in rows {
                let key = (r["suite"] as String, r["snapshot_hash"] as String, r["trace"] as String, r["press"] as Int)
                // No row: the press fired as on the baseline. A code outside the table is an error.
                let code = try (r["outcome"] as Int64?).map { try OutcomeCode(stored: $0, in: "history (press_outcome of run \(r["run_id"] as Int64))") }
                let outcome = code.map(FlakyPress.Outcome.init) ?? .fired
                if let lastFlaky = out.last, lastFlaky.suite == key.0, lastFlaky.snapshotHash == key.1,
                   lastFlaky.trace == key.2, lastFlaky.press == key.3 {
                    out[out.count - 1].outcomes.append((r["run_id"], outcome))
                } else {
                    out.append(FlakyPress(suite: key.0, snapshotHash: key.1, appBuild: r["app_build"], trace: key.2, press: key.3,
                                          outcomes: [(r["run_id"], outcome)]))
                }
            }
            return out.filter { Set($0.outcomes.map(\.outcome)).count > 1 }
        }
    }

    /// The suites history knows, for "did you mean" on `--suite`.
    public func knownSuites() throws -> [String] {
        try read { try String.fetchAll($0, sql: "SELECT DISTINCT suite FROM run_suite ORDER BY suite") }
    }
}

/// Interned names: the id of each text in `label`, inserting what is new.
struct Labels {
    let insert: Statement
    /// Each stored text's id, and whether `seen` holds a string of it yet.
    var known: [Key: (id: Int64, seen: Bool)] = [:]
    /// The id of a string asked for before, by its representation: a run's rows hand the very
    /// same string (a node's name, a finding's side) hundreds of thousands of times, and this
    /// finds it without reading its text. One string per label is kept here (so no other string
    /// can take its place in memory); a text built afresh each time is found by its bytes.
    private var seen: [Same: (text: String, id: Int64)] = [:]

    /// A label as SQLite compares it: by its UTF-8 bytes.
    typealias Key = TextKey
    typealias Same = TextKey.Same

    /// Every label already stored, and a statement for new ones.
    init(_ db: Database) throws {
        insert = try db.makeStatement(sql: "INSERT INTO label (text) VALUES (?)")
        for row in try Row.fetchAll(db, sql: "SELECT id, text FROM label") { known[Key(row["text"])] = (row["id"], false) }
    }

    mutating func id(_ text: String?) throws -> Int64? {
        guard let text else { return nil }
        let same = Same(text)
        if let (_, id) = seen[same] { return id }
        let key = Key(text)
        if let i = known.index(forKey: key) {
            let (id, kept) = known.values[i]
            if !kept {
                known.values[i].seen = true
                seen[same] = (text, id)
            }
            return id
        }
        try RawInsert(insert).row { b in b.text(text) }
        let id = sqlite3_last_insert_rowid(sqlite3_db_handle(insert.sqliteStatement))
        known[key] = (id, true)
        seen[same] = (text, id)
        return id
    }
}

// MARK: - Database

extension TargetTrendPoint: FetchableRecord {
    /// Columns of the trend query (`run`, `run_suite`, `target_result`).
    enum Columns {
        static let runID = Column("id"), startedAt = Column("started_at"), revision = Column("revision"), suite = Column("suite")
        static let appBuild = Column("app_build"), node = Column("node"), own = Column("own"), miss = Column("miss")
        static let expectedTries = Column("expected_tries"), firstTryMet = Column("first_try_met")
    }

    public init(row: Row) {
        self.init(runID: row[Columns.runID], startedAt: row[Columns.startedAt], revision: row[Columns.revision], suite: row[Columns.suite],
                  appBuild: row[Columns.appBuild], node: row[Columns.node], own: row[Columns.own], miss: row[Columns.miss],
                  expectedTries: row[Columns.expectedTries], firstTryMet: row[Columns.firstTryMet])
    }
}

extension RunSummary {
    /// The `run` table's columns a summary is read from.
    enum Columns {
        static let id = Column("id"), startedAt = Column("started_at"), revision = Column("revision"), passed = Column("passed")
        static let regressions = Column("regressions"), improvements = Column("improvements")
    }

    init(row: Row, suites: [SuiteSummary]) {
        self.init(id: row[Columns.id], startedAt: row[Columns.startedAt], revision: row[Columns.revision], passed: row[Columns.passed],
                  regressions: row[Columns.regressions], improvements: row[Columns.improvements], suites: suites)
    }
}

extension RunSummary.SuiteSummary: FetchableRecord {
    /// The `run_suite` table's columns a suite's summary is read from.
    enum Columns {
        static let suite = Column("suite"), appBuild = Column("app_build"), snapshotHash = Column("snapshot_hash")
        static let baseline = Column("baseline"), passed = Column("passed"), regressions = Column("regressions"), presses = Column("presses")
    }

    public init(row: Row) throws {
        let baseline = try (row[Columns.baseline] as String?).map { try BaselineState(stored: $0, in: "history (run_suite of \(row[Columns.suite] as String))") }
        self.init(suite: row[Columns.suite], appBuild: row[Columns.appBuild], snapshotHash: row[Columns.snapshotHash],
                  baseline: baseline, passed: row[Columns.passed], regressions: row[Columns.regressions],
                  presses: row[Columns.presses])
    }
}
