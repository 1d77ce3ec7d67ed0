import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/U6ShieldedControls.swift.
@Suite("U6 shielded controls")
struct U6ShieldedControlsTests {
    @Test("U6 a tap on a shielded control fires it, not the ancestor's tap recognizer", arguments: ["button", "switch", "stepper", "segmented", "pageControl", "unknown"])
    func u6(_ kind: String) throws {
        let t = try tester(uikit("card", "UIView", [0, 0, 400, 400], children: [
            uikit("c", "UIControl", [20, 20, 100, 44], ["control": ["kind": .string(kind), "action": "act"]]),
        ], ["gestureRecognizers": [["type": "tap", "action": "dismiss"]]]), radius: 0)
        #expect(t.tap(50, 40).action == "act")
        #expect(t.tap(200, 200).action == "dismiss")
        // `unknown` behaves the same, with a note; a known kind needs none.
        let r = t.resolve(at: Point(50, 40))
        #expect(r.rule == nil)  // the answer U4 always gave: no rule of real screens decides it
        #expect(t.reason(for: r).contains("does not give the control's kind") == (kind == "unknown"), "\(t.reason(for: r))")
    }

    @Test("U6 a recognizer on the control itself wins")
    func u6OwnRecognizer() throws {
        let t = try tester(uikit("play", "UIButton", [0, 0, 100, 44], ["control": ["kind": "button", "action": "play"],
                                                                      "gestureRecognizers": [["type": "tap", "action": "hint"]]]), radius: 0)
        #expect(t.tap(50, 20).action == "hint")
    }
}
