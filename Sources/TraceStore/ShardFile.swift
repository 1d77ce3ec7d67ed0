import Foundation
import GRDB
import TapJSON

/// One shard's part of a run as a shard file holds it (`replay run --shard i/n
/// --shard-out FILE`): a database of the history schema holding the run's rows
/// for the traces this shard replayed — the run, its suites with their counts,
/// the traces replayed, the informative presses, the findings — plus what an
/// exact merge needs beyond them (the `shard_*` tables: latency histograms,
/// first tries, retry bursts, expectations, picture marks, trace-fit counts)
/// and the snapshots replayed against. Plain values: the store knows nothing of
/// the engine (Pipeline turns these into a run's parts and back).
public struct ShardRecord: Sendable {
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
        public init() {}

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
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let temporary = (folder.isEmpty ? "." : folder) + "/." + (path as NSString).lastPathComponent + ".tmp-\(getpid())"
        for suffix in ["", "-journal"] { unlink(temporary + suffix) }
        do {
            let queue = try DatabaseQueue(path: temporary, configuration: TraceStore.configuration(busyTimeout: 0, wal: false))
            let store = try TraceStore(queue, path: path)
            for s in snapshots { _ = try store.importSnapshot(s.data, from: s.source) }
            try store.writeTransaction { db in try insert(db) }
            try queue.close()
        } catch {
            for suffix in ["", "-journal"] { unlink(temporary + suffix) }
            throw ShardFileError("cannot write the shard file \(path): \(error)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ShardFileError("cannot write the shard file \(path) (\(reason))")
        }
    }

    private func insert(_ db: Database) throws {
        let now = TraceStore.now()
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
        var (_, suiteIDs, labels) = try TraceStore.insertRun(run, db: db)
        try db.execute(sql: """
            INSERT INTO shard (id, run_key, shard_index, shard_count, identity, traces, events) VALUES (1, ?, ?, ?, ?, ?, ?)
            """, arguments: [runKey, index, count, identity, traces.count, events])
        let suite = try db.makeStatement(sql: """
            INSERT INTO shard_suite (run_suite_id, events, fit, new_presses, new_press_traces) VALUES (?, ?, ?, ?, ?)
            """)
        let target = RawInsert(try db.makeStatement(sql: """
            INSERT INTO shard_target (run_suite_id, node_id, expected_tries, first_try_met, firings) VALUES (?, ?, ?, ?, ?)
            """))
        let latency = RawInsert(try db.makeStatement(sql: """
            INSERT INTO shard_latency (run_suite_id, node_id, action_id, latency_ms, count) VALUES (?, ?, ?, ?, ?)
            """))
        let burst = RawInsert(try db.makeStatement(sql: """
            INSERT INTO shard_burst (run_suite_id, trace_id, presses, x, y, resolved, target_id) VALUES (?, ?, ?, ?, ?, ?, ?)
            """))
        let expectation = RawInsert(try db.makeStatement(sql: """
            INSERT OR REPLACE INTO shard_expectation (run_suite_id, trace_id, press, expect_id) VALUES (?, ?, ?, ?)
            """))
        let mark = RawInsert(try db.makeStatement(sql: """
            INSERT OR REPLACE INTO shard_mark (run_suite_id, trace_id, press, x, y, outcome, action_id, reason_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """))
        for (suiteID, p) in zip(suiteIDs, parts) {
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
            for e in p.expectations {
                let expect = try labels.id(e.expect)
                try expectation.row { b in b.int(suiteID); b.int(e.traceID); b.int(Int64(e.press)); b.int(expect) }
            }
            for m in p.marks {
                let action = try labels.id(m.action), reason = try labels.id(m.reason)
                try mark.row { b in
                    b.int(suiteID); b.int(m.traceID); b.int(Int64(m.press)); b.double(m.x); b.double(m.y)
                    b.int(Int64(m.outcome.rawValue)); b.int(action); b.int(reason)
                }
            }
        }
    }
}

extension ShardRecord {
    /// Reads a shard file (read-only).
    /// - Throws: `ShardFileError` naming the file when it is missing, not a database of ours, or not a shard file.
    public static func read(_ path: String) throws -> ShardRecord {
        guard FileManager.default.fileExists(atPath: path) else { throw ShardFileError("\(path): no such shard file") }
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
        do {
            return try queue.read { db in try read(db, path: path) }
        } catch let e as ShardFileError {
            throw e
        } catch let e as StoreError {
            throw ShardFileError(e.message)   // a value the store refuses (an unknown outcome code), naming the file
        } catch {
            throw ShardFileError("\(path): cannot read the shard file (\(error))")
        }
    }

