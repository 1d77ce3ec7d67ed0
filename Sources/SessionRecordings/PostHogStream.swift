import Foundation
import TapJSON
import TapModel

extension PostHogRecording {
    /// A recording the streamed read leaves to the whole-document one (`read`): PostHog's stored blocks
    /// (JSON Lines), `snapshotsByWindowId`, an export whose `id` or `person` come after its events,
    /// events out of time order, or a file that is not valid JSON (the whole-document read names where).
    /// Visits may have been handed on before it is thrown: the caller's transaction is rolled back.
    public struct NotStreamable: Error, Equatable, Sendable {
        public let reason: String
    }

    /// Reads an export (`{"version", "data": {"id", "person", "snapshots": [event…]}}`) or a bare array of events
    /// a buffer at a time (docs/field-report.md, "Streamed"): each event is read from its bytes as soon as they
    /// are in, and each screen visit is handed to `visit` as soon as it is sealed, so memory stays flat however
    /// long the recording. A touch or a meta record is read straight from its bytes; any other event (a full
    /// snapshot, a compressed event …) is parsed alone and read as `read` reads it, its JSON path
    /// (`$.data.snapshots[123456].data.x`) in any error.
    /// - Returns: what was read besides the visits (skipped records, dropped touches, notes, the visits' tally).
    /// - Throws: `RecordingError` for a malformed event; `NotStreamable` for what the whole-document read must take.
    public static func stream(_ bytes: RecordingBytes, fallbackID: String, visit: (ScreenVisit) throws -> Void) throws -> ProductionRecording {
        var reader = EventStream(bytes)
        defer { reader.window.deallocate() }
        return try reader.read(fallbackID: fallbackID, visit: visit)
    }
}

/// The bytes held while a recording streams through: `base[start..<count]` is kept, what is before
/// `start` may go when more is read (positions then shift by what went).
private struct Window {
    private var buffer = ReadBuffer(capacity: 1 << 20)
    var base: UnsafeMutablePointer<UInt8> { buffer.base }
    var start = 0
    var count = 0
    var ended = false
    let source: RecordingBytes

    init(_ source: RecordingBytes) {
        self.source = source
    }

    func deallocate() { buffer.deallocate() }

    /// Drops the bytes before `start`, grows when full, reads more. Returns how far positions moved back;
    /// sets `ended` (and reads nothing) at the end of the file.
    mutating func more() throws -> Int {
        let shift = start
        count = buffer.slide(keep: start, count: count)
        start = 0
        let n = try source.read(into: base + count, count: buffer.capacity - count)
        if n == 0 { ended = true }
        count += n
        return shift
    }

    /// The byte at `pos` after any whitespace (more is read as needed; `pos` moves with it); nil at the end of the file.
    mutating func byte(_ pos: inout Int) throws -> UInt8? {
        while true {
            while pos < count {
                let b = base[pos]
                if b != 0x20 && b != 0x0A && b != 0x0D && b != 0x09 { return b }
                pos += 1
            }
            if ended { return nil }
            start = pos
            pos -= try more()
        }
    }

    /// Where the JSON value starting at `pos` ends (one past its last byte), every byte of it read in;
    /// its insides are only matched (brackets, strings), not checked. `pos` moves as more is read.
    mutating func valueEnd(_ pos: inout Int) throws -> Int {
        guard let first = try byte(&pos) else { throw PostHogRecording.NotStreamable(reason: "the file ends before a value") }
        start = pos
        var i = pos
        var depth = 0
        var inString = false
        let scalar = first != UInt8(ascii: "{") && first != UInt8(ascii: "[") && first != UInt8(ascii: "\"")
        while true {
            scan: while i < count {
                let b = base[i]
                if inString {
                    if b == UInt8(ascii: "\"") {
                        inString = false
                        if depth == 0 { return i + 1 }
                    } else if b == UInt8(ascii: "\\") {
                        guard i + 1 < count else { break scan }  // the escaped byte is not read in yet
                        i += 1
                    }
                } else if scalar {
                    if b == UInt8(ascii: ",") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") || b <= 0x20 { return i }
                } else {
                    switch b {
                    case UInt8(ascii: "\""): inString = true
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { return i + 1 }
                    default: break
                    }
                }
                i += 1
            }
            if ended {
                if scalar && i > pos { return i }
                throw PostHogRecording.NotStreamable(reason: "the file ends inside a value")
            }
            start = pos
            let shift = try more()
            i -= shift
            pos -= shift
        }
    }

