import HitTesting
import TapJSON
import TapModel
import Testing

@Suite("Dead-zone coverage and the settings row's four tiers")
struct CoverageTests {
    // MARK: The settings row, four ways

    /// The seed's Flow Meter row: LabeledContent { Label { icon; title }; chevron } with onTapGesture.
    func settingsRow(_ modifiers: [JSONValue]) -> JSONValue {
        node("row.flowMeter", "LabeledContent", [0, 100, 393, 44], modifiers: modifiers, children: [
            node("row.flowMeter.label", "Label", [16, 110, 110, 24], children: [
                node("row.flowMeter.icon", "Image", [16, 110, 24, 24]),
                node("row.flowMeter.title", "Text", [48, 111, 78, 22]),
            ]),
            node("row.flowMeter.chevron", "Image", [367, 115, 10, 14]),
        ])
    }

    static let leafShare = Double(24 * 24 + 78 * 22 + 10 * 14) / Double(393 * 44)

    @Test("Settings row tier 1 (good): contentShape before onTapGesture, the whole row fires")
    func tierGood() throws {
        let t = try tester(settingsRow([rectangleShape, onTap("openFlowMeter")]))
        let c = t.coverage(ofID: "row.flowMeter")
        #expect(c.own == 1)
        #expect(c.miss == 0)
        #expect(t.tap(250, 122).action == "openFlowMeter")
    }

    @Test("Settings row tier 2 (leaf-only base): without tolerance only the leaves fire")
    func tierLeafOnly() throws {
        let t = try tester(settingsRow([onTap("openFlowMeter")]), radius: 0)
        let c = t.coverage(ofID: "row.flowMeter")
        #expect(abs(c.own - Self.leafShare) < 1e-9)
        #expect(abs(c.miss - (1 - Self.leafShare)) < 1e-9)
    }

    @Test("Settings row tier 3 (missing contentShape): leaves plus a tolerance rim; the Spacer gap is dead")
    func tierMissingContentShape() throws {
        let t = try tester(settingsRow([onTap("openFlowMeter")]), radius: 10)
        let c = t.coverage(ofID: "row.flowMeter")
        #expect(c.own > Self.leafShare + 0.05)
        #expect(c.own < 0.5)
        #expect(abs(c.own + c.miss - 1) < 1e-9)
        #expect(t.tap(130, 122).outcome == .expanded)  // 4 pt right of the title
        #expect(t.tap(250, 122).outcome == .miss)      // in the gap
    }

    @Test("Settings row tier 4 (reversed order): the shape takes the gap, so the row fires only where the cloud reaches its leaves, as without it")
    func tierReversed() throws {
        let t = try tester(settingsRow([onTap("openFlowMeter"), rectangleShape]), radius: 10)
        let c = t.coverage(ofID: "row.flowMeter")
        let without = try tester(settingsRow([onTap("openFlowMeter")]), radius: 10).coverage(ofID: "row.flowMeter")
        #expect(c.own > Self.leafShare + 0.05 && c.own < 0.5)
        #expect(abs(c.own - without.own) < 1e-9 && abs(c.miss - without.miss) < 1e-9)
        #expect(t.tap(130, 122).outcome == .expanded)  // 4 pt right of the title: the gesture inside the shape wins there
        #expect(t.tap(250, 122).outcome == .miss)      // in the gap the shape responds itself, outside the gesture
        // Exact (r = 0): only the leaves fire.
        let exact = try tester(settingsRow([onTap("openFlowMeter"), rectangleShape]), radius: 0).coverage(ofID: "row.flowMeter")
        #expect(abs(exact.own - Self.leafShare) < 1e-9)
    }

    @Test("Coverage counts stolen, blocked, ambiguous, disabled and miss per target")
    func coverageKinds() throws {
        let t = try tester(node("screen", "ZStack", [0, 0, 400, 100], children: [
            node("a", "Color", [0, 0, 100, 100], modifiers: [onTap("a")]),
            node("b", "Color", [50, 0, 100, 100], modifiers: [onTap("b")]),          // steals the right half of a
            node("c", "Color", [200, 0, 100, 100], modifiers: [onTap("c"), ["disabled": true]]),
            node("d", "Color", [300, 0, 100, 100], modifiers: [onTap("d")]),
            node("sticker", "Color", [300, 0, 50, 100]),                                // blocks the left half of d
        ]), radius: 0)
        let a = t.coverage(ofID: "a")
        #expect(a.own == 0.5 && a.stolen == 0.5)
        #expect(t.coverage(ofID: "c").disabled == 1)
        let d = t.coverage(ofID: "d")
        #expect(d.own == 0.5 && d.blocked == 0.5)
        #expect(a.samples == 10_000)
    }

    @Test("Coverage samples at cell centres with a narrower last cell")
    func sampleGrid() {
        let (xs, ys) = HitTester.sampleCentres(of: Rect(0, 0, 2.5, 1), step: 1)
        #expect(xs == [0.5, 1.5, 2.25])
        #expect(ys == [0.5])
        let coarse = HitTester.sampleCentres(of: Rect(10, 0, 10, 10), step: 4)
        #expect(coarse.xs == [12, 16, 19])
    }
}

@Suite("Dead-zone coverage: targets that fire alongside another")
struct CoverageAlongsideTests {
    @Test("A target that fires with the winner (a simultaneous gesture, U9 with cancelsTouchesInView false) covers its frame as own, not stolen")
    func firesAlongside() throws {
        // A parent's simultaneousGesture fires with its child's tap: both fire everywhere in the frame.
        let sim = try tester(node("parent", "ZStack", [0, 0, 200, 200], modifiers: [["simultaneousGesture": ["tap": ["count": 1], "action": "sim"]]],
                                  children: [node("child", "Color", [0, 0, 200, 200], modifiers: [onTap("child")])]))
        #expect(sim.coverage(ofID: "parent").own == 1 && sim.coverage(ofID: "child").own == 1)
        // real-screens E4 with cancelsTouchesInView false: the card's recognizer and the custom control both fire.
        let card = try tester(uikit("card", "UIView", [0, 0, 390, 400], children: [
            uikit("rating", "RatingControl", [20, 80, 200, 40], ["control": ["kind": "custom", "action": "rate"]]),
        ], ["gestureRecognizers": [["type": "tap", "action": "dismiss", "cancelsTouchesInView": false]]]))
        let rating = card.coverage(ofID: "rating")
        #expect(rating.own == 1 && rating.stolen == 0, "\(rating)")
        // With the recognizer cancelling touches (the default) the card takes the control's taps (U7, U9).
        let cancelling = try tester(uikit("card", "UIView", [0, 0, 390, 400], children: [
            uikit("rating", "RatingControl", [20, 80, 200, 40], ["control": ["kind": "custom", "action": "rate"]]),
        ], ["gestureRecognizers": [["type": "tap", "action": "dismiss"]]]))
        #expect(cancelling.coverage(ofID: "rating").stolen == 1)
    }
}
