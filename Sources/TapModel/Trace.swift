import TapJSON
/// A recorded touch trace (trace format v1): a header and touch events.
public struct TraceHeader: Sendable, Equatable {
    public var trace: String
    public var screen: String
    public var deviceModel: String?
    public var os: String?
    public var appVersion: String?
    public var appBuild: String?
    public var recordedAt: String?
    public var source: String?

    public init(trace: String, screen: String, deviceModel: String? = nil, os: String? = nil, appVersion: String? = nil,
                appBuild: String? = nil, recordedAt: String? = nil, source: String? = nil) {
        self.trace = trace; self.screen = screen; self.deviceModel = deviceModel; self.os = os
        self.appVersion = appVersion; self.appBuild = appBuild; self.recordedAt = recordedAt; self.source = source
    }

    public static let format = "tapreplay-trace"
    public static let supportedVersion = 1
}

public enum Phase: String, Sendable, CaseIterable {
    /// `fired` is not a finger's phase: the app ran an action (`{"t": …, "fired": "action"}`),
    /// what the device really did. It comes last so the content hashes of earlier traces stay.
    /// `hit` is not one either: the view the device hit-tested for the press that ended last
    /// (`ObservedView`, a Measure click's target), after `fired` for the same reason.
    case began, moved, stationary, ended, cancelled, fired, hit

    /// The phase spelled by `bytes` (UTF-8), without making a String.
    public init?(bytes: UnsafeBufferPointer<UInt8>) {
        func matches(_ word: StaticString) -> Bool {
            guard bytes.count == word.utf8CodeUnitCount else { return false }
            for i in 0..<bytes.count where bytes[i] != word.utf8Start[i] { return false }
            return true
        }
        switch bytes.first {
        case UInt8(ascii: "b") where matches("began"): self = .began
        case UInt8(ascii: "m") where matches("moved"): self = .moved
        case UInt8(ascii: "s") where matches("stationary"): self = .stationary
        case UInt8(ascii: "e") where matches("ended"): self = .ended
        case UInt8(ascii: "c") where matches("cancelled"): self = .cancelled
        case UInt8(ascii: "f") where matches("fired"): self = .fired
        case UInt8(ascii: "h") where matches("hit"): self = .hit
        default: return nil
        }
    }

    /// The finger lifts (or the system takes it away).
    public var isEnd: Bool { self == .ended || self == .cancelled }
}

/// One touch event: a finger's phase and position at a time.
public struct TouchEvent: Sendable, Equatable {
    public var t: Double
    public var touch: Int
    public var phase: Phase
    public var x: Double
    public var y: Double
    public var radius: Double?
    /// On `began`: the node id the person meant to tap.
    public var expect: String?

    public init(t: Double, touch: Int, phase: Phase, x: Double, y: Double, radius: Double? = nil, expect: String? = nil) {
        self.t = t; self.touch = touch; self.phase = phase; self.x = x; self.y = y; self.radius = radius; self.expect = expect
    }

    public var point: Point { Point(x, y) }

    /// The app ran `action` at `t` (the `fired` event of docs/traces-and-database.md): stored with touch 0 at (0, 0), the action in `expect`.
    public static func fired(t: Double, action: String) -> TouchEvent {
        TouchEvent(t: t, touch: 0, phase: .fired, x: 0, y: 0, expect: action)
    }

    /// The action of a `fired` event.
    public var firedAction: String? { phase == .fired ? expect : nil }

    /// The device hit-tested `view` for the press that ended last at or before `t` (a `hit` event,
    /// docs/traces-and-database.md): stored with touch 0 at the press's point, the view in `expect`.
    public static func hit(t: Double, x: Double, y: Double, view: ObservedView) -> TouchEvent {
        TouchEvent(t: t, touch: 0, phase: .hit, x: x, y: y, expect: view.text)
    }

    /// The view of a `hit` event.
    public var observedView: ObservedView? { phase == .hit ? expect.flatMap { ObservedView(text: $0) } : nil }

    /// The largest touch radius a trace may record, in points.
    public static let maximumRadius = 200.0

    /// Why a recorded radius cannot be used (negative, beyond 200 pt), or nil; 0 is an exact touch.
    public static func radiusProblem(_ r: Double) -> String? {
        if r < 0 { return "'radius' must not be negative (0 is an exact touch)" }
        if r > maximumRadius { return "'radius' \(JSONValue.format(r)) pt is beyond \(JSONValue.format(maximumRadius)) pt: UITouch.majorRadius is a fingertip's, in points" }
        return nil
    }
}

/// A problem with a trace file, at a line (1-based). The caller adds the file name.
public struct TraceError: LocatedError, Equatable {
    public let line: Int?
    public let message: String
    public init(line: Int, _ message: String) { self.line = line; self.message = message }
}

/// Checks the event rules of one trace as events stream in: time never goes
/// backwards, every finger runs `began` → (`moved` | `stationary`)* → `ended` |
/// `cancelled`, and no finger is left down at the end.
///
/// - Complexity: O(1) per event (O(fingers down) memory).
public struct TraceValidator: Sendable {
    public let trace: String
    private var lastT = -Double.infinity
    private var down: [(touch: Int, line: Int)] = []
    public private(set) var eventCount = 0
    /// When the last finger lifted (`ended`), for binding `fired` events.
    private var lastEnd = -Double.infinity
    /// Lines that hold something worth a warning but not a rejection: a `fired` event that
    /// binds to no touch (none ended in the second before it). The event is kept.
    public private(set) var warnings: [TraceError] = []

    /// A `fired` event binds to the touch that ended last at or before it, within this (seconds).
    public static let firedWindow = 1.0

    public init(trace: String) { self.trace = trace }

    public mutating func accept(_ e: TouchEvent, line: Int) throws {
        guard e.t >= lastT else {
            throw TraceError(line: line, "time goes backwards in trace '\(trace.clipped)': t \(JSONValue.format(e.t)) after \(JSONValue.format(lastT))")
        }
        lastT = e.t
        let index = down.firstIndex { $0.touch == e.touch }
        switch e.phase {
        case .fired, .hit:
            if e.phase == .hit && ObservedView(text: e.expect ?? "") == nil {
                throw TraceError(line: line, "a 'hit' event's expect must be the view as JSON: {\"view\": class, \"id\": identifier, \"size\": [width, height]}")
            }
            if !(e.t - lastEnd <= TraceValidator.firedWindow) {
                warnings.append(TraceError(line: line, "warning: '\(e.phase.rawValue)' \((e.expect ?? "").clipped) at t \(JSONValue.format(e.t)) binds to no touch (none ended in the \(JSONValue.format(TraceValidator.firedWindow)) s before it); it is kept"))
            }
        case .began:
            if let index {
                throw TraceError(line: line, "second 'began' for touch \(e.touch), which is already down (since line \(down[index].line)) in trace '\(trace.clipped)'")
            }
            down.append((e.touch, line))
        case .moved, .stationary, .ended, .cancelled:
            guard let index else {
                throw TraceError(line: line, "'\(e.phase.rawValue.clipped)' for touch \(e.touch) without 'began' in trace '\(trace.clipped)'")
            }
            if e.phase.isEnd { down.remove(at: index) }
            if e.phase == .ended { lastEnd = e.t }
        }
        eventCount += 1
    }

    /// Call at the end of the trace: a finger still down is an error.
    public func finish(line: Int) throws {
        if let still = down.first {
            throw TraceError(line: line, "trace '\(trace.clipped)' ends with touch \(still.touch) still down (began at line \(still.line))")
        }
    }
}
