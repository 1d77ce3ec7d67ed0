import Foundation
import TapJSON
import TapModel

/// PostHog mobile session replay (posthog-ios, posthog-android): rrweb events whose
/// full snapshots (type 2) hold wireframes, whose meta records (type 4) name the
/// screen and its size, and whose touches are MouseInteraction records (type 3,
/// source 2: 7 TouchStart, 9 TouchEnd, 10 TouchCancel) and TouchMove records
/// (source 6). docs/field-report.md lists what is read and what is left.
///
/// Reads the recording export (`.ph-recording.json`: `{"version": "2023-04-28",
/// "data": {"id", "person", "snapshots": [event…]}}`, or the older
/// `snapshotsByWindowId`), a bare array of events, and the stored blocks of the
/// snapshots API (JSON Lines of `[window id, event]`); compressed events (`cv`) are inflated.
public enum PostHogRecording {
    public static func read(_ data: Data, fallbackID: String) throws -> ProductionRecording {
        var events: [JSONCursor]
        var sessionID = fallbackID
        var properties: JSONCursor?
        if let lines = try JSONCursor.lines(data, of: .array) {
            // PostHog's stored blocks (the snapshots API's JSON Lines): `["window id", event]` a line, read a line at a time.
            events = try lines.map { line in
                let pair = try line.elements()
                guard pair.count == 2, pair[0].string != nil, pair[1].isObject else {
                    throw RecordingError(line.path, "expected [window id, event]")
                }
                return pair[1]
            }
            return try read(events, sessionID: sessionID, properties: nil)
        }
        let root = try JSONCursor.parse(data)
        if root.isArray {
            events = try root.elements()
        } else {
            _ = try root.requireObject()
            guard let body = root["data"] else { throw RecordingError("$.data", "missing: a PostHog export holds its events in data.snapshots") }
            _ = try body.requireObject()
            if let id = body["id"]?.string, !id.isEmpty { sessionID = id }
            properties = body["person"]?["properties"]
            if let list = body["snapshots"] {
                events = try list.elements()
            } else if let byWindow = body["snapshotsByWindowId"] {
                events = []
                try byWindow.requireObject()
                for key in byWindow.keys.sorted() { events += try byWindow[key]!.elements() }
            } else {
                throw RecordingError(body.path + ".snapshots", "missing: no events in this export")
            }
        }
        return try read(events, sessionID: sessionID, properties: properties)
    }

    private static func read(_ events: [JSONCursor], sessionID: String, properties: JSONCursor?) throws -> ProductionRecording {
        var visits = builder(sessionID: sessionID, properties: properties)
        // Events in time order (an export holds them so; equal times keep the file's order).
        var timed: [(t: Double, i: Int, e: JSONCursor)] = []
        timed.reserveCapacity(events.count)
        for (i, e) in events.enumerated() {
            _ = try e.requireObject()
            timed.append((try e.requireNumber("timestamp"), i, e))
        }
        if zip(timed, timed.dropFirst()).contains(where: { $0.t > $1.t }) { timed.sort { $0.t != $1.t ? $0.t < $1.t : $0.i < $1.i } }
        for (t, _, e) in timed { try Reader.read(e, at: t, into: &visits) }
        visits.endVisit()
        return visits.recording
    }

    /// The visits of a session, their header taken from the person's properties (device, OS, app version and build).
    static func builder(sessionID: String, properties: JSONCursor?) -> VisitBuilder {
        var header = TraceHeader(trace: "", screen: "")
        // Text, or a number written as text (`"$app_build": 513`); nothing else of the person is read.
        func text(_ key: String) -> String? { properties?[key]?.string ?? properties?[key]?.number.map(JSONValue.format) }
        header.deviceModel = text("$device_model") ?? text("$device_name")
        if let os = text("$os_version") { header.os = "\(text("$os") ?? text("$os_name") ?? "iOS") \(os)" }
        header.appVersion = text("$app_version")
        header.appBuild = text("$app_build")
        return VisitBuilder(format: .posthog, session: sessionID, base: header)
    }

