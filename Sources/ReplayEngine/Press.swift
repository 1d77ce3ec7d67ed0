import Foundation
import TapModel

/// One press: a finger from `began` to `ended`/`cancelled`, or several fingers
/// down at once (a pinch or a rotation), as docs/replay.md defines it.
public struct Press: Sendable, Equatable {
    /// Numbered from 0 in order of `began` within the trace.
    public var number: Int
    /// Where and when the first finger went down.
    public var start: Point
    public var startTime: Double
    /// Where the first finger came up, and when the last finger came up.
    public var end: Point
    public var endTime: Double
    /// Any finger cancelled.
    public var cancelled: Bool
    /// How many fingers took part.
    public var fingers: Int
    /// The first finger's path between its `began` and its end: every `moved` and
    /// `stationary` sample (empty for a plain tap, so most presses allocate nothing).
    public var track: [Sample]
    /// When the first finger lifted.
    public var firstFingerEndTime: Double
    /// Greatest distance of the first finger from where it went down.
    public private(set) var maxDistance: Double
    /// Time of the first finger's first `moved` event (nil when it never moved).
    public var firstMoveTime: Double?
    /// Two fingers: the greatest change in the distance (points) and angle
    /// (degrees) between them while both were down.
    public var spreadChange: Double
    public var angleChange: Double
    /// The node the person meant to tap (`expect` on the first `began`).
    public var expect: String?
    /// The touch radius the first finger went down with (`UITouch.majorRadius` at `began`):
    /// it binds the press (docs/snapshot.md, S9 "The cloud"); nil when the trace has none.
    public var radius: Double? = nil
    /// What the app really ran for this press: the actions of the trace's `fired` events
    /// that bind to it (the touch that ended last at or before each, within 1 s).
    public var fired: [String] = []
    /// The view the device hit-tested for this press, when the trace's `hit` event says (a Measure click's target).
    public var hitView: ObservedView? = nil

    public struct Sample: Sendable, Equatable {
        public var t: Double
        public var x: Double
        public var y: Double
        public init(t: Double, x: Double, y: Double) { self.t = t; self.x = x; self.y = y }
    }

    public var duration: Double { endTime - startTime }

    /// The first finger's samples in time order: where it went down, its moves, where it came up.
    func forEachSample(_ body: (Double, Point) -> Void) {
        body(startTime, start)
        for s in track { body(s.t, Point(s.x, s.y)) }
        body(firstFingerEndTime, end)
    }

    /// Greatest distance from the start among samples up to time `limit`.
    public func maxDistance(until limit: Double) -> Double {
        var best = 0.0
        forEachSample { t, p in if t <= limit { best = max(best, p.distance(to: start)) } }
        return best
    }

    /// Greatest distance from the finger's position at `from` among later samples.
    public func maxDistance(after from: Double) -> Double {
        var origin = start
        forEachSample { t, p in if t <= from { origin = p } }
        var best = 0.0
        forEachSample { t, p in if t > from { best = max(best, p.distance(to: origin)) } }
        return best
    }
}

