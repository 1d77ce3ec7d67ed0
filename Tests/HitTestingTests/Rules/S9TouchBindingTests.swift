import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S9TouchBinding.swift, on tiny view trees.
@Suite("S9 touch binding")
struct S9TouchBindingTests {
    func row(_ id: String, y: Double, action: String) -> JSONValue {
        node(id, "LabeledContent", [0, y, 393, 44], modifiers: [rectangleShape, onTap(action)],
             children: [node("\(id).title", "Text", [16, y + 11, 80, 22])])
    }

    @Test("S9 two rows 8 pt apart: a tap between them is ambiguous at r = 10 and a miss at r = 0")
    func s9TwoRows() throws {
        let screen = node("list", "VStack", [0, 0, 393, 200], children: [row("a", y: 0, action: "openA"), row("b", y: 52, action: "openB")])
        let t = try tester(screen, radius: 10)
        let r = t.resolve(at: Point(200, 47))
        #expect(r.outcome == .ambiguous)
        #expect(r.candidates.map { t.snapshot.nodes[$0.handler.node].id } == ["a", "b"])
        #expect(r.candidates.map(\.distance) == [3, 5])
        #expect(r.handler?.action == "openA")  // the nearest is reported as the winner
        #expect(try tester(screen, radius: 0).tap(200, 47).outcome == .miss)
        // r = 4: only "a" is within reach.
        let small = try tester(screen, radius: 4).resolve(at: Point(200, 47))
        #expect(small.outcome == .expanded)
        #expect(small.handler?.action == "openA")
        #expect(small.candidates.first?.distance == 3)
    }

    @Test("S9 one handler within the radius fires: expanded, with its distance")
    func s9Expanded() throws {
        let t = try tester(node("screen", "VStack", [0, 0, 393, 300], children: [row("a", y: 0, action: "openA")]), radius: 10)
        let r = t.resolve(at: Point(100, 50))
        #expect(r.outcome == .expanded)
        #expect(r.handler?.action == "openA")
        #expect(r.candidates.count == 1)
        #expect(abs(r.candidates[0].distance - 6) < 1e-9)
        #expect(t.tap(100, 55).outcome == .miss)  // 11 pt away
        #expect(t.tap(100, 54).outcome == .expanded)  // exactly 10 pt: within the disk
    }

    @Test("S9 the distance is to the nearest spot that fires, not to the frame")
    func s9NearestFiringSpot() throws {
        // A row without contentShape: only its title fires; the row's frame is right there but dead.
        let t = try tester(node("row", "LabeledContent", [0, 0, 393, 44], modifiers: [onTap("open")], children: [
            node("row.title", "Text", [16, 11, 80, 22]),
        ]), radius: 10)
        let r = t.resolve(at: Point(100, 20))
        #expect(r.outcome == .expanded)
        #expect(abs(r.candidates[0].distance - 4) < 1e-9)
        #expect(t.tap(107, 20).outcome == .miss)
        // A region partly covered by a view in front: the nearest uncovered spot counts.
        let covered = try tester(node("screen", "ZStack", [0, 0, 300, 300], children: [
            node("button", "Color", [100, 100, 50, 50], modifiers: [onTap("press")]),
            node("sticker", "Color", [95, 95, 30, 30]),  // covers the button's top-left corner
        ]), radius: 10)
        let open = covered.resolve(at: Point(90, 128))  // the button's nearest point (100, 128) is uncovered
        #expect(open.outcome == .expanded)
        #expect(abs(open.candidates[0].distance - 10) < 1e-9)
        // From (92, 122) the button's nearest point (100, 122) is under the sticker; the nearest
        // uncovered spot is the corner where the sticker's bottom edge crosses the button's left edge.
        let corner = covered.resolve(at: Point(92, 122))
        #expect(corner.outcome == .expanded)
        #expect(abs(corner.candidates[0].distance - (64.0 + 9.0).squareRoot()) < 1e-6)
        // From (92, 110) that corner is 17 pt away: nothing within reach.
        #expect(covered.tap(92, 110).outcome == .miss)
    }

    @Test("S9 nested handlers reached through the same spot are one candidate")
    func s9Nested() throws {
        let t = try tester(node("row", "HStack", [0, 0, 200, 44], modifiers: [rectangleShape, onTap("row")], children: [
            node("row.button", "Button", [0, 0, 200, 44], children: [node("row.button.bg", "Color", [0, 0, 200, 44])], ["action": "button"]),
        ]), radius: 10)
        let r = t.resolve(at: Point(100, 50))
        #expect(r.outcome == .expanded)
        #expect(r.handler?.action == "button")
        #expect(r.candidates.count == 1)
    }

    @Test("S9 UIKit regions take no part in tolerance")
    func s9UIKitExact() throws {
        let t = try tester(uikit("root", "UIView", [0, 0, 300, 300], children: [
            uiButton("pay", [0, 0, 100, 44], action: "pay"),
        ]), radius: 10)
        #expect(t.tap(50, 50).outcome == .miss)
        #expect(t.tap(50, 40).action == "pay")
    }

    @Test("S9 a centre inside a SwiftUI region counts only the exact hit")
    func s9CentreInRegion() throws {
        let t = try tester(node("screen", "ZStack", [0, 0, 300, 300], children: [
            node("background", "Color", [0, 0, 300, 300]),
            node("button", "Button", [0, 0, 100, 44], children: [node("button.bg", "Color", [0, 0, 100, 44])], ["action": "go"]),
        ]), radius: 10)
        #expect(t.tap(50, 50).outcome == .miss)
    }

    @Test("S9 inside a hosting view, a tap beside a SwiftUI button is expanded")
    func s9InsideHosting() throws {
        let t = try tester(uikit("host", "UIHostingView", [0, 0, 300, 300], children: [
            node("button", "Button", [0, 0, 100, 44], children: [node("button.bg", "Color", [0, 0, 100, 44])], ["action": "go", "system": "swiftui"]),
        ]), radius: 10)
        let r = t.tap(50, 50)
        #expect(r.outcome == .expanded)
        #expect(r.action == "go")
    }
}
