import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S5NoHitTesting.swift, on tiny view trees.
@Suite("S5 allowsHitTesting(false), opacity 0, hidden")
struct S5NoHitTestingTests {
    @Test("S5 an overlay intercepts; allowsHitTesting(false), opacity 0 and hidden let taps through")
    func s5() throws {
        func screen(_ badgeModifiers: [JSONValue]) throws -> HitTester {
            try tester(node("screen", "ZStack", [0, 0, 200, 100], children: [
                node("save", "Button", [0, 0, 200, 50], children: [node("save.bg", "Color", [0, 0, 200, 50])], ["action": "save"]),
                node("badge", "Circle", [170, 0, 30, 30], modifiers: badgeModifiers),
            ]), radius: 10)
        }
        let blocked = try screen([])
        let r = blocked.resolve(at: Point(185, 15))
        #expect(r.outcome == .blocked)
        #expect(blocked.reason(for: r) == "badge intercepts the tap meant for save")
        #expect(blocked.tap(185, 15).node == "badge")
        for way: JSONValue in [["allowsHitTesting": false], ["opacity": 0], ["hidden": true]] {
            #expect(try screen([way]).tap(185, 15) == Tapped(outcome: .hit, node: "save.bg", handler: "save", action: "save"), "\(way)")
        }
        // Mostly opaque (above 0.5) it still intercepts; translucent, it scores a tenth and claims no sample,
        // so the button behind takes the touch (touch-binding.md §3).
        #expect(try screen([["opacity": 0.6]]).tap(185, 15).outcome == .blocked)
        #expect(try screen([["opacity": 0.1]]).tap(185, 15).action == "save")
    }

    @Test("S5 allowsHitTesting(false) removes the whole subtree, gestures included")
    func s5Subtree() throws {
        let t = try tester(node("card", "VStack", [0, 0, 200, 100], modifiers: [["allowsHitTesting": false]], children: [
            node("card.button", "Button", [0, 0, 200, 50], children: [node("card.button.bg", "Color", [0, 0, 200, 50])], ["action": "go"]),
        ]), radius: 10)
        #expect(t.tap(100, 25).outcome == .miss)
        #expect(t.coverage(ofID: "card.button").miss == 1)
    }
}
