import Foundation
import GRDB
import HistoryValues
import Testing
@testable import TraceStore

/// The typed values at the history boundary: each reads back what it wrote, and a stored text or
/// code outside its enum is an error naming where it was read, never silently a default.
@Suite("Stored names: baseline state, finding kind and rule, outcomes read back strictly")
struct StoredNameTests {
    /// A history holding two runs of `Settings` over trace `t1`, the second with a missed press 2.
    func history() throws -> (TempDir, TraceStore) {
        let (dir, store, traceID) = try StoreTests().storeWithTrace()
        for rows in [[], [StoreTests().missRow(traceID, 2, baseline: .hit)]] {
            let suite = RunRecord.Suite(suite: "Settings", snapshotHash: "h", snapshotSource: nil, appVersion: nil, appBuild: nil,
                                        baseline: .compared, passed: rows.isEmpty, traces: [traceID], presses: 3, fired: 3 - rows.count,
                                        pressRows: rows, targets: [], findings: [])
            try store.recordRun(RunRecord(startedAt: "2026-11-24T10:00:00Z", finishedAt: "2026-11-24T10:00:01Z", revision: nil,
                                          passed: rows.isEmpty, touchRadius: 20, gridStep: 1, settings: "{}", suites: [suite]))
        }
        return (dir, store)
    }

    /// Runs `sql` on the database at `path` (as a hand-edited or damaged file would be).
    func damage(_ path: String, _ sql: String) throws {
        let q = try DatabaseQueue(path: path)
        try q.write { try $0.execute(sql: sql) }
        try q.close()
    }

    /// A shard file of one run with two findings (R1 regressions: one of a press with its point, kept in
    /// `shard_finding_group`, and one without, kept in `shard_finding`) and one press.
    func shard(_ dir: TempDir) throws -> String {
        var run = ShardFileTests.run("a reason")
        run.suites[0].findings.append(RunRecord.Finding(kind: .regression, rule: .deadZone, trace: "t1", press: 1, x: nil, y: nil, node: "row",
                                                        before: nil, after: nil, message: "no point"))
        run.suites[0].pressRows = [RunRecord.Press(traceID: 7, press: 0, outcome: .miss, node: nil, action: nil, latencyMs: nil,
                                                   baselineOutcome: .hit, baselineNode: nil, baselineAction: nil, baselineLatencyMs: nil, met: nil)]
        let path = dir.path + "/shard.sqlite"
        try ShardRecord(runKey: "k", index: 1, count: 1, identity: "{}", events: 4, traces: [], snapshots: [], run: run, parts: [.init()])
            .write(to: path)
        return path
    }

    @Test("BaselineState: a suite's baseline reads back; an unknown one is an error naming the table and suite")
    func baselineState() throws {
        let (dir, store) = try history()
        #expect(try store.runs().flatMap(\.suites).map(\.baseline) == [.compared, .compared])
        try damage(dir.db, "UPDATE run_suite SET baseline = 'reviewed'")
        #expect { try store.runs() } throws: { "\($0)".contains("run_suite of Settings") && "\($0)".contains("unknown baseline state 'reviewed'") }
        let path = try shard(dir)
        try damage(path, "UPDATE run_suite SET baseline = 'reviewed'")
        #expect { try ShardRecord.read(path) } throws: { "\($0)".contains("\(path): run_suite: unknown baseline state 'reviewed'") }
    }

    @Test("FindingKind: a shard's finding kind reads back; an unknown one is an error naming the file")
    func findingKind() throws {
        let dir = TempDir()
        let path = try shard(dir)
        #expect(try ShardRecord.read(path).run.suites[0].findings.map(\.kind) == [.regression, .regression])
        try damage(path, "UPDATE label SET text = 'worse' WHERE text = 'regression'")
        #expect { try ShardRecord.read(path) } throws: { "\($0)".contains("\(path): shard_finding: unknown finding kind 'worse'") }
        try damage(path, "DELETE FROM shard_finding")
        #expect { try ShardRecord.read(path) } throws: { "\($0)".contains("\(path): shard_finding_group: unknown finding kind 'worse'") }
    }

    @Test("FindingRule: a shard's finding rule reads back; an unknown one is an error naming the file")
    func findingRule() throws {
        let dir = TempDir()
        let path = try shard(dir)
        #expect(try ShardRecord.read(path).run.suites[0].findings.map(\.rule) == [.deadZone, .deadZone])
        try damage(path, "UPDATE label SET text = 'R9' WHERE text = 'R1'")
        #expect { try ShardRecord.read(path) } throws: { "\($0)".contains("\(path): shard_finding: unknown finding rule 'R9'") }
        try damage(path, "DELETE FROM shard_finding")
        #expect { try ShardRecord.read(path) } throws: { "\($0)".contains("\(path): shard_finding_group: unknown finding rule 'R9'") }
    }

    @Test("OutcomeCode: a shard's press outcomes read back; an unknown code is an error naming the file, never a silent miss")
    func outcomeCode() throws {
        let dir = TempDir()
        let path = try shard(dir)
        let groups = try ShardRecord.read(path).run.suites[0].pressGroups
        #expect(groups.count == 1 && groups[0].outcome == .miss && groups[0].baselineOutcome == .hit)
        try damage(path, "UPDATE shard_press_group SET baseline_outcome = 9")
        #expect { try ShardRecord.read(path) } throws: { "\($0)".contains("\(path): shard_press_group (baseline_outcome): unknown outcome code 9") }
    }

    @Test("FlakyPress.Outcome: a press that fired, then missed, is flaky; an unknown stored code is an error, never a silent miss")
    func flakyOutcome() throws {
        let (dir, store) = try history()
        let flaky = try store.flakyPresses()
        #expect(flaky.map(\.press) == [2] && flaky.first?.outcomes.map(\.outcome) == [.fired, .miss])
        try damage(dir.db, "UPDATE press_group SET outcome = 9")
        #expect { try store.flakyPresses() } throws: { "\($0)".contains("press_outcome of run 2") && "\($0)".contains("unknown outcome code 9") }
    }
}