    private static func read(_ db: Database, path: String) throws -> ShardRecord {
        let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        guard tables.contains("shard"), let shard = try Row.fetchOne(db, sql: "SELECT * FROM shard WHERE id = 1") else {
            throw ShardFileError("\(path) is not a shard file (a history database? shard files are written by replay run --shard-out)")
        }
        var labels: [Int64: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, text FROM label") { labels[row["id"]] = row["text"] }
        func label(_ id: Int64?) -> String? { id.flatMap { labels[$0] } }
        let traces = try Row.fetchAll(db, sql: "SELECT \(StoredTrace.selection) FROM trace ORDER BY name").map(StoredTrace.init(row:))
        let snapshots = try Row.fetchAll(db, sql: "SELECT json, imported_from FROM snapshot ORDER BY id").map { row in
            Snapshot(source: row["imported_from"] ?? "", data: Data((row["json"] as String).utf8))
        }
        guard let run = try Row.fetchOne(db, sql: "SELECT * FROM run ORDER BY id LIMIT 1") else {
            throw ShardFileError("\(path) is not a complete shard file (it holds no run)")
        }
        var suites: [RunRecord.Suite] = []
        var parts: [Part] = []
        for s in try Row.fetchAll(db, sql: "SELECT * FROM run_suite WHERE run_id = ? ORDER BY id", arguments: [run["id"] as Int64]) {
            let id: Int64 = s["id"]
            let presses = try Row.fetchAll(db, sql: "SELECT * FROM press_outcome WHERE run_suite_id = ?", arguments: [id]).map { p in
                RunRecord.Press(traceID: p["trace_id"], press: p["press"], outcome: p["outcome"], node: label(p["node_id"]),
                                action: label(p["action_id"]), latencyMs: p["latency_ms"], baselineOutcome: p["baseline_outcome"],
                                baselineNode: label(p["baseline_node_id"]), baselineAction: label(p["baseline_action_id"]),
                                baselineLatencyMs: p["baseline_latency_ms"], met: p["met"])
            }
            let findings = try Row.fetchAll(db, sql: "SELECT * FROM finding WHERE run_suite_id = ? ORDER BY id", arguments: [id]).map { f in
                RunRecord.Finding(kind: f["kind"], rule: f["rule"], trace: f["trace"], press: f["press"], x: f["x"], y: f["y"],
                                  node: f["node"], before: f["before"], after: f["after"], message: f["message"], action: f["action"],
                                  expect: f["expect"], probe: f["probe"], reason: label(f["reason_id"]), partOf: f["part_of"])
            }
            suites.append(RunRecord.Suite(
                suite: s["suite"], snapshotHash: s["snapshot_hash"], snapshotSource: s["snapshot_source"], appVersion: s["app_version"],
                appBuild: s["app_build"], baseline: s["baseline"] ?? "none", passed: s["passed"],
                traces: try Int64.fetchAll(db, sql: "SELECT trace_id FROM run_trace WHERE run_suite_id = ?", arguments: [id]),
                presses: s["presses"], fired: s["fired"], firstTries: s["first_tries"], firstTriesMet: s["first_tries_met"],
                pressRows: presses, targets: [], findings: findings))
            var part = Part()
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
            part.bursts = try Row.fetchAll(db, sql: "SELECT * FROM shard_burst WHERE run_suite_id = ? ORDER BY rowid", arguments: [id]).map { b in
                var presses: [Int] = []
                if case .array(let items)? = try? JSONValue(JSONDocument(parsing: b["presses"] as String), at: 0) {
                    presses = items.compactMap { if case .number(let d) = $0 { Int(exactly: d) } else { nil } }
                }
                return Part.Burst(traceID: b["trace_id"], presses: presses, x: b["x"], y: b["y"], resolved: b["resolved"], target: label(b["target_id"]))
            }
            part.expectations = try Row.fetchAll(db, sql: "SELECT * FROM shard_expectation WHERE run_suite_id = ?", arguments: [id]).map { e in
                Part.Expectation(traceID: e["trace_id"], press: e["press"], expect: label(e["expect_id"]) ?? "")
            }
            part.marks = try Row.fetchAll(db, sql: "SELECT * FROM shard_mark WHERE run_suite_id = ?", arguments: [id]).map { m in
                try Part.Mark(traceID: m["trace_id"], press: m["press"], x: m["x"], y: m["y"], outcome: OutcomeCode(stored: m["outcome"], in: path),
                          action: label(m["action_id"]), reason: label(m["reason_id"]))
            }
            parts.append(part)
        }
        let record = RunRecord(startedAt: run["started_at"], finishedAt: run["finished_at"] ?? "", revision: run["revision"],
                               passed: run["passed"], touchRadius: run["touch_radius"], gridStep: run["grid_step"],
                               settings: run["settings"], suites: suites)
        return ShardRecord(runKey: shard["run_key"], index: shard["shard_index"], count: shard["shard_count"], identity: shard["identity"],
                           events: shard["events"], traces: traces, snapshots: snapshots, run: record, parts: parts)
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
