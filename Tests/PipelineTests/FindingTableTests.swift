import Baselines
import HistoryValues
@testable import Pipeline
import TapModel
import Testing
@testable import TraceStore

/// A merge's history takes each screen's findings as its shards grouped them (docs/nightly-ci.md,
/// "What a shard writes"): each shard's groups are placed where their block begins in the suite's
/// list, and the rows are those one pass over the list writes.
@Suite("A merged suite's findings: the shards' groups placed in the suite's list, as one pass groups them")
struct FindingTableTests {
    static func press(_ rule: Rule, _ trace: String, _ press: Int, kind: Finding.Kind = .regression, at: Point? = Point(1, 2.5)) -> Finding {
        Finding(kind: kind, rule: rule, suite: "S", trace: trace, press: press, at: at, node: "row", message: "m")
    }

    /// A shard's findings in fold order, and the suite's lists as the merge finishes them (each list by rule, in the order found).
    static func example() -> (shard: [Finding], lists: [[Finding]]) {
        let a = press(.deadZone, "t1", 0), b = press(.stolen, "t1", 0), c = press(.deadZone, "t1", 2), d = press(.deadZone, "t2", 1)
        let e = press(.deadZone, "t3", 5, kind: .improvement, at: nil)  // no point: a row of its own
        var probe = press(.deadZone, "probe", 0)
        probe.probe = true  // the merge's own
        let note = Finding(kind: .new, rule: .coverage, suite: "S", node: "row", message: "coverage")
        return ([a, b, c, d, e], [[a, c, d, probe, b], [e], [note], []])
    }

    static func rows(_ findings: [Finding]) -> [RunRecord.Finding] {
        var sides = HistoryRecord.SideTexts()
        return findings.map { HistoryRecord.row($0, sides: &sides) }
    }

    @Test("The shards' groups placed where their blocks begin, the probes' grouped beside them: the groups and rows of one pass")
    func placed() throws {
        let (shard, lists) = Self.example()
        let groups = RunRecord.FindingGroupRow.grouped(Self.rows(shard))
        #expect(groups.map { "\($0.rule.rawValue) \($0.trace) \($0.first)-\($0.last)" } == ["R1 t1 0-1", "R2 t1 0-0", "R1 t2 0-0"])
        let table = try #require(HistoryRecord.findingTable(lists, groups: [groups], traced: [4, 1, 0, 0]))
        let onePass = FindingRows(HistoryRecord.findingRows(lists), 0..<7)
        let placed = table.order.map { o in (group: table.groups[Int(o.list)][Int(o.index)], shift: o.shift) }
        #expect(placed.map { $0.group.first + $0.shift } == onePass.groups.map(\.first) && placed.map { $0.group.last + $0.shift } == onePass.groups.map(\.last))
        #expect(placed.map(\.group.presses) == onePass.groups.map(\.presses.bytes))
        #expect(placed.map { String(decoding: $0.group.presses, as: UTF8.self) } == ["[[0,0,1.0,2.5],[1,2,1.0,2.5]]", "[[0,1,1.0,2.5]]", "[[0,0,1.0,2.5]]", "[[0,0,1.0,2.5]]"])
        #expect(table.singles.map(\.index) == onePass.singles.map(\.index) && table.singles.map(\.index) == [5, 6])
        #expect(table.count == 7 && table.kinds == [.regression: 5, .improvement: 1, .new: 1])
    }

    @Test("A list that is not the shards' findings, whole and in their order, is grouped anew: a finding moved, a block split, a group elsewhere")
    func groupedAnew() throws {
        let (shard, lists) = Self.example()
        let groups = RunRecord.FindingGroupRow.grouped(Self.rows(shard))
        #expect(HistoryRecord.findingTable(lists, groups: [groups], traced: [4, 1, 0, 0]) != nil)
        // A known problem the merge found worse than accepted moved to the regressions.
        #expect(HistoryRecord.findingTable(lists, groups: [groups], traced: [3, 1, 0, 1]) == nil)
        // Trace t1's R1 block split by t2's.
        var split = lists
        split[0] = [lists[0][0], lists[0][2], lists[0][1], lists[0][3], lists[0][4]]
        #expect(HistoryRecord.findingTable(split, groups: [groups], traced: [4, 1, 0, 0]) == nil)
        // A group whose press is not the one at its place, or that reaches past its block.
        var wrongPress = groups
        wrongPress[0].members[4] = 7
        #expect(HistoryRecord.findingTable(lists, groups: [wrongPress], traced: [4, 1, 0, 0]) == nil)
        var past = groups
        past[2].last = 1
        #expect(HistoryRecord.findingTable(lists, groups: [past], traced: [4, 1, 0, 0]) == nil)
        // A finding whose message is not its group's (a known problem found worse than accepted, accepted again).
        var worse = lists
        worse[0][1] = Self.press(.deadZone, "t1", 2)
        worse[0][1].message = "m — worse than accepted (coverage)"
        #expect(HistoryRecord.findingTable(worse, groups: [groups], traced: [4, 1, 0, 0]) == nil)
        // A group missing: a finding of a press in no group.
        #expect(HistoryRecord.findingTable(lists, groups: [Array(groups.dropLast())], traced: [4, 1, 0, 0]) == nil)
    }
}
