import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/U5Bridges.swift, on tiny view trees.
@Suite("U5 bridges")
struct U5BridgesTests {
    func screen(_ children: [JSONValue]) throws -> HitTester {
        try tester(uikit("window", "UIWindow", [0, 0, 400, 400], children: children), radius: 10)
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

    @Test("U5 a representable whose SwiftUI content takes nothing is the hit view: its control fires at its centre")
    func u5RepresentableWithContent() throws {
        // A SwiftUI VStack holding a UIKit UIButton with a control, holding a SwiftUI Text (the converted
        // tab bar button of an accessibility dump).
        let t = try tester(node("screen", "VStack", [0, 0, 400, 400], children: [
            uikit("tab", "UIButton", [100, 100, 80, 50], children: [
                node("tab.title", "Text", [110, 130, 60, 14], ["system": "swiftui"]),
            ], ["control": ["action": "openTab"]]),
        ]), radius: 20)
        for (x, y) in [(140.0, 125.0), (105, 105), (175, 145), (140, 137)] {
            #expect(t.tap(x, y).action == "openTab", "at \(x), \(y)")
        }
        #expect(t.tap(300, 300).outcome == .miss)
    }
}
