import HitTesting
import ReplayEngine
import TapJSON
import TapModel
import Testing

@Suite("Presses and recognition (trace.md)")
struct RecognitionTests {
    @Test("Presses: one finger from began to ended, two fingers down at once form one press, numbered by began")
    func presses() {
        var t = Touches()
        t.press(10, 10, at: 0)
        t.pinch(center: (100, 100), at: 1)
        t.press(20, 20, at: 2, moves: [(0.02, 25, 20), (0.04, 20, 32)])
        let p = Press.presses(from: t.events)
        #expect(p.map(\.number) == [0, 1, 2])
        #expect(p.map(\.fingers) == [1, 2, 1])
        #expect(p[2].maxDistance == 12)
        #expect(p[2].end == Point(20, 32))
        #expect(abs(p[1].spreadChange - 60) < 1e-9)
        #expect(p[0].startTime == 0 && abs(p[0].duration - 0.08) < 1e-12)
    }

    @Test("Tap slop: straying 44 pt is a tap, 45 pt is not")
    func tapSlop() throws {
        var t = Touches()
        t.press(10, 50, at: 0, moves: [(0.05, 54, 50)])
        t.press(10, 50, at: 1, moves: [(0.05, 55, 50)])
        let r = try replay(tile([onTap("open")]), t)
        #expect(r.map(\.action) == ["open", nil])
        #expect(r[1].outcome == .miss)
    }

    @Test("A tap that moves must end within 0.75 s of its first move; one that never moves has no limit")
    func tapDuration() throws {
        var t = Touches()
        t.press(50, 50, at: 0, duration: 2.0)                                   // never moves: a tap
        t.press(50, 50, at: 5, duration: 0.9, moves: [(0.1, 51, 50)])          // ends 0.8 s after its first move
        t.press(50, 50, at: 9, duration: 0.9, moves: [(0.2, 51, 50)])          // ends 0.7 s after
        #expect(try replay(tile([onTap("open")]), t).map(\.action) == ["open", nil, "open"])
    }

    @Test("Long press: holding exactly 0.5 s fires at down + 0.5 s; a short press does not")
    func longPress() throws {
        var t = Touches()
        t.press(50, 50, at: 0, duration: 0.5)
        t.press(50, 50, at: 2, duration: 0.3)
        let r = try replay(tile([["onLongPressGesture": ["action": "menu"]]]), t)
        #expect(r[0].action == "menu" && r[0].latencyMs == 500 && r[0].gesture == "longPress")
        #expect(r[1].action == nil)
    }

    @Test("Long press: straying exactly 10 pt still fires; 10.5 pt does not")
    func longPressDistance() throws {
        var t = Touches()
        t.press(50, 50, at: 0, duration: 0.6, moves: [(0.2, 60, 50)])
        t.press(50, 50, at: 2, duration: 0.6, moves: [(0.2, 60.5, 50)])
        let r = try replay(tile([["onLongPressGesture": ["action": "menu"]]]), t)
        #expect(r.map(\.action) == ["menu", nil])
    }

    @Test("Drag: moving exactly 10 pt is a drag; 9.9 pt is not")
    func dragBoundary() throws {
        var t = Touches()
        t.press(50, 50, at: 0, duration: 0.3, moves: [(0.1, 60, 50)])
        t.press(50, 50, at: 1, duration: 0.3, moves: [(0.1, 59.9, 50)])
        let r = try replay(tile([["gesture": ["drag": ["minimumDistance": 10], "action": "pan"]]]), t)
        #expect(r.map(\.action) == ["pan", nil])
        #expect(r[0].latencyMs == 0)
    }

    @Test("Cancelled touches fire nothing")
    func cancelled() throws {
        var t = Touches()
        t.press(50, 50, at: 0, cancelled: true)
        let r = try replay(tile([onTap("open")]), t)
        #expect(r[0].outcome == .miss && r[0].action == nil)
    }

    @Test("Double tap: the second tap ending exactly at the window still counts; the double action fires")
    func doubleTapWindow() throws {
        let root = tile([["gesture": ["exclusively": [["tap": ["count": 2], "action": "zoom"], ["tap": ["count": 1], "action": "select"]]]]])
        var t = Touches()
        t.press(50, 50, at: 0, duration: 0.05)
        t.press(52, 50, at: 0.3, duration: 0.1)  // ends 0.35 s after the first ended
        var late = Touches()
        late.press(50, 50, at: 0, duration: 0.05)
        late.press(52, 50, at: 0.31, duration: 0.1)  // ends 0.36 s after
        let r = try replay(root, t)
        #expect(r[0].action == "zoom" && r[0].latencyMs == 0)
        #expect(r[1].partOf == 0 && r[1].action == "zoom")
        // The reason names the part of the composition that fired, not the handler's single tap.
        #expect(r[0].reason.contains("(zoom) fires on the 2-press tap") && !r[0].reason.contains("select"), "\(r[0].reason)")
        let l = try replay(root, late)
        #expect(l.map(\.action) == ["select", "select"])
        #expect(l.map(\.latencyMs) == [350, 350])
    }

    @Test("exclusively(double, single): a single tap fires after the multi-tap window, with that latency")
    func singleUnderExclusively() throws {
        var t = Touches()
        t.press(50, 50, at: 0)
        let r = try replay(tile([["gesture": ["exclusively": [["tap": ["count": 2], "action": "zoom"], ["tap": [:], "action": "select"]]]]]), t)
        #expect(r[0].outcome == .hit && r[0].action == "select" && r[0].latencyMs == 350)
        var tuned = ReplaySettings()
        tuned.multiTapWindow = 0.25
        #expect(try replay(tile([["gesture": ["exclusively": [["tap": ["count": 2], "action": "zoom"], ["tap": [:], "action": "select"]]]]]), t, settings: tuned)[0].latencyMs == 250)
    }

