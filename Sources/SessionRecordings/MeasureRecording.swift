import Foundation
import TapJSON
import TapModel

/// Measure (measure-sh/measure, open source, self-hosted): a session's events as
/// the SDK sends them. Gestures are `gesture_click`, `gesture_long_click` and
/// `gesture_scroll` with window coordinates and touch-down and touch-up times;
/// screens are `lifecycle_view_controller`, `lifecycle_swift_ui`,
/// `lifecycle_activity`, `lifecycle_fragment` and `screen_view` events.
/// docs/field-report.md lists what is read.
///
/// Reads `{"session_id", "resource", "events": [...]}` (the session body) or
/// `{"events": [...]}`, an array of events, or events one a line.
public enum MeasureRecording {
    public static func read(_ data: Data, fallbackID: String) throws -> ProductionRecording {
        var events: [JSONCursor] = []
        var top: JSONCursor?
        if let lines = try JSONCursor.lines(data) {
            events = lines
        } else {
            let root = try JSONCursor.parse(data)
            if root.isArray {
                events = try root.elements()
            } else {
                guard let list = root["events"] else { throw RecordingError("$.events", "missing: a Measure session holds its events in events") }
                events = try list.elements()
                top = root
            }
        }
        guard let first = events.first else { throw RecordingError("$.events", "no event in this file") }
        // Device and app: the session's resource (older SDKs) or each event's attributes.
        let attributes = top?["resource"] ?? first["attribute"] ?? first["attributes"]
        func text(_ key: String) -> String? { attributes?[key]?.string ?? (attributes?[key]?.number).map { JSONValue.format($0) } }
        var header = TraceHeader(trace: "", screen: "")
        header.appVersion = text("app_version")
        header.appBuild = text("app_build")
        header.deviceModel = text("device_model")
        if let os = text("os_version") { header.os = "\(text("os_name") ?? "iOS") \(os)" }
        // Android reports pixels: points are pixels over the density.
        let density = text("platform") == "android" ? (attributes?["device_density"]?.number ?? 1) : 1
        let session = top?["session_id"]?.string ?? first["session_id"]?.string ?? fallbackID
        var visits = VisitBuilder(format: .measure, session: DatadogRecording.short(session), base: header)
        var timed: [(ms: Double, i: Int, e: JSONCursor)] = []
        for (i, e) in events.enumerated() {
            _ = try e.requireObject()
            guard let stamp = e["timestamp"] else { throw RecordingError(e.path + ".timestamp", "missing") }
            timed.append((try milliseconds(stamp), i, e))
        }
        if zip(timed, timed.dropFirst()).contains(where: { $0.ms > $1.ms }) { timed.sort { $0.ms != $1.ms ? $0.ms < $1.ms : $0.i < $1.i } }
        // The hit view of each touch-down of the visit being read (nil: a scroll, or none recorded), and of each sealed visit.
        var views: [ObservedView?] = [], sealed: [Int: [ObservedView?]] = [:]
        for (ms, _, e) in timed {
            let before = visits.recording.visits.count
            try read(e, at: ms, density: density, into: &visits, views: &views)
            if visits.recording.visits.count > before { sealed[before] = views; views = [] }
        }
        let before = visits.recording.visits.count
        visits.endVisit()
        if visits.recording.visits.count > before { sealed[before] = views }
        var recording = visits.recording
        for (i, list) in sealed { recording.visits[i].events = withHitViews(recording.visits[i].events, list) }
        return recording
    }

    /// The visit's events with a `hit` event after each release whose click recorded its hit view:
    /// the k-th touch-down of a visit is the k-th click read into it (Measure records no keyboard or
    /// secure field, so none is dropped).
    static func withHitViews(_ events: [TouchEvent], _ views: [ObservedView?]) -> [TouchEvent] {
        guard views.contains(where: { $0 != nil }) else { return events }
        var byFinger: [Int: ObservedView] = [:]
        var k = 0
        var out: [TouchEvent] = []
        out.reserveCapacity(events.count + views.count)
        for e in events {
            out.append(e)
            if e.phase == .began {
                if k < views.count, let v = views[k] { byFinger[e.touch] = v }
                k += 1
            } else if e.phase == .ended, let v = byFinger.removeValue(forKey: e.touch) {
                out.append(.hit(t: e.t, x: e.x, y: e.y, view: v))
            } else if e.phase == .cancelled {
                byFinger[e.touch] = nil
            }
        }
        return out
    }

