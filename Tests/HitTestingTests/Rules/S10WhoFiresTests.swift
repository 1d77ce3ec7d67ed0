import HitTesting
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S10WhoFires.swift, on tiny view trees.
@Suite("S10 who fires")
struct S10WhoFiresTests {
    @Test("S10 a child's gesture beats its parent's")
    func s10ChildBeatsParent() throws {
        let t = try tester(parentWithButton([onTap("parent")]), radius: 0)
        #expect(t.tap(50, 50) == Tapped(outcome: .hit, node: "child.bg", handler: "child", action: "child"))
        #expect(t.tap(150, 50).action == "parent")
    }

    @Test("S10 a parent's highPriorityGesture beats its child's")
    func s10HighPriority() throws {
        let t = try tester(parentWithButton([["highPriorityGesture": ["tap": ["count": 1], "action": "parentHigh"]]]), radius: 0)
        #expect(t.tap(50, 50).action == "parentHigh")
        // Outermost first: a grandparent's high-priority gesture beats the parent's.
        let nested = try tester(node("grand", "ZStack", [0, 0, 200, 100],
                                     modifiers: [["highPriorityGesture": ["tap": [:], "action": "grand"]]],
                                     children: [parentWithButton([["highPriorityGesture": ["tap": [:], "action": "parentHigh"]]])]), radius: 0)
        #expect(nested.tap(50, 50).action == "grand")
    }

    @Test("S10 a simultaneousGesture fires alongside the winner")
    func s10Simultaneous() throws {
        let t = try tester(parentWithButton([["simultaneousGesture": ["tap": [:], "action": "log"]]]), radius: 0)
        let r = t.resolve(at: Point(50, 50))
        #expect(r.outcome == .hit)
        #expect(r.handler?.action == "child")
        #expect(r.simultaneous.map(\.action) == ["log"])
        // Where nothing else fires, the simultaneous gesture alone does.
        #expect(t.tap(150, 50).action == "log")
    }

    @Test("S10 on one view the earlier-written gesture beats the later one")
    func s10SameView() throws {
        let t = try tester(node("tile", "Color", [0, 0, 100, 100], modifiers: [onTap("first"), onTap("second")]), radius: 0)
        #expect(t.tap(50, 50).action == "first")
        // A long press is not a tap handler: a tap reaches the tap behind it.
        let lp = try tester(node("tile", "Color", [0, 0, 100, 100],
                                 modifiers: [["onLongPressGesture": ["action": "menu"]], onTap("open")]), radius: 0)
        #expect(lp.tap(50, 50).action == "open")
    }
}