    @Test("Order: a count-2 tap written first makes single taps wait; written second, it never fires")
    func multiTapOrder() throws {
        var single = Touches()
        single.press(50, 50, at: 0)
        var double = Touches()
        double.press(50, 50, at: 0)
        double.press(50, 50, at: 0.2)
        let doubleFirst = tile([onTap("zoom", count: 2), onTap("select")])
        #expect(try replay(doubleFirst, single)[0].latencyMs == 350)
        #expect(try replay(doubleFirst, double).map(\.action) == ["zoom", "zoom"])
        let singleFirst = tile([onTap("select"), onTap("zoom", count: 2)])
        let r = try replay(singleFirst, double)
        #expect(r.map(\.action) == ["select", "select"] && r.map(\.latencyMs) == [0, 0])
    }

    @Test("A child's double tap wins S10 order: the parent's single tap waits for it to fail")
    func childDoubleParentSingle() throws {
        let root: JSONValue = ["id": "parent", "type": "ZStack", "frame": [0, 0, 200, 100], "modifiers": [onTap("parent")],
                               "children": [tile([onTap("child", count: 2)], id: "child")]]
        var t = Touches()
        t.press(50, 50, at: 0)
        let r = try replay(root, t)
        #expect(r[0].node == "parent" && r[0].latencyMs == 350)
    }

    @Test("sequenced(long press, drag): a drag after holding fires; a drag straight away does not")
    func sequenced() throws {
        let root = tile([["gesture": ["sequenced": [["longPress": ["minimumDuration": 0.5]], ["drag": ["minimumDistance": 10]]], "action": "reorder"]]])
        var t = Touches()
        t.press(50, 50, at: 0, duration: 1.0, moves: [(0.6, 50, 70), (0.8, 50, 90)])
        t.press(50, 50, at: 3, duration: 1.0, moves: [(0.1, 50, 70), (0.8, 50, 90)])
        let r = try replay(root, t)
        #expect(r.map(\.action) == ["reorder", nil])
        #expect(r[0].gesture == "drag")
    }

    @Test("simultaneousGesture fires alongside the winner")
    func simultaneous() throws {
        var t = Touches()
        t.press(50, 50, at: 0)
        let r = try replay(tile([onTap("open"), ["simultaneousGesture": ["tap": [:], "action": "log"]]]), t)
        #expect(r[0].action == "open" && r[0].simultaneous == ["log"])
        // On a parent: a press that expects the parent meets it (its action fired, alongside), and the reason says so.
        let parent: JSONValue = ["id": "parent", "type": "ZStack", "frame": [0, 0, 200, 100],
                                 "modifiers": [["simultaneousGesture": ["tap": [:], "action": "log"]]], "children": [tile([onTap("open")])]]
        var expecting = Touches()
        expecting.press(50, 50, at: 0, expect: "parent")
        let p = try replay(parent, expecting)
        #expect(p[0].action == "open" && p[0].simultaneous == ["log"] && p[0].met == true, "\(p[0])")
        #expect(p[0].reason.hasSuffix("; parent's simultaneousGesture (log) fires as well"), "\(p[0].reason)")
    }

    @Test("Two-finger magnify and rotate")
    func twoFingers() throws {
        var t = Touches()
        t.pinch(center: (100, 50), at: 0)
        let r = try replay(tile([["gesture": ["magnify": [:], "action": "zoom"]], onTap("open")]), t)
        #expect(r.count == 1 && r[0].action == "zoom" && r[0].gesture == "magnify")
        // A pinch is not a tap.
        #expect(try replay(tile([onTap("open")]), t)[0].action == nil)
        var turn = Touches()
        turn.events = [
            TouchEvent(t: 0, touch: 1, phase: .began, x: 80, y: 50), TouchEvent(t: 0, touch: 2, phase: .began, x: 120, y: 50),
            TouchEvent(t: 0.2, touch: 2, phase: .moved, x: 100, y: 70), TouchEvent(t: 0.3, touch: 1, phase: .ended, x: 80, y: 50),
            TouchEvent(t: 0.3, touch: 2, phase: .ended, x: 100, y: 70),
        ]
        #expect(try replay(tile([["gesture": ["rotate": [:], "action": "spin"]]]), turn)[0].action == "spin")
    }

    @Test("UIKit: numberOfTapsRequired and minimumPressDuration")
    func uikitRecognizers() throws {
        let root: JSONValue = ["id": "v", "type": "UIView", "system": "uikit", "frame": [0, 0, 200, 100],
                               "gestureRecognizers": [["type": "tap", "numberOfTapsRequired": 2, "action": "zoom"],
                                                      ["type": "longPress", "minimumPressDuration": 0.8, "action": "menu"]]]
        var t = Touches()
        t.press(50, 50, at: 0)
        t.press(50, 50, at: 0.2)
        t.press(50, 50, at: 2, duration: 0.9)
        t.press(50, 50, at: 5, duration: 0.7)
        let r = try replay(root, t)
        #expect(r.map(\.action) == ["zoom", "zoom", "menu", nil])
        #expect(r[2].latencyMs == 800)
    }
}
