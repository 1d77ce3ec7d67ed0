import Foundation
import TapModel

/// What every session-replay reader does with what it has read: cuts the
/// recording into screen visits, numbers the fingers, drops private touches,
/// and seals each visit as a trace with its inferred snapshot.
struct VisitBuilder {
    /// The trace ids' prefix (`posthog-<session>`), and the header every trace starts from.
    let prefix: String
    let base: TraceHeader
    private(set) var recording: ProductionRecording

    // The visit being read.
    private(set) var screen: String?
    var width: Double?
    var height: Double?
    private var start: Double?
    private var events: [TouchEvent] = []
    /// The wireframes on screen now, and those at the visit's first touch.
    var wireframes: [Wireframe] = [] { didSet { secureFrames = wireframes.flatMap { $0.secureFrames() } } }
    /// The frames of the secure fields among `wireframes` (worked out once a snapshot, not once a touch).
    private var secureFrames: [Rect] = []
    private var shown: [Wireframe]?
    /// Where the keyboard is while one is shown.
    var keyboard: Rect?
    /// Fingers down: the recording's id (nil: it records none), ours, and where it went down.
    private var down: [(recorded: Int?, finger: Int, at: Point)] = []
    /// Fingers whose touch-down was dropped for privacy (their moves and release are dropped too).
    private var dropped: [(recorded: Int?, at: Point)] = []
    private var nextFinger = 1
    private var lastTime = 0.0

    init(format: RecordingFormat, session: String, base: TraceHeader) {
        prefix = "\(format.rawValue)-\(session)"
        var header = base
        header.source = format.rawValue
        self.base = header
        recording = ProductionRecording(format: format)
    }

    mutating func skip(_ kind: String) { recording.skipped[kind, default: 0] += 1 }
    mutating func note(_ text: String) { recording.notes.append(text) }

    /// A new visit when the screen changes (the one before is sealed).
    mutating func visit(_ name: String, at ms: Double) {
        guard name != screen else { return }
        // The wireframes drawn before a visit with no touch yet (a full snapshot before the screen's name) stay.
        let kept = events.isEmpty ? wireframes : []
        endVisit()
        wireframes = kept
        screen = name
        start = ms
    }

    /// Seconds from the visit's start, never going back.
    private mutating func time(_ ms: Double) -> Double {
        if start == nil { visit("unknown screen", at: ms) }
        let t = max(lastTime, (ms - start!) / 1000)
        lastTime = t
        return t
    }

    /// The finger down that an event of `recorded` at `p` belongs to: the same id, else (no ids) the nearest.
    private func finger(_ recorded: Int?, near p: Point) -> Int? {
        if let recorded { return down.firstIndex { $0.recorded == recorded } }
        return down.indices.min { down[$0].at.distance(to: p) < down[$1].at.distance(to: p) }
    }

    mutating func touchDown(_ recorded: Int?, x: Double, y: Double, at ms: Double) {
        let p = Point(x, y)
        if shown == nil && !wireframes.isEmpty { shown = wireframes }
        if isPrivate(p) {
            recording.droppedTouches += 1
            dropped.append((recorded, p))
            return
        }
        if let recorded, let i = finger(recorded, near: p) {  // a second down for a finger that is down: the first one ended unseen
            events.append(TouchEvent(t: time(ms), touch: down[i].finger, phase: .cancelled, x: down[i].at.x, y: down[i].at.y))
            down.remove(at: i)
        }
        down.append((recorded, nextFinger, p))
        events.append(TouchEvent(t: time(ms), touch: nextFinger, phase: .began, x: x, y: y))
        nextFinger += 1
    }

    mutating func touchMove(_ recorded: Int?, x: Double, y: Double, at ms: Double) {
        guard start != nil, let i = finger(recorded, near: Point(x, y)) else { return }
        events.append(TouchEvent(t: time(ms), touch: down[i].finger, phase: .moved, x: x, y: y))
    }

    mutating func touchUp(_ recorded: Int?, x: Double, y: Double, at ms: Double, cancelled: Bool = false) {
        let p = Point(x, y)
        // The release of a dropped touch: the same id, else (no ids) one nearer the dropped touch-down than any finger down.
        if let j = dropped.firstIndex(where: { recorded != nil && $0.recorded == recorded }) ?? (recorded == nil ? nearestDropped(p) : nil) {
            dropped.remove(at: j)
            return
        }
        guard let i = finger(recorded, near: p) else { return }  // its touch-down came before the recording began
        events.append(TouchEvent(t: time(ms), touch: down[i].finger, phase: cancelled ? .cancelled : .ended, x: x, y: y))
        down.remove(at: i)
    }

    private func nearestDropped(_ p: Point) -> Int? {
        guard let j = dropped.indices.min(by: { dropped[$0].at.distance(to: p) < dropped[$1].at.distance(to: p) }) else { return nil }
        let nearestDown = down.map { $0.at.distance(to: p) }.min() ?? .infinity
        return dropped[j].at.distance(to: p) <= nearestDown ? j : nil
    }

    /// Over the keyboard or a secure field: not kept.
    private func isPrivate(_ p: Point) -> Bool {
        if let k = keyboard, k.contains(p) { return true }
        return secureFrames.contains { $0.contains(p) }
    }

    /// Seals the visit being read: a trace if it holds a touch.
    mutating func endVisit() {
        defer {
            events = []; shown = nil; wireframes = []; down = []; dropped = []; nextFinger = 1; lastTime = 0
            screen = nil; start = nil
        }
        guard let screen, let start, !events.isEmpty else { return }
        // A finger still down when the visit ends (the app left the screen): cancelled there.
        for d in down { events.append(TouchEvent(t: lastTime, touch: d.finger, phase: .cancelled, x: d.at.x, y: d.at.y)) }
        var header = base
        header.screen = screen
        recording.sealed.visits += 1
        let n = recording.sealed.visits
        header.trace = "\(prefix)-\(n < 10 ? "00" : n < 100 ? "0" : "")\(n)"
        header.recordedAt = VisitBuilder.iso(start)
        let inferred = WireframeSnapshot.json(screen: screen, wireframes: shown ?? wireframes, width: width, height: height,
                                              header: header, capturedAt: header.recordedAt)
        if inferred == nil {
            recording.notes.append("\(header.trace): no wireframes were recorded for \(screen); only the team's own snapshot can explain its presses")
        }
        recording.sealed.screens.insert(screen)
        if inferred != nil { recording.sealed.inferred += 1 }
        recording.visits.append(ScreenVisit(header: header, events: events, width: width, height: height, inferredSnapshot: inferred))
    }

    /// The visits sealed since the last call, taken out of `recording` (a streamed read hands them on as they come).
    mutating func takeSealed() -> [ScreenVisit] {
        guard !recording.visits.isEmpty else { return [] }
        defer { recording.visits = [] }
        return recording.visits
    }

    /// `2026-11-28T13:00:00Z` (Foundation's format style: a value, no formatter object made per visit).
    static func iso(_ ms: Double) -> String {
        Date(timeIntervalSince1970: ms / 1000).formatted(.iso8601)
    }
}
