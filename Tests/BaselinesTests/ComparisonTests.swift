import Baselines
import HitTesting
import TapModel
import Testing

@Suite("Comparison: new presses, causes")
struct ComparisonTests {
    @Test("Findings come in rule order, and in the order found within a rule, however they were found")
    func ruleOrder() {
        let rules: [Rule] = [.expectation, .deadZone, .stolen, .deadZone, .slower, .expectation, .deadZone, .coverage, .stolen, .slower]
        var list = rules.enumerated().map { Finding(kind: .regression, rule: $0.element, suite: "S", message: "\($0.offset)") }
        Comparison.order(&list)
        #expect(list.map(\.message) == ["1", "3", "6", "2", "8", "4", "9", "7", "0", "5"])
        #expect(list.map(\.rule) == rules.sorted())
        var ordered = list
        Comparison.order(&ordered)
        #expect(ordered.map(\.message) == list.map(\.message))
        var none: [Finding] = []
        Comparison.order(&none)
        #expect(none.isEmpty)
    }

    @Test("A copied finding is its own: changing the copy leaves the original as it was")
    func findingCopies() {
        let f = Finding(kind: .regression, rule: .deadZone, suite: "Settings", trace: "t", press: 3, at: Point(1, 2), node: "row",
                        action: "open", before: Finding.Side(outcome: "hit", node: "row"), after: Finding.Side(outcome: "miss"),
                        message: "row no longer fires", reason: "the gap")
        var g = f
        #expect(g == f)
        g.reason = "a card"
        g.probe = true
        g.partOf = 2
        g.accepted = AcceptedProblem(rule: "R1", node: "row", trace: "t", press: 3, who: "me", why: "known", since: nil)
        #expect(g != f)
        #expect(f.reason == "the gap" && !f.probe && f.partOf == nil && f.accepted == nil)
        #expect(g.reason == "a card" && g.probe && g.partOf == 2 && g.accepted?.who == "me")
        var h = g
        h.message = "changed"
        #expect(g.message == "row no longer fires" && h.message == "changed" && h.reason == "a card")
        // Equal fields are equal findings, whichever way they were made.
        var k = Finding(kind: .regression, rule: .deadZone, suite: "Settings", trace: "t", press: 3, at: Point(1, 2), node: "row",
                        action: "open", before: Finding.Side(outcome: "hit", node: "row"), after: Finding.Side(outcome: "miss"),
                        message: "row no longer fires", reason: "x")
        k.reason = "the gap"
        #expect(k == f)
    }

    @Test("New presses are reported against a version-1 baseline, never failing")
    func newPresses() {
        let d = compare(suite([press(0, .hit)]), suite([press(0, .hit), press(1, .miss)]))
        #expect(d.regressions.isEmpty && d.notes.map(\.rule.rawValue) == ["press"])
    }

    @Test("Findings are grouped by cause: the target whose behaviour changed and the engine's reason")
    func causes() {
        let gap = "row: tap lands in the gap between its leaves; its container has no contentShape before onTapGesture"
        let before = suite([press(0, .hit), press(1, .hit), press(2, .hit, node: "other", action: "x")],
                           [target("row", own: 1, miss: 0), target("other", own: 1, miss: 0)])
        let after = suite([press(0, .miss, expect: "row", met: false, reason: gap), press(1, .miss, reason: gap),
                           press(2, .hit, node: "other", action: "x")],
                          [target("row", own: 0.37, miss: 0.63), target("other", own: 1, miss: 0)])
        let d = compare(before, after)
        #expect(d.regressions.map(\.rule.rawValue) == ["R1", "R1", "R4", "R6"])
        #expect(d.causes.count == 1)
        let c = d.causes[0]
        #expect(c.node == "row" && c.reason == gap)
        #expect(c.regressions == [0, 1, 2, 3])
        #expect(c.summary == "2 presses no longer fire, own 100% → 37%, miss 0% → 63%, 1 expectation unmet", "\(c.summary)")
        #expect(c.text.hasPrefix(gap + " — 2 presses"))
    }
}
