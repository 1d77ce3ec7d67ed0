import Foundation
import GRDB
import HistoryValues
import TapJSON
import Testing
@testable import TraceStore

@Suite("v5-shards: complete findings, shard files")
struct ShardFileTests {
    static func run(_ reason: String, passed: Bool = false) -> RunRecord {
        RunRecord(startedAt: "2026-11-20T10:00:00Z", finishedAt: "2026-11-20T10:00:01Z", revision: "r", passed: passed, touchRadius: 10,
                  gridStep: 1, settings: "{}", suites: [RunRecord.Suite(
                      suite: "Settings", snapshotHash: "h", snapshotSource: "s.json", appVersion: nil, appBuild: "1", baseline: .compared,
                      passed: passed, targets: [], findings: [RunRecord.Finding(
                          kind: .regression, rule: .deadZone, trace: "t1", press: 0, x: 1, y: 2, node: "row", before: nil, after: nil,
                          message: "m", action: "open", expect: "row", probe: false, reason: reason, partOf: 3)])])
    }

    @Test("A finding keeps its action, expectation, probe flag, reason and multi-tap; pruning keeps the reasons findings still use")
    func completeFindings() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        try store.recordRun(ShardFileTests.run("old reason"))
        try store.recordRun(ShardFileTests.run("new reason"))
        #expect(try store.pruneRuns(keepRuns: 1) == 1)
        let rows = try ReadOnlyStore(path: dir.db).query("""
            SELECT f.action, f.expect, f.probe, l.text, f.part_of FROM finding f JOIN label l ON l.id = f.reason_id
            """)
        #expect(rows.rows == [[.text("open"), .text("row"), .integer(0), .text("new reason"), .integer(3)]])
        // The kept run's reason and message; the pruned run's reason is gone.
        #expect(try store.read { try String.fetchAll($0, sql: "SELECT text FROM label ORDER BY text") } == ["m", "new reason"])
    }

    @Test("A shard file round-trips: run rows, trace headers, snapshots and the shard_* parts; a history database is not one")
    func roundTrip() throws {
        let dir = TempDir()
        var part = ShardRecord.Part()
        part.events = 4
        part.fit = #"{"outside":1}"#
        part.newPresses = 2
        part.newPressTraces = ["t1"]
        part.targets = [.init(node: "row", expectedTries: 2, firstTryMet: 1, firings: 5)]
        part.latencies = [.init(node: "row", action: "open", latencyMs: 350, count: 3), .init(node: "row", action: nil, latencyMs: 0, count: 1)]
        part.bursts = [.init(traceID: 7, presses: [0, 1, 2], x: 1.5, y: 2, resolved: true, target: "row")]
        part.expectations = [.init(traceID: 7, press: 0, expect: "row")]
        part.marks = [.init(traceID: 7, press: 1, x: 3, y: 4, outcome: .miss, action: nil, reason: "gap")]
        var run = ShardFileTests.run("a reason")
        run.suites[0].traces = [7]
        run.suites[0].pressRows = [RunRecord.Press(traceID: 7, press: 0, outcome: .miss, node: nil, action: nil, latencyMs: nil, baselineOutcome: .hit,
                                                   baselineNode: "row", baselineAction: "open", baselineLatencyMs: 0, met: false)]
        let trace = StoredTrace(rowID: 7, header: .init(trace: "t1", screen: "Settings"), eventCount: 4, contentHash: "c")
        let snapshot = #"{"format":"tapreplay-snapshot","version":1,"screen":"Settings","root":{"id":"r","type":"VStack","frame":[0,0,10,10]}}"#
        let record = ShardRecord(runKey: "k", index: 2, count: 3, identity: "{}", events: 4, traces: [trace],
                                 snapshots: [.init(source: "s.json", data: Data(snapshot.utf8))], run: run, parts: [part])
        let path = dir.path + "/shards/2.sqlite"
        try record.write(to: path)
        let back = try ShardRecord.read(path)
        #expect(back.runKey == "k" && back.index == 2 && back.count == 3 && back.events == 4)
        #expect(back.traces == [trace])
        #expect(back.snapshots.map(\.data) == [Data(snapshot.utf8)] && back.snapshots.map(\.source) == ["s.json"])
        #expect(back.run.suites.map(\.traces) == [[7]] && back.run.suites[0].findings == run.suites[0].findings)
        // The informative presses come back grouped as history stores them.
        #expect(back.run.suites[0].pressRows.isEmpty && back.run.suites[0].pressGroups == RunRecord.PressGroupRow.groups(run.suites[0].pressRows))
        #expect(back.run.suites[0].pressGroups.map(\.baselineNode) == ["row"] && back.run.suites[0].pressGroups[0].presses == Array("[0]".utf8))
        // Groups and presses together (never so from a run) are grouped anew in one pass: a press joins its group.
        var both = back.run.suites[0]
        both.pressRows = [RunRecord.Press(traceID: 7, press: 3, outcome: .miss, node: nil, action: nil, latencyMs: nil, baselineOutcome: .hit,
                                          baselineNode: "row", baselineAction: "open", baselineLatencyMs: 0, met: false)]
        #expect(both.allPressGroups.map { String(decoding: $0.presses, as: UTF8.self) } == ["[0,3]"])
        var sorted = back.parts[0]
        sorted.latencies.sort { $0.latencyMs < $1.latencyMs }
        part.latencies.sort { $0.latencyMs < $1.latencyMs }
        // The findings of presses come back as the groups history stores, too (the file makes them from the findings).
        part.findingGroups = RunRecord.FindingGroupRow.grouped(run.suites[0].findings)
        #expect(part.findingGroups.map { String(decoding: $0.presses, as: UTF8.self) } == ["[[0,0,1.0,2.0,3]]"])
        #expect(sorted == part)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))  // one self-contained file
        let history = try TraceStore(path: dir.db)
        try history.recordRun(run)
        #expect(throws: ShardFileError.self) { try ShardRecord.read(dir.db) }
        // An outcome code outside the table is an error naming the file, never a silent miss.
        let q = try DatabaseQueue(path: path)
        try q.write { try $0.execute(sql: "UPDATE shard_mark SET outcome = 9") }
        try q.close()
        #expect { try ShardRecord.read(path) } throws: { "\($0)".contains("\(path): unknown outcome code 9") }
    }

    @Test("Shard format 5: findings, press groups and expectations in fold order with their texts made once for every shard; formats 1 to 4 are refused, saying so; a press list that is not one is refused")
    func format() throws {
        let dir = TempDir()
        var run = ShardFileTests.run("a reason")
        run.suites[0].findings.append(RunRecord.Finding(kind: .known, rule: .stolen, trace: "t0", press: 4, x: nil, y: nil, node: "row",
                                                        before: #"{"outcome":"hit"}"#, after: nil, message: "m"))
        // Trace 9's presses, then trace 7's (fold order is by name, not id); trace 9's press 4 is another group.
        run.suites[0].pressRows = [(9, 3, "row"), (9, 4, "other"), (9, 8, "row"), (7, 1, "row"), (7, 2, "row")].map { trace, press, node in
            RunRecord.Press(traceID: trace, press: press, outcome: .miss, node: node, action: nil, latencyMs: nil,
                            baselineOutcome: nil, baselineNode: nil, baselineAction: nil, baselineLatencyMs: nil, met: nil)
        }
        var part = ShardRecord.Part()
        // Expectations as folded, trace by trace (a row per trace): a trace id's order is not the fold order.
        part.expectations = [.init(traceID: 9, press: 2, expect: "row"), .init(traceID: 9, press: 5, expect: "other"),
                             .init(traceID: 7, press: 0, expect: "row")]
        part.marks = [.init(traceID: 7, press: 1, x: 3, y: 4, outcome: .miss, action: nil, reason: "gap")]
        let record = ShardRecord(runKey: "k", index: 1, count: 2, identity: "{}", events: 4, traces: [], snapshots: [], run: run, parts: [part])
        let (a, b) = (dir.path + "/1.sqlite", dir.path + "/2.sqlite")
        try record.write(to: a)
        try record.write(to: b)
        let texts = ShardTexts()
        let (one, two) = (try ShardRecord.read(a, texts: texts), try ShardRecord.read(b, texts: texts))
        #expect(one.run.suites[0].findings == run.suites[0].findings)  // as folded: not sorted
        let groups = one.run.suites[0].pressGroups
        #expect(groups.map(\.traceID) == [9, 9, 7] && groups.map(\.firstPress) == [3, 4, 1] && groups.map(\.node) == ["row", "other", "row"])
        #expect(groups.map { String(decoding: $0.presses, as: UTF8.self) } == ["[3,8]", "[4]", "[1,2]"])
        #expect(one.parts[0].expectations == part.expectations && one.parts[0].marks == part.marks)
        let q3 = try DatabaseQueue(path: a)
        #expect(try q3.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM shard_expects") } == 2)
        try q3.close()
        // The same text is the same string in both shards.
        #expect(TextKey.Same(one.run.suites[0].findings[0].reason!) == TextKey.Same(two.run.suites[0].findings[0].reason!))
        // What only a JUnit report or a picture needs is left unread when not asked for.
        let lean = try ShardRecord.read(a, details: ShardRecord.Details(expectations: false, marks: false))
        #expect(lean.parts[0].expectations.isEmpty && lean.parts[0].marks.isEmpty && lean.run.suites[0].findings == run.suites[0].findings)
        // A press list history could not read back is refused, naming the file.
        let q = try DatabaseQueue(path: b)
        // (Leading zeros and numbers past 32 bits are not JSON history reads; unsorted, repeated or not from the first press, not a group's.)
        for bad in ["[]", "[1,,2]", "[1,2", "1", "[1,-2]", "[1,2,]", "[04]", "[4,004]", "[4,4294967300]", "[4,9,7]", "[4,4]", "[5]", " [4]", "[4 ]"] {
            try q.write { try $0.execute(sql: "UPDATE shard_press_group SET presses = ? WHERE first_press = 4", arguments: [bad]) }
            #expect(throws: ShardFileError.self, "\(bad)") { try ShardRecord.read(b) }
        }
        try q.write { try $0.execute(sql: "UPDATE shard_press_group SET presses = '[4,12,345]' WHERE first_press = 4") }
        #expect(try ShardRecord.read(b).run.suites[0].pressGroups[1].presses == Array("[4,12,345]".utf8))
        // A shard is read suite by suite, each table on from where the suite before ended: a row out of its
        // suites' order (here one of no suite, after the others) is refused, naming the file and the table.
        try q.write { try $0.execute(sql: "INSERT INTO shard_press_group (run_suite_id, trace_id, outcome, first_press, presses) VALUES (0, 9, 0, 4, '[4]')") }
        #expect { try ShardRecord.read(b) } throws: { "\($0)".contains("\(b): shard_press_group holds rows out of its suites' order") }
        try q.write { try $0.execute(sql: "DELETE FROM shard_press_group WHERE run_suite_id = 0") }
        #expect(try ShardRecord.read(b).run.suites[0].pressGroups.count == 3)
        #expect(ShardRecord.pressList(Array("[0,12,2147483647]".utf8)) == [0, 12, Int32.max] && ShardRecord.pressList(Array("[2147483648]".utf8)) == nil)
        // A shard file of format 4 (a row per finding), 3 (a row per press) or 2 (a row per expectation) is refused, naming the file and what to do.
        try q.write { try $0.execute(sql: "UPDATE shard_format SET version = 4") }
        #expect { try ShardRecord.read(b) } throws: { "\($0)".contains("\(b) is a shard file of format 4") && "\($0)".contains("run the shards again") }
        try q.write { try $0.execute(sql: "UPDATE shard_format SET version = 3") }
        #expect { try ShardRecord.read(b) } throws: { "\($0)".contains("\(b) is a shard file of format 3") && "\($0)".contains("run the shards again") }
        try q.write { try $0.execute(sql: "UPDATE shard_format SET version = 2") }
        #expect { try ShardRecord.read(b) } throws: { "\($0)".contains("\(b) is a shard file of format 2") && "\($0)".contains("run the shards again") }
        // One written before format 2 (its findings in the history tables) too.
        try q.write { try $0.execute(sql: "DROP TABLE shard_format") }
        try q.close()
        #expect { try ShardRecord.read(b) } throws: { "\($0)".contains("\(b) is a shard file of format 1") && "\($0)".contains("run the shards again") }
    }

    @Test("Shard format 5: the findings of presses as the groups history stores, placed within their blocks; every finding back at its place, as a row or (for a merge) in its group; a list or place that is not one is refused")
    func findingGroups() throws {
        let dir = TempDir()
        var run = ShardFileTests.run("a reason")
        func f(_ kind: FindingKind, _ rule: FindingRule, _ trace: String, _ press: Int, _ x: Double?, partOf: Int? = nil) -> RunRecord.Finding {
            RunRecord.Finding(kind: kind, rule: rule, trace: trace, press: press, x: x, y: x.map { $0 + 0.25 }, node: "row", before: nil, after: nil,
                              message: "m", partOf: partOf)
        }
        // In fold order: trace t1's R1 presses 0 and 2 are one group (R2 between them another block), t2 another,
        // a press without its point and a known problem's rows of their own.
        run.suites[0].findings = [f(.regression, .deadZone, "t1", 0, 1), f(.regression, .stolen, "t1", 0, 1), f(.regression, .deadZone, "t1", 2, 100.0 / 3),
                                  f(.known, .deadZone, "t0", 4, nil), f(.regression, .deadZone, "t2", 1, -0.0, partOf: 0), f(.improvement, .deadZone, "t1", 3, 1e-7)]
        let record = ShardRecord(runKey: "k", index: 1, count: 1, identity: "{}", events: 4, traces: [], snapshots: [], run: run, parts: [.init()])
        let path = dir.path + "/s.sqlite"
        try record.write(to: path)
        let back = try ShardRecord.read(path)
        #expect(back.run.suites[0].findings == run.suites[0].findings)  // every finding at its place, every point exact
        let groups = back.parts[0].findingGroups
        #expect(groups == RunRecord.FindingGroupRow.grouped(run.suites[0].findings))
        #expect(groups.map { "\($0.kind.rawValue) \($0.rule.rawValue) \($0.trace) \($0.first)-\($0.last)" }
                == ["regression R1 t1 0-1", "regression R2 t1 0-0", "regression R1 t2 0-0", "improvement R1 t1 0-0"])
        #expect(groups.map { String(decoding: $0.presses, as: UTF8.self) }
                == ["[[0,0,1.0,1.25],[1,2,33.333333333333336,33.583333333333336]]", "[[0,0,1.0,1.25]]", "[[0,1,-0.0,0.25,0]]", "[[0,3,1e-07,0.2500001]]"])
        #expect(groups[0].members == [0, 0, 0, 1, 2, 2] && groups[2].members == [0, 1, 4])
        let q = try DatabaseQueue(path: path)
        #expect(try q.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM shard_finding") } == 1)  // only the finding in no group
        try q.close()
        // Read for a merge, the findings of presses stay in their groups: each place names where its finding is kept,
        // and the same findings come back from there.
        let forMerge = ShardRecord.Details(expectations: true, marks: true, inGroups: true)
        let kept = try ShardRecord.read(path, details: forMerge)
        #expect(kept.run.suites[0].findings == [run.suites[0].findings[3]] && kept.parts[0].findingGroups == groups)
        let rebuilt = kept.parts[0].listed.map { item -> RunRecord.Finding in
            switch item {
            case .single(let n): return kept.run.suites[0].findings[n]
            case .member(let g, let press, let x, let y, let partOf):
                let group = kept.parts[0].findingGroups[Int(g)]
                return RunRecord.Finding(kind: group.kind, rule: group.rule, trace: group.trace, press: Int(press), x: x, y: y, node: group.node,
                                         before: group.before, after: group.after, message: group.message, action: group.action,
                                         expect: group.expect, probe: group.probe, reason: group.reason, partOf: partOf.map(Int.init))
            }
        }
        #expect(rebuilt == run.suites[0].findings)
        // A list history could not read back, or places that are not every finding's once, is refused, naming the file (read either way).
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        func refused(_ sql: String, _ label: String) throws {
            let q = try DatabaseQueue(path: path)
            try q.write { try $0.execute(sql: sql) }
            try q.close()
            for details in [ShardRecord.Details.all, forMerge] {
                do {
                    _ = try ShardRecord.read(path, details: details)
                    Issue.record("\(label): accepted")
                } catch {
                    #expect(error is ShardFileError && "\(error)".hasPrefix("\(path): shard_finding"), "\(label): \(error)")
                }
            }
            try good.write(to: URL(fileURLWithPath: path))
        }
        for bad in ["[]", "[[0,0,1.0]]", "[[1,0,1.0,1.25]]", "[[0,0,1.0,1.25],[0,2,1,2]]", "[[0,0,01,2],[1,2,1,2]]", "[[0,0,1e999,2],[1,2,1,2]]",
                    "[[0,0,1.0,1.25],[1,2,34.0,34.25]] ", "[[0,0,1.0,1.25],[1,2,34.0,]]", "[[0,0,1.0,1.25],[1,2,.5,1]]", "[[0,0,1.0,1.0,2,3],[1,2,1.0,1.0]]",
                    "[[0,0,1.0,1.25],[2,2,34.0,34.25]]", "[[0,2147483648,1.0,1.0],[1,2,1.0,1.0]]", "[[0,0,1,1.25],[1,2,34.0,34.25]]"] {
            try refused("UPDATE shard_finding_group SET presses = '\(bad)' WHERE last_at = 1", bad)  // (the group of two)
        }
        try refused("UPDATE shard_finding_group SET last_at = 2 WHERE last_at = 1", "a group past its list")
        try refused("UPDATE shard_finding_group SET places = x'00000000' WHERE last_at = 1", "places short of the list")
        try refused("UPDATE shard_finding_group SET places = x'0000000000000000' WHERE last_at = 1", "a place twice")
        try refused("UPDATE shard_finding SET place = 9", "a place past the list")
        try refused("DELETE FROM shard_finding", "a finding missing")
        #expect(try ShardRecord.read(path).run.suites[0].findings == run.suites[0].findings)  // each damage was undone
    }

    @Test("A shard file written suite by suite as the shard replays reads back the same; cancelled, or short of suites, it leaves no file")
    func streamed() throws {
        let dir = TempDir()
        let run = ShardFileTests.run("a reason")
        var part = ShardRecord.Part()
        part.events = 3
        part.expectations = [.init(traceID: 7, press: 0, expect: "row")]
        let record = ShardRecord(runKey: "k", index: 1, count: 1, identity: "{}", events: 3, traces: [], snapshots: [], run: run, parts: [part])
        let path = dir.path + "/s.sqlite"
        let writer = try ShardFileWriter(path: path)
        writer.add(run.suites[0], part)
        try writer.finish(record)
        let back = try ShardRecord.read(path)
        part.findingGroups = RunRecord.FindingGroupRow.grouped(run.suites[0].findings)
        #expect(back.run.suites[0].findings == run.suites[0].findings && back.parts[0] == part)
        // Cancelled part-way (a shard stopped by Ctrl-C): no file, and no temporary one beside it.
        let other = dir.path + "/t.sqlite"
        let cancelled = try ShardFileWriter(path: other)
        cancelled.add(run.suites[0], part)
        cancelled.cancel()
        #expect(!FileManager.default.fileExists(atPath: other))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }.isEmpty)
        // Finished with fewer suites than the run has: refused, no file.
        let short = try ShardFileWriter(path: other)
        #expect { try short.finish(record) } throws: { "\($0)".contains("0 suites were written, the run has 1") }
        #expect(!FileManager.default.fileExists(atPath: other))
    }

    @Test("A suite the shard file could not take (a full disk) is reported at the next check, before the shard replays on; the file is never written")
    func failedSuiteStopsTheShard() throws {
        let dir = TempDir()
        let path = dir.path + "/s.sqlite"
        let good = ShardFileTests.run("a reason")
        var bad = good
        bad.suites[0].findings[0].press = Int(Int32.max) + 1  // refused by the writer, as a write the disk refuses would be
        let writer = try ShardFileWriter(path: path)
        try writer.check()  // nothing failed yet
        writer.add(good.suites[0], ShardRecord.Part())
        writer.waitForSuites()
        try writer.check()
        writer.add(bad.suites[0], ShardRecord.Part())
        writer.waitForSuites()
        #expect { try writer.check() } throws: { "\($0)".contains("cannot write the shard file \(path)") && "\($0)".contains("32-bit press numbers") }
        writer.cancel()
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("A shard file's temporary file left by a process no longer running, untouched for 15 minutes, is removed by the next shard written to that name; a running process's, a recent one or another name's is kept")
    func leftovers() throws {
        let dir = TempDir()
        let path = dir.path + "/s.sqlite"
        // 99,999,999 is above every system's highest process id (Linux 4,194,304, macOS 99,998): no such process.
        let dead = [".s.sqlite.tmp-99999999", ".s.sqlite.tmp-99999999-journal"]
        let running = ".s.sqlite.tmp-\(getppid())"  // this test's parent is running
        let kept = [running, ".t.sqlite.tmp-99999999", ".s.sqlite.tmp-099999999", ".s.sqlite.tmp-+99999999"]
        let recent = ".s.sqlite.tmp-99999998"  // its process is gone, but it was written a moment ago (a writer this machine cannot see)
        for name in dead + kept + [recent] {
            let file = dir.path + "/" + name
            _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
            if name != recent { try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -16 * 60)], ofItemAtPath: file) }
        }
        let run = ShardFileTests.run("a reason")
        let record = ShardRecord(runKey: "k", index: 1, count: 1, identity: "{}", events: 0, traces: [], snapshots: [], run: run,
                                 parts: [ShardRecord.Part()])
        try record.write(to: path)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
        #expect(left == Set(["s.sqlite", recent] + kept))
    }
}
