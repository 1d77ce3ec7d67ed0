import Foundation
import GRDB
import HistoryValues
import Testing
@testable import TraceStore

@Suite("Store: schema, read-only queries and hostile conditions")
struct StoreTests {
    @Test("The store runs over any DatabaseWriter: an in-memory database migrates and imports")
    func inMemory() throws {
        let store = try TraceStore.inMemory()
        #expect(try store.appliedMigrations() == TraceStore.knownMigrations)
        let dir = TempDir()
        let result = try store.importFile(dir.file("t.jsonl", jsonl(tapLines)))
        #expect(result.tracesAdded == ["t1"])
        #expect(try store.count("event") == 2)
    }

    @Test("A new database gets 16 KiB pages and WAL; one made with SQLite's 4 KiB pages keeps them and goes on working")
    func pageSize() throws {
        let dir = TempDir()
        _ = try TraceStore(path: dir.db).importFile(dir.file("a.jsonl", jsonl(tapLines)))
        func pages(_ path: String) throws -> (size: Int?, journal: String?) {
            try DatabaseQueue(path: path).read { db in
                (try Int.fetchOne(db, sql: "PRAGMA page_size"), try String.fetchOne(db, sql: "PRAGMA journal_mode"))
            }
        }
        let made = try pages(dir.db)
        #expect(made.size == TraceStore.pageSize && made.journal == "wal")
        // A database an earlier replay created (4 KiB pages, WAL): opened, written and read as before, its pages unchanged.
        let old = TempDir()
        try DatabaseQueue(path: old.db).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA page_size = 4096")
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        }
        let store = try TraceStore(path: old.db)
        _ = try store.importFile(old.file("a.jsonl", jsonl(tapLines)))
        #expect(try store.traces().count == 1)
        let kept = try pages(old.db)
        #expect(kept.size == 4096 && kept.journal == "wal")
    }

    @Test("History opens a current database read-only (a write fails), upgrades an old one, and never creates one")
    func readOnlyHistory() throws {
        let dir = TempDir()
        #expect(throws: StoreError.self) { try TraceStore.openForReading(path: dir.db) }
        #expect(!FileManager.default.fileExists(atPath: dir.db))
        _ = try TraceStore(path: dir.db).importFile(dir.file("a.jsonl", jsonl(tapLines)))
        let reader = try TraceStore.openForReading(path: dir.db)
        #expect(try reader.traces().count == 1)
        #expect(throws: (any Error).self) { try reader.importFile(dir.file("b.jsonl", jsonl(tapLines).replacingOccurrences(of: "t1", with: "t2"))) }
        let old = TempDir()
        try StoreTests.oldDatabase(upTo: "v1-traces", at: old.db, sql: "")
        #expect(try TraceStore.openForReading(path: old.db).appliedMigrations() == TraceStore.knownMigrations)
    }

    @Test("A database from each earlier migration opens and upgrades, keeping its data")
    func migrations() throws {
        let known = TraceStore.knownMigrations
        #expect(known == ["v1-traces", "v2-runs", "v3-compact-history", "v4-file-hash", "v5-shards", "v6-press-groups", "v7-finding-labels",
                          "v8-event-ranges", "v9-grouped-history", "v10-recording-visits"])
        for (i, migration) in known.enumerated() {
            let dir = TempDir()
            try StoreTests.oldDatabase(upTo: migration, at: dir.db)
            #expect(try DatabaseQueue(path: dir.db).read { try Migrations.migrator.appliedMigrations($0) } == Array(known[...i]))
            let upgraded = try TraceStore(path: dir.db)
            #expect(try upgraded.appliedMigrations() == known)
            #expect(try upgraded.traces().count == 1)
            #expect(try upgraded.count("run") == 0)
            #expect(try upgraded.events(ofTrace: upgraded.traces()[0].rowID).count == 2)
        }
    }

    @Test("v8: traces stored before read back whole through their event ranges, interleaved CSV traces included; new imports fill the ranges")
    func eventRanges() throws {
        let dir = TempDir()
        // Two traces interleaved row by row, as a CSV import wrote them: each one's range holds the other's rows too.
        try StoreTests.oldDatabase(upTo: "v7-finding-labels", at: dir.db, sql: """
            INSERT INTO trace (id, name, screen, content_hash, event_count, imported_at) VALUES (1, 'a', 'S', 'ha', 4, 'then');
            INSERT INTO trace (id, name, screen, content_hash, event_count, imported_at) VALUES (2, 'b', 'S', 'hb', 2, 'then');
            INSERT INTO event (trace_id, t, touch, phase, x, y) VALUES
                (1, 0, 1, 'began', 1, 1), (2, 0, 1, 'began', 2, 2), (1, 0.1, 1, 'ended', 1, 1),
                (2, 0.1, 1, 'ended', 2, 2), (1, 0.5, 1, 'began', 3, 3), (1, 0.6, 1, 'ended', 3, 3);
            """)
        let upgraded = try TraceStore(path: dir.db)
        _ = try upgraded.importFile(dir.file("c.jsonl", jsonl(tapLines)))
        let traces = try upgraded.traces()
        #expect(traces.map(\.header.trace) == ["a", "b", "t1"])
        #expect(try traces.map { try upgraded.events(ofTrace: $0.rowID).map(\.x) } == [[1, 1, 3, 3], [2, 2], [24, 24.5]])
        let ranges = try upgraded.read { try Row.fetchAll($0, sql: "SELECT first_event, last_event FROM trace ORDER BY name") }
        #expect(ranges.map { [$0[0] as Int64, $0[1] as Int64] } == [[1, 6], [2, 4], [7, 8]])
        #expect(try upgraded.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master WHERE name = 'event_trace'") } == 0)
    }

    @Test("A database migrated without v4-file-hash but with v5-shards (the shards branch before the merge) opens and gets v4")
    func migrationAddedBeforeAnAppliedOne() throws {
        let dir = TempDir()
        let q = try DatabaseQueue(path: dir.db)
        try Migrations.migrator(skipping: ["v4-file-hash"]).migrate(q)
        try q.close()
        let store = try TraceStore(path: dir.db)
        #expect(try store.appliedMigrations() == TraceStore.knownMigrations)
        let result = try store.importFile(dir.file("a.jsonl", jsonl(tapLines)))
        #expect(result.tracesAdded == ["t1"])
        #expect(try store.count("imported_file") == 1)
    }

    @Test("v3 keeps the history of v2: informative press rows move into press_outcome, readable through press_history")
    func compactHistoryMigration() throws {
        let dir = try StoreTests.oldHistory(upTo: "v2-runs", presses: """
            INSERT INTO press_result (run_suite_id, trace, press, x, y, outcome, node, action) VALUES (1, 't1', 0, 1, 1, 'miss', NULL, NULL);
            INSERT INTO press_result (run_suite_id, trace, press, x, y, outcome, node, action) VALUES (1, 't1', 1, 1, 1, 'hit', 'row', 'open');
            """)
        let upgraded = try TraceStore(path: dir.db)
        #expect(try upgraded.count("press_outcome") == 1)
        let rows = try ReadOnlyStore(path: dir.db).query("SELECT trace, press, outcome FROM press_history")
        #expect(rows.rows == [[.text("t1"), .integer(0), .text("miss")]])
        let runs = try upgraded.runs()
        #expect(runs.first?.suites.first?.presses == 2)
    }

    /// A new store holding the trace `t1`, and its row id.
    func storeWithTrace() throws -> (TempDir, TraceStore, Int64) {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        _ = try store.importFile(dir.file("a.jsonl", jsonl(tapLines)))
        return (dir, store, try store.read { try Int64.fetchOne($0, sql: "SELECT id FROM trace WHERE name = 't1'")! })
    }

    /// A press of trace `traceID` that missed now, and on the baseline as `baseline` says.
    func missRow(_ traceID: Int64, _ press: Int32, baseline: OutcomeCode?) -> RunRecord.Press {
        RunRecord.Press(traceID: traceID, press: press, outcome: .miss, node: nil, action: nil, latencyMs: nil,
                        baselineOutcome: baseline, baselineNode: nil, baselineAction: nil, baselineLatencyMs: nil, met: nil)
    }

    @Test("v6, v9: a trace's presses that hold the same (outcomes, node, action, latency) are one row, read back press by press through press_outcome and press_history")
    func pressGroups() throws {
        let (dir, store, traceID) = try storeWithTrace()
        func miss(_ press: Int32, baseline: OutcomeCode? = .miss) -> RunRecord.Press { missRow(traceID, press, baseline: baseline) }
        let changed = RunRecord.Press(traceID: traceID, press: 4, outcome: .miss, node: nil, action: nil, latencyMs: nil, baselineOutcome: .hit,
                                      baselineNode: "row", baselineAction: "open", baselineLatencyMs: 12, met: nil)
        let suite = RunRecord.Suite(suite: "Settings", snapshotHash: "h", snapshotSource: nil, appVersion: nil, appBuild: nil, baseline: .compared,
                                    passed: false, traces: [traceID], presses: 9, fired: 3,
                                    pressRows: [miss(7), miss(1), changed, miss(3), miss(2, baseline: nil)], targets: [], findings: [])
        let run = RunRecord(startedAt: "2026-11-24T10:00:00Z", finishedAt: "2026-11-24T10:00:01Z", revision: nil, passed: false,
                            touchRadius: 20, gridStep: 1, settings: "{}", suites: [suite])
        try store.recordRun(run)
        #expect(try store.count("press_detail") == 0)
        #expect(try store.read { try String.fetchAll($0, sql: "SELECT presses FROM press_group ORDER BY rowid") } == ["[2]", "[4]", "[1,3,7]"])
        let rows = try ReadOnlyStore(path: dir.db).query("""
            SELECT trace, press, outcome, baseline_outcome, baseline_node FROM press_history ORDER BY press
            """).rows
        #expect(rows == [[.text("t1"), .integer(1), .text("miss"), .text("miss"), .null],
                         [.text("t1"), .integer(2), .text("miss"), .null, .null],
                         [.text("t1"), .integer(3), .text("miss"), .text("miss"), .null],
                         [.text("t1"), .integer(4), .text("miss"), .text("hit"), .text("row")],
                         [.text("t1"), .integer(7), .text("miss"), .text("miss"), .null]])
        #expect(try store.count("press_outcome") == 5)
        try store.recordRun(run)
        #expect(try store.pruneRuns(keepRuns: 1) == 1)
        #expect(try store.count("press_group") == 3)
        #expect(try store.count("press_outcome") == 5)
    }

    @Test("A press given twice in a run's rows (in order or not) is stored once, as it was last given")
    func pressGivenTwice() throws {
        let (dir, store, traceID) = try storeWithTrace()
        func miss(_ press: Int32, baseline: OutcomeCode?) -> RunRecord.Press { missRow(traceID, press, baseline: baseline) }
        for rows in [[miss(1, baseline: .miss), miss(2, baseline: .miss), miss(1, baseline: nil)],  // out of order
                     [miss(1, baseline: .miss), miss(1, baseline: nil), miss(2, baseline: .miss)]] {  // repeated in place
            let suite = RunRecord.Suite(suite: "Settings", snapshotHash: "h", snapshotSource: nil, appVersion: nil, appBuild: nil,
                                        baseline: .compared, passed: false, traces: [traceID], presses: 3, fired: 0,
                                        pressRows: rows, targets: [], findings: [])
            let runID = try store.recordRun(RunRecord(startedAt: "2026-11-24T10:00:00Z", finishedAt: "2026-11-24T10:00:01Z", revision: nil,
                                                      passed: false, touchRadius: 20, gridStep: 1, settings: "{}", suites: [suite]))
            let stored = try ReadOnlyStore(path: dir.db).query("""
                SELECT press, baseline_outcome FROM press_history WHERE run_id = \(runID) ORDER BY press
                """).rows
            #expect(stored == [[.integer(1), .null], [.integer(2), .text("miss")]])
        }
    }

    @Test("Press groups prepared off the recording thread: equal texts in different strings share a group and a label, a zero latency of either sign is one group, and labels get ids in the order the presses name them")
    func pressGroupsPrepared() throws {
        let (_, store, traceID) = try storeWithTrace()
        func press(_ n: Int32, node: String?, action: String?, latency: Double?, baselineNode: String? = nil) -> RunRecord.Press {
            RunRecord.Press(traceID: traceID, press: n, outcome: .hit, node: node, action: action, latencyMs: latency, baselineOutcome: .hit,
                            baselineNode: baselineNode, baselineAction: nil, baselineLatencyMs: nil, met: nil)
        }
        let row = String(repeating: "row.units", count: 2), rowAgain = String(repeating: "row.units", count: 2)  // two strings, one text
        let rows = [press(5, node: row, action: "open", latency: 0), press(1, node: "zeta", action: "go", latency: 12, baselineNode: "alpha"),
                    press(3, node: rowAgain, action: "open", latency: -0.0), press(2, node: "zeta", action: "go", latency: 12.5),
                    press(4, node: row, action: "open", latency: 0)]
        let suite = RunRecord.Suite(suite: "Settings", snapshotHash: "h", snapshotSource: nil, appVersion: nil, appBuild: nil, baseline: .compared,
                                    passed: false, traces: [traceID], presses: 5, fired: 5, pressRows: rows, targets: [], findings: [])
        try store.recordRun(RunRecord(startedAt: "2026-11-24T10:00:00Z", finishedAt: "2026-11-24T10:00:01Z", revision: nil, passed: false,
                                      touchRadius: 20, gridStep: 1, settings: "{}", suites: [suite]))
        #expect(try store.read { try String.fetchAll($0, sql: "SELECT text FROM label ORDER BY id") }
                == ["row.unitsrow.units", "open", "zeta", "go", "alpha"])
        // Rows in (trace, outcome, baseline outcome, node id, …) order: the row's node was named first.
        #expect(try store.read { try String.fetchAll($0, sql: "SELECT presses FROM press_group ORDER BY rowid") } == ["[3,4,5]", "[2]", "[1]"])
    }

    @Test("v6 keeps the press rows of v5: they stay readable through the press_outcome view")
    func pressGroupsMigration() throws {
        let dir = try StoreTests.oldHistory(upTo: "v5-shards", presses: """
            INSERT INTO press_outcome (run_suite_id, trace_id, press, outcome, baseline_outcome) VALUES (1, 1, 0, 5, 5);
            """)
        let upgraded = try TraceStore(path: dir.db)
        #expect(try upgraded.count("press_outcome") == 1)
        let rows = try ReadOnlyStore(path: dir.db).query("SELECT trace, press, outcome, baseline_outcome FROM press_history")
        #expect(rows.rows == [[.text("t1"), .integer(0), .text("miss"), .text("miss")]])
    }

    @Test("v7: a finding's message and both sides are stored once in label, and the finding view reads them back as written")
    func findingLabels() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        func finding(_ press: Int, reason: String) -> RunRecord.Finding {
            RunRecord.Finding(kind: .regression, rule: .deadZone, trace: "t1", press: press, x: 1.5, y: 2, node: "row",
                              before: #"{"outcome":"hit"}"#, after: #"{"outcome":"miss"}"#, message: "row (open) no longer fires: \(reason)",
                              action: "open", reason: reason)
        }
        let findings = (0..<40).map { finding($0, reason: $0 % 2 == 0 ? "a gap" : "a neighbour") }
        let suite = RunRecord.Suite(suite: "Settings", snapshotHash: "h", snapshotSource: nil, appVersion: nil, appBuild: nil, baseline: .compared,
                                    passed: false, targets: [], findings: findings)
        try store.recordRun(RunRecord(startedAt: "2026-11-24T10:00:00Z", finishedAt: "2026-11-24T10:00:01Z", revision: nil, passed: false,
                                      touchRadius: 20, gridStep: 1, settings: "{}", suites: [suite]))
        // Two messages, two sides and two reasons: six labels for forty findings.
        #expect(try store.count("label") == 6)
        // v9: the presses of one trace and message are one finding_group row.
        #expect(try store.count("finding_row") == 0)
        #expect(try store.count("finding_group") == 2)
        let rows = try ReadOnlyStore(path: dir.db).query("SELECT id, press, x, y, before, after, message, part_of FROM finding ORDER BY id").rows
        #expect(rows.count == 40)
        #expect(rows.map { $0[1] } == (0..<40).map { .integer(Int64($0)) })
        #expect(rows.map { $0[0] } == (1...40).map { .integer(Int64($0)) })
        #expect(rows[1] == [.integer(2), .integer(1), .real(1.5), .real(2), .text(#"{"outcome":"hit"}"#), .text(#"{"outcome":"miss"}"#),
                            .text("row (open) no longer fires: a neighbour"), .null])
        #expect(try store.pruneRuns(keepRuns: 0) == 1)
        #expect(try store.count("label") == 0)
    }

    @Test("v9: findings keep the run's order and ids go on across runs, whether grouped by trace and message or a row of their own")
    func findingGroups() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        func press(_ trace: String, _ press: Int, partOf: Int? = nil) -> RunRecord.Finding {
            RunRecord.Finding(kind: .regression, rule: .deadZone, trace: trace, press: press, x: Double(press) + 0.25, y: 7, node: "row",
                              before: nil, after: nil, message: "row no longer fires", action: "open", partOf: partOf)
        }
        let coverage = RunRecord.Finding(kind: .regression, rule: .coverage, trace: nil, press: nil, x: nil, y: nil, node: "row",
                                         before: nil, after: nil, message: "row: own 100% → 40%")
        let findings = [press("t1", 0), press("t2", 3), coverage, press("t1", 5, partOf: 4), press("t2", 9)]
        let suite = RunRecord.Suite(suite: "Settings", snapshotHash: "h", snapshotSource: nil, appVersion: nil, appBuild: nil, baseline: .compared,
                                    passed: false, targets: [], findings: findings)
        let run = RunRecord(startedAt: "2026-11-24T10:00:00Z", finishedAt: "2026-11-24T10:00:01Z", revision: nil, passed: false,
                            touchRadius: 20, gridStep: 1, settings: "{}", suites: [suite])
        try store.recordRun(run)
        try store.recordRun(run)
        #expect(try store.count("finding_group") == 4)
        #expect(try store.count("finding_row") == 2)
        let rows = try ReadOnlyStore(path: dir.db).query("SELECT id, rule, trace, press, x, part_of FROM finding ORDER BY id").rows
        let once: [[SQLValue]] = [[.text("R1"), .text("t1"), .integer(0), .real(0.25), .null],
                                  [.text("R1"), .text("t2"), .integer(3), .real(3.25), .null],
                                  [.text("R4"), .null, .null, .null, .null],
                                  [.text("R1"), .text("t1"), .integer(5), .real(5.25), .integer(4)],
                                  [.text("R1"), .text("t2"), .integer(9), .real(9.25), .null]]
        #expect(rows.map { Array($0.dropFirst()) } == once + once)
        #expect(rows.map { $0[0] } == (1...10).map { .integer(Int64($0)) })
        #expect(try store.pruneRuns(keepRuns: 1) == 1)
        #expect(try store.count("finding") == 5)
    }

    @Test("A suite of tens of thousands of findings is prepared in two halves and stored as one pass stores it: order, ids, groups, labels")
    func manyFindings() throws {
        // 300 traces, each with presses of two messages (R1) and one slower press (R3), a target finding
        // between traces now and then, then improvements: above the size prepared in two halves.
        var findings: [RunRecord.Finding] = []
        for t in 0..<300 {
            let trace = "t\(t)"
            for p in 0..<80 {
                findings.append(RunRecord.Finding(kind: .regression, rule: .deadZone, trace: trace, press: p, x: Double(p) + 0.5, y: Double(t),
                                                  node: "row", before: #"{"outcome":"hit"}"#, after: #"{"outcome":"miss"}"#,
                                                  message: p % 3 == 0 ? "row no longer fires (hit → miss)" : "row no longer fires (hit → blocked)",
                                                  action: "open", reason: p % 3 == 0 ? "the gap" : "a card in front \(t % 7)", partOf: p % 10 == 9 ? p - 1 : nil))
            }
            if t % 50 == 0 {
                findings.append(RunRecord.Finding(kind: .regression, rule: .coverage, trace: nil, press: nil, x: nil, y: nil, node: "row \(t)",
                                                  before: nil, after: nil, message: "row \(t): own 100% → 40%"))
            }
        }
        for t in 0..<300 {
            findings.append(RunRecord.Finding(kind: .regression, rule: .slower, trace: "t\(t)", press: 1, x: 1.5, y: Double(t), node: "row",
                                              before: nil, after: nil, message: "row is slower", action: "open"))
        }
        for t in 0..<20 {
            findings.append(RunRecord.Finding(kind: .improvement, rule: .deadZone, trace: "t\(t)", press: 99, x: 0, y: 0, node: "row",
                                              before: nil, after: nil, message: "now fires row"))
        }
        let enough = findings.count >= FindingRows.parallelFrom
        #expect(enough)
        let cut = FindingRows.cut(findings) ?? -1  // (a failed expectation prints its values: not the 30,000 findings)
        #expect(cut > 0 && cut < 30_000)

        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        let suite = RunRecord.Suite(suite: "Settings", snapshotHash: "h", snapshotSource: nil, appVersion: nil, appBuild: nil, baseline: .compared,
                                    passed: false, targets: [], findings: findings)
        let run = RunRecord(startedAt: "2026-11-25T10:00:00Z", finishedAt: "2026-11-25T10:00:01Z", revision: nil, passed: false,
                            touchRadius: 20, gridStep: 1, settings: "{}", suites: [suite])
        try store.recordRun(run)
        let rows = try ReadOnlyStore(path: dir.db).query("""
            SELECT f.id, f.kind, f.rule, f.trace, f.press, f.x, f.y, f.node, f.before, f.after, f.message, f.action, r.text, f.part_of
            FROM finding f LEFT JOIN label r ON r.id = f.reason_id ORDER BY f.id
            """).rows
        func text(_ s: String?) -> SQLValue { s.map { .text($0) } ?? .null }
        let expected: [[SQLValue]] = findings.enumerated().map { i, f in
            [.integer(Int64(i + 1)), .text(f.kind.rawValue), .text(f.rule.rawValue), text(f.trace), f.press.map { .integer(Int64($0)) } ?? .null,
             f.x.map { .real($0) } ?? .null, f.y.map { .real($0) } ?? .null, text(f.node), text(f.before), text(f.after),
             .text(f.message), text(f.action), text(f.reason), f.partOf.map { .integer(Int64($0)) } ?? .null]
        }
        let same = rows == expected
        #expect(same)
        #expect(rows.count == findings.count)
        // One group per trace, rule and message; one row per target finding; every text once in `label`.
        #expect(try store.count("finding_group") == 300 * 2 + 300 + 20)
        #expect(try store.count("finding_row") == 6)
        let texts = Set(findings.flatMap { [$0.message, $0.reason, $0.before, $0.after].compactMap { $0 } })
        #expect(try store.count("label") == texts.count)
        // Labels get their ids in the order the findings first name them (as one pass gives them).
        var order: [String] = []
        for f in findings { for t in [f.reason, f.message, f.before, f.after].compactMap({ $0 }) where !order.contains(t) { order.append(t) } }
        let labels = try ReadOnlyStore(path: dir.db).query("SELECT text FROM label ORDER BY id").rows
        #expect(labels == order.map { [SQLValue.text($0)] })
    }

    @Test("Findings are cut in two only where no group spans the cut")
    func findingCut() {
        func f(_ rule: String, _ trace: String?) -> RunRecord.Finding {
            RunRecord.Finding(kind: .regression, rule: FindingRule(rawValue: rule)!, trace: trace, press: trace == nil ? nil : 0, x: 0, y: 0, node: "n",
                              before: nil, after: nil, message: "m")
        }
        // The middle falls inside t2's block: the cut moves to where the block ends.
        #expect(FindingRows.cut([f("R1", "t1"), f("R1", "t2"), f("R1", "t2"), f("R1", "t2"), f("R1", "t3")]) == 4)
        // A block that comes again after the cut: no cut. Target findings (no trace) are in no group.
        #expect(FindingRows.cut([f("R1", "t1"), f("R1", "t2"), f("R1", "t3"), f("R1", "t1")]) == nil)
        #expect(FindingRows.cut([f("R4", nil), f("R1", "t1"), f("R4", nil), f("R1", "t2"), f("R4", nil)]) == 2)
        // The same trace under another rule is another block.
        #expect(FindingRows.cut([f("R1", "t1"), f("R1", "t1"), f("R3", "t1"), f("R3", "t1")]) == 2)
        #expect(FindingRows.cut([f("R1", "t1")]) == nil)
    }

    @Test("v7 keeps the findings of v6: their text stays readable through the finding view")
    func findingLabelsMigration() throws {
        let dir = try StoreTests.oldHistory(upTo: "v6-press-groups", presses: """
            INSERT INTO finding (run_suite_id, kind, rule, trace, press, before, after, message) VALUES (1, 'regression', 'R1', 't1', 0, '{}', NULL, 'it moved');
            """)
        _ = try TraceStore(path: dir.db)
        let rows = try ReadOnlyStore(path: dir.db).query("SELECT rule, before, after, message FROM finding").rows
        #expect(rows == [[.text("R1"), .text("{}"), .null, .text("it moved")]])
    }

    /// A database migrated up to `migration` holding trace t1, run 1 with suite 1 ("Settings"), and `presses` (SQL).
    static func oldHistory(upTo migration: String, presses: String) throws -> TempDir {
        let dir = TempDir()
        try oldDatabase(upTo: migration, at: dir.db, sql: t1 + """
            INSERT INTO run (id, started_at, passed, touch_radius, grid_step, settings) VALUES (1, 'now', 0, 10, 1, '{}');
            INSERT INTO run_suite (id, run_id, suite, snapshot_hash, passed) VALUES (1, 1, 'Settings', 'h', 0);
            """ + presses)
        return dir
    }

    /// A fixture database as a build that stopped at `migration` left it: the migrations up to it, then
    /// `sql` (default: trace t1 of `tapLines`, as v1's columns hold it). Nothing of today's import or
    /// history code writes it, so those need no branch for older schemas: opening it migrates it forward.
    static func oldDatabase(upTo migration: String, at path: String, sql: String = t1) throws {
        let q = try DatabaseQueue(path: path)
        try Migrations.migrator.migrate(q, upTo: migration)
        if !sql.isEmpty { try q.write { try $0.execute(sql: sql) } }
        // From v8-event-ranges on, an import wrote each trace's range of event ids.
        try q.write { db in
            guard try db.columns(in: "trace").contains(where: { $0.name == "first_event" }) else { return }
            try db.execute(sql: """
                UPDATE trace SET first_event = (SELECT min(id) FROM event WHERE trace_id = trace.id),
                                 last_event = (SELECT max(id) FROM event WHERE trace_id = trace.id)
                WHERE first_event IS NULL
                """)
        }
        try q.close()
    }

    /// Trace t1 with the two events of `tapLines`, in the columns of v1-traces.
    static let t1 = """
        INSERT INTO trace (id, name, screen, content_hash, event_count, imported_at) VALUES (1, 't1', 'Settings', 'h1', 2, 'then');
        INSERT INTO event (trace_id, t, touch, phase, x, y, expect) VALUES (1, 0, 1, 'began', 24, 121.5, 'row.flowMeter');
        INSERT INTO event (trace_id, t, touch, phase, x, y) VALUES (1, 0.084, 1, 'ended', 24.5, 121);

        """

    @Test("A database written by a newer schema is refused")
    func newerSchema() throws {
        let dir = TempDir()
        _ = try TraceStore(path: dir.db)
        let q = try DatabaseQueue(path: dir.db)
        try q.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-future')") }
        #expect { try TraceStore(path: dir.db) } throws: { ($0 as? StoreError)?.description.contains("newer version of replay") == true }
        #expect { try ReadOnlyStore(path: dir.db) } throws: { ($0 as? StoreError)?.description.contains("newer version of replay") == true }
    }

    @Test("A file that is not a database, or someone else's database, is refused")
    func notADatabase() throws {
        let dir = TempDir()
        let path = dir.file("junk.sqlite", String(repeating: "not a database\n", count: 300))
        #expect { try TraceStore(path: path) } throws: { ($0 as? StoreError)?.description == "\(path) is not a SQLite database" }
        let other = (dir.path as NSString).appendingPathComponent("other.sqlite")
        try DatabaseQueue(path: other).write { try $0.execute(sql: "CREATE TABLE customers (id INTEGER)") }
        let before = try Data(contentsOf: URL(fileURLWithPath: other))
        #expect { try TraceStore(path: other) } throws: { ($0 as? StoreError)?.description.contains("not a TapReplay one") == true }
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == before)  // left exactly as it was
        #expect(!FileManager.default.fileExists(atPath: other + "-wal"))
    }

    @Test("A database locked by another writer: one clear error after the busy timeout, nothing stored")
    func locked() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db, busyTimeout: 0.2)
        let other = try DatabaseQueue(path: dir.db)
        let path = dir.file("a.jsonl", jsonl(tapLines))
        try other.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                #expect { try store.importFile(path) } throws: { ($0 as? StoreError)?.description.contains("is locked by another process") == true }
                return .rollback
            }
        }
        #expect(try store.count("trace") == 0)
        #expect(try store.importFile(path).tracesAdded == ["t1"])  // once the lock is gone
    }

    @Test("A full disk stops the import with one clear error and stores nothing")
    func diskFull() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        let pages = try store.read { try Int.fetchOne($0, sql: "PRAGMA page_count") ?? 0 }
        try store.dbWriter.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = \(pages + 2)") }
        var lines = [#"{"t":0,"touch":1,"phase":"began","x":1,"y":2}"#]
        for i in 1...5000 { lines.append(#"{"t":\#(i),"touch":1,"phase":"moved","x":\#(i),"y":2}"#) }
        lines.append(#"{"t":6000,"touch":1,"phase":"ended","x":1,"y":2}"#)
        #expect { try store.importFile(dir.file("a.jsonl", jsonl(lines))) } throws: {
            ($0 as? StoreError)?.description.contains("is full") == true
        }
        #expect(try store.count("trace") == 0 && store.count("event") == 0)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("A database that cannot be created or written: one clear error")
    func unwritable() {
        #expect { try TraceStore(path: "/proc/self/no/such/replay.sqlite") } throws: { $0 is StoreError }
        #expect { try TraceStore(path: "/proc/version") } throws: { $0 is StoreError }
        #expect { try ReadOnlyStore(path: "/nonexistent/replay.sqlite") } throws: {
            ($0 as? StoreError)?.description.contains("no database at") == true
        }
    }

    @Test("replay query refuses every write, and ATTACH, before running anything", arguments: [
        "DELETE FROM trace", "DROP TABLE trace", "INSERT INTO trace (name) VALUES ('x')", "UPDATE trace SET screen = 'x'",
        "ATTACH DATABASE 'other.sqlite' AS other", "  attach 'x' as y", "PRAGMA user_version = 7", "CREATE TABLE t (x)",
        "SELECT 1; DELETE FROM event", "VACUUM", "REINDEX",
    ])
    func readOnly(sql: String) throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        _ = try store.importFile(dir.file("a.jsonl", jsonl(tapLines)))
        let ro = try ReadOnlyStore(path: dir.db)
        #expect(throws: QueryRefused.self) { try ro.query(sql) }
        #expect(try store.count("trace") == 1 && store.count("event") == 2)
        #expect(try store.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 0)
    }

    @Test("replay query reads: columns, typed values, several statements")
    func queryReads() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        _ = try store.importFile(dir.file("a.jsonl", jsonl(tapLines)))
        let r = try ReadOnlyStore(path: dir.db).query("SELECT name, event_count, 1.5 AS f, NULL AS n FROM trace")
        #expect(r.columns == ["name", "event_count", "f", "n"])
        #expect(r.rows == [[.text("t1"), .integer(2), .real(1.5), .null]])
        #expect(throws: QueryRefused.self) { try ReadOnlyStore(path: dir.db).query("SELEC nonsense") }
    }
}
