import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/U10ControlIsHitView.swift.
@Suite("U10 control is the hit view")
struct U10ControlIsHitViewTests {
    func button(kind: String, childInteractive: Bool) throws -> HitTester {
        try tester(uikit("window", "UIWindow", [0, 0, 400, 400], children: [
            uikit("send", "UIButton", [20, 20, 200, 44], children: [
                uikit("send.stack", "UIStackView", [20, 20, 200, 44], ["userInteractionEnabled": .bool(childInteractive)]),
            ], ["control": ["kind": .string(kind), "action": "send"]]),
        ]), radius: 0)
    }

    @Test("U10 an interactive subview keeps a control of known kind from firing; kind unknown keeps U4's walk")
    func u10() throws {
        let blocked = try button(kind: "button", childInteractive: true)
        #expect(blocked.tap(100, 42).outcome == .blocked)
        #expect(blocked.reason(for: blocked.resolve(at: Point(100, 42))).hasSuffix("(U10)"))
        #expect(try button(kind: "button", childInteractive: false).tap(100, 42).action == "send")
        #expect(try button(kind: "unknown", childInteractive: true).tap(100, 42).action == "send")
    }
}
