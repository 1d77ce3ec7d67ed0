import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/U1HitTest.swift, on tiny view trees.
@Suite("U1 hit test")
struct U1HitTestTests {
    func screen(_ children: [JSONValue]) throws -> HitTester {
        try tester(uikit("window", "UIWindow", [0, 0, 400, 400], children: children), radius: 10)
    }

    @Test("U1 hidden views take no touches")
    func u1Hidden() throws {
        let t = try screen([uiButton("b", [0, 0, 100, 44], action: "go", ["hidden": true])])
        #expect(t.tap(50, 20).outcome == .miss)
        #expect(try screen([uiButton("b", [0, 0, 100, 44], action: "go", ["hidden": false])]).tap(50, 20).action == "go")
    }

    @Test("U1 alpha below 0.01 takes no touches; exactly 0.01 does")
    func u1AlphaBoundary() throws {
        #expect(try screen([uiButton("b", [0, 0, 100, 44], action: "go", ["alpha": 0.0099])]).tap(50, 20).outcome == .miss)
        #expect(try screen([uiButton("b", [0, 0, 100, 44], action: "go", ["alpha": 0.01])]).tap(50, 20).action == "go")
    }

    @Test("U1 userInteractionEnabled false takes no touches, for the view and its subviews")
    func u1InteractionOff() throws {
        let t = try screen([uikit("frozen", "UIView", [0, 0, 200, 100], children: [uiButton("b", [0, 0, 100, 44], action: "go")],
                                  ["userInteractionEnabled": false])])
        #expect(t.tap(50, 20).outcome == .miss)
        let r = t.resolve(at: Point(50, 20))
        #expect(t.reason(for: r) == "b takes no touches: isUserInteractionEnabled is false on frozen")
    }

    @Test("U1 subviews are asked front to back; the first answer wins; else the view itself")
    func u1FrontToBack() throws {
        let t = try screen([
            uikit("panel", "UIView", [0, 0, 200, 200], children: [
                uiButton("back", [0, 0, 200, 100], action: "back"),
                uiButton("front", [100, 0, 100, 100], action: "front"),
            ], ["gestureRecognizers": [["type": "tap", "action": "panel"]]]),
        ])
        #expect(t.tap(150, 50).action == "front")
        #expect(t.tap(50, 50).action == "back")
        #expect(t.tap(50, 150) == Tapped(outcome: .hit, node: "panel", handler: "panel", action: "panel"))
    }

    @Test("U1 hitInsets grow (negative) or shrink (positive) the touchable bounds")
    func hitInsets() throws {
        let grown = try screen([uiButton("help", [30, 30, 24, 24], action: "help", ["hitInsets": [-10, -10, -10, -10]])])
        #expect(grown.tap(25, 25).action == "help")
        #expect(grown.tap(63, 63).action == "help")
        #expect(grown.tap(65, 65).outcome == .miss)
        let shrunk = try screen([uiButton("help", [30, 30, 24, 24], action: "help", ["hitInsets": [5, 5, 5, 5]])])
        #expect(shrunk.tap(32, 32).outcome == .miss)
        #expect(shrunk.tap(40, 40).action == "help")
    }
}
