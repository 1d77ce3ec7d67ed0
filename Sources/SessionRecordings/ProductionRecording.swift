import Foundation
import TapJSON
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
    /// Every visit sealed: those in `visits`, and those a streamed read handed on as it went (then not in `visits`).
    public var sealed = Sealed()
    /// Records of a type this reader does not know, by type: skipped, and counted.
    public var skipped: [String: Int] = [:]
    /// Touches dropped for privacy (over a keyboard or a secure field).
    public var droppedTouches = 0
    /// Sentences about what was read but deserves a word (a visit without wireframes …).
    public var notes: [String] = []

    public init(format: RecordingFormat) { self.format = format }

    /// How many screen visits were sealed, of which screens, and how many with an inferred snapshot.
    public struct Sealed: Sendable {
        public var visits = 0
        public var screens: Set<String> = []
        public var inferred = 0
    }

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
        // The first bytes without JSON's whitespace, searched as bytes: `replay import` asks this of
        // every `.jsonl` file, so a folder of a thousand traces must not pay for Strings here.
        var compact: [UInt8] = []
        compact.reserveCapacity(min(data.count, 8192))
        for b in data.prefix(8192) where b != 0x20 && b != 0x0A && b != 0x0D && b != 0x09 { compact.append(b) }
        func has(_ text: StaticString) -> Bool { Self.contains(compact, text) }
        func starts(_ text: StaticString) -> Bool {
            compact.count >= text.utf8CodeUnitCount && (0..<text.utf8CodeUnitCount).allSatisfy { compact[$0] == text.utf8Start[$0] }
        }
        // A TapReplay trace (its header line first): not a recording.
        if starts(#"{"format":"tapreplay-trace""#) { return nil }
        // PostHog's export (`.ph-recording.json`): {"version":"2023-04-28","data":{…"snapshots":[…
        if has(#""version":"2023-04-28""#) || has(#""version":"2022-12-02""#) {
            if has(#""snapshots""#) || has(#""snapshotsByWindowId""#) || has(#""data":{"#) { return .posthog }
        }
        // A bare array of PostHog's rrweb events: [{"type":4,"data":{"href":…
        // Datadog segments (one, an array, or one a line): {"application":…,"session":…,"view":…,"records":[…
        if has(#""records":["#), has(#""session":{"#) { return .datadog }
        // Measure: a session's events, with its gestures and screens.
        if has(#""gesture_click""#) || has(#""gesture_long_click""#) || has(#""gesture_scroll""#) || has(#""lifecycle_view_controller""#)
            || has(#""lifecycle_swift_ui""#) || has(#""lifecycle_activity""#) { return .measure }
        if starts("[{"), has(#""wireframes""#) || has(#""href""#) { return .posthog }
        // PostHog's stored blocks, a line each: ["window id",{"type":4,"data":{"href":…},"timestamp":…}]
        if starts(#"[""#), has(#""timestamp""#), has(#""wireframes""#) || has(#""href""#) || has(#""cv""#) { return .posthog }
        return nil
    }

    /// Whether `bytes` holds `text` (a naive search: the texts are short, the bytes at most 8 KiB).
    private static func contains(_ bytes: [UInt8], _ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard n > 0, bytes.count >= n else { return false }
        let first = text.utf8Start[0]
        return bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i <= b.count - n {
                if b[i] == first, (1..<n).allSatisfy({ b[i + $0] == text.utf8Start[$0] }) { return true }
                i += 1
            }
            return false
        }
    }
}

/// A recording that cannot be read: the JSON path of what is wrong.
public struct RecordingError: Error, Sendable, Equatable {
    public let path: String
    public let message: String
    public init(_ path: String, _ message: String) { self.path = path; self.message = message }
}

/// Walks a parsed recording (TapJSON's flat `JSONDocument`: one array of values, no
/// Foundation objects). A cursor is the document and an index: where a value is, for
/// messages, is worked out from the document's parent links only when a message needs
/// it, so a million events are walked without building (or allocating) a path each.
struct JSONCursor {
    /// The document, shared by every cursor into it (one reference to count, not three arrays),
    /// and the first words of every path into it (`$`, or `line 3: $` for a line of a file).
    final class Document: @unchecked Sendable {
        let json: JSONDocument
        let root: String
        init(_ json: JSONDocument, root: String) { self.json = json; self.root = root }
    }

    let document: Document
    let index: Int

    /// Parses a whole recording (or one line of one, `path` then names the line).
    /// - Throws: `RecordingError` at `path` naming the line and column of a syntax error.
    static func parse<Bytes: Collection>(_ bytes: Bytes, path: String = "$") throws -> JSONCursor where Bytes.Element == UInt8 {
        do {
            let json = try JSONDocument(parsing: bytes)
            return JSONCursor(Document(json, root: path), json.root)
        } catch let e as JSONSyntaxError {
            throw RecordingError(path, "not valid JSON: \(e.description)")
        }
    }

    private init(_ document: Document, _ index: Int) {
        self.document = document
        self.index = index
    }

    /// `$.data.snapshots[4].data.x`: the root's words, then the document's path of the value.
    var path: String {
        let p = document.json.path(of: index)
        return document.root + (p.isEmpty || p.hasPrefix("[") ? p : "." + p)
    }

    private var value: JSONDocument.Value { document.json[index] }

    var isNull: Bool { if case .null = value { true } else { false } }
    var isArray: Bool { if case .array = value { true } else { false } }
    var isObject: Bool { if case .object = value { true } else { false } }
    /// An object's keys, in file order.
    var keys: [String] { if case .object(let members) = value { members.map(\.key) } else { [] } }

    subscript(key: String) -> JSONCursor? {
        guard let m = document.json.member(key, of: index) else { return nil }
        if case .null = document.json[m] { return nil }
        return JSONCursor(document, m)
    }

    func elements() throws -> [JSONCursor] {
        guard case .array(let items) = value else { throw RecordingError(path, "expected an array") }
        return items.map { JSONCursor(document, $0) }
    }

    func requireObject() throws {
        guard isObject else { throw RecordingError(path, "expected an object") }
    }

    /// A finite number.
    var number: Double? {
        if case .number(let d) = value, d.isFinite { return d }
        return nil
    }

    func number(_ key: String) throws -> Double? {
        guard let c = self[key] else { return nil }
        guard let d = c.number else { throw RecordingError(c.path, "expected a finite number") }
        return d
    }

    func requireNumber(_ key: String) throws -> Double {
        guard let d = try number(key) else { throw RecordingError(path + "." + key, "missing") }
        return d
    }

    var string: String? { if case .string(let s) = value { s } else { nil } }
    var bool: Bool? { if case .bool(let b) = value { b } else { nil } }
}

extension JSONCursor {
    /// What each line of a JSON Lines file holds: an object (Datadog's segments) or an array (PostHog's `[window id, event]`).
    enum LineKind { case object, array }

    /// A file of JSON values one a line (each path starts `line n: $`), or nil when the file is one JSON document:
    /// its first line is not a whole JSON object, or nothing follows it.
    static func lines(_ data: Data, of kind: LineKind = .object) throws -> [JSONCursor]? {
        let open = UInt8(ascii: kind == .object ? "{" : "[")
        guard let first = data.first(where: { $0 > 32 }), first == open, let newline = data.firstIndex(of: UInt8(ascii: "\n")),
              data[newline...].contains(open),
              let line = try? parse(data[..<newline]), kind == .object ? line.isObject : line.isArray else { return nil }
        var values: [JSONCursor] = []
        for (n, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where line.contains(where: { $0 > 32 }) {
            values.append(try parse(line, path: "line \(n + 1): $"))
        }
        return values
    }
}
