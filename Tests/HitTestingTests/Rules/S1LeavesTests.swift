import HitTesting
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S1Leaves.swift, on tiny view trees.
@Suite("S1 leaves")
struct S1LeavesTests {
    @Test("S1 a leaf's region is its frame, or its shape; a clear leaf has none")
    func s1() throws {
        let t = try tester(node("root", "ZStack", [0, 0, 300, 100], children: [
            node("square", "Color", [0, 0, 100, 100], modifiers: [onTap("square")]),
            node("dot", "Circle", [100, 0, 100, 100], modifiers: [onTap("dot")], ["shape": ["shape": "circle"]]),
            node("glass", "Color", [200, 0, 100, 100], modifiers: [onTap("glass")], ["clear": true]),
        ]), radius: 0)
        #expect(t.tap(2, 2) == Tapped(outcome: .hit, node: "square", handler: "square", action: "square"))
        #expect(t.tap(150, 50).action == "dot")
        #expect(t.tap(103, 3).outcome == .miss)  // the frame's corner is outside the circle
        #expect(t.tap(250, 50).outcome == .miss)  // clear: no region
    }
}
