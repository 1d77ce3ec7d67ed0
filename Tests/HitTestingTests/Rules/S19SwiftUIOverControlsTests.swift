import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S19SwiftUIOverControls.swift.
@Suite("S19 SwiftUI taps over UIKit controls")
struct S19SwiftUIOverControlsTests {
    func popup(_ modifiers: [JSONValue], kind: String) throws -> HitTester {
        try tester(node("popup", "VStack", [0, 0, 393, 400], modifiers: modifiers, children: [
            uikit("picker", "UISegmentedControl", [20, 20, 350, 32], ["control": ["kind": .string(kind), "action": "pick"]]),
        ]), radius: 0)
    }

    @Test("S19 a tap gesture around a representable takes an ordinary tap from any control in it", arguments: ["segmented", "button", "unknown", "custom"])
    func s19(_ kind: String) throws {
        let t = try popup([rectangleShape, onTap("closePopup")], kind: kind)
        #expect(t.tap(100, 36).action == "closePopup")
        #expect(t.resolve(at: Point(100, 36)).rule == "S19" || kind == "custom")
    }

    @Test("S19 a press the ancestor does not recognize still reaches the control")
    func s19OtherGestures() throws {
        let t = try popup([["onLongPressGesture": ["action": "peek"]]], kind: "segmented")
        #expect(t.tap(100, 36).action == "pick")
        // A double tap around it does not take a single tap.
        let double = try popup([rectangleShape, onTap("zoom", count: 2)], kind: "segmented")
        #expect(double.competitors(for: double.resolve(at: Point(100, 36)).location).ordered.map(\.action) == ["zoom", "pick"])
    }
}
