import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/U2OutsideParent.swift, on tiny view trees.
@Suite("U2 outside the parent")
struct U2OutsideParentTests {
    func screen(_ children: [JSONValue]) throws -> HitTester {
        try tester(uikit("window", "UIWindow", [0, 0, 400, 400], children: children), radius: 10)
    }

    @Test("U2 a subview outside its superview's bounds gets no touches there, whatever clipsToBounds")
    func u2() throws {
        for clips in [true, false] {
            let t = try screen([uikit("card", "UIView", [0, 0, 200, 100], children: [
                uiButton("coupon", [150, 80, 80, 40], action: "coupon"),
            ], ["clipsToBounds": .bool(clips)])])
            #expect(t.tap(160, 90).action == "coupon")
            let outside = t.resolve(at: Point(160, 110))
            #expect(outside.outcome == .miss, "clipsToBounds \(clips)")
            #expect(t.reason(for: outside).contains("U2"))
            #expect(t.coverage(ofID: "coupon").miss > 0.49)
        }
    }
}
