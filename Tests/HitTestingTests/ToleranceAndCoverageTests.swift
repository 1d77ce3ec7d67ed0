import HitTesting
import TapModel
import Testing

@Suite("S9 touch tolerance and dead-zone coverage")
struct ToleranceAndCoverageTests {
    func row(_ id: String, y: Double, action: String) -> JSONValue {
        node(id, "LabeledContent", [0, y, 393, 44], modifiers: [rectangleShape, onTap(action)],
             children: [node("\(id).title", "Text", [16, y + 11, 80, 22])])
    }

    @Test("S9 two rows 8 pt apart: a tap between them is ambiguous at r = 10 and a miss at r = 0")
    func s9TwoRows() throws {
        let screen = node("list", "VStack", [0, 0, 393, 200], children: [row("a", y: 0, action: "openA"), row("b", y: 52, action: "openB")])
        let t = try tester(screen, radius: 10)
        let r = t.resolve(at: Point(200, 47))
        #expect(r.outcome == .ambiguous)
        #expect(r.candidates.map { t.snapshot.nodes[$0.handler.node].id } == ["a", "b"])
        #expect(r.candidates.map(\.distance) == [3, 5])
        #expect(r.handler?.action == "openA")  // the nearest is reported as the winner
        #expect(try tester(screen, radius: 0).tap(200, 47).outcome == .miss)
        // r = 4: only "a" is within reach.
        let small = try tester(screen, radius: 4).resolve(at: Point(200, 47))
        #expect(small.outcome == .expanded)
        #expect(small.handler?.action == "openA")
        #expect(small.candidates.first?.distance == 3)
    }

    @Test("S9 one handler within the radius fires: expanded, with its distance")
    func s9Expanded() throws {
        let t = try tester(node("screen", "VStack", [0, 0, 393, 300], children: [row("a", y: 0, action: "openA")]), radius: 10)
        let r = t.resolve(at: Point(100, 50))
        #expect(r.outcome == .expanded)
        #expect(r.handler?.action == "openA")
        #expect(r.candidates.count == 1)
        #expect(abs(r.candidates[0].distance - 6) < 1e-9)
        #expect(t.tap(100, 55).outcome == .miss)  // 11 pt away
        #expect(t.tap(100, 54).outcome == .expanded)  // exactly 10 pt: within the disk
    }

    @Test("S9 the distance is to the nearest spot that fires, not to the frame")
    func s9NearestFiringSpot() throws {
        // A row without contentShape: only its title fires; the row's frame is right there but dead.
        let t = try tester(node("row", "LabeledContent", [0, 0, 393, 44], modifiers: [onTap("open")], children: [
            node("row.title", "Text", [16, 11, 80, 22]),
        ]), radius: 10)
        let r = t.resolve(at: Point(100, 20))
        #expect(r.outcome == .expanded)
        #expect(abs(r.candidates[0].distance - 4) < 1e-9)
        #expect(t.tap(107, 20).outcome == .miss)
        // A region partly covered by a view in front: the nearest uncovered spot counts.
        let covered = try tester(node("screen", "ZStack", [0, 0, 300, 300], children: [
            node("button", "Color", [100, 100, 50, 50], modifiers: [onTap("press")]),
            node("sticker", "Color", [95, 95, 30, 30]),  // covers the button's top-left corner
        ]), radius: 10)
        let open = covered.resolve(at: Point(90, 128))  // the button's nearest point (100, 128) is uncovered
        #expect(open.outcome == .expanded)
        #expect(abs(open.candidates[0].distance - 10) < 1e-9)
        // From (92, 122) the button's nearest point (100, 122) is under the sticker; the nearest
        // uncovered spot is the corner where the sticker's bottom edge crosses the button's left edge.
        let corner = covered.resolve(at: Point(92, 122))
        #expect(corner.outcome == .expanded)
        #expect(abs(corner.candidates[0].distance - (64.0 + 9.0).squareRoot()) < 1e-6)
        // From (92, 110) that corner is 17 pt away: nothing within reach.
        #expect(covered.tap(92, 110).outcome == .miss)
    }

    @Test("S9 nested handlers reached through the same spot are one candidate")
    func s9Nested() throws {
        let t = try tester(node("row", "HStack", [0, 0, 200, 44], modifiers: [rectangleShape, onTap("row")], children: [
            node("row.button", "Button", [0, 0, 200, 44], children: [node("row.button.bg", "Color", [0, 0, 200, 44])], ["action": "button"]),
        ]), radius: 10)
        let r = t.resolve(at: Point(100, 50))
        #expect(r.outcome == .expanded)
        #expect(r.handler?.action == "button")
        #expect(r.candidates.count == 1)
    }

    @Test("S9 UIKit regions take no part in tolerance")
    func s9UIKitExact() throws {
        let t = try tester(uikit("root", "UIView", [0, 0, 300, 300], children: [
            uiButton("pay", [0, 0, 100, 44], action: "pay"),
        ]), radius: 10)
        #expect(t.tap(50, 50).outcome == .miss)
        #expect(t.tap(50, 40).action == "pay")
    }

    @Test("S9 a centre inside a SwiftUI region counts only the exact hit")
    func s9CentreInRegion() throws {
        let t = try tester(node("screen", "ZStack", [0, 0, 300, 300], children: [
            node("background", "Color", [0, 0, 300, 300]),
            node("button", "Button", [0, 0, 100, 44], children: [node("button.bg", "Color", [0, 0, 100, 44])], ["action": "go"]),
        ]), radius: 10)
        #expect(t.tap(50, 50).outcome == .miss)
    }

    @Test("S9 inside a hosting view, a tap beside a SwiftUI button is expanded")
    func s9InsideHosting() throws {
        let t = try tester(uikit("host", "UIHostingView", [0, 0, 300, 300], children: [
            node("button", "Button", [0, 0, 100, 44], children: [node("button.bg", "Color", [0, 0, 100, 44])], ["action": "go", "system": "swiftui"]),
        ]), radius: 10)
        let r = t.tap(50, 50)
        #expect(r.outcome == .expanded)
        #expect(r.action == "go")
    }

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

    @Test("Settings row tier 4 (reversed order): the row takes the gap, so not even the rim fires")
    func tierReversed() throws {
        let t = try tester(settingsRow([onTap("openFlowMeter"), rectangleShape]), radius: 10)
        let c = t.coverage(ofID: "row.flowMeter")
        #expect(abs(c.own - Self.leafShare) < 1e-9)
        #expect(t.tap(130, 122).outcome == .miss)
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