    /// Reads one event (`PostHogRecording.stream` too, for every event that is not a plain touch or meta record).
    enum Reader {
        static func read(_ e: JSONCursor, at ms: Double, into visits: inout VisitBuilder) throws {
            let type = try e.requireNumber("type")
            let data = try Reader.data(of: e)
            switch Int(exactly: type) ?? -1 {
            case 4:  // meta: the screen (view controller or screen name) and its size
                guard let data else { throw RecordingError(e.path + ".data", "missing") }
                let w = try data.number("width"), h = try data.number("height")
                visits.visit(data["href"]?.string.map(Reader.screenName) ?? "unknown screen", at: ms)
                visits.width = w ?? visits.width
                visits.height = h ?? visits.height
            case 2:  // full snapshot: the wireframes now on screen
                guard let data else { throw RecordingError(e.path + ".data", "missing") }
                if data["node"] != nil && data["wireframes"] == nil {
                    throw RecordingError(data.path, "a web recording (an HTML snapshot): only mobile recordings, with wireframes, are read")
                }
                guard let list = data["wireframes"] else { throw RecordingError(data.path + ".wireframes", "missing") }
                if visits.screen == nil { visits.visit("unknown screen", at: ms) }
                visits.wireframes = try list.elements().map { try Reader.wireframe($0, screenWidth: visits.width) }
            case 3:  // incremental: touches, moves, mutations
                guard let data else { throw RecordingError(e.path + ".data", "missing") }
                try incremental(data, at: ms, into: &visits)
            case 5:  // custom: the keyboard
                if let data, data["tag"]?.string == "keyboard", let payload = data["payload"] {
                    if payload["open"]?.bool == true {
                        let h = try payload.number("height") ?? 0
                        let w = try payload.number("width") ?? visits.width ?? 0
                        let y = try payload.number("y") ?? ((visits.height ?? 0) - h)
                        visits.keyboard = Rect(try payload.number("x") ?? 0, y, w, h)
                    } else {
                        visits.keyboard = nil
                    }
                }
            case 0, 1, 6:  // DOM loaded, load, plugin (console, network): nothing about touches
                break
            default:
                visits.skip("type \(type.magnitude < 1e15 ? String(Int(type)) : "?")")
            }
        }

        /// An event's data; a compressed event's (`"cv"`: its data gzipped into a binary string, as posthog-js sends
        /// full snapshots and mutations) inflated and parsed.
        static func data(of e: JSONCursor) throws -> JSONCursor? {
            guard let d = e["data"] else { return nil }
            guard e["cv"] != nil, let s = d.string else { return d }
            guard let bytes = Inflate.binaryString(s) else {
                throw RecordingError(d.path, "compressed data (cv) holding a character above U+00FF: not a binary string")
            }
            return try JSONCursor.parse(try Inflate.inflate(bytes, path: d.path), path: d.path)
        }

        static func incremental(_ data: JSONCursor, at ms: Double, into visits: inout VisitBuilder) throws {
            switch try data.number("source") ?? -1 {
            case 2:  // MouseInteraction: 7 TouchStart, 9 TouchEnd, 10 TouchCancel (no finger id on iOS)
                let kind = try data.requireNumber("type")
                guard [7, 9, 10].contains(kind) else { return }  // clicks, focus …: not touches
                let x = try data.requireNumber("x"), y = try data.requireNumber("y")
                if kind == 7 {
                    visits.touchDown(nil, x: x, y: y, at: ms)
                } else {
                    visits.touchUp(nil, x: x, y: y, at: ms, cancelled: kind == 10)
                }
            case 6:  // TouchMove: positions with a time offset
                guard let positions = data["positions"] else { return }
                for p in try positions.elements() {
                    let x = try p.requireNumber("x"), y = try p.requireNumber("y")
                    visits.touchMove(nil, x: x, y: y, at: ms + (try p.number("timeOffset") ?? 0))
                }
            default:
                break  // mutations and the rest: the screen changing, not touches
            }
        }

        static func wireframe(_ c: JSONCursor, screenWidth: Double?) throws -> Wireframe {
            _ = try c.requireObject()
            let id = try c.requireNumber("id")
            guard let whole = Int(exactly: id) else { throw RecordingError(c.path + ".id", "expected a whole number") }
            let width: Double
            if let s = c["width"]?.string {
                guard s == "100vw" else { throw RecordingError(c.path + ".width", "expected a number or \"100vw\"") }
                width = screenWidth ?? 0
            } else {
                width = try c.requireNumber("width")
            }
            let frame = Rect(try c.number("x") ?? 0, try c.number("y") ?? 0, width, try c.requireNumber("height"))
            var wf = Wireframe(id: whole, type: c["type"]?.string ?? "div", inputType: c["inputType"]?.string, frame: frame,
                               disabled: c["disabled"]?.bool ?? false)
            if let children = c["childWireframes"] {
                wf.children = try children.elements().map { try wireframe($0, screenWidth: screenWidth) }
            }
            return wf
        }

        /// `MyApp.SettingsViewController` → `SettingsViewController`; a screen name as it is.
        static func screenName(_ href: String) -> String {
            let trimmed = href.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return "unknown screen" }
            if !trimmed.contains(" "), !trimmed.contains("/"), let last = trimmed.split(separator: ".").last { return String(last) }
            return trimmed
        }
    }
}
