import HitTesting
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S2HollowContainers.swift, on tiny view trees.
@Suite("S2 hollow containers")
struct S2HollowContainersTests {
    @Test("S2 a container has no region of its own: the gap between its children is dead")
    func s2() throws {
        let t = try tester(node("row", "HStack", [0, 0, 300, 44], modifiers: [onTap("open")], children: [
            node("row.title", "Text", [16, 10, 80, 24]),
            node("row.chevron", "Image", [270, 15, 10, 14]),
        ]), radius: 0)
        #expect(t.tap(20, 20) == Tapped(outcome: .hit, node: "row.title", handler: "row", action: "open"))
        #expect(t.tap(275, 20).action == "open")
        let gap = t.tap(180, 20)
        #expect(gap.outcome == .miss)
        #expect(gap.node == nil)
        let r = t.resolve(at: Point(180, 20))
        #expect(t.reason(for: r) == "row: tap lands in the gap between its leaves; its container has no contentShape before onTapGesture")
    }
}
