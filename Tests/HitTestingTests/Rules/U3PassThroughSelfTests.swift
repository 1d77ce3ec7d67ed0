import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/U3PassThroughSelf.swift, on tiny view trees.
@Suite("U3 pass through self")
struct U3PassThroughSelfTests {
    func screen(_ children: [JSONValue]) throws -> HitTester {
        try tester(uikit("window", "UIWindow", [0, 0, 400, 400], children: children), radius: 10)
    }

    @Test("U3 passThroughSelf: empty area reaches the view behind; subviews still get theirs")
    func u3() throws {
        let t = try screen([
            uiButton("banner", [0, 0, 400, 100], action: "banner"),
            uikit("overlay", "UIView", [0, 0, 400, 100], children: [uiButton("close", [350, 10, 40, 40], action: "close")],
                  ["hitTestOverride": "passThroughSelf"]),
        ])
        #expect(t.tap(100, 50).action == "banner")
        #expect(t.tap(370, 30).action == "close")
        // Without the override the overlay takes the touch and the banner is blocked.
        let opaque = try screen([
            uiButton("banner", [0, 0, 400, 100], action: "banner"),
            uikit("overlay", "UIView", [0, 0, 400, 100], children: [uiButton("close", [350, 10, 40, 40], action: "close")]),
        ])
        let r = opaque.resolve(at: Point(100, 50))
        #expect(r.outcome == .blocked)
        #expect(opaque.reason(for: r) == "overlay intercepts the tap meant for banner")
    }
}