    /// The bytes from `from` to `to`.
    func bytes(_ from: Int, _ to: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base + from, count: to - from) }
}

/// The streamed read of one recording.
private struct EventStream {
    var window: Window
    var visits: VisitBuilder?
    /// The last event's time: an event before it means the file is not in time order.
    var last = -Double.infinity

    init(_ bytes: RecordingBytes) { window = Window(bytes) }

    private func notStreamable(_ reason: String) -> PostHogRecording.NotStreamable { .init(reason: reason) }

    mutating func read(fallbackID: String, visit: (ScreenVisit) throws -> Void) throws -> ProductionRecording {
        var pos = 0
        switch try window.byte(&pos) {
        case UInt8(ascii: "["):
            visits = PostHogRecording.builder(sessionID: fallbackID, properties: nil)
            try events(&pos, prefix: "$", visit: visit)
        case UInt8(ascii: "{"):
            pos += 1
            var sessionID = fallbackID
            var properties: JSONCursor?
            var seen: Set<String> = []
            try members(&pos) { stream, key, pos in
                guard key == "data" else { _ = try stream.value(&pos); return }
                guard try stream.window.byte(&pos) == UInt8(ascii: "{") else { throw stream.notStreamable("data is not an object") }
                pos += 1
                try stream.members(&pos) { stream, key, pos in
                    guard !seen.contains("snapshots") || !["id", "person", "snapshots"].contains(key) else {
                        throw stream.notStreamable("\(key) after the events")
                    }
                    seen.insert(key)
                    switch key {
                    case "snapshots":
                        guard seen.contains("id") && seen.contains("person") else { throw stream.notStreamable("the session's id or person after its events") }
                        guard try stream.window.byte(&pos) == UInt8(ascii: "[") else { throw stream.notStreamable("snapshots is not an array") }
                        stream.visits = PostHogRecording.builder(sessionID: sessionID, properties: properties)
                        try stream.events(&pos, prefix: "$.data.snapshots", visit: visit)
                    case "id":
                        if let id = try stream.value(&pos)?.string, !id.isEmpty { sessionID = id }
                    case "person":
                        properties = try stream.value(&pos)?["properties"]
                    case "snapshotsByWindowId":
                        throw stream.notStreamable("events by window")
                    default:
                        _ = try stream.value(&pos)
                    }
                }
            }
            guard seen.contains("snapshots") else { throw notStreamable("no data.snapshots") }
        default:
            throw notStreamable("neither an export nor an array of events")
        }
        guard try window.byte(&pos) == nil else { throw notStreamable("text after the recording") }
        guard var visits else { throw notStreamable("no events") }
        visits.endVisit()
        for v in visits.takeSealed() { try visit(v) }
        return visits.recording
    }

    /// The members of the object whose `{` is just before `pos`, each handed to `body` with `pos` at its value.
    private mutating func members(_ pos: inout Int, _ body: (inout EventStream, String, inout Int) throws -> Void) throws {
        guard var b = try window.byte(&pos) else { throw notStreamable("the file ends inside an object") }
        if b == UInt8(ascii: "}") { pos += 1; return }
        while true {
            guard b == UInt8(ascii: "\""), let key = try value(&pos)?.string else { throw notStreamable("not a key") }
            guard try window.byte(&pos) == UInt8(ascii: ":") else { throw notStreamable("no ':' after a key") }
            pos += 1
            try body(&self, key, &pos)
            let c = try window.byte(&pos)
            pos += 1
            if c == UInt8(ascii: "}") { return }
            guard c == UInt8(ascii: ","), let next = try window.byte(&pos) else { throw notStreamable("no ',' or '}' after a member") }
            b = next
        }
    }

