import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/U7CustomControls.swift.
@Suite("U7 custom controls")
struct U7CustomControlsTests {
    @Test("U7 a custom control loses to an ancestor's tap recognizer, and fires alone without one")
    func u7() throws {
        let rating = uikit("rating", "RatingControl", [20, 80, 200, 40], ["control": ["kind": "custom", "action": "rate"]])
        let card = try tester(uikit("card", "UIView", [0, 0, 400, 400], children: [rating],
                                    ["gestureRecognizers": [["type": "tap", "action": "dismiss"]]]), radius: 0)
        #expect(card.tap(100, 100).action == "dismiss")
        #expect(card.resolve(at: Point(100, 100)).rule == "U7")
        let alone = try tester(uikit("card", "UIView", [0, 0, 400, 400], children: [rating]), radius: 0)
        #expect(alone.tap(100, 100).action == "rate")
        // A long-press recognizer above does not take a tap: the custom control fires.
        let held = try tester(uikit("card", "UIView", [0, 0, 400, 400], children: [rating],
                                    ["gestureRecognizers": [["type": "longPress", "action": "menu"]]]), radius: 0)
        #expect(held.tap(100, 100).action == "rate")
    }
}
