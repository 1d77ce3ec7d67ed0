import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S11Masks.swift, on tiny view trees.
@Suite("S11 masks")
struct S11MasksTests {
    func maskedGesture(_ mask: String) -> JSONValue {
        ["gesture": ["tap": ["count": 1], "action": "parent", "mask": .string(mask)]]
    }

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

    @Test("S11 the mask may also stand beside the attaching entry")
    func s11SiblingMask() throws {
        let t = try tester(parentWithButton([["gesture": ["tap": ["count": 1], "action": "parent"], "mask": "gesture"]]), radius: 0)
        #expect(t.tap(50, 50).action == "parent")
        let none = try tester(parentWithButton([["highPriorityGesture": ["tap": [:], "action": "parent"], "mask": "none"]]), radius: 0)
        #expect(none.tap(50, 50).outcome == .miss)
    }

    @Test("S11 a tap blocked by a view whose gestures are all masked names the mask")
    func s11BlockedNamesMask() throws {
        let t = try tester(node("root", "ZStack", [0, 0, 400, 100], children: [
            node("behind", "Color", [0, 0, 400, 100], modifiers: [onTap("behind")]),
            node("parent", "ZStack", [200, 0, 200, 100], modifiers: [["gesture": ["tap": [:]], "mask": "none"]], children: [
                node("child", "Color", [200, 0, 200, 100], modifiers: [onTap("child")]),
            ]),
        ]), radius: 0)
        let r = t.resolve(at: Point(250, 50))
        #expect(r.outcome == .blocked)
        #expect(t.reason(for: r).contains("switched off by a gesture mask (S11)"))
    }
}
