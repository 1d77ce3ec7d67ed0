import HitTesting
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S8FrontToBack.swift, on tiny view trees.
@Suite("S8 front to back")
struct S8FrontToBackTests {
    @Test("S8 the frontmost region takes the touch; it does not fall through; ancestors still compete")
    func s8() throws {
        let t = try tester(node("screen", "ZStack", [0, 0, 200, 200], modifiers: [onTap("screen")], children: [
            node("back", "Color", [0, 0, 200, 200], modifiers: [onTap("back")]),
            node("front", "Color", [50, 50, 100, 100]),
            node("top", "Color", [100, 100, 100, 100], modifiers: [onTap("top")]),
        ]), radius: 0)
        #expect(t.tap(10, 10) == Tapped(outcome: .hit, node: "back", handler: "back", action: "back"))
        // "front" has no gesture: "back" behind it does not get the tap, the ancestor's gesture does.
        #expect(t.tap(75, 75) == Tapped(outcome: .hit, node: "front", handler: "screen", action: "screen"))
        #expect(t.tap(120, 120).action == "top")  // later sibling wins where they overlap
    }
}
