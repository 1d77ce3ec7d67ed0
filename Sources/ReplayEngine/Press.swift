import Foundation
import TapModel

/// One press: a finger from `began` to `ended`/`cancelled`, or several fingers
/// down at once (a pinch or a rotation), as trace.md defines it.
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
    /// The first finger's path: its `began`, every `moved`/`stationary`, and its end.
    public var track: [Sample]
    /// Time of the first finger's first `moved` event (nil when it never moved).
    public var firstMoveTime: Double?
    /// Two fingers: the greatest change in the distance (points) and angle
    /// (degrees) between them while both were down.
    public var spreadChange: Double
    public var angleChange: Double
    /// The node the person meant to tap (`expect` on the first `began`).
    public var expect: String?

    public struct Sample: Sendable, Equatable {
        public var t: Double
        public var x: Double
        public var y: Double
        public init(t: Double, x: Double, y: Double) { self.t = t; self.x = x; self.y = y }
    }

    public var duration: Double { endTime - startTime }

    /// Greatest distance of the first finger from where it went down.
    public var maxDistance: Double { maxDistance(until: .infinity) }

    /// Greatest distance from the start among samples up to time `limit`.
    public func maxDistance(until limit: Double) -> Double {
        var best = 0.0
        for s in track where s.t <= limit {
            best = max(best, Point(s.x, s.y).distance(to: start))
        }
        return best
    }

    /// Greatest distance from the finger's position at `from` among later samples.
    public func maxDistance(after from: Double) -> Double {
        var origin = start
        for s in track where s.t <= from { origin = Point(s.x, s.y) }
        var best = 0.0
        for s in track where s.t > from { best = max(best, Point(s.x, s.y).distance(to: origin)) }
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
        var open: Press?
        var down: [Int: Point] = [:]  // finger → current position, for the open press
        var firstFinger = 0
        var spreadStart: (distance: Double, angle: Double)?

        func pairGeometry() -> (distance: Double, angle: Double)? {
            guard down.count >= 2 else { return nil }
            let fingers = down.keys.sorted()
            let a = down[fingers[0]]!, b = down[fingers[1]]!
            let d = a.distance(to: b)
            let angle = atan2Degrees(b.y - a.y, b.x - a.x)
            return (d, angle)
        }

        for e in events {
            switch e.phase {
            case .began:
                if open == nil {
                    open = Press(number: result.count, start: e.point, startTime: e.t, end: e.point, endTime: e.t, cancelled: false,
                                 fingers: 1, track: [Sample(t: e.t, x: e.x, y: e.y)], firstMoveTime: nil,
                                 spreadChange: 0, angleChange: 0, expect: e.expect)
                    firstFinger = e.touch
                    spreadStart = nil
                } else {
                    open!.fingers += 1
                }
                down[e.touch] = e.point
                if spreadStart == nil { spreadStart = pairGeometry() }
            case .moved, .stationary, .ended, .cancelled:
                guard open != nil, down[e.touch] != nil else { continue }
                down[e.touch] = e.point
                if e.touch == firstFinger {
                    open!.track.append(Sample(t: e.t, x: e.x, y: e.y))
                    if e.phase == .moved && open!.firstMoveTime == nil { open!.firstMoveTime = e.t }
                    if e.phase.isEnd { open!.end = e.point }
                }
                if let s = spreadStart, let now = pairGeometry() {
                    open!.spreadChange = max(open!.spreadChange, abs(now.distance - s.distance))
                    var turn = abs(now.angle - s.angle).truncatingRemainder(dividingBy: 360)
                    if turn > 180 { turn = 360 - turn }
                    open!.angleChange = max(open!.angleChange, turn)
                }
                if e.phase.isEnd {
                    if e.phase == .cancelled { open!.cancelled = true }
                    down[e.touch] = nil
                    if down.isEmpty {
                        open!.endTime = e.t
                        result.append(open!)
                        open = nil
                    }
                }
            }
        }
        if var unfinished = open {  // not reachable for validated traces; kept so nothing is lost
            unfinished.cancelled = true
            unfinished.endTime = unfinished.track.last?.t ?? unfinished.startTime
            result.append(unfinished)
        }
        return result
    }
}

func atan2Degrees(_ y: Double, _ x: Double) -> Double {
    atan2(y, x) * 180 / Double.pi
}
