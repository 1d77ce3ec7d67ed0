import Foundation
import GRDB
import GRDBSQLite
import HistoryValues
import TapJSON

/// One shard's part of a run as a shard file holds it (`replay run --shard i/n
/// --shard-out FILE`): a database of the history schema holding the run's rows
/// for the traces this shard replayed — the run, its suites with their counts,
/// the traces replayed — plus what an exact merge needs beyond them (the `shard_*`
/// tables: the findings and informative presses in the order the shard folded them,
/// every text an id into `label`; latency histograms, first tries, retry bursts,
/// expectations, picture marks, trace-fit counts) and the snapshots replayed
/// against. Plain values: the store knows nothing of the engine (Pipeline turns
/// these into a run's parts and back). Format 5 (docs/nightly-ci.md, "What a shard
/// writes"); a file of another format is refused, saying which.
public struct ShardRecord: Sendable {
    /// The layout of the shard files this build writes and reads (`shard_format`). Format 1
    /// (no `shard_format` table) kept findings and presses in the history tables; format 2 kept
    /// a row per expectation (`shard_expectation`), format 3 a row per trace (`shard_expects`) and
    /// a row per informative press (`shard_press`); format 4 keeps the presses grouped as history
    /// stores them (`shard_press_group`), so the merge appends them as they are; format 5 also keeps
    /// the findings of presses grouped as history stores them, placed within their block
    /// (`shard_finding_group`), so the merge only says where each block begins.
    public static let format = 5

    /// SHA-256 of `identity`: every shard of one run has the same key.
    public var runKey: String
    /// 1-based.
    public var index: Int
    public var count: Int
    /// JSON: what makes shards parts of one run (snapshots, baselines, settings, traces).
    public var identity: String
    /// Events replayed by this shard.
    public var events: Int
    /// Headers of the traces this shard replayed (row ids as in the database it ran on; no events).
    public var traces: [StoredTrace]
    /// The bytes of each snapshot the run replayed against, and where they came from.
    public var snapshots: [Snapshot]
    /// The run's rows for this shard's traces; `run.suites[i]` goes with `parts[i]`.
    public var run: RunRecord
    public var parts: [Part]

    public init(runKey: String, index: Int, count: Int, identity: String, events: Int, traces: [StoredTrace],
                snapshots: [Snapshot], run: RunRecord, parts: [Part]) {
        self.runKey = runKey; self.index = index; self.count = count; self.identity = identity; self.events = events
        self.traces = traces; self.snapshots = snapshots; self.run = run; self.parts = parts
    }

    public struct Snapshot: Sendable {
        public var source: String
        public var data: Data
        public init(source: String, data: Data) { self.source = source; self.data = data }
    }

    /// What a suite's presses added up to in this shard, beyond its history rows.
    public struct Part: Sendable, Equatable {
        public var events = 0
        /// JSON: presses outside the snapshot, devices, expects naming no node.
        public var fit = "{}"
        /// Version-1 baselines: presses they do not have, and their traces.
        public var newPresses = 0
        public var newPressTraces: [String] = []
        public var targets: [Target] = []
        public var latencies: [Latency] = []
        public var bursts: [Burst] = []
        public var expectations: [Expectation] = []
        public var marks: [Mark] = []
        /// The screen's coverage, when this shard sampled it (each screen is sampled by one shard), as
        /// Pipeline writes it exactly (every number by its bits).
        public var coverage: String?
        /// The findings of presses as history will group them, placed within their block (`FindingRows.blockGroups`).
        public var findingGroups: [RunRecord.FindingGroupRow] = []
        /// Read with `Details.inGroups`: the suite's findings in the order the shard folded them, each
        /// named where it is kept (its suite's `findings` then holds only those that join no group).
        public var listed: [Listed] = []
        public init() {}

        /// Where a finding of the suite's list is kept when its findings of presses stay in their groups.
        public enum Listed: Sendable, Equatable {
            /// `findings[n]` of the suite (a finding that joins no group).
            case single(Int)
            /// A finding of `findingGroups[group]`: all it does not share with the group's others.
            case member(group: Int32, press: Int32, x: Double, y: Double, partOf: Int32?)
        }

        public struct Target: Sendable, Equatable {
            public var node: String, expectedTries: Int, firstTryMet: Int, firings: Int
            public init(node: String, expectedTries: Int, firstTryMet: Int, firings: Int) {
                self.node = node; self.expectedTries = expectedTries; self.firstTryMet = firstTryMet; self.firings = firings
            }
        }
        /// One distinct latency of a node and action, and how many presses had it.
        public struct Latency: Sendable, Equatable {
            public var node: String, action: String?, latencyMs: Double, count: Int
            public init(node: String, action: String?, latencyMs: Double, count: Int) {
                self.node = node; self.action = action; self.latencyMs = latencyMs; self.count = count
            }
        }
        public struct Burst: Sendable, Equatable {
            public var traceID: Int64, presses: [Int], x: Double, y: Double, resolved: Bool, target: String?
            public init(traceID: Int64, presses: [Int], x: Double, y: Double, resolved: Bool, target: String?) {
                self.traceID = traceID; self.presses = presses; self.x = x; self.y = y; self.resolved = resolved; self.target = target
            }
        }
        public struct Expectation: Sendable, Equatable {
            public var traceID: Int64, press: Int, expect: String
            public init(traceID: Int64, press: Int, expect: String) { self.traceID = traceID; self.press = press; self.expect = expect }
        }
        /// A press drawn on a picture that did not regress (regressed ones are drawn from their findings).
        public struct Mark: Sendable, Equatable {
            public var traceID: Int64, press: Int, x: Double, y: Double, outcome: OutcomeCode, action: String?, reason: String?
            public init(traceID: Int64, press: Int, x: Double, y: Double, outcome: OutcomeCode, action: String?, reason: String?) {
                self.traceID = traceID; self.press = press; self.x = x; self.y = y; self.outcome = outcome
                self.action = action; self.reason = reason
            }
        }
    }
}

/// A shard file that cannot be used: one line, exit status 2.
public struct ShardFileError: LocatedError {
    public let message: String
    public init(_ message: String) { self.message = message }
}

extension ShardRecord {
    /// Writes the shard file: a new database at a temporary path beside `path`, renamed
    /// over it once complete (a shard job killed part-way leaves no half file).
    public func write(to path: String) throws {
        let writer = try ShardFileWriter(path: path)
        for (suite, part) in zip(run.suites, parts) { writer.add(suite, part) }
        try writer.finish(self)
    }

