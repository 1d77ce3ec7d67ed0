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
    case began, moved, stationary, ended, cancelled

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

    public init(trace: String) { self.trace = trace }

    public mutating func accept(_ e: TouchEvent, line: Int) throws {
        guard e.t >= lastT else {
            throw TraceError(line: line, "time goes backwards in trace '\(trace.clipped)': t \(JSONValue.format(e.t)) after \(JSONValue.format(lastT))")
        }
        lastT = e.t
        let index = down.firstIndex { $0.touch == e.touch }
        switch e.phase {
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
