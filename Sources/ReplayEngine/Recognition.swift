import TapModel

/// Every tunable of replay, with its default and where the default comes from
/// (docs/replay.md, "Recognition"; docs/replay.md repeats the sources).
public struct ReplaySettings: Sendable, Equatable {
    /// A tap's finger may stray less than this (points). OpenSwiftUI TapGesture.
    public var tapSlop: Double = 45
    /// A tap that moved must end within this (seconds) of its first `moved`. OpenSwiftUI TapGesture.
    public var tapMaxDuration: Double = 0.75
    /// Each next tap of a multi-tap must end within this (seconds) of the previous one's end. OpenSwiftUI RepeatGesture.
    public var multiTapWindow: Double = 0.35
    /// ... and begin less than this (points) from the first. OpenSwiftUI RepeatGesture.
    public var multiTapDistance: Double = 45
    /// Two fingers "change" their distance (points) or angle (degrees) once past these.
    /// The spec only says "changes"; these small floors ignore sensor jitter.
    public var magnifyThreshold: Double = 1
    public var rotateThreshold: Double = 1
    /// Retry bursts: presses within this many seconds and points of each other (docs/replay.md).
    public var retryWindow: Double = 1
    public var retryDistance: Double = 44

    public init() {}
}

/// A gesture that recognized a run of presses.
public struct Recognition: Sendable, Equatable {
    /// When its action fires (seconds, trace time).
    public var fireTime: Double
    /// The time latency counts from: the release that completes it, or touch-down for a long press.
    public var latencyFrom: Double
    /// Presses it used, the first included (a double tap uses 2).
    public var pressesUsed: Int
    /// The action of the part that fired (a composition reports its part's action, else its own).
    public var action: String?
    /// The kind of the part that fired.
    public var kind: Kind
    /// Tap count of the part that fired (nil for other kinds).
    public var tapCount: Int?
    /// Held until a higher-count tap failed: fires a multi-tap window after the release.
    public var held: Bool = false

    public var latency: Double { fireTime - latencyFrom }

    /// The primitive gestures that fire (a composition fires through one of its parts); the raw
    /// value is the name a press's `gesture` gives in the run JSON (as `Gesture.kindName`).
    public enum Kind: String, Sendable {
        case tap, spatialTap, button, longPress, drag, magnify, rotate
    }
}

/// Recognizes gestures on presses (docs/replay.md, "Recognition").
///
/// Boundaries are inclusive or exclusive exactly as docs/replay.md words them; times
/// and distances come from decimal text, so comparisons allow 1e-9 of rounding
/// (0.4 − 0.05 is 0.35000000000000003 in binary, and is still "≤ 0.35").
public struct Recognizer: Sendable {
    public let settings: ReplaySettings
    static let eps = 1e-9

    public init(settings: ReplaySettings = ReplaySettings()) { self.settings = settings }

    /// Whether one press is a tap: one finger, not cancelled, strayed less than
    /// the slop, and ended within the time limit of its first `moved` (a press
    /// that never moved has no time limit).
    public func isTap(_ p: Press) -> Bool {
        guard p.fingers == 1, !p.cancelled, p.maxDistance < settings.tapSlop - Self.eps else { return false }
        if let moved = p.firstMoveTime { return p.endTime - moved < settings.tapMaxDuration - Self.eps }
        return true
    }

    /// Whether `presses[i...]` begin a tap of `count` presses.
    public func tapSequence(_ presses: [Press], at i: Int, count: Int) -> Bool {
        guard i + count <= presses.count else { return false }
        for k in 0..<count {
            let p = presses[i + k]
            guard isTap(p) else { return false }
            if k > 0 {
                guard p.endTime - presses[i + k - 1].endTime <= settings.multiTapWindow + Self.eps,
                      p.start.distance(to: presses[i].start) < settings.multiTapDistance - Self.eps else { return false }
            }
        }
        return true
    }

