import HitTesting
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S6Disabled.swift, on tiny view trees.
@Suite("S6 disabled")
struct S6DisabledTests {
    @Test("S6 disabled keeps the region but nothing in it fires")
    func s6() throws {
        let t = try tester(node("screen", "ZStack", [0, 0, 200, 100], children: [
            node("behind", "Color", [0, 0, 200, 100], modifiers: [onTap("behind")]),
            node("form", "VStack", [0, 0, 200, 50], modifiers: [["disabled": true]], children: [
                node("submit", "Button", [0, 0, 200, 50], children: [node("submit.bg", "Color", [0, 0, 200, 50])], ["action": "submit"]),
            ]),
        ]), radius: 10)
        let r = t.tap(100, 25)
        #expect(r.outcome == .disabled)
        #expect(r.node == "submit.bg")  // still takes the touch: "behind" does not get it
        #expect(r.handler == nil)
        #expect(t.coverage(ofID: "submit").disabled == 1)
        #expect(t.tap(100, 75).action == "behind")
    }

    @Test("S6 disabled anywhere in a view's modifiers disables its gestures, before or after it")
    func s6Order() throws {
        let after = try tester(node("tile", "Color", [0, 0, 100, 100], modifiers: [onTap("open"), ["disabled": true]]), radius: 0)
        #expect(after.tap(50, 50).outcome == .disabled)
        let before = try tester(node("tile", "Color", [0, 0, 100, 100], modifiers: [["disabled": true], onTap("open")]), radius: 0)
        #expect(before.tap(50, 50).outcome == .disabled)
        let notDisabled = try tester(node("tile", "Color", [0, 0, 100, 100], modifiers: [["disabled": false], onTap("open")]), radius: 0)
        #expect(notDisabled.tap(50, 50).action == "open")
        let button = try tester(node("b", "Button", [0, 0, 100, 100], modifiers: [["disabled": true]],
                                     children: [node("b.bg", "Color", [0, 0, 100, 100])], ["action": "go"]), radius: 0)
        #expect(button.tap(50, 50).outcome == .disabled)
    }

    @Test("S6 a disabled child gives way to its enabled parent's gesture")
    func s6ParentStillCompetes() throws {
        let t = try tester(node("row", "HStack", [0, 0, 200, 50], modifiers: [rectangleShape, onTap("openRow")], children: [
            node("row.button", "Button", [150, 0, 50, 50], modifiers: [["disabled": true]],
                 children: [node("row.button.bg", "Color", [150, 0, 50, 50])], ["action": "buttonAction"]),
        ]), radius: 0)
        #expect(t.tap(175, 25) == Tapped(outcome: .hit, node: "row.button.bg", handler: "row", action: "openRow"))
    }
}