    /// The tables only a shard file has besides the history schema's `shard_*` ones: its format, and
    /// the findings and informative presses of each suite in fold order, as the merge reads them
    /// (texts as `label` ids, so a merge makes each distinct text once).
    static let formatTables = """
        CREATE TABLE shard_format (version INTEGER NOT NULL);
        CREATE TABLE shard_finding (           -- a finding that joins no group; every *_id here is a label.id,
            run_suite_id INTEGER NOT NULL,     -- place where it stands in the shard's list (fold order)
            place INTEGER NOT NULL,
            kind_id INTEGER NOT NULL, rule_id INTEGER NOT NULL, trace_name_id INTEGER, press INTEGER, x REAL, y REAL,
            node_id INTEGER, action_id INTEGER, expect_id INTEGER, message_id INTEGER NOT NULL, reason_id INTEGER,
            before_id INTEGER, after_id INTEGER, probe INTEGER NOT NULL, part_of INTEGER
        );
        CREATE TABLE shard_expects (           -- a trace's expectations in press order: pairs of little-endian Int32 (press, label.id)
            run_suite_id INTEGER NOT NULL, trace_id INTEGER NOT NULL, pairs BLOB NOT NULL
        );
        CREATE TABLE shard_coverage (          -- a screen's coverage, sampled by this shard (one shard samples each screen)
            run_suite_id INTEGER PRIMARY KEY, targets TEXT NOT NULL
        );
        CREATE TABLE shard_press_group (       -- a press_group row: trace_id is trace.id, the other *_id label ids,
            run_suite_id INTEGER NOT NULL,     -- presses the JSON array of press numbers (first_press the lowest)
            trace_id INTEGER NOT NULL, outcome INTEGER NOT NULL,
            node_id INTEGER, action_id INTEGER, latency_ms REAL, baseline_outcome INTEGER,
            baseline_node_id INTEGER, baseline_action_id INTEGER, baseline_latency_ms REAL, met INTEGER,
            first_press INTEGER NOT NULL, presses TEXT NOT NULL
        );
        CREATE TABLE shard_finding_group (     -- a finding_group row: every *_id a label.id, first_at and last_at places
            run_suite_id INTEGER NOT NULL,     -- within its block (list, rule, trace), presses as finding_group stores them
            kind_id INTEGER NOT NULL, rule_id INTEGER NOT NULL, trace_name_id INTEGER NOT NULL,
            node_id INTEGER, action_id INTEGER, expect_id INTEGER, probe INTEGER NOT NULL,
            reason_id INTEGER, message_id INTEGER NOT NULL, before_id INTEGER, after_id INTEGER,
            first_at INTEGER NOT NULL, last_at INTEGER NOT NULL, presses TEXT NOT NULL,
            places BLOB NOT NULL               -- where each of its findings stands in the shard's list: little-endian Int32s
        );
        """