    /// The value at `pos`, parsed alone (nil: JSON null); `pos` then just past it.
    private mutating func value(_ pos: inout Int) throws -> JSONCursor? {
        let end = try window.valueEnd(&pos)
        let cursor: JSONCursor
        do {
            cursor = try JSONCursor.parse(window.bytes(pos, end))
        } catch {
            throw notStreamable("not valid JSON")
        }
        pos = end
        return cursor.isNull ? nil : cursor
    }

    /// The events of the array whose `[` is at `pos`, read one at a time.
    private mutating func events(_ pos: inout Int, prefix: String, visit: (ScreenVisit) throws -> Void) throws {
        pos += 1
        guard var b = try window.byte(&pos) else { throw notStreamable("the file ends inside the events") }
        if b == UInt8(ascii: "]") { pos += 1; return }
        var index = 0
        while true {
            guard b == UInt8(ascii: "{") else { throw notStreamable("an event that is not an object") }
            if let (plain, end) = PlainEvent.read(window.base, from: pos, to: window.count) {
                // Read where it lies (most events): its end found as it was read.
                try inOrder(plain.timestamp)
                plain.apply(to: &visits!)
                pos = end
            } else {
                let end = try window.valueEnd(&pos)
                try event(window.bytes(pos, end), index: index, prefix: prefix)
                pos = end
            }
            for v in visits!.takeSealed() { try visit(v) }
            index += 1
            window.start = pos
            let c = try window.byte(&pos)
            pos += 1
            if c == UInt8(ascii: "]") { return }
            guard c == UInt8(ascii: ","), let next = try window.byte(&pos) else { throw notStreamable("no ',' or ']' after an event") }
            b = next
        }
    }

    /// One event: a touch or a meta record straight from its bytes, anything else parsed and read as `read` reads it.
    private mutating func event(_ bytes: UnsafeBufferPointer<UInt8>, index: Int, prefix: String) throws {
        if let (plain, end) = PlainEvent.read(bytes.baseAddress!, from: 0, to: bytes.count), end == bytes.count {  // cut by the buffer's end before
            try inOrder(plain.timestamp)
            plain.apply(to: &visits!)
            return
        }
        let e: JSONCursor
        do {
            e = try JSONCursor.parse(bytes, path: "\(prefix)[\(index)]")
        } catch {
            throw notStreamable("an event that is not valid JSON")
        }
        _ = try e.requireObject()
        let t = try e.requireNumber("timestamp")
        try inOrder(t)
        try PostHogRecording.Reader.read(e, at: t, into: &visits!)
    }

    private mutating func inOrder(_ t: Double) throws {
        guard t >= last else { throw notStreamable("events out of time order") }
        last = t
    }
}

/// A touch (MouseInteraction, source 2) or a meta record whose every field is as expected, read from its bytes
/// without a parsed document; nil for anything else, which the general reader takes (and, when it is wrong, names).
/// Every value is checked as the document parser checks it (numbers and strings that are not plain go through
/// `JSONScanner`'s own readers); a value that is a container (but the data) is not plain.
private struct PlainEvent {
    enum Slot: Equatable {
        case absent, null, number(Double), string, bool, other
        var isAbsent: Bool { self == .absent || self == .null }
    }

    /// The event's time (ms).
    let timestamp: Double

    /// What a plain event does.
    private enum Effect {
        case touch(down: Bool, cancelled: Bool, x: Double, y: Double)
        case meta(screen: String, width: Double?, height: Double?)
        case nothing
    }

    private let effect: Effect

    /// The fields read: the event's, then its data's.
    private struct Fields {
        var type = Slot.absent, time = Slot.absent
        var hasData = false
        var source = Slot.absent, kind = Slot.absent, x = Slot.absent, y = Slot.absent, width = Slot.absent, height = Slot.absent
        var href = Slot.absent
        var hrefText = ""
    }

