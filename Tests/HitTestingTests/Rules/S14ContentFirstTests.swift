import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S14ContentFirst.swift.
@Suite("S14 content first")
struct S14ContentFirstTests {
    @Test("S14 a borderless Button or a whole-row tap gesture in the content fires alone")
    func s14ContentFires() throws {
        let t = try tester(S12CellIsTargetTests.list([S12CellIsTargetTests.row("row", 100, children: [
            node("link", "NavigationLink", [36, 100, 328, 44], children: [
                node("body", "HStack", [36, 100, 328, 44], modifiers: [rectangleShape, onTap("expand")], children: [
                    node("body.title", "Text", [36, 111, 80, 22]),
                    node("info", "Button", [320, 110, 24, 24], children: [node("info.icon", "Image", [320, 110, 24, 24])],
                         ["action": "info", "style": "borderless"]),
                ]),
            ], ["action": "open"]),
        ])]), radius: 0)
        #expect(t.tap(200, 122).action == "expand")
        #expect(t.tap(330, 122).action == "info")
        // Only the cell's inset is left to the row's own action.
        #expect(t.tap(20, 122).action == "open")
    }

    @Test("S14 a gesture above the list beats the row's selection")
    func s14AncestorGesture() throws {
        let t = try tester(node("screen", "VStack", [0, 0, 400, 800], modifiers: [rectangleShape, onTap("dismissKeyboard")], children: [
            S12CellIsTargetTests.list([S12CellIsTargetTests.row("row", 100, children: [S12CellIsTargetTests.link("a", 100, action: "openA")])]),
        ]), radius: 0)
        #expect(t.tap(300, 122).action == "dismissKeyboard")
    }
}