    /// What `gesture` recognizes starting at press `i`, or nil.
    /// - Parameter from: for the second half of `sequenced`: only the part of the press after this time counts.
    public func recognize(_ gesture: Gesture, presses: [Press], at i: Int, from: Double? = nil) -> Recognition? {
        let p = presses[i]
        switch gesture.kind {
        case .tap(let n), .spatialTap(let n):
            guard from == nil, tapSequence(presses, at: i, count: n) else { return nil }
            let last = presses[i + n - 1]
            let kind: Recognition.Kind = if case .spatialTap = gesture.kind { .spatialTap } else { .tap }
            return Recognition(fireTime: last.endTime, latencyFrom: last.endTime, pressesUsed: n, action: gesture.action,
                               kind: kind, tapCount: n)
        case .button:
            guard from == nil, isTap(p) else { return nil }
            return Recognition(fireTime: p.endTime, latencyFrom: p.endTime, pressesUsed: 1, action: gesture.action, kind: .button, tapCount: 1)
        case .longPress(let minimumDuration, let maximumDistance):
            guard p.fingers == 1, !p.cancelled else { return nil }
            let begin = from ?? p.startTime
            guard p.endTime - begin >= minimumDuration - Self.eps else { return nil }
            let strayed = from == nil ? p.maxDistance(until: begin + minimumDuration) : p.maxDistance(after: begin)
            guard strayed <= maximumDistance + Self.eps else { return nil }
            return Recognition(fireTime: begin + minimumDuration, latencyFrom: begin, pressesUsed: 1, action: gesture.action, kind: .longPress)
        case .drag(let minimumDistance):
            guard p.fingers == 1, !p.cancelled else { return nil }
            let strayed = from.map { p.maxDistance(after: $0) } ?? p.maxDistance
            guard strayed >= minimumDistance - Self.eps else { return nil }
            return Recognition(fireTime: p.endTime, latencyFrom: p.endTime, pressesUsed: 1, action: gesture.action, kind: .drag)
        case .magnify:
            guard p.fingers >= 2, !p.cancelled, p.spreadChange >= settings.magnifyThreshold - Self.eps else { return nil }
            return Recognition(fireTime: p.endTime, latencyFrom: p.endTime, pressesUsed: 1, action: gesture.action, kind: .magnify)
        case .rotate:
            guard p.fingers >= 2, !p.cancelled, p.angleChange >= settings.rotateThreshold - Self.eps else { return nil }
            return Recognition(fireTime: p.endTime, latencyFrom: p.endTime, pressesUsed: 1, action: gesture.action, kind: .rotate)
        case .exclusively:
            let (a, b) = (gesture.parts[0], gesture.parts[1])
            if let r = recognize(a, presses: presses, at: i, from: from) { return named(r, gesture) }
            guard var r = recognize(b, presses: presses, at: i, from: from) else { return nil }
            // b waits until a has failed; for a higher-count tap that is the multi-tap window.
            if let count = r.tapCount, a.maxTapCount > count { r = held(r) }
            return named(r, gesture)
        case .sequenced:
            let (a, b) = (gesture.parts[0], gesture.parts[1])
            guard let ra = recognize(a, presses: presses, at: i, from: from), ra.pressesUsed == 1,
                  var rb = recognize(b, presses: presses, at: i, from: ra.fireTime) else { return nil }
            rb.latencyFrom = max(rb.latencyFrom, ra.fireTime)
            return named(rb, gesture)
        case .simultaneously:
            let ra = recognize(gesture.parts[0], presses: presses, at: i, from: from)
            let rb = recognize(gesture.parts[1], presses: presses, at: i, from: from)
            guard let first = [ra, rb].compactMap({ $0 }).min(by: { $0.fireTime < $1.fireTime }) else { return nil }
            var r = first
            r.pressesUsed = max(ra?.pressesUsed ?? 1, rb?.pressesUsed ?? 1)
            return named(r, gesture)
        }
    }

    /// Delays a recognized tap until a competing higher-count tap has failed.
    func held(_ r: Recognition) -> Recognition {
        var r = r
        r.held = true
        r.fireTime = r.latencyFrom + settings.multiTapWindow
        return r
    }

    private func named(_ r: Recognition, _ composition: Gesture) -> Recognition {
        var r = r
        if r.action == nil { r.action = composition.action }
        return r
    }
}