    /// The event whose `{` is at `start` in `base[..<end]`, and where it ends (one past its `}`); nil when it is not
    /// plain, or does not end before `end`.
    static func read(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> (PlainEvent, Int)? {
        var c = Cursor(base: base, end: end, pos: start)
        guard let f = fields(&c), let event = PlainEvent(f) else { return nil }
        return (event, c.pos)
    }

    private init?(_ f: Fields) {
        guard f.hasData, case .number(let t) = f.time, case .number(let type) = f.type else { return nil }
        timestamp = t
        switch type {
        case 3:
            switch f.source {
            case .absent, .null: effect = .nothing
            case .number(2):
                guard case .number(let k) = f.kind else { return nil }
                guard k == 7 || k == 9 || k == 10 else { effect = .nothing; break }
                guard case .number(let x) = f.x, case .number(let y) = f.y else { return nil }
                effect = .touch(down: k == 7, cancelled: k == 10, x: x, y: y)
            case .number(let n) where n != 6: effect = .nothing
            default: return nil  // TouchMove without positions, a source that is not a number: the general reader
            }
        case 4:
            func size(_ slot: Slot) -> Double?? {
                switch slot {
                case .absent, .null: return .some(nil)
                case .number(let v): return .some(v)
                default: return nil
                }
            }
            guard let w = size(f.width), let h = size(f.height), f.href.isAbsent || f.href == .string else { return nil }
            effect = .meta(screen: f.href == .string ? PostHogRecording.Reader.screenName(f.hrefText) : "unknown screen", width: w, height: h)
        default:
            return nil
        }
    }

    func apply(to visits: inout VisitBuilder) {
        let ms = timestamp
        switch effect {
        case .touch(let down, let cancelled, let x, let y):
            if down {
                visits.touchDown(nil, x: x, y: y, at: ms)
            } else {
                visits.touchUp(nil, x: x, y: y, at: ms, cancelled: cancelled)
            }
        case .meta(let screen, let width, let height):
            visits.visit(screen, at: ms)
            visits.width = width ?? visits.width
            visits.height = height ?? visits.height
        case .nothing:
            break
        }
    }

    private static func fields(_ c: inout Cursor) -> Fields? {
        var f = Fields()
        guard c.byte == UInt8(ascii: "{") else { return nil }
        c.pos += 1
        let ok = c.members { c, key in
            switch key {
            case .type: f.type = c.scalar()
            case .timestamp: f.time = c.scalar()
            case .data:
                guard c.byte == UInt8(ascii: "{") else { return false }
                c.pos += 1
                f.hasData = true
                return c.members { c, key in
                    switch key {
                    case .source: f.source = c.scalar()
                    case .type: f.kind = c.scalar()
                    case .x: f.x = c.scalar()
                    case .y: f.y = c.scalar()
                    case .width: f.width = c.scalar()
                    case .height: f.height = c.scalar()
                    case .href:
                        if c.byte == UInt8(ascii: "\""), let text = c.string() {
                            f.href = .string
                            f.hrefText = text
                        } else {
                            f.href = c.scalar()
                        }
                    default: return c.scalar() != .other
                    }
                    return true
                }
            case .cv: return false
            default: return c.scalar() != .other
            }
            return true
        }
        return ok ? f : nil
    }

    enum Key { case type, timestamp, data, cv, source, x, y, width, height, href, other }

    /// Bytes read in place, a byte at a time (the small steps inlined here: `JSONScanner`'s, called from this
    /// module, were not inlined, and in a release build its `advance()` was lost, Swift 6.3.1 on Linux).
    private struct Cursor {
        let base: UnsafePointer<UInt8>
        let end: Int
        var pos: Int

        /// The byte at `pos`; 0 at the end (a NUL is never valid JSON outside a string).
        @inline(__always) var byte: UInt8 { pos < end ? base[pos] : 0 }

        @inline(__always) mutating func skipSpace() {
            while pos < end {
                let b = base[pos]
                guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
                pos += 1
            }
        }

        /// The members of an object whose `{` was just read; `body` reads each value (false: not plain).
        mutating func members(_ body: (inout Cursor, Key) -> Bool) -> Bool {
            skipSpace()
            if byte == UInt8(ascii: "}") { pos += 1; return true }
            while true {
                guard let key = key() else { return false }
                skipSpace()
                guard byte == UInt8(ascii: ":") else { return false }
                pos += 1
                skipSpace()
                guard body(&self, key) else { return false }
                skipSpace()
                switch byte {
                case UInt8(ascii: ","):
                    pos += 1
                    skipSpace()
                case UInt8(ascii: "}"):
                    pos += 1
                    return true
                default:
                    return false
                }
            }
        }

        /// A key without escapes, known by its length and first eight bytes.
        mutating func key() -> Key? {
            guard byte == UInt8(ascii: "\"") else { return nil }
            let start = pos + 1
            var i = start
            var word: UInt64 = 0  // the first eight bytes, the first in the lowest byte
            while i < end {
                let b = base[i]
                if b == UInt8(ascii: "\"") { break }
                guard b != UInt8(ascii: "\\"), b >= 0x20 else { return nil }
                if i - start < 8 { word |= UInt64(b) << (8 * UInt64(i - start)) }
                i += 1
            }
            guard i < end else { return nil }
            pos = i + 1
            switch (i - start, word) {
            case (1, 0x78): return .x  // "x"
            case (1, 0x79): return .y  // "y"
            case (2, 0x7663): return .cv  // "cv"
            case (4, 0x6570_7974): return .type  // "type"
            case (4, 0x6174_6164): return .data  // "data"
            case (4, 0x6665_7268): return .href  // "href"
            case (5, 0x68_7464_6977): return .width  // "width"
            case (6, 0x6563_7275_6f73): return .source  // "source"
            case (6, 0x7468_6769_6568): return .height  // "height"
            case (9, 0x6d61_7473_656d_6974) where base[start + 8] == UInt8(ascii: "p"): return .timestamp  // "timestam" "p"
            default: return .other
            }
        }

        /// A number, string, boolean or null; `.other` for a container or what is not valid JSON.
        mutating func scalar() -> Slot {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return number().map { .number($0) } ?? .other
            case UInt8(ascii: "\""):
                return skipString() ? .string : .other
            case UInt8(ascii: "t"): return literal(0x6575_7274, 4) ? .bool : .other  // "true"
            case UInt8(ascii: "f"): return literal(0x65_736c_6166, 5) ? .bool : .other  // "false"
            case UInt8(ascii: "n"): return literal(0x6c6c_756e, 4) ? .null : .other  // "null"
            default: return .other
            }
        }

        private mutating func literal(_ word: UInt64, _ count: Int) -> Bool {
            guard end - pos >= count else { return false }
            var w: UInt64 = 0
            for i in 0..<count { w |= UInt64(base[pos + i]) << (8 * UInt64(i)) }
            guard w == word else { return false }
            pos += count
            return true
        }

        /// A finite number: a whole one of up to 15 digits read here, any other by `JSONScanner.readNumber`.
        mutating func number() -> Double? {
            let start = pos
            let negative = byte == UInt8(ascii: "-")
            if negative { pos += 1 }
            let first = pos
            var value: UInt64 = 0
            while pos < end {
                let d = base[pos] &- UInt8(ascii: "0")
                guard d < 10 else { break }
                value = value &* 10 &+ UInt64(d)
                pos += 1
            }
            let digits = pos - first
            let next = byte
            if digits > 0 && digits <= 15 && !(digits > 1 && base[first] == UInt8(ascii: "0"))
                && next != UInt8(ascii: ".") && next != UInt8(ascii: "e") && next != UInt8(ascii: "E") {
                return negative ? -Double(value) : Double(value)
            }
            var s = scanner(at: start)
            guard let d = try? s.readNumber(), d.isFinite else { return nil }
            pos = s.position
            return d
        }

        /// Past a string (its escapes checked by `JSONScanner.readString`); false when it is not valid.
        mutating func skipString() -> Bool {
            var i = pos + 1
            while i < end {
                let b = base[i]
                if b == UInt8(ascii: "\"") { pos = i + 1; return true }
                if b == UInt8(ascii: "\\") { return string() != nil }
                if b < 0x20 { return false }
                i += 1
            }
            return false
        }

        /// A string's text (as the document parser reads it), or nil when it is not valid.
        mutating func string() -> String? {
            var s = scanner(at: pos)
            guard let text = try? s.readString() else { return nil }
            pos = s.position
            return text
        }

        private func scanner(at position: Int) -> JSONScanner {
            var s = JSONScanner(UnsafeBufferPointer(start: base, count: end))
            s.position = position
            return s
        }
    }
}