    static func read(_ e: JSONCursor, at ms: Double, density: Double, into visits: inout VisitBuilder, views: inout [ObservedView?]) throws {
        guard let type = e["type"]?.string else { throw RecordingError(e.path + ".type", "missing") }
        switch type {
        case "lifecycle_view_controller", "lifecycle_swift_ui", "lifecycle_activity", "lifecycle_fragment":
            guard let body = e[type] else { throw RecordingError(e.path + "." + type, "missing") }
            let phase = body["type"]?.string ?? ""
            if ["viewDidAppear", "on_appear", "resumed"].contains(phase), let name = body["class_name"]?.string {
                visits.visit(screenName(name), at: ms)
            }
        case "screen_view":
            if let name = e[type]?["name"]?.string { visits.visit(name, at: ms) }
        case "gesture_click", "gesture_long_click", "gesture_scroll":
            guard let g = e[type] else { throw RecordingError(e.path + "." + type, "missing") }
            let x = try g.requireNumber("x") / density, y = try g.requireNumber("y") / density
            // The press lasted from touch-down to touch-up; the event's own time is where it is placed.
            var duration = 0.1
            if let down = g["touch_down_time"], let up = g["touch_up_time"] {
                duration = max(0, try milliseconds(up) - milliseconds(down)) / 1000
            }
            visits.touchDown(nil, x: x, y: y, at: ms)
            views.append(type == "gesture_scroll" ? nil : try hitView(g, density: density))
            if type == "gesture_scroll" {
                let ex = try g.requireNumber("end_x") / density, ey = try g.requireNumber("end_y") / density
                visits.touchMove(nil, x: ex, y: ey, at: ms + duration * 500)
                visits.touchUp(nil, x: ex, y: ey, at: ms + duration * 1000)
            } else {
                visits.touchUp(nil, x: x, y: y, at: ms + duration * 1000)
            }
        default:
            // Events that say nothing about touches: passed over; any other type is counted.
            if !passedOver.contains(type) { visits.skip("type \(type.clipped)") }
        }
    }

    /// The view UIKit hit-tested for a click (`target`, `target_id`, `width`, `height`): Measure's SDK
    /// reports `window.hitTest`'s view, or the first subview below it under the touch down to a leaf.
    /// Its readable name (`target_user_readable_name`, a label's text) is never read.
    static func hitView(_ g: JSONCursor, density: Double) throws -> ObservedView? {
        guard let target = g["target"] else { return nil }
        guard let name = target.string else { throw RecordingError(target.path, "expected a string") }
        guard !name.isEmpty else { return nil }
        var view = ObservedView(className: name)
        if let id = g["target_id"] {
            guard let s = id.string else { throw RecordingError(id.path, "expected a string") }
            if !s.isEmpty { view.identifier = s }
        }
        if let w = try g.number("width"), let h = try g.number("height"), w > 0, h > 0 {
            view.width = w / density; view.height = h / density
        }
        return view
    }

    /// Measure's other event types (its SDK API reference).
    static let passedOver: Set<String> = [
        "anr", "exception", "string", "http", "network_change", "app_exit", "lifecycle_app", "cold_launch", "warm_launch",
        "hot_launch", "cpu_usage", "memory_usage", "memory_usage_absolute", "low_memory", "trim_memory", "navigation",
        "custom", "bug_report", "screen_view_end", "app_launch",
    ]

    /// `UIKitApp.SettingsViewController` → `SettingsViewController`.
    static func screenName(_ name: String) -> String {
        String(name.split(separator: ".").last ?? Substring(name))
    }

    /// An ISO 8601 time (fractions to the nanosecond) or a number of milliseconds.
    static func milliseconds(_ c: JSONCursor) throws -> Double {
        if let n = c.number { return n }
        guard let s = c.string, let ms = iso(s) else { throw RecordingError(c.path, "expected an ISO 8601 time or milliseconds") }
        return ms
    }

    static func iso(_ s: String) -> Double? {
        // Whole seconds by the formatter, the fraction (up to nanoseconds) by hand.
        var whole = s, fraction = 0.0
        if let dot = s.firstIndex(of: ".") {
            let digits = s[s.index(after: dot)...].prefix { $0.isNumber }
            fraction = Double("0." + digits) ?? 0
            whole = String(s[..<dot]) + String(s[s.index(after: dot)...].dropFirst(digits.count))
        }
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        guard let date = f.date(from: whole) else { return nil }
        return (date.timeIntervalSince1970 + fraction) * 1000
    }
}
