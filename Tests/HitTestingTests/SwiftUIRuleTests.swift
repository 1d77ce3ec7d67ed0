import HitTesting
import TapModel
import Testing

/// One test per SwiftUI rule of snapshot.md (S1–S11), on tiny view trees.
@Suite("SwiftUI rules")
struct SwiftUIRuleTests {
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

    // MARK: S5 allowsHitTesting(false), opacity 0, hidden

    @Test("S5 an overlay intercepts; allowsHitTesting(false), opacity 0 and hidden let taps through")
    func s5() throws {
        func screen(_ badgeModifiers: [JSONValue]) throws -> HitTester {
            try tester(node("screen", "ZStack", [0, 0, 200, 100], children: [
                node("save", "Button", [0, 0, 200, 50], children: [node("save.bg", "Color", [0, 0, 200, 50])], ["action": "save"]),
                node("badge", "Circle", [170, 0, 30, 30], modifiers: badgeModifiers),
            ]), radius: 10)
        }
        let blocked = try screen([])
        let r = blocked.resolve(at: Point(185, 15))
        #expect(r.outcome == .blocked)
        #expect(blocked.reason(for: r) == "badge intercepts the tap meant for save")
        #expect(blocked.tap(185, 15).node == "badge")
        for way: JSONValue in [["allowsHitTesting": false], ["opacity": 0], ["hidden": true]] {
            #expect(try screen([way]).tap(185, 15) == Tapped(outcome: .hit, node: "save.bg", handler: "save", action: "save"), "\(way)")
        }
        // opacity above 0 still intercepts.
        #expect(try screen([["opacity": 0.1]]).tap(185, 15).outcome == .blocked)
    }

    @Test("S5 allowsHitTesting(false) removes the whole subtree, gestures included")
    func s5Subtree() throws {
        let t = try tester(node("card", "VStack", [0, 0, 200, 100], modifiers: [["allowsHitTesting": false]], children: [
            node("card.button", "Button", [0, 0, 200, 50], children: [node("card.button.bg", "Color", [0, 0, 200, 50])], ["action": "go"]),
        ]), radius: 10)
        #expect(t.tap(100, 25).outcome == .miss)
        #expect(t.coverage(ofID: "card.button").miss == 1)
    }

    // MARK: S6 disabled

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

    // MARK: S7 Clipping does not clip hits

    @Test("S7 clipped changes drawing only: overflowing content still takes taps")
    func s7() throws {
        let t = try tester(node("thumb", "ZStack", [0, 0, 100, 100], modifiers: [["clipped": true], onTap("open")], children: [
            node("thumb.image", "Image", [-50, -50, 200, 200]),
        ]), radius: 0)
        #expect(t.tap(140, 140).action == "open")
        #expect(t.tap(-40, -40).action == "open")
    }

    // MARK: S8 Front to back

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

    // MARK: S10 Who fires

    @Test("S10 a child's gesture beats its parent's")
    func s10ChildBeatsParent() throws {
        let t = try tester(parentWithButton([onTap("parent")]), radius: 0)
        #expect(t.tap(50, 50) == Tapped(outcome: .hit, node: "child.bg", handler: "child", action: "child"))
        #expect(t.tap(150, 50).action == "parent")
    }

    @Test("S10 a parent's highPriorityGesture beats its child's")
    func s10HighPriority() throws {
        let t = try tester(parentWithButton([["highPriorityGesture": ["tap": ["count": 1], "action": "parentHigh"]]]), radius: 0)
        #expect(t.tap(50, 50).action == "parentHigh")
        // Outermost first: a grandparent's high-priority gesture beats the parent's.
        let nested = try tester(node("grand", "ZStack", [0, 0, 200, 100],
                                     modifiers: [["highPriorityGesture": ["tap": [:], "action": "grand"]]],
                                     children: [parentWithButton([["highPriorityGesture": ["tap": [:], "action": "parentHigh"]]])]), radius: 0)
        #expect(nested.tap(50, 50).action == "grand")
    }

    @Test("S10 a simultaneousGesture fires alongside the winner")
    func s10Simultaneous() throws {
        let t = try tester(parentWithButton([["simultaneousGesture": ["tap": [:], "action": "log"]]]), radius: 0)
        let r = t.resolve(at: Point(50, 50))
        #expect(r.outcome == .hit)
        #expect(r.handler?.action == "child")
        #expect(r.simultaneous.map(\.action) == ["log"])
        // Where nothing else fires, the simultaneous gesture alone does.
        #expect(t.tap(150, 50).action == "log")
    }

    @Test("S10 on one view the earlier-written gesture beats the later one")
    func s10SameView() throws {
        let t = try tester(node("tile", "Color", [0, 0, 100, 100], modifiers: [onTap("first"), onTap("second")]), radius: 0)
        #expect(t.tap(50, 50).action == "first")
        // A long press is not a tap handler: a tap reaches the tap behind it.
        let lp = try tester(node("tile", "Color", [0, 0, 100, 100],
                                 modifiers: [["onLongPressGesture": ["action": "menu"]], onTap("open")]), radius: 0)
        #expect(lp.tap(50, 50).action == "open")
    }

    // MARK: S11 Masks

    @Test("S11 mask all: the gesture and the gestures inside are enabled")
    func s11All() throws {
        let t = try tester(parentWithButton([maskedGesture("all")]), radius: 0)
        #expect(t.tap(50, 50).action == "child")
        #expect(t.tap(150, 50).action == "parent")
    }

    @Test("S11 mask gesture: this gesture enabled, the gestures inside disabled")
    func s11Gesture() throws {
        let t = try tester(parentWithButton([maskedGesture("gesture")]), radius: 0)
        #expect(t.tap(50, 50).action == "parent")
        #expect(t.tap(150, 50).action == "parent")
    }

    @Test("S11 mask subviews: this gesture disabled, the gestures inside enabled")
    func s11Subviews() throws {
        let t = try tester(parentWithButton([maskedGesture("subviews")]), radius: 0)
        #expect(t.tap(50, 50).action == "child")
        #expect(t.tap(150, 50).outcome == .miss)
    }

    @Test("S11 mask none: both disabled")
    func s11None() throws {
        let t = try tester(parentWithButton([maskedGesture("none")]), radius: 0)
        #expect(t.tap(50, 50).outcome == .miss)
        #expect(t.tap(150, 50).outcome == .miss)
    }

    /// A parent (200×100, its own background) holding a child Button on its left half.
    func parentWithButton(_ parentModifiers: [JSONValue]) -> JSONValue {
        node("parent", "ZStack", [0, 0, 200, 100], modifiers: parentModifiers, children: [
            node("parent.bg", "Color", [0, 0, 200, 100]),
            node("child", "Button", [0, 0, 100, 100], children: [node("child.bg", "Color", [0, 0, 100, 100])], ["action": "child"]),
        ])
    }

    func maskedGesture(_ mask: String) -> JSONValue {
        ["gesture": ["tap": ["count": 1], "action": "parent", "mask": .string(mask)]]
    }

    @Test("S11 the mask may also stand beside the attaching entry")
    func s11SiblingMask() throws {
        let t = try tester(parentWithButton([["gesture": ["tap": ["count": 1], "action": "parent"], "mask": "gesture"]]), radius: 0)
        #expect(t.tap(50, 50).action == "parent")
        let none = try tester(parentWithButton([["highPriorityGesture": ["tap": [:], "action": "parent"], "mask": "none"]]), radius: 0)
        #expect(none.tap(50, 50).outcome == .miss)
    }
}
