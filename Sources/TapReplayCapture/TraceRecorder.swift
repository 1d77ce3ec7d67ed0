import Foundation

/// One touch of one event, as the recorder needs it. `UITouch` maps onto it in
/// the UIKit glue (`location(in: window)`, `majorRadius`, the event's timestamp).
public struct TouchSample: Sendable, Equatable {
    public enum Phase: String, Sendable { case began, moved, stationary, ended, cancelled }
    /// Identity of the finger's touch object for as long as it is down (`ObjectIdentifier(touch)`).
    public var touch: Int
    public var phase: Phase
    public var x: Double
    public var y: Double
    /// `UITouch.majorRadius` in points; the `began` event's radius binds the touch.
    public var radius: Double?
    /// Where a `began` touch landed, for the privacy rules (`CapturePrivacy.dropsTouch`);
    /// nil means an ordinary view of an ordinary window.
    public var origin: CapturePrivacy.TouchOrigin?

    public init(touch: Int, phase: Phase, x: Double, y: Double, radius: Double? = nil, origin: CapturePrivacy.TouchOrigin? = nil) {
        self.touch = touch; self.phase = phase; self.x = x; self.y = y; self.radius = radius; self.origin = origin
    }
}

/// Records touches into trace JSONL (one file per screen session) under a
/// folder. Timestamps are seconds since the session started (the event clock,
/// `UIEvent.timestamp`, which is `ProcessInfo.systemUptime`); finger ids count
/// from 1 per session, one per touch object. Changing the screen ends the
/// session, but only once every finger is up, so no press is split; fingers
/// still down when recording stops are written as `cancelled`. Touches that
/// began before the session are ignored, and so are touches the privacy rules
/// drop (keyboard windows, secure text entry), from `began` to their end.
/// It never throws: a write failure stops the recording and is kept in
/// `lastError`.
public final class TraceRecorder {
    public let directory: URL
    public let environment: CaptureEnvironment
    /// `source` in the header: `device` for real sessions, `uitest` under UI tests.
    public let source: String
    /// Files finished so far.
    public private(set) var files: [URL] = []
    public private(set) var lastError: String?
    /// Touches left out by the privacy rules since recording started.
    public private(set) var droppedTouches = 0

    private var screen: String?
    private var pendingScreen: String?
    private var session: Session?
    private var sequence = 0
    private let now: () -> Date

    struct Session {
        var screen: String
        var start: TimeInterval
        var startDate: Date
        var id: String
        var file: TraceFile?
        var lastT: Double = 0
        /// touch identity → finger id, for fingers that are down.
        var down: [Int: Int] = [:]
        /// touch identities the privacy rules dropped, until they end.
        var dropped: Set<Int> = []
        var nextFinger = 1
        var lastPosition: [Int: (Double, Double)] = [:]
    }

    /// - Parameter now: the wall clock for `recordedAt` and file names (injected by tests).
    public init(directory: URL, environment: CaptureEnvironment, source: String = "device", now: @escaping () -> Date = Date.init) {
        self.directory = directory
        self.environment = environment
        self.source = source
        self.now = now
    }

    /// The screen now showing. A different screen ends the session once all fingers are up.
    public func setScreen(_ name: String, at time: TimeInterval) {
        guard name != (pendingScreen ?? screen) else { return }
        if let s = session, !s.down.isEmpty || !s.dropped.isEmpty {
            pendingScreen = name
            return
        }
        switchScreen(to: name, at: time)
    }

    private func switchScreen(to name: String, at time: TimeInterval) {
        finishSession()
        pendingScreen = nil
        screen = name
        sequence += 1
        let date = now()
        session = Session(screen: name, start: time, startDate: date,
                          id: "\(Timestamps.fileSafe(name))-\(Timestamps.compact(date))-\(sequence)")
    }

    /// The touches of one event at `time` (seconds on the event clock).
    public func record(_ samples: [TouchSample], at time: TimeInterval) {
        guard lastError == nil, session != nil, time.isFinite else { return }
        for sample in samples { record(sample, at: time) }
        if let name = pendingScreen, let s = session, s.down.isEmpty, s.dropped.isEmpty { switchScreen(to: name, at: time) }
    }

