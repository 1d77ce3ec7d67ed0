import Foundation
import TapModel

/// A session recording from production (a session-replay or RUM SDK's export),
/// turned into what TapReplay stores: one trace per screen visit and, per visit,
/// a snapshot inferred from the recording's wireframes (docs/field-report.md).
///
/// Nothing of the recording's text is kept: no labels, values, URLs or images
/// are read from it, and touches over a keyboard or a secure field are dropped.
public struct ProductionRecording: Sendable {
    /// Which SDK wrote it (`posthog`, `datadog`, `measure`): the traces' `source`.
    public var format: RecordingFormat
    public var visits: [ScreenVisit] = []
    /// Records of a type this reader does not know, by type: skipped, and counted.
    public var skipped: [String: Int] = [:]
    /// Touches dropped for privacy (over a keyboard or a secure field).
    public var droppedTouches = 0
    /// Sentences about what was read but deserves a word (a visit without wireframes …).
    public var notes: [String] = []

    public init(format: RecordingFormat) { self.format = format }

    /// `3 records of unknown type skipped (type 42: 3)`, or nil when none was.
    public var skippedSummary: String? {
        let total = skipped.values.reduce(0, +)
        guard total > 0 else { return nil }
        let kinds = skipped.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return "\(total) record\(total == 1 ? "" : "s") of unknown type skipped (\(kinds))"
    }
}

/// The session-replay formats `replay import` reads.
public enum RecordingFormat: String, Sendable, CaseIterable {
    case posthog, datadog, measure

    /// What a person calls it.
    public var title: String {
        switch self {
        case .posthog: "PostHog mobile session replay"
        case .datadog: "Datadog mobile session replay"
        case .measure: "Measure"
        }
    }

    /// The format of a `.json` file, if it is a session recording of one of these SDKs (by its first bytes).
    public static func detect(_ data: Data) -> RecordingFormat? {
        let head = String(decoding: data.prefix(8192), as: UTF8.self)
        let compact = head.filter { !$0.isWhitespace }
        // PostHog's export (`.ph-recording.json`): {"version":"2023-04-28","data":{…"snapshots":[…
        if compact.contains("\"version\":\"2023-04-28\"") || compact.contains("\"version\":\"2022-12-02\"") {
            if compact.contains("\"snapshots\"") || compact.contains("\"snapshotsByWindowId\"") || compact.contains("\"data\":{") { return .posthog }
        }
        // A bare array of PostHog's rrweb events: [{"type":4,"data":{"href":…
        // Datadog segments (one, an array, or one a line): {"application":…,"session":…,"view":…,"records":[…
        if compact.contains("\"records\":["), compact.contains("\"session\":{") { return .datadog }
        // Measure: a session's events, with its gestures and screens.
        if ["\"gesture_click\"", "\"gesture_long_click\"", "\"gesture_scroll\"", "\"lifecycle_view_controller\"", "\"lifecycle_swift_ui\"",
            "\"lifecycle_activity\""].contains(where: compact.contains) { return .measure }
        if compact.hasPrefix("[{"), compact.contains("\"wireframes\"") || compact.contains("\"href\"") { return .posthog }
        return nil
    }
}

/// A recording that cannot be read: the JSON path of what is wrong.
public struct RecordingError: Error, Sendable, Equatable {
    public let path: String
    public let message: String
    public init(_ path: String, _ message: String) { self.path = path; self.message = message }
}

/// Walks decoded JSON (`JSONSerialization`), keeping the JSON path of every value for messages.
struct JSONCursor {
    let value: Any
    let path: String

    init(_ value: Any, path: String = "$") { self.value = value; self.path = path }

    var object: [String: Any]? { value as? [String: Any] }
    var array: [Any]? { value as? [Any] }

    subscript(key: String) -> JSONCursor? {
        guard let v = object?[key], !(v is NSNull) else { return nil }
        return JSONCursor(v, path: path + "." + key)
    }

    func elements() throws -> [JSONCursor] {
        guard let a = array else { throw RecordingError(path, "expected an array") }
        return a.enumerated().map { JSONCursor($0.element, path: "\(path)[\($0.offset)]") }
    }

    func requireObject() throws -> [String: Any] {
        guard let o = object else { throw RecordingError(path, "expected an object") }
        return o
    }

    /// A finite number (not a boolean: JSONSerialization gives both as NSNumber, a boolean with type code "c", on Darwin and Linux).
    var number: Double? {
        guard !(value is String), let n = value as? NSNumber, !isBoolean(n) else { return nil }
        let d = n.doubleValue
        return d.isFinite ? d : nil
    }

    private func isBoolean(_ n: NSNumber) -> Bool { String(cString: n.objCType) == "c" }

    func number(_ key: String) throws -> Double? {
        guard let c = self[key] else { return nil }
        guard let d = c.number else { throw RecordingError(c.path, "expected a finite number") }
        return d
    }

    func requireNumber(_ key: String) throws -> Double {
        guard let d = try number(key) else { throw RecordingError(path + "." + key, "missing") }
        return d
    }

    var string: String? { value as? String }
    var bool: Bool? {
        guard let n = value as? NSNumber, isBoolean(n) else { return nil }
        return n.boolValue
    }
}

extension JSONCursor {
    /// A file of JSON values one a line (each path starts `line n: $`), or nil when the file is one JSON document:
    /// its first line is not a whole JSON object, or nothing follows it.
    static func lines(_ data: Data) throws -> [JSONCursor]? {
        guard data.first != UInt8(ascii: "["), let newline = data.firstIndex(of: UInt8(ascii: "\n")),
              data[newline...].contains(UInt8(ascii: "{")),
              (try? JSONSerialization.jsonObject(with: data[..<newline])) is [String: Any] else { return nil }
        var values: [JSONCursor] = []
        for (n, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where line.contains(where: { $0 > 32 }) {
            values.append(JSONCursor(try RecordingError.parse(Data(line)), path: "line \(n + 1): $"))
        }
        return values
    }
}

extension RecordingError {
    /// Parses the whole file as JSON; a syntax error names the byte where it was found when Foundation says.
    static func parse(_ data: Data) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let ns = error as NSError
            let detail = (ns.userInfo["NSDebugDescription"] as? String).map { ": \($0)" } ?? ""
            throw RecordingError("$", "not valid JSON\(detail)")
        }
    }
}