    /// One suite's rows besides its history rows — its findings and informative presses, and
    /// its part — under `suiteID`, the id its `run_suite` row gets when the run is written last.
    static func insertSuite(_ db: Database, suiteID: Int64, _ s: RunRecord.Suite, _ p: Part, labels: inout Labels) throws {
        let suite = try db.cachedStatement(sql: """
            INSERT INTO shard_suite (run_suite_id, events, fit, new_presses, new_press_traces) VALUES (?, ?, ?, ?, ?)
            """)
        let target = RawInsert(try db.cachedStatement(sql: """
            INSERT INTO shard_target (run_suite_id, node_id, expected_tries, first_try_met, firings) VALUES (?, ?, ?, ?, ?)
            """))
        let latency = RawInsert(try db.cachedStatement(sql: """
            INSERT INTO shard_latency (run_suite_id, node_id, action_id, latency_ms, count) VALUES (?, ?, ?, ?, ?)
            """))
        let burst = RawInsert(try db.cachedStatement(sql: """
            INSERT INTO shard_burst (run_suite_id, trace_id, presses, x, y, resolved, target_id) VALUES (?, ?, ?, ?, ?, ?, ?)
            """))
        let expectation = RawInsert(try db.cachedStatement(sql: "INSERT INTO shard_expects (run_suite_id, trace_id, pairs) VALUES (?, ?, ?)"))
        let mark = RawInsert(try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO shard_mark (run_suite_id, trace_id, press, x, y, outcome, action_id, reason_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """))
        let finding = RawInsert(try db.cachedStatement(sql: """
            INSERT INTO shard_finding (run_suite_id, place, kind_id, rule_id, trace_name_id, press, x, y, node_id, action_id, expect_id,
                                       message_id, reason_id, before_id, after_id, probe, part_of)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """))
        let press = RawInsert(try db.cachedStatement(sql: """
            INSERT INTO shard_press_group (run_suite_id, trace_id, outcome, node_id, action_id, latency_ms, baseline_outcome,
                                           baseline_node_id, baseline_action_id, baseline_latency_ms, met, first_press, presses)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """))
        // The findings of presses as the groups history stores (made here, on the writer's thread, while the
        // shard replays its next screen); each other finding as a row of its own. Each says where it stands.
        for (i, f) in s.findings.enumerated() where !RunRecord.FindingGroupRow.joinsGroup(trace: f.trace, press: f.press, x: f.x, y: f.y) {
            let ids = (kind: try labels.id(f.kind.rawValue), rule: try labels.id(f.rule.rawValue), trace: try labels.id(f.trace), node: try labels.id(f.node),
                       action: try labels.id(f.action), expect: try labels.id(f.expect), message: try labels.id(f.message),
                       reason: try labels.id(f.reason), before: try labels.id(f.before), after: try labels.id(f.after))
            try finding.row { b in
                b.int(suiteID); b.int(Int64(i)); b.int(ids.kind); b.int(ids.rule); b.int(ids.trace); b.int(f.press.map(Int64.init)); b.double(f.x); b.double(f.y)
                b.int(ids.node); b.int(ids.action); b.int(ids.expect); b.int(ids.message); b.int(ids.reason); b.int(ids.before)
                b.int(ids.after); b.int(f.probe ? 1 : 0); b.int(f.partOf.map(Int64.init))
            }
        }
        let findingGroup = RawInsert(try db.cachedStatement(sql: """
            INSERT INTO shard_finding_group (run_suite_id, kind_id, rule_id, trace_name_id, node_id, action_id, expect_id, probe,
                                             reason_id, message_id, before_id, after_id, first_at, last_at, presses, places)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """))
        // (Press numbers and places are 32-bit in the file, as a reader takes them.)
        guard s.findings.count <= Int(Int32.max) else {
            throw ShardFileError("\(s.findings.count) findings do not fit shard format \(ShardRecord.format) (32-bit places)")
        }
        for f in s.findings where RunRecord.FindingGroupRow.joinsGroup(trace: f.trace, press: f.press, x: f.x, y: f.y) {
            guard f.press.flatMap({ Int32(exactly: $0) }) != nil, f.partOf.map({ Int32(exactly: $0) != nil }) ?? true else {
                throw ShardFileError("press \(f.press ?? 0) of trace \(f.trace ?? "") does not fit shard format \(ShardRecord.format) (32-bit press numbers)")
            }
        }
        var places: [UInt8] = []
        for g in RunRecord.FindingGroupRow.grouped(s.findings) {
            places.removeAll(keepingCapacity: true)
            for m in stride(from: 2, to: g.members.count, by: 3) { withUnsafeBytes(of: g.members[m].littleEndian) { places.append(contentsOf: $0) } }
            let ids = (kind: try labels.id(g.kind.rawValue), rule: try labels.id(g.rule.rawValue), trace: try labels.id(g.trace), node: try labels.id(g.node),
                       action: try labels.id(g.action), expect: try labels.id(g.expect), reason: try labels.id(g.reason),
                       message: try labels.id(g.message), before: try labels.id(g.before), after: try labels.id(g.after))
            try findingGroup.row { b in
                b.int(suiteID); b.int(ids.kind); b.int(ids.rule); b.int(ids.trace); b.int(ids.node); b.int(ids.action); b.int(ids.expect)
                b.int(g.probe ? 1 : 0); b.int(ids.reason); b.int(ids.message); b.int(ids.before); b.int(ids.after)
                b.int(Int64(g.first)); b.int(Int64(g.last)); b.text(utf8: g.presses); b.blob(places)
            }
        }
        // The presses grouped here, in parallel with the other shards' replays, as history will store them.
        for p in s.allPressGroups {
            let ids = (node: try labels.id(p.node), action: try labels.id(p.action), baselineNode: try labels.id(p.baselineNode),
                       baselineAction: try labels.id(p.baselineAction))
            try press.row { b in
                b.int(suiteID); b.int(p.traceID); b.int(Int64(p.outcome.rawValue)); b.int(ids.node); b.int(ids.action)
                b.double(p.latencyMs); b.int(p.baselineOutcome.map { Int64($0.rawValue) }); b.int(ids.baselineNode); b.int(ids.baselineAction)
                b.double(p.baselineLatencyMs); b.int(p.met.map { $0 ? 1 : 0 }); b.int(Int64(p.firstPress)); b.text(utf8: p.presses)
            }
        }
        let coverage = try db.cachedStatement(sql: "INSERT INTO shard_coverage (run_suite_id, targets) VALUES (?, ?)")
        if let targets = p.coverage { try coverage.execute(arguments: [suiteID, targets]) }
        try suite.execute(arguments: [suiteID, p.events, p.fit, p.newPresses,
                                      p.newPressTraces.isEmpty ? nil : JSONValue.array(p.newPressTraces.map { JSONValue.string($0) }).serialized(.compact)])
        for t in p.targets {
            let node = try labels.id(t.node)
            try target.row { b in
                b.int(suiteID); b.int(node); b.int(Int64(t.expectedTries)); b.int(Int64(t.firstTryMet)); b.int(Int64(t.firings))
            }
        }
        for l in p.latencies {
            let node = try labels.id(l.node), action = try labels.id(l.action)
            try latency.row { b in b.int(suiteID); b.int(node); b.int(action); b.double(l.latencyMs); b.int(Int64(l.count)) }
        }
        for x in p.bursts {
            let target = try labels.id(x.target)
            try burst.row { b in
                b.int(suiteID); b.int(x.traceID); b.text(JSONValue.array(x.presses.map { JSONValue.number($0) }).serialized(.compact))
                b.double(x.x); b.double(x.y); b.int(x.resolved ? 1 : 0); b.int(target)
            }
        }
        // A row per trace (a suite's expectations come trace by trace): 1.2M rows of 10M events were 0.3 s of a shard job.
        var pairs: [UInt8] = [], trace: Int64?
        func flush() throws {
            guard let t = trace, !pairs.isEmpty else { return }
            try expectation.row { b in b.int(suiteID); b.int(t); b.blob(pairs) }
            pairs.removeAll(keepingCapacity: true)
        }
        for e in p.expectations {
            if e.traceID != trace { try flush(); trace = e.traceID }
            guard let press = Int32(exactly: e.press), let expect = Int32(exactly: try labels.id(e.expect) ?? 0) else {
                throw ShardFileError("press \(e.press) of trace #\(e.traceID) does not fit shard format \(ShardRecord.format) (32-bit press numbers and label ids)")
            }
            for v in [press, expect] { withUnsafeBytes(of: v.littleEndian) { pairs.append(contentsOf: $0) } }
        }
        try flush()
        for m in p.marks {
            let action = try labels.id(m.action), reason = try labels.id(m.reason)
            try mark.row { b in
                b.int(suiteID); b.int(m.traceID); b.int(Int64(m.press)); b.double(m.x); b.double(m.y)
                b.int(Int64(m.outcome.rawValue)); b.int(action); b.int(reason)
            }
        }
    }

    /// What follows every suite's rows (`insertSuite`, in the same transaction): the format, the traces,
    /// the run's own rows (counts and traces; its suites numbered 1, 2, … as `insertSuite` was told)
    /// and the shard row.
    func insertRun(_ db: Database) throws {
        let now = TraceStore.now()
        try db.execute(sql: "INSERT INTO shard_format (version) VALUES (?)", arguments: [ShardRecord.format])
        let trace = try db.makeStatement(sql: """
            INSERT INTO trace (id, name, screen, device_model, os, app_version, app_build, recorded_at, source,
                               content_hash, event_count, imported_from, imported_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)
            """)
        for t in traces {
            let h = t.header
            try trace.execute(arguments: [t.rowID, h.trace, h.screen, h.deviceModel, h.os, h.appVersion, h.appBuild, h.recordedAt,
                                          h.source, t.contentHash, t.eventCount, now])
        }
        // The history tables hold the run's counts and traces; findings and presses went in shard_finding and shard_press_group.
        var counted = run
        for i in counted.suites.indices { counted.suites[i].findings = []; counted.suites[i].pressRows = []; counted.suites[i].pressGroups = [] }
        let (_, suiteIDs, _) = try TraceStore.insertRun(counted, db: db)
        guard suiteIDs == (0..<Int64(suiteIDs.count)).map({ $0 + 1 }) else {
            throw ShardFileError("the run's suites were numbered \(suiteIDs.prefix(3)), not 1, 2, …")
        }
        try db.execute(sql: """
            INSERT INTO shard (id, run_key, shard_index, shard_count, identity, traces, events) VALUES (1, ?, ?, ?, ?, ?, ?)
            """, arguments: [runKey, index, count, identity, traces.count, events])
    }
}

/// A shard file written as the shard replays (`replay run --shard-out`): each suite's rows go
/// in on a thread of their own once the suite is done, while the next screen replays, all in
/// one transaction of a temporary file that `finish` completes and renames into place (a job
/// killed part-way, or `cancel`, leaves no file). Suites are added in the run's order.
public final class ShardFileWriter: @unchecked Sendable {
    private let path: String
    /// Where the file is written until `finish` renames it (`.NAME.tmp-PID` beside it): a process
    /// ended at once (a second Ctrl-C) removes it (`Interruption` in the CLI).
    public let temporary: String
    private let queue: DatabaseQueue
    private let work = DispatchQueue(label: "tapreplay.shard-file")
    /// Touched on `work` only, and by `finish` after waiting for it.
    private var labels: Labels?
    /// The error a suite's rows failed with (under `lock`: `check` reads it from the replaying thread).
    private var failedWith: Error?
    private let lock = NSLock()
    private var failure: Error? {
        lock.lock()
        defer { lock.unlock() }
        return failedWith
    }
    private var added = 0
    private var done = false

    public init(path: String) throws {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        temporary = (folder.isEmpty ? "." : folder) + "/." + (path as NSString).lastPathComponent + ".tmp-\(getpid())"
        for suffix in ["", "-journal"] { unlink(temporary + suffix) }
        Self.removeLeftovers(of: path)
        do {
            // A file of this process alone, renamed into place only once whole: no journal and no syncs
            // (a rollback deletes it), and a page cache that holds a shard's rows.
            var config = TraceStore.configuration(busyTimeout: 0, wal: false)
            config.allowsUnsafeTransactions = true  // the one transaction spans every suite's access
            config.prepareDatabase { db in
                try db.execute(sql: "PRAGMA journal_mode = OFF")
                try db.execute(sql: "PRAGMA synchronous = OFF")
                try db.execute(sql: "PRAGMA cache_size = -65536")
            }
            queue = try DatabaseQueue(path: temporary, configuration: config)
            _ = try TraceStore(queue, path: path)  // the history schema
            try queue.inDatabase { db in
                try db.execute(sql: ShardRecord.formatTables)
                try db.beginTransaction()
                // The suites' rows come before the run_suite rows they refer to.
                try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
            }
        } catch {
            for suffix in ["", "-journal"] { unlink(temporary + suffix) }
            throw ShardFileError("cannot write the shard file \(path): \(error)")
        }
    }

    deinit { if !done { discard() } }

    /// Removes the temporary files of `path` that processes no longer running left (a shard job
    /// killed outright, which no handler outlives), so a folder of shard files never gathers them:
    /// a file whose process id names no process and that nothing has written to for `idle` seconds
    /// (a running shard writes its file screen by screen). A running process's file is left alone.
    /// (Process ids are those of one machine: a folder shared with other machines or containers
    /// could hold a file whose writer this one cannot see; the idle time guards it.)
    static func removeLeftovers(of path: String, idle: TimeInterval = 15 * 60) {
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        let prefix = "." + (path as NSString).lastPathComponent + ".tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            var pid = name.dropFirst(prefix.count)
            if pid.hasSuffix("-journal") { pid = pid.dropLast("-journal".count) }
            guard let id = pid_t(pid), id > 0, String(id) == pid, id != getpid() else { continue }
            let file = folder + "/" + name
            guard let written = (try? FileManager.default.attributesOfItem(atPath: file))?[.modificationDate] as? Date,
                  Date().timeIntervalSince(written) >= idle else { continue }
            if kill(id, 0) == -1 && errno == ESRCH { unlink(file) }
        }
    }

    /// The next suite's rows, written on the writer's thread.
    public func add(_ suite: RunRecord.Suite, _ part: ShardRecord.Part) {
        added += 1
        let suiteID = Int64(added)
        work.async { [self] in
            guard failure == nil else { return }
            do {
                try queue.inDatabase { db in
                    var interned: Labels
                    if let known = labels { interned = known; labels = nil } else { interned = try Labels(db) }  // one copy, never two
                    try ShardRecord.insertSuite(db, suiteID: suiteID, suite, part, labels: &interned)
                    labels = interned
                }
            } catch {
                lock.lock(); failedWith = error; lock.unlock()
            }
        }
    }

    /// Throws the error a suite already added failed with (a disk full), so a shard job stops at the
    /// next screen instead of replaying the rest for a file it cannot write; asks without waiting for
    /// the suites still being written (`finish` reports theirs).
    public func check() throws {
        if let error = failure { throw ShardFileError("cannot write the shard file \(path): \(error)") }
    }

    /// Waits until every suite added is written (tests: `check` then sees each one's failure).
    func waitForSuites() { work.sync {} }

    /// Writes what follows the suites (`record`'s run, traces and snapshots: its suites must be those
    /// added, in order), commits and renames the file into place.
    public func finish(_ record: ShardRecord) throws {
        work.sync {}
        done = true
        labels = nil  // its statement, before the file is closed
        do {
            if let failure { throw failure }
            guard record.run.suites.count == added else {
                throw ShardFileError("\(added) suites were written, the run has \(record.run.suites.count)")
            }
            try queue.inDatabase { db in
                try record.insertRun(db)
                try db.commit()
            }
            let store = try TraceStore(queue, path: path)
            for s in record.snapshots { _ = try store.importSnapshot(s.data, from: s.source) }
            try queue.close()
            // Written without syncs: on disk once, as a whole, before it takes its name.
            let fd = open(temporary, O_RDONLY)
            if fd >= 0 { _ = fsync(fd); _ = close(fd) }
        } catch {
            discard()
            throw ShardFileError("cannot write the shard file \(path): \(error)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ShardFileError("cannot write the shard file \(path) (\(reason))")
        }
    }

    /// Leaves no file (a shard stopped part-way): the file goes at once, then the suites
    /// still queued finish into it unseen.
    public func cancel() {
        for suffix in ["", "-journal"] { unlink(temporary + suffix) }
        work.sync {}
        done = true
        discard()
    }

    private func discard() {
        labels = nil
        try? queue.close()
        for suffix in ["", "-journal"] { unlink(temporary + suffix) }
    }
}

extension ShardRecord {
    /// Reads a whole shard file (every suite's part; `ShardReader` reads them one at a time).
    /// - Throws: `ShardFileError` naming the file and what is wrong with it.
    public static func read(_ path: String, texts: ShardTexts = ShardTexts(), details: Details = .all) throws -> ShardRecord {
        let reader = try ShardReader(path, texts: texts, details: details)
        var record = reader.header
        for k in record.run.suites.indices {
            let (suite, part) = try reader.suite(k)
            record.run.suites[k] = suite
            record.parts.append(part)
        }
        try reader.finish()
        return record
    }

    /// What of a suite's part a merge reads beyond what every report needs.
    public struct Details: Sendable {
        public var expectations: Bool, marks: Bool
        /// Leave the findings of presses in their groups (`Part.listed` says where each stands) rather
        /// than making a finding row of each: a merge makes its findings from the groups at once.
        public var inGroups = false
        public init(expectations: Bool, marks: Bool, inGroups: Bool = false) {
            self.expectations = expectations; self.marks = marks; self.inGroups = inGroups
        }
        public static let all = Details(expectations: true, marks: true)
    }
}

/// A shard file read suite by suite, in the run's order (`replay merge` takes in one screen of
/// every shard at a time, so that it never holds more than a few screens' findings): `header` is
/// read when it opens; `suite(_:)` reads a suite's rows and part. A shard writes each suite's rows
/// together, in the run's order, so each table is read on from where the suite before ended (a
/// row out of that order is refused by `finish`). One reader is used by one thread at a time.
public final class ShardReader: @unchecked Sendable {
    public let path: String
    /// The shard: its run's suites without their traces, presses and findings, and no parts yet.
    public let header: ShardRecord
    private let queue: DatabaseQueue
    private let labels: Labels.Read
    private let details: ShardRecord.Details
    private let suiteRows: [Row]
    /// Where each table the suites' rows are read from goes on: the rowid of its next row (`Int64.max`: none left).
    private var next: [ShardRecord.Table: Int64] = [:]

    public init(_ path: String, texts: ShardTexts = ShardTexts(), details: ShardRecord.Details = .all) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw ShardFileError("\(path): no such shard file") }
        self.path = path
        self.details = details
        var config = Configuration()
        config.readonly = true
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: config)
            try TraceStore.checkSchema(queue, path: path)
        } catch let e as StoreError {
            throw ShardFileError(e.message)
        } catch {
            throw ShardFileError("\(path) is not a shard file (\(error))")
        }
        self.queue = queue
        (header, labels, suiteRows) = try Self.reading(path) {
            try queue.read { db in try ShardReader.header(db, path: path, texts: texts) }
        }
    }

    /// The rows and part of suite `k` (0-based, in the run's order; each suite once, in that order).
    public func suite(_ k: Int) throws -> (RunRecord.Suite, ShardRecord.Part) {
        try Self.reading(path) { try queue.read { db in try suite(k, db) } }
    }

    /// Checks that every row of the tables read suite by suite was read (a row out of the suites'
    /// order would be left over): call once every suite is read.
    public func finish() throws {
        try Self.reading(path) {
            try queue.read { db in
                for table in ShardRecord.Table.allCases where next[table, default: 0] != Int64.max {
                    if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table.rawValue) WHERE rowid >= ?)",
                                         arguments: [next[table, default: 0]]) == true {
                        throw ShardFileError("\(path): \(table.rawValue) holds rows out of its suites' order (not as replay run --shard-out writes them)")
                    }
                }
            }
        }
    }

    /// Errors of reading, each naming the file.
    private static func reading<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as ShardFileError {
            throw e
        } catch let e as StoreError {
            throw ShardFileError(e.message)   // a value the store refuses (an unknown outcome code), naming the file
        } catch {
            throw ShardFileError("\(path): cannot read the shard file (\(error))")
        }
    }

    private static func header(_ db: Database, path: String, texts: ShardTexts) throws -> (ShardRecord, Labels.Read, [Row]) {
        let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        guard tables.contains("shard"), let shard = try Row.fetchOne(db, sql: "SELECT * FROM shard WHERE id = 1") else {
            throw ShardFileError("\(path) is not a shard file (a history database? shard files are written by replay run --shard-out)")
        }
        let format = tables.contains("shard_format") ? try Int.fetchOne(db, sql: "SELECT max(version) FROM shard_format") ?? 0 : 1
        guard format == ShardRecord.format else {
            throw ShardFileError(format < ShardRecord.format
                ? "\(path) is a shard file of format \(format), written by an older replay; this replay merges format \(ShardRecord.format): run the shards again with this replay"
                : "\(path) is a shard file of format \(format), written by a newer replay; this replay merges format \(ShardRecord.format): merge with the replay that ran the shards")
        }
        let labels = try Labels.Read(db, texts: texts, path: path)
        var traces = try Row.fetchAll(db, sql: "SELECT \(StoredTrace.selection) FROM trace ORDER BY name").map(StoredTrace.init(row:))
        for i in traces.indices { traces[i].header.trace = texts.text(traces[i].header.trace) }
        let snapshots = try Row.fetchAll(db, sql: "SELECT json, imported_from FROM snapshot ORDER BY id").map { row in
            ShardRecord.Snapshot(source: row["imported_from"] ?? "", data: Data((row["json"] as String).utf8))
        }
        guard let run = try Row.fetchOne(db, sql: "SELECT * FROM run ORDER BY id LIMIT 1") else {
            throw ShardFileError("\(path) is not a complete shard file (it holds no run)")
        }
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM run_suite WHERE run_id = ? ORDER BY id", arguments: [run["id"] as Int64])
        let suites = try rows.map { s in
            RunRecord.Suite(
                suite: s["suite"], snapshotHash: s["snapshot_hash"], snapshotSource: s["snapshot_source"], appVersion: s["app_version"],
                appBuild: s["app_build"], baseline: try (s["baseline"] as String?).map { try BaselineState(stored: $0, in: "\(path): run_suite") } ?? .none,
                passed: s["passed"], traces: [], presses: s["presses"], fired: s["fired"], firstTries: s["first_tries"],
                firstTriesMet: s["first_tries_met"], targets: [], findings: [])
        }
        let record = RunRecord(startedAt: run["started_at"], finishedAt: run["finished_at"] ?? "", revision: run["revision"],
                               passed: run["passed"], touchRadius: run["touch_radius"], gridStep: run["grid_step"],
                               settings: run["settings"], suites: suites)
        let header = ShardRecord(runKey: shard["run_key"], index: shard["shard_index"], count: shard["shard_count"], identity: shard["identity"],
                                 events: shard["events"], traces: traces, snapshots: snapshots, run: record, parts: [])
        return (header, labels, rows)
    }

    private func suite(_ k: Int, _ db: Database) throws -> (RunRecord.Suite, ShardRecord.Part) {
        typealias Part = ShardRecord.Part
        let s = suiteRows[k]
        let id: Int64 = s["id"]
        let labels = self.labels, path = self.path
        func label(_ id: Int64?) -> String? { id.flatMap { labels[$0] } }
        var suite = header.run.suites[k]
        suite.traces = try Int64.fetchAll(db, sql: "SELECT trace_id FROM run_trace WHERE run_suite_id = ?", arguments: [id])
        suite.pressGroups = try ShardRecord.pressGroups(db, suite: id, from: &next[.pressGroups, default: 0], labels: labels, path: path)
        let singles = try ShardRecord.findings(db, suite: id, from: &next[.findings, default: 0], labels: labels, path: path)
        let groups = try ShardRecord.findingGroups(db, suite: id, from: &next[.findingGroups, default: 0], labels: labels, path: path,
                                                   inGroups: details.inGroups)
        var part = Part()
        if details.inGroups {
            part.listed = try ShardRecord.list(singles.indices.map { (singles[$0].place, Part.Listed.single($0)) }, groups.listed, path: path)
            suite.findings = singles.map(\.finding)
        } else {
            suite.findings = try ShardRecord.list(singles, groups.findings, path: path)
        }
        part.findingGroups = groups.groups
        if let row = try Row.fetchOne(db, sql: "SELECT * FROM shard_suite WHERE run_suite_id = ?", arguments: [id]) {
            part.events = row["events"]
            part.fit = row["fit"]
            part.newPresses = row["new_presses"]
            if let text: String = row["new_press_traces"], case .array(let items)? = try? JSONValue(JSONDocument(parsing: text), at: 0) {
                part.newPressTraces = items.compactMap { if case .string(let s) = $0 { s } else { nil } }
            }
        }
        part.targets = try Row.fetchAll(db, sql: "SELECT * FROM shard_target WHERE run_suite_id = ?", arguments: [id]).map { t in
            Part.Target(node: label(t["node_id"]) ?? "", expectedTries: t["expected_tries"], firstTryMet: t["first_try_met"], firings: t["firings"])
        }
        part.latencies = try Row.fetchAll(db, sql: "SELECT * FROM shard_latency WHERE run_suite_id = ?", arguments: [id]).map { l in
            Part.Latency(node: label(l["node_id"]) ?? "", action: label(l["action_id"]), latencyMs: l["latency_ms"], count: l["count"])
        }
        part.bursts = try ShardRecord.bursts(db, suite: id, from: &next[.bursts, default: 0], labels: labels)
        if details.expectations {
            part.expectations = try ShardRecord.expectations(db, suite: id, from: &next[.expectations, default: 0], labels: labels, path: path)
        } else {
            next[.expectations] = Int64.max  // not read
        }
        part.coverage = try String.fetchOne(db, sql: "SELECT targets FROM shard_coverage WHERE run_suite_id = ?", arguments: [id])
        if details.marks { part.marks = try ShardRecord.marks(db, suite: id, labels: labels, path: path) }
        return (suite, part)
    }
}

extension ShardRecord {
    /// The tables a suite's rows are read from in order (`ShardReader`): each holds the suites' rows one
    /// suite after another, in the run's order.
    enum Table: String, CaseIterable {
        case pressGroups = "shard_press_group", findings = "shard_finding", findingGroups = "shard_finding_group"
        case expectations = "shard_expects", bursts = "shard_burst"
    }

    /// Steps `sql` — `… WHERE rowid >= ?1 ORDER BY rowid`, its last two columns the row's suite and
    /// rowid — over the rows of `suite` from `from` on, and leaves `from` at the first row of another
    /// suite (`Int64.max`: none left). A suite without rows there reads none.
    static func rows(_ db: Database, _ sql: String, suite: Int64, from: inout Int64, _ body: (OpaquePointer) throws -> Void) throws {
        guard from != Int64.max else { return }
        let statement = try db.cachedStatement(sql: sql)
        let s = statement.sqliteStatement
        sqlite3_reset(s)
        defer { sqlite3_reset(s) }
        sqlite3_bind_int64(s, 1, from)
        let columns = sqlite3_column_count(s)
        while try SQLiteC.step(s) {
            guard sqlite3_column_int64(s, columns - 2) == suite else {
                from = sqlite3_column_int64(s, columns - 1)
                return
            }
            try body(s)
        }
        from = Int64.max
    }

    /// A suite's informative presses as the groups history stores, in the order the shard folded
    /// them (read on from `from`, through the C API).
    static func pressGroups(_ db: Database, suite: Int64, from: inout Int64, labels: Labels.Read, path: String) throws -> [RunRecord.PressGroupRow] {
        var out: [RunRecord.PressGroupRow] = []
        try rows(db, """
            SELECT trace_id, first_press, outcome, node_id, action_id, latency_ms, baseline_outcome, baseline_node_id, baseline_action_id,
                   baseline_latency_ms, met, presses, run_suite_id, rowid
            FROM shard_press_group WHERE rowid >= ? ORDER BY rowid
            """, suite: suite, from: &from) { s in
            let c = Columns(s)
            guard let code = c.int(2), let first = c.int(1).flatMap(Int32.init(exactly:)), let trace = c.int(0) else {
                throw ShardFileError("\(path): shard_press_group holds a group without its trace, outcome or first press")
            }
            let outcome = try OutcomeCode(stored: code, in: "\(path): shard_press_group")
            let baselineOutcome = try c.int(6).map { try OutcomeCode(stored: $0, in: "\(path): shard_press_group (baseline_outcome)") }
            // History stores the list as it is: it must be what `PressGroup.jsonArray` writes, beginning at the first press.
            let count = Int(sqlite3_column_bytes(s, 11))
            let presses = sqlite3_column_text(s, 11).map { [UInt8](UnsafeBufferPointer(start: $0, count: count)) } ?? []
            guard let numbers = Self.pressList(presses), numbers.first == first else {
                throw ShardFileError("\(path): shard_press_group holds a press list that is not the increasing press numbers of its group, from press \(first)")
            }
            out.append(RunRecord.PressGroupRow(traceID: trace, outcome: outcome, node: labels[c.int(3)], action: labels[c.int(4)],
                                               latencyMs: c.double(5), baselineOutcome: baselineOutcome,
                                               baselineNode: labels[c.int(7)], baselineAction: labels[c.int(8)], baselineLatencyMs: c.double(9),
                                               met: c.int(10).map { $0 != 0 }, firstPress: first, presses: presses))
        }
        return out
    }

    /// The press numbers of `bytes` when it is exactly what `PressGroup.jsonArray` writes: `[n,n,…]`,
    /// one or more 32-bit numbers without leading zeros, strictly increasing, comma-separated, in
    /// brackets (history's views read it with `json_each`); nil for anything else.
    static func pressList(_ bytes: [UInt8]) -> [Int32]? {
        guard bytes.count >= 3, bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]") else { return nil }
        var numbers: [Int32] = []
        var value: Int64 = 0, digits = 0
        func end() -> Bool {
            guard digits > 0, value <= Int64(Int32.max), numbers.last.map({ Int64($0) < value }) ?? true else { return false }
            numbers.append(Int32(value))
            value = 0; digits = 0
            return true
        }
        for b in bytes.dropFirst().dropLast() {
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                if digits == 1 && value == 0 { return nil }  // a leading zero
                value = value * 10 + Int64(b - UInt8(ascii: "0")); digits += 1
                if value > Int64(Int32.max) { return nil }
            } else if b == UInt8(ascii: ",") {
                guard end() else { return nil }
            } else {
                return nil
            }
        }
        return end() ? numbers : nil
    }

    /// A suite's findings that join no group, in the order the shard folded them (read on from `from`,
    /// through the C API).
    static func findings(_ db: Database, suite: Int64, from: inout Int64, labels: Labels.Read, path: String) throws -> [Placed] {
        var out: [Placed] = []
        try rows(db, """
            SELECT kind_id, rule_id, trace_name_id, press, x, y, node_id, action_id, expect_id, message_id, reason_id, before_id, after_id,
                   probe, part_of, place, run_suite_id, rowid
            FROM shard_finding WHERE rowid >= ? ORDER BY rowid
            """, suite: suite, from: &from) { s in
            let c = Columns(s)
            guard let kindText = labels[c.int(0)], let ruleText = labels[c.int(1)], let message = labels[c.int(9)] else {
                throw ShardFileError("\(path): shard_finding holds a finding without its kind, rule or message")
            }
            let kind = try FindingKind(stored: kindText, in: "\(path): shard_finding")
            let rule = try FindingRule(stored: ruleText, in: "\(path): shard_finding")
            out.append((sqlite3_column_int64(s, 15),
                        RunRecord.Finding(kind: kind, rule: rule, trace: labels[c.int(2)], press: c.int(3).map(Int.init), x: c.double(4),
                                          y: c.double(5), node: labels[c.int(6)], before: labels[c.int(11)], after: labels[c.int(12)],
                                          message: message, action: labels[c.int(7)], expect: labels[c.int(8)], probe: c.int(13).map { $0 != 0 } ?? false,
                                          reason: labels[c.int(10)], partOf: c.int(14).map(Int.init))))
        }
        return out
    }

    /// A finding and where it stands in its shard's list.
    typealias Placed = (place: Int64, finding: RunRecord.Finding)

    /// A suite's findings (or where each is kept) in the order its shard folded them: each stands at its
    /// place, and every place from the first to the last holds one.
    static func list<T>(_ singles: [(place: Int64, finding: T)], _ grouped: [(place: Int64, finding: T)], path: String) throws -> [T] {
        let count = singles.count + grouped.count
        var at = [Int32](repeating: -1, count: count)  // what stands at each place: k < singles.count a single, else a group's
        for k in 0..<count {
            let place = k < singles.count ? singles[k].place : grouped[k - singles.count].place
            guard place >= 0, place < Int64(count), at[Int(place)] < 0 else {
                throw ShardFileError("\(path): shard_finding and shard_finding_group do not place every finding of a suite once (place \(place) of \(count))")
            }
            at[Int(place)] = Int32(k)
        }
        return at.map { k in Int(k) < singles.count ? singles[Int(k)].finding : grouped[Int(k) - singles.count].finding }
    }

    /// Each suite's findings of presses as the groups history stores, placed within their blocks, and the
    /// findings they hold, each with its place in the shard's list (one pass, through the C API).
    /// - Parameter inGroups: give where each finding is kept (`listed`) instead of its row (`findings`).
    static func findingGroups(_ db: Database, suite: Int64, from: inout Int64, labels: Labels.Read, path: String, inGroups: Bool = false) throws
        -> (groups: [RunRecord.FindingGroupRow], findings: [Placed], listed: [(place: Int64, finding: Part.Listed)]) {
        var out: [RunRecord.FindingGroupRow] = [], findings: [Placed] = []
        var listed: [(place: Int64, finding: Part.Listed)] = []
        try rows(db, """
            SELECT kind_id, rule_id, trace_name_id, node_id, action_id, expect_id, probe, reason_id, message_id, before_id, after_id,
                   first_at, last_at, presses, places, run_suite_id, rowid
            FROM shard_finding_group WHERE rowid >= ? ORDER BY rowid
            """, suite: suite, from: &from) { s in
            let c = Columns(s)
            guard let kindText = labels[c.int(0)], let ruleText = labels[c.int(1)], let trace = labels[c.int(2)], let message = labels[c.int(8)] else {
                throw ShardFileError("\(path): shard_finding_group holds a group without its kind, rule, trace or message")
            }
            let kind = try FindingKind(stored: kindText, in: "\(path): shard_finding_group")
            let rule = try FindingRule(stored: ruleText, in: "\(path): shard_finding_group")
            // History stores the list as it is: it must be what `FindingRows` writes, spanning the group's places.
            let count = Int(sqlite3_column_bytes(s, 13))
            let presses = sqlite3_column_text(s, 13).map { [UInt8](UnsafeBufferPointer(start: $0, count: count)) } ?? []
            let first = sqlite3_column_int64(s, 11), last = sqlite3_column_int64(s, 12)
            let placesCount = Int(sqlite3_column_bytes(s, 14))
            guard first >= 0, last >= first, last - first <= Int64(Int32.max), let entries = Self.findingPressList(presses),
                  Int64(entries[entries.count - 1].offset) == last - first, placesCount == 4 * entries.count, let blob = sqlite3_column_blob(s, 14) else {
                throw ShardFileError("\(path): shard_finding_group holds a press list that is not the findings of its group, from place \(first) to \(last)")
            }
            let raw = UnsafeRawBufferPointer(start: blob, count: placesCount)
            var group = RunRecord.FindingGroupRow(kind: kind, rule: rule, trace: trace, node: labels[c.int(3)], action: labels[c.int(4)],
                                                  expect: labels[c.int(5)], probe: c.int(6).map { $0 != 0 } ?? false, reason: labels[c.int(7)],
                                                  message: message, before: labels[c.int(9)], after: labels[c.int(10)],
                                                  first: Int(first), last: Int(last), presses: presses, members: [])
            group.members.reserveCapacity(3 * entries.count)
            let index = Int32(out.count)
            for (n, e) in entries.enumerated() {
                let place = Int32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * n, as: Int32.self))
                group.members.append(e.offset); group.members.append(e.press); group.members.append(place)
                if inGroups {
                    listed.append((Int64(place), .member(group: index, press: e.press, x: e.x, y: e.y, partOf: e.partOf)))
                    continue
                }
                findings.append((Int64(place), RunRecord.Finding(kind: kind, rule: rule, trace: trace, press: Int(e.press), x: e.x, y: e.y,
                                                                 node: group.node, before: group.before, after: group.after, message: message,
                                                                 action: group.action, expect: group.expect, probe: group.probe,
                                                                 reason: group.reason, partOf: e.partOf.map(Int.init))))
            }
            out.append(group)
        }
        return (out, findings, listed)
    }

    /// 10^0 … 10^15, each exact.
    private static let powersOfTen: [Double] = (0...15).map { pow(10, Double($0)) }

    /// One finding of a group's list: its offset from the group's first, press, point, and the press that began its multi-tap.
    struct PressEntry { let offset: Int32, press: Int32, x: Double, y: Double, partOf: Int32? }

    /// The findings of `bytes` when it is a group's list as `FindingRows` writes it: `[[offset,press,x,y],…]`
    /// (a fifth number, the press that began a multi-tap, when there is one), offsets and presses 32-bit
    /// numbers without leading zeros, offsets strictly increasing from 0, x and y finite JSON numbers written
    /// as reals (with a fraction or an exponent; history's views read it with `json_each`); nil for anything else.
    static func findingPressList(_ bytes: [UInt8]) -> [PressEntry]? {
        var i = 0
        let n = bytes.count
        func take(_ c: UInt8) -> Bool {
            guard i < n, bytes[i] == c else { return false }
            i += 1
            return true
        }
        func digits() -> Int {
            let start = i
            while i < n, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }
        // A whole number without leading zeros, up to Int32.max.
        func whole() -> Int32? {
            let start = i
            let count = digits()
            guard count > 0, count <= 10, count == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
            var v: Int64 = 0
            for k in start..<i { v = v * 10 + Int64(bytes[k] - UInt8(ascii: "0")) }
            return v <= Int64(Int32.max) ? Int32(v) : nil
        }
        // A finite JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
        func number() -> Double? {
            let start = i
            _ = take(UInt8(ascii: "-"))
            let integral = i
            let count = digits()
            guard count > 0, count == 1 || bytes[integral] != UInt8(ascii: "0") else { return nil }
            var fraction = 0, exponent = false
            if take(UInt8(ascii: ".")) {
                fraction = digits()
                guard fraction > 0 else { return nil }
            }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard digits() > 0 else { return nil }
                exponent = true
            }
            guard fraction > 0 || exponent else { return nil }  // a real, as a shard writes it (`102.0`): history reads it back as one
            // Up to 15 digits and no exponent (every point a run writes): the digits divided by a power of ten,
            // both exact, which IEEE division rounds to the nearest double, as parsing the text does.
            if !exponent, i - integral - (fraction > 0 ? 1 : 0) <= 15 {
                var m: Int64 = 0
                for k in integral..<i where bytes[k] != UInt8(ascii: ".") { m = m * 10 + Int64(bytes[k] - UInt8(ascii: "0")) }
                let d = Double(m) / Self.powersOfTen[fraction]
                return bytes[start] == UInt8(ascii: "-") ? -d : d
            }
            guard let d = Double(String(decoding: bytes[start..<i], as: UTF8.self)), d.isFinite else { return nil }
            return d
        }
        var entries: [PressEntry] = []
        guard take(UInt8(ascii: "[")) else { return nil }
        repeat {
            guard take(UInt8(ascii: "[")), let offset = whole(), take(UInt8(ascii: ",")), let press = whole(), take(UInt8(ascii: ",")),
                  let x = number(), take(UInt8(ascii: ",")), let y = number() else { return nil }
            var partOf: Int32?
            if take(UInt8(ascii: ",")) { guard let p = whole() else { return nil }; partOf = p }
            guard take(UInt8(ascii: "]")) else { return nil }
            guard entries.last.map({ offset > $0.offset }) ?? (offset == 0) else { return nil }
            entries.append(PressEntry(offset: offset, press: press, x: x, y: y, partOf: partOf))
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "]")), i == n else { return nil }
        return entries
    }

    /// A suite's picture marks, by trace id and press (through the C API: 3,000 a suite and shard).
    static func marks(_ db: Database, suite: Int64, labels: Labels.Read, path: String) throws -> [Part.Mark] {
        let statement = try db.cachedStatement(sql: """
            SELECT trace_id, press, x, y, outcome, action_id, reason_id FROM shard_mark WHERE run_suite_id = ? ORDER BY trace_id, press
            """)
        let s = statement.sqliteStatement
        sqlite3_reset(s)
        sqlite3_bind_int64(s, 1, suite)
        var out: [Part.Mark] = []
        while try SQLiteC.step(s) {
            let c = Columns(s)
            out.append(Part.Mark(traceID: sqlite3_column_int64(s, 0), press: Int(sqlite3_column_int64(s, 1)), x: sqlite3_column_double(s, 2),
                                 y: sqlite3_column_double(s, 3), outcome: try OutcomeCode(stored: sqlite3_column_int64(s, 4), in: path),
                                 action: labels[c.int(5)], reason: labels[c.int(6)]))
        }
        return out
    }

    /// A suite's expectations in the order the shard folded them (read on from `from`, through the C API).
    static func expectations(_ db: Database, suite: Int64, from: inout Int64, labels: Labels.Read, path: String) throws -> [Part.Expectation] {
        var out: [Part.Expectation] = []
        try rows(db, "SELECT trace_id, pairs, run_suite_id, rowid FROM shard_expects WHERE rowid >= ? ORDER BY rowid", suite: suite, from: &from) { s in
            let trace = sqlite3_column_int64(s, 0)
            let count = Int(sqlite3_column_bytes(s, 1))
            guard count % 8 == 0 else { throw ShardFileError("\(path): shard_expects holds a pair list of \(count) bytes (not pairs of Int32)") }
            guard count > 0, let bytes = sqlite3_column_blob(s, 1) else { return }
            let raw = UnsafeRawBufferPointer(start: bytes, count: count)
            for i in stride(from: 0, to: count, by: 8) {
                let press = Int32(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: Int32.self))
                let expect = Int32(littleEndian: raw.loadUnaligned(fromByteOffset: i + 4, as: Int32.self))
                out.append(Part.Expectation(traceID: trace, press: Int(press), expect: labels[Int64(expect)] ?? ""))
            }
        }
        return out
    }

    /// A suite's retry bursts in the order the shard folded them (read on from `from`, through the C API).
    static func bursts(_ db: Database, suite: Int64, from: inout Int64, labels: Labels.Read) throws -> [Part.Burst] {
        var out: [Part.Burst] = []
        try rows(db, "SELECT trace_id, presses, x, y, resolved, target_id, run_suite_id, rowid FROM shard_burst WHERE rowid >= ? ORDER BY rowid",
                 suite: suite, from: &from) { s in
            let c = Columns(s)
            let count = Int(sqlite3_column_bytes(s, 1))
            let text = sqlite3_column_text(s, 1).map { [UInt8](UnsafeBufferPointer(start: $0, count: count)) } ?? []
            var presses: [Int] = []
            if case .array(let items)? = try? JSONValue(JSONDocument(parsing: text), at: 0) {
                presses = items.compactMap { if case .number(let d) = $0 { Int(exactly: d) } else { nil } }
            }
            out.append(Part.Burst(traceID: sqlite3_column_int64(s, 0), presses: presses, x: sqlite3_column_double(s, 2),
                                  y: sqlite3_column_double(s, 3), resolved: sqlite3_column_int64(s, 4) != 0, target: labels[c.int(5)]))
        }
        return out
    }

    /// The columns of the row a statement stands on.
    struct Columns {
        let s: OpaquePointer
        init(_ s: OpaquePointer) { self.s = s }
        @inline(__always) func int(_ i: Int32) -> Int64? { sqlite3_column_type(s, i) == SQLITE_NULL ? nil : sqlite3_column_int64(s, i) }
        @inline(__always) func double(_ i: Int32) -> Double? { sqlite3_column_type(s, i) == SQLITE_NULL ? nil : sqlite3_column_double(s, i) }
    }
}

/// The texts of the shard files of one merge, each distinct text made once: every shard's
/// labels (and trace names) are read as the one string this gives for their text, so that
/// the merge's findings share their strings as one run's do — and the caches that know a
/// text by its string (history's labels, the JSON of findings) find it without reading it.
/// Shards are read on several threads at once: a lock keeps the set (a shard asks it once per
/// distinct text, not per row).
public final class ShardTexts: @unchecked Sendable {
    private var strings: Set<String> = []
    private let lock = NSLock()
    public init() {}

    /// The one string of this text.
    public func text(_ s: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let known = strings.firstIndex(of: s) { return strings[known] }
        strings.insert(s)
        return s
    }
}

extension Labels {
    /// A shard file's labels by id, each text made once (`ShardTexts`).
    struct Read {
        private var dense: [String?] = []

        init(_ db: Database, texts: ShardTexts, path: String) throws {
            let statement = try db.makeStatement(sql: "SELECT id, text FROM label ORDER BY id")
            let s = statement.sqliteStatement
            while try SQLiteC.step(s) {
                let id = Int(sqlite3_column_int64(s, 0))
                guard id >= 0, id < 1 << 24 else { throw ShardFileError("\(path): a label id out of range (\(id))") }
                if id >= dense.count { dense += [String?](repeating: nil, count: id + 1 - dense.count) }
                dense[id] = texts.text(String(cString: sqlite3_column_text(s, 1)))
            }
        }

        subscript(_ id: Int64?) -> String? {
            guard let id, id >= 0, id < dense.count else { return nil }
            return dense[Int(id)]
        }
    }
}

extension TraceStore {
    /// Stored traces by name (the merge maps each shard's traces onto this database's).
    public func traces(named names: [String]) throws -> [String: StoredTrace] {
        try read { db in
            var out: [String: StoredTrace] = [:]
            let statement = try db.cachedStatement(sql: "SELECT \(StoredTrace.selection) FROM trace WHERE name = ?")
            for name in names {
                if let row = try Row.fetchOne(statement, arguments: [name]) { out[name] = StoredTrace(row: row) }
            }
            return out
        }
    }
}

extension TraceStore {
    /// The JSON of the stored snapshot with this content hash, if there is one.
    public func snapshotJSON(contentHash: String) throws -> String? {
        try read { try String.fetchOne($0, sql: "SELECT json FROM snapshot WHERE content_hash = ?", arguments: [contentHash]) }
    }
}
