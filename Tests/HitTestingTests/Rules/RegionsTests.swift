import HitTesting
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/Regions.swift, on tiny view trees.
@Suite("S1–S4 regions: leaves, hollow containers, contentShape, order")
struct RegionsTests {
    // MARK: S1 Leaves

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

    // MARK: S2 Containers are hollow

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

    // MARK: S3 contentShape

    @Test("S3 contentShape widens the region to the whole row")
    func s3Widen() throws {
        let t = try tester(node("row", "HStack", [0, 0, 300, 44], modifiers: [rectangleShape, onTap("open")], children: [
            node("row.title", "Text", [16, 10, 80, 24]),
        ]), radius: 0)
        #expect(t.tap(200, 20) == Tapped(outcome: .hit, node: "row", handler: "row", action: "open"))
        #expect(t.coverage(ofID: "row").own == 1)
    }

    @Test("S3 contentShape scaled 0.7 narrows the region about the centre")
    func s3Scaled() throws {
        let t = try tester(node("pad", "ZStack", [0, 0, 100, 100],
                                modifiers: [["contentShape": ["shape": "rectangle", "scale": [0.7, 0.7]]], onTap("press")],
                                children: [node("pad.fill", "Color", [0, 0, 100, 100])]), radius: 0)
        #expect(t.tap(50, 50).action == "press")
        #expect(t.tap(10, 10).outcome == .miss)  // the fill is there, but outside the shape the view takes nothing
        #expect(t.tap(16, 16).action == "press")
        let c = t.coverage(ofID: "pad")
        #expect(abs(c.own - 0.49) < 1e-9)
        #expect(abs(c.miss - 0.51) < 1e-9)
    }

    @Test("S3 contentShape offset (40, 40) moves the region, even outside the frame")
    func s3Offset() throws {
        let t = try tester(node("pad", "ZStack", [0, 0, 100, 100],
                                modifiers: [["contentShape": ["shape": "rectangle", "offset": [40, 40]]], onTap("press")],
                                children: [node("pad.fill", "Color", [0, 0, 100, 100])]), radius: 0)
        #expect(t.tap(20, 20).outcome == .miss)
        #expect(t.tap(120, 120).action == "press")
        #expect(abs(t.coverage(ofID: "pad").own - 0.36) < 1e-9)
    }

    @Test("S3 preview, hover, focus and accessibility shapes do not change hit testing")
    func s3PreviewKindsIgnored() throws {
        for kind in ["dragPreview", "contextMenuPreview", "hoverEffect", "focusEffect", "accessibility"] {
            let t = try tester(node("row", "HStack", [0, 0, 300, 44],
                                    modifiers: [["contentShape": ["shape": "rectangle", "kind": .string(kind)]], onTap("open")],
                                    children: [node("row.title", "Text", [16, 10, 80, 24])]), radius: 0)
            #expect(t.tap(200, 20).outcome == .miss, "kind \(kind)")
            #expect(t.tap(20, 20).action == "open", "kind \(kind)")
        }
    }

    @Test("S3 a circle contentShape covers π/4 of its square frame")
    func s3CircleCoverage() throws {
        let t = try tester(node("knob", "ZStack", [0, 0, 100, 100],
                                modifiers: [["contentShape": ["shape": "circle"]], onTap("turn")],
                                children: [node("knob.fill", "Color", [0, 0, 100, 100])]), radius: 0)
        let c = t.coverage(ofID: "knob")
        #expect(abs(c.own - Double.pi / 4) < 0.002)
        #expect(abs(c.own + c.miss - 1) < 1e-9)
    }

    // MARK: S4 Order is semantics

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