    private func record(_ sample: TouchSample, at time: TimeInterval) {
        guard var s = session, sample.x.isFinite, sample.y.isFinite else { return }
        let t = self.time(time, in: s)
        var finger: Int
        switch sample.phase {
        case .began:
            guard s.down[sample.touch] == nil, !s.dropped.contains(sample.touch) else { return }
            if let origin = sample.origin, CapturePrivacy.dropsTouch(origin) {
                s.dropped.insert(sample.touch)
                droppedTouches += 1
                session = s
                return
            }
            finger = s.nextFinger
            s.nextFinger += 1
            s.down[sample.touch] = finger
            s.lastPosition[sample.touch] = (sample.x, sample.y)
        case .moved, .stationary, .ended, .cancelled:
            let ends = sample.phase == .ended || sample.phase == .cancelled
            if s.dropped.contains(sample.touch) {
                if ends { s.dropped.remove(sample.touch); session = s }
                return
            }
            guard let f = s.down[sample.touch] else { return }  // began before this session
            finger = f
            if ends {
                s.down[sample.touch] = nil
                s.lastPosition[sample.touch] = nil
            } else {
                s.lastPosition[sample.touch] = (sample.x, sample.y)
            }
        }
        s.lastT = t
        session = s
        write(line: TraceRecorder.eventLine(t: t, finger: finger, phase: sample.phase, x: sample.x, y: sample.y, radius: sample.radius))
    }

    /// Records that the app ran `action` at `time` (the event clock): a line
    /// `{"t": …, "fired": "action"}` that `replay verify` binds to the touch
    /// that ended last at or before it (docs/traces-and-database.md). Written only into a session
    /// that has recorded a touch: with none, there is nothing it could bind to.
    public func fired(_ action: String, at time: TimeInterval) {
        guard lastError == nil, var s = session, s.file != nil, time.isFinite, !action.isEmpty else { return }
        let t = self.time(time, in: s)
        s.lastT = t
        session = s
        write(line: TraceRecorder.firedLine(t: t, action: action))
    }

    /// Seconds from the session start, never before the last line written (times are non-decreasing).
    private func time(_ time: TimeInterval, in s: Session) -> Double {
        max(s.lastT, max(0, time - s.start))
    }

    /// Ends the current session: fingers still down are cancelled where they last were.
    public func stop() {
        finishSession()
        screen = nil
        pendingScreen = nil
    }

    private func finishSession() {
        guard var s = session else { return }
        for (touch, finger) in s.down.sorted(by: { $0.value < $1.value }) {
            let p = s.lastPosition[touch] ?? (0, 0)
            write(line: TraceRecorder.eventLine(t: s.lastT, finger: finger, phase: .cancelled, x: p.0, y: p.1, radius: nil))
        }
        s = session ?? s
        s.down = [:]
        session = nil
        if let file = s.file {
            file.close()
            files.append(file.url)
        }
    }

    /// Appends a line, opening the session's file (with its header) at the first line.
    private func write(line: String) {
        guard var s = session else { return }
        do {
            if s.file == nil {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let file = try TraceFile(creating: directory.appendingPathComponent(s.id + ".jsonl"))
                s.file = file
                session = s
                try file.write(header(s) + "\n")
            }
            try s.file!.write(line + "\n")
        } catch {
            lastError = "\(error)"
        }
    }

    func header(_ s: Session) -> String {
        var h: [String: Any] = ["format": "tapreplay-trace", "version": 1, "trace": s.id, "screen": s.screen,
                                "recordedAt": Timestamps.iso(s.startDate), "source": source]
        var device: [String: Any] = [:]
        if let m = environment.deviceModel { device["model"] = m }
        if let os = environment.os { device["os"] = os }
        if !device.isEmpty { h["device"] = device }
        var app: [String: Any] = [:]
        if let v = environment.appVersion { app["version"] = v }
        if let b = environment.appBuild { app["build"] = b }
        if let sdk = environment.appSDK { app["sdk"] = sdk }
        if !app.isEmpty { h["app"] = app }
        let data = (try? JSONSerialization.data(withJSONObject: h, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// `{"t":0.084,"touch":1,"phase":"ended","x":24.5,"y":121,"radius":20.1}`
    static func eventLine(t: Double, finger: Int, phase: TouchSample.Phase, x: Double, y: Double, radius: Double?) -> String {
        var s = "{\"t\":\(number(t, places: 6)),\"touch\":\(finger),\"phase\":\"\(phase.rawValue)\",\"x\":\(number(x, places: 3)),\"y\":\(number(y, places: 3))"
        if let r = radius, r.isFinite, r >= 0 { s += ",\"radius\":\(number(r, places: 3))" }
        return s + "}"
    }

    /// `{"t":0.091,"fired":"openFlowMeter"}`
    static func firedLine(t: Double, action: String) -> String {
        "{\"t\":\(number(t, places: 6)),\"fired\":\(jsonString(action))}"
    }

    /// A finite number rounded to `places` decimals, written as JSON.
    static func number(_ v: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let r = (v * scale).rounded() / scale
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        return "\(r)"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func jsonString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
