import HitTesting
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S4ShapeOrder.swift, on tiny view trees.
@Suite("S4 shape order")
struct S4ShapeOrderTests {
    @Test("S4 contentShape before the gesture widens it")
    func s4Before() throws {
        let t = try tester(node("row", "LabeledContent", [0, 0, 300, 44], modifiers: [rectangleShape, onTap("open")],
                                children: [node("row.title", "Text", [16, 10, 80, 24])]), radius: 10)
        #expect(t.tap(200, 20).outcome == .hit)
    }

    @Test("S4 contentShape after the gesture does not widen it")
    func s4After() throws {
        // A button behind the row shows that the row still takes the tap in its gap.
        let t = try tester(node("screen", "ZStack", [0, 0, 300, 100], children: [
            node("behind", "Color", [0, 0, 300, 100], modifiers: [onTap("behind")]),
            node("row", "LabeledContent", [0, 0, 300, 44], modifiers: [onTap("open"), rectangleShape],
                 children: [node("row.title", "Text", [16, 10, 80, 24])]),
        ]), radius: 10)
        #expect(t.tap(20, 20).action == "open")  // on the leaf: the gesture fires
        let gap = t.resolve(at: Point(200, 20))
        #expect(gap.outcome == .blocked)  // taken by the row, so "behind" does not get it
        #expect(t.snapshot.nodes[gap.interceptor].id == "row")
        #expect(t.tap(200, 70).action == "behind")  // below the row
        // Alone, the same row is a miss in its gap: its own ancestor shape makes it unreachable, not blocked.
        let alone = try tester(node("row", "LabeledContent", [0, 0, 300, 44], modifiers: [onTap("open"), rectangleShape],
                                    children: [node("row.title", "Text", [16, 10, 80, 24])]), radius: 10)
        let r = alone.resolve(at: Point(200, 20))
        #expect(r.outcome == .miss)
        #expect(alone.snapshot.nodes[r.hitView].id == "row")
        #expect(alone.reason(for: r).contains("contentShape comes after onTapGesture"))
    }

    @Test("S4 a Button's action is innermost: a contentShape on the Button does not widen it")
    func s4ButtonInnermost() throws {
        let t = try tester(node("save", "Button", [0, 0, 200, 44], modifiers: [rectangleShape], children: [
            node("save.icon", "Image", [0, 10, 24, 24]),
            node("save.title", "Text", [150, 10, 50, 24]),
        ], ["action": "save"]), radius: 0)
        #expect(t.tap(10, 20).action == "save")
        #expect(t.tap(90, 20).outcome == .miss)
        // Inside the Button, on its label, the same contentShape does widen it.
        let inside = try tester(node("save", "Button", [0, 0, 200, 44], children: [
            node("save.label", "HStack", [0, 0, 200, 44], modifiers: [rectangleShape], children: [
                node("save.icon", "Image", [0, 10, 24, 24]),
                node("save.title", "Text", [150, 10, 50, 24]),
            ]),
        ], ["action": "save"]), radius: 0)
        #expect(inside.tap(90, 20).action == "save")
    }

    @Test("S4 plain Button: the gaps in its label are dead")
    func s4PlainButtonLabelGaps() throws {
        let t = try tester(node("delete", "Button", [0, 0, 200, 44], children: [
            node("delete.label", "HStack", [0, 0, 200, 44], children: [
                node("delete.icon", "Image", [8, 10, 24, 24]),
                node("delete.title", "Text", [40, 11, 60, 22]),
            ]),
        ], ["action": "delete"]), radius: 0)
        #expect(t.tap(20, 20).action == "delete")
        #expect(t.tap(36, 20).outcome == .miss)  // spacing between icon and title
        #expect(t.tap(150, 20).outcome == .miss)  // trailing space
        let c = t.coverage(ofID: "delete")
        #expect(abs(c.own - Double(24 * 24 + 60 * 22) / Double(200 * 44)) < 1e-9)
    }
}
