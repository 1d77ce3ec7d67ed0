import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/U4UIKitWhoFires.swift, on tiny view trees.
@Suite("U4 UIKit who fires")
struct U4UIKitWhoFiresTests {
    func screen(_ children: [JSONValue]) throws -> HitTester {
        try tester(uikit("window", "UIWindow", [0, 0, 400, 400], children: children), radius: 10)
    }

    @Test("U4 a UILabel inside a tappable cell: the cell's recognizer fires")
    func u4LabelInCell() throws {
        let t = try screen([uikit("cell", "UITableViewCell", [0, 0, 400, 60], children: [
            uikit("cell.title", "UILabel", [16, 20, 200, 20]),
        ], ["gestureRecognizers": [["type": "tap", "action": "openDetails"]]])])
        // A UILabel is not interactive unless changed: the cell itself is the hit view.
        #expect(t.tap(50, 30) == Tapped(outcome: .hit, node: "cell", handler: "cell", action: "openDetails"))
        let interactive = try screen([uikit("cell", "UITableViewCell", [0, 0, 400, 60], children: [
            uikit("cell.title", "UILabel", [16, 20, 200, 20], ["userInteractionEnabled": true]),
        ], ["gestureRecognizers": [["type": "tap", "action": "openDetails"]]])])
        #expect(interactive.tap(50, 30) == Tapped(outcome: .hit, node: "cell.title", handler: "cell", action: "openDetails"))
    }

    @Test("U4 a control beats a tap recognizer on an ancestor")
    func u4ControlBeatsAncestor() throws {
        let t = try screen([uikit("cell", "UIView", [0, 0, 400, 60], children: [
            uiButton("cell.info", [340, 8, 44, 44], action: "info"),
        ], ["gestureRecognizers": [["type": "tap", "action": "openDetails"]]])])
        #expect(t.tap(360, 30) == Tapped(outcome: .hit, node: "cell.info", handler: "cell.info", action: "info"))
        #expect(t.tap(100, 30).action == "openDetails")
    }

    @Test("U4 disabled controls and recognizers do not fire; the first enabled one up the chain does")
    func u4Disabled() throws {
        let alone = try screen([uiButton("b", [0, 0, 100, 44], action: "go", enabled: false)])
        #expect(alone.tap(50, 20).outcome == .disabled)
        let recognizer = try screen([uikit("v", "UIView", [0, 0, 100, 44],
                                           ["gestureRecognizers": [["type": "tap", "action": "go", "enabled": false]]])])
        #expect(recognizer.tap(50, 20).outcome == .disabled)
        let withParent = try screen([uikit("cell", "UIView", [0, 0, 400, 60], children: [
            uiButton("cell.b", [0, 0, 100, 44], action: "go", enabled: false),
        ], ["gestureRecognizers": [["type": "tap", "action": "openDetails"]]])])
        #expect(withParent.tap(50, 20).action == "openDetails")
        // A long-press recognizer is not a tap handler.
        let longPress = try screen([uikit("v", "UIView", [0, 0, 100, 44], ["gestureRecognizers": [["type": "longPress", "action": "menu"]]])])
        #expect(longPress.tap(50, 20).outcome == .miss)
    }
}