extension Press {
    /// Groups a trace's events into presses. A finger that goes down while
    /// another finger of an open press is down joins that press.
    ///
    /// Events are assumed valid (the import checked them): every finger runs
    /// `began` → … → `ended`/`cancelled`.
    /// - Complexity: O(events).
    public static func presses(from events: [TouchEvent]) -> [Press] {
        var result: [Press] = []
        result.reserveCapacity(events.count / 2)
        // The press being grouped (valid while `isOpen`): kept in place, not in an Optional that each change would copy.
        var open = Press(number: 0, start: Point(0, 0), startTime: 0, end: Point(0, 0), endTime: 0, cancelled: false, fingers: 0, track: [],
                         firstFingerEndTime: 0, maxDistance: 0, firstMoveTime: nil, spreadChange: 0, angleChange: 0, expect: nil)
        var isOpen = false
        // Fingers down in the open press and where each is now (a handful: searched, not hashed).
        var down = FingersDown()
        var firstFinger = 0
        var spreadStart: (distance: Double, angle: Double)?

        func pairGeometry() -> (distance: Double, angle: Double)? {
            guard let (a, b) = down.lowestTwo() else { return nil }
            let d = a.distance(to: b)
            let angle = atan2Degrees(b.y - a.y, b.x - a.x)
            return (d, angle)
        }

        var lastEnded: (press: Int, t: Double)?
        var fired: [Int: [String]] = [:]
        var hit: [Int: ObservedView] = [:]
        for e in events {
            switch e.phase {
            case .fired:
                if let last = lastEnded, e.t - last.t <= TraceValidator.firedWindow, let action = e.firedAction {
                    fired[last.press, default: []].append(action)
                }
            case .hit:
                if let last = lastEnded, e.t - last.t <= TraceValidator.firedWindow, let view = e.observedView { hit[last.press] = view }
            case .began:
                if !isOpen {
                    open = Press(number: result.count, start: e.point, startTime: e.t, end: e.point, endTime: e.t, cancelled: false,
                                 fingers: 1, track: [], firstFingerEndTime: e.t, maxDistance: 0, firstMoveTime: nil,
                                 spreadChange: 0, angleChange: 0, expect: e.expect)
                    open.radius = e.radius
                    isOpen = true
                    firstFinger = e.touch
                    spreadStart = nil
                } else {
                    open.fingers += 1
                }
                down[e.touch] = e.point
                if spreadStart == nil { spreadStart = pairGeometry() }
            case .moved, .stationary, .ended, .cancelled:
                guard isOpen, down.contains(e.touch) else { continue }
                down[e.touch] = e.point
                if e.touch == firstFinger {
                    open.maxDistance = max(open.maxDistance, e.point.distance(to: open.start))
                    if e.phase.isEnd {
                        open.end = e.point
                        open.firstFingerEndTime = e.t
                    } else {
                        open.track.append(Sample(t: e.t, x: e.x, y: e.y))
                    }
                    if e.phase == .moved && open.firstMoveTime == nil { open.firstMoveTime = e.t }
                }
                if let s = spreadStart, let now = pairGeometry() {
                    open.spreadChange = max(open.spreadChange, abs(now.distance - s.distance))
                    var turn = abs(now.angle - s.angle).truncatingRemainder(dividingBy: 360)
                    if turn > 180 { turn = 360 - turn }
                    open.angleChange = max(open.angleChange, turn)
                }
                if e.phase == .ended { lastEnded = (open.number, e.t) }
                if e.phase.isEnd {
                    if e.phase == .cancelled { open.cancelled = true }
                    down[e.touch] = nil
                    if down.isEmpty {
                        open.endTime = e.t
                        result.append(open)
                        isOpen = false
                    }
                }
            }
        }
        if isOpen {  // not reachable for validated traces; kept so nothing is lost
            open.cancelled = true
            open.endTime = open.track.last?.t ?? open.startTime
            open.firstFingerEndTime = open.endTime
            result.append(open)
        }
        for (press, actions) in fired where press < result.count { result[press].fired = actions }
        for (press, view) in hit where press < result.count { result[press].hitView = view }
        return result
    }
}

/// The fingers of an open press, by touch number, in the order they went down.
struct FingersDown {
    private var touches: [Int] = []
    private var points: [Point] = []

    var isEmpty: Bool { touches.isEmpty }

    func contains(_ touch: Int) -> Bool { touches.contains(touch) }

    /// Where a finger is now; setting nil lifts it.
    subscript(touch: Int) -> Point? {
        get { touches.firstIndex(of: touch).map { points[$0] } }
        set {
            if let i = touches.firstIndex(of: touch) {
                if let newValue { points[i] = newValue } else { touches.remove(at: i); points.remove(at: i) }
            } else if let newValue {
                touches.append(touch); points.append(newValue)
            }
        }
    }

    /// The positions of the two fingers with the lowest touch numbers (nil with fewer than two).
    func lowestTwo() -> (Point, Point)? {
        guard touches.count >= 2 else { return nil }
        var a = 0, b = 1
        if touches[b] < touches[a] { swap(&a, &b) }
        for i in 2..<touches.count {
            if touches[i] < touches[a] { b = a; a = i } else if touches[i] < touches[b] { b = i }
        }
        return (points[a], points[b])
    }
}

func atan2Degrees(_ y: Double, _ x: Double) -> Double {
    atan2(y, x) * 180 / Double.pi
}
