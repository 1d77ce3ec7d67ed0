import Foundation
import TapModel

/// Datadog mobile session replay (dd-sdk-ios, dd-sdk-android; the schema is
/// DataDog/rum-events-format `schemas/session-replay/mobile/`): segments of
/// records, each segment of one RUM view. Full snapshots (type 10, older SDKs 2)
/// hold a flat back-to-front list of wireframes with absolute frames; incremental
/// records (type 11, older 3) with source 9 are pointer interactions (down, up,
/// move; 0, 1, 2 in newer SDKs) with a pointer id; meta records (type 4) give the
/// screen size. docs/field-report.md lists what is read.
///
/// Reads one segment (`{"application", "session", "view", "records": [...]}`), an
/// array of segments, or JSON Lines of segments (one a line), in time order.
public enum DatadogRecording {
    public static func read(_ data: Data, fallbackID: String) throws -> ProductionRecording {
        var segments: [JSONCursor] = []
        if let lines = try JSONCursor.lines(data) {
            segments = lines
        } else {
            let root = try JSONCursor.parse(data)
            segments = root.isArray ? try root.elements() : [root]
        }
        guard let first = segments.first else { throw RecordingError("$", "no segment in this file") }
        let session = first["session"]?["id"]?.string ?? fallbackID
        var header = TraceHeader(trace: "", screen: "")
        // Not in the replay format itself: taken when an export joined them from the RUM view.
        header.appVersion = first["version"]?.string ?? first["application"]?["version"]?.string
        header.deviceModel = first["device"]?["model"]?.string
        if let os = first["os"]?["version"]?.string { header.os = "\(first["os"]?["name"]?.string ?? "iOS") \(os)" }
        var visits = VisitBuilder(format: .datadog, session: short(session), base: header)
        for segment in segments {
            _ = try segment.requireObject()
            guard let records = segment["records"] else { throw RecordingError(segment.path + ".records", "missing: a segment holds its records") }
            let view = segment["view"]
            let screen = view?["name"]?.string ?? view?["id"]?.string.map { "view \(short($0))" } ?? "unknown screen"
            for record in try records.elements() {
                try read(record, screen: screen, into: &visits)
            }
        }
        visits.endVisit()
        return visits.recording
    }

    static func read(_ r: JSONCursor, screen: String, into visits: inout VisitBuilder) throws {
        _ = try r.requireObject()
        let ms = try r.requireNumber("timestamp")
        let type = try r.requireNumber("type")
        switch Int(exactly: type) ?? -1 {
        case 4:
            guard let data = r["data"] else { throw RecordingError(r.path + ".data", "missing") }
            visits.visit(screen, at: ms)
            visits.width = try data.number("width") ?? visits.width
            visits.height = try data.number("height") ?? visits.height
        case 10, 2:
            guard let data = r["data"], let list = data["wireframes"] else { throw RecordingError(r.path + ".data.wireframes", "missing") }
            visits.visit(screen, at: ms)
            visits.wireframes = try list.elements().map(wireframe)
        case 11, 3:
            guard let data = r["data"] else { throw RecordingError(r.path + ".data", "missing") }
            guard try data.number("source") == 9 else { return }  // mutations, viewport changes: not touches
            visits.visit(screen, at: ms)
            let x = try data.requireNumber("x"), y = try data.requireNumber("y")
            let id = try data.number("pointerId").map { Int($0) }
            guard let kind = data["pointerEventType"] else { throw RecordingError(data.path + ".pointerEventType", "missing") }
            let names = [0.0: "down", 1: "up", 2: "move"]
            switch kind.string ?? kind.number.flatMap({ names[$0] }) {
            case "down": visits.touchDown(id, x: x, y: y, at: ms)
            case "up": visits.touchUp(id, x: x, y: y, at: ms)
            case "move": visits.touchMove(id, x: x, y: y, at: ms)
            default: throw RecordingError(kind.path, "expected down, up or move (0, 1, 2)")
            }
        case 6, 7, 8:  // focus, view end, visual viewport
            break
        default:
            visits.skip("type \(type.magnitude < 1e15 ? String(Int(type)) : "?")")
        }
    }

    /// A wireframe of the flat list: `shape`, `text`, `image`, `placeholder`, `webview`.
    static func wireframe(_ c: JSONCursor) throws -> Wireframe {
        _ = try c.requireObject()
        let id = try c.requireNumber("id")
        guard let whole = Int(exactly: id) else { throw RecordingError(c.path + ".id", "expected a whole number") }
        let frame = Rect(try c.requireNumber("x"), try c.requireNumber("y"), try c.requireNumber("width"), try c.requireNumber("height"))
        let type = c["type"]?.string ?? "shape"
        return Wireframe(id: whole, type: type == "webview" ? "web_view" : type, frame: frame)
    }

    /// The first block of a UUID: trace ids stay short.
    static func short(_ id: String) -> String { String(id.split(separator: "-").first ?? Substring(id)) }
}
