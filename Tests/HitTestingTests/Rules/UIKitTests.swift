import HitTesting
import TapJSON
import TapModel
import Testing

/// One test per UIKit rule of snapshot.md (U1–U5).
/// Tests of Sources/HitTesting/Rules/UIKit.swift (U1–U5).
@Suite("UIKit rules U1–U5")
struct UIKitTests {
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

    @Test("U5 a hosting view hit-tests its SwiftUI content first, else it is the hit view")
    func u5Hosting() throws {
        let t = try screen([uikit("host", "UIHostingView", [0, 0, 400, 200], children: [
            node("stack", "VStack", [0, 0, 400, 200], children: [
                node("confirm", "Button", [0, 0, 100, 44], children: [node("confirm.title", "Text", [10, 10, 80, 24])], ["action": "confirm"]),
            ], ["system": "swiftui"]),
        ], ["gestureRecognizers": [["type": "tap", "action": "dismissKeyboard"]]])])
        #expect(t.tap(50, 20) == Tapped(outcome: .hit, node: "confirm.title", handler: "confirm", action: "confirm"))
        #expect(t.tap(300, 150) == Tapped(outcome: .hit, node: "host", handler: "host", action: "dismissKeyboard"))
        // passThroughSelf on the host: its empty area reaches what is behind.
        let through = try screen([
            uiButton("behind", [0, 0, 400, 200], action: "behind"),
            uikit("host", "UIHostingView", [0, 0, 400, 200], children: [
                node("confirm", "Button", [0, 0, 100, 44], children: [node("confirm.title", "Text", [10, 10, 80, 24])],
                     ["action": "confirm", "system": "swiftui"]),
            ], ["hitTestOverride": "passThroughSelf"]),
        ])
        #expect(through.tap(300, 150).action == "behind")
        #expect(through.tap(50, 20).action == "confirm")
    }

    @Test("U5 a UIKit view inside SwiftUI has its frame as its region when U1 lets it")
    func u5Representable() throws {
        let t = try tester(node("form", "VStack", [0, 0, 400, 200], modifiers: [rectangleShape, onTap("form")], children: [
            uikit("switch", "UISwitch", [300, 10, 51, 31], ["control": ["action": "toggle"]]),
            uikit("map", "MKMapView", [0, 100, 400, 100]),
            uikit("hiddenSwitch", "UISwitch", [0, 10, 51, 31], ["control": ["action": "hidden"], "hidden": true]),
        ]), radius: 10)
        #expect(t.tap(320, 20) == Tapped(outcome: .hit, node: "switch", handler: "switch", action: "toggle"))
        // The map takes the touch itself: the SwiftUI parent's gesture still competes after the UIKit chain.
        #expect(t.tap(200, 150) == Tapped(outcome: .hit, node: "map", handler: "form", action: "form"))
        #expect(t.tap(20, 20) == Tapped(outcome: .hit, node: "form", handler: "form", action: "form"))
    }
}
