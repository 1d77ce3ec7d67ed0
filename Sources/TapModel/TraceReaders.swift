import TapJSON
/// Reads a JSON Lines trace one line at a time: line 1 the header, then one
/// event per line. Flat event objects take a fast byte-level path; anything
/// else goes through the general JSON parser, which also words the errors.
///
/// Blank lines are skipped. Events are checked against the trace rules as
/// they come (`TraceValidator`); call `finish` at the end of the file.
public struct JSONLTraceReader: Sendable {
    public private(set) var header: TraceHeader?
    public private(set) var validator: TraceValidator?

    public init() {}

    /// Reads one line (without its newline). Returns the event it holds, or nil
    /// for the header or a blank line.
    /// - Throws: `TraceError` naming the line.
    public mutating func read(line: UnsafeBufferPointer<UInt8>, number: Int) throws -> TouchEvent? {
        if isBlank(line) { return nil }
        guard header != nil else {
            let h = try JSONLTraceReader.parseHeader(line, number: number)
            header = h
            validator = TraceValidator(trace: h.trace)
            return nil
        }
        let event = try JSONLTraceReader.fastEvent(line) ?? JSONLTraceReader.slowEvent(line, number: number)
        try validator!.accept(event, line: number)
        return event
    }

    /// Call after the last line: the file must have had a header and no finger left down.
    public func finish(lastLine: Int) throws {
        guard let validator else { throw TraceError(line: max(lastLine, 1), "empty file: expected a trace header on line 1") }
        try validator.finish(line: lastLine)
    }

    private func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in line where b != 0x20 && b != 0x09 && b != 0x0D { return false }
        return true
    }

    // MARK: Header

    static func parseHeader(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws -> TraceHeader {
        do {
            let r = try TraceLineReader(line, number: number, what: "the trace header")
            let format = try r.string("format", required: true)!
            guard format == TraceHeader.format else {
                throw TraceError(line: number, "unknown format '\(format.clipped)' (expected '\(TraceHeader.format.clipped)')")
            }
            let v = try r.required("version")
            guard case .number(let version) = r.json[v], version == Double(TraceHeader.supportedVersion) else {
                throw TraceError(line: number, "unknown format version \(JSONValue(r.json.document, at: v).serialized(.compact)) (this tool reads version \(TraceHeader.supportedVersion))")
            }
            let trace = try r.string("trace", required: true)!
            guard !trace.isEmpty else { throw TraceError(line: number, "'trace' must not be empty") }
            let screen = try r.string("screen", required: true)!
            guard !screen.isEmpty else { throw TraceError(line: number, "'screen' must not be empty") }
            return TraceHeader(trace: trace, screen: screen, deviceModel: try r.nested("device", "model"), os: try r.nested("device", "os"),
                               appVersion: try r.nested("app", "version"), appBuild: try r.nested("app", "build"),
                               recordedAt: try r.string("recordedAt"), source: try r.string("source"))
        } catch let e as JSONReadError {
            throw TraceError(line: number, e.message)
        }
    }

    // MARK: Events

    /// The keys of an event the fast path knows.
    private enum Key { case t, touch, phase, x, y, radius, expect, other }

    /// Which key the bytes spell, told by length and then by bytes (no lookup, no allocation).
    @inline(__always) private static func key(_ k: UnsafeBufferPointer<UInt8>) -> Key {
        @inline(__always) func equals(_ name: StaticString) -> Bool {
            let p = name.utf8Start
            for i in 0..<k.count where k[i] != p[i] { return false }
            return true
        }
        switch k.count {
        case 1:
            switch k[0] {
            case UInt8(ascii: "t"): return .t
            case UInt8(ascii: "x"): return .x
            case UInt8(ascii: "y"): return .y
            default: return .other
            }
        case 5: return equals("touch") ? .touch : equals("phase") ? .phase : .other
        case 6: return equals("radius") ? .radius : equals("expect") ? .expect : .other
        default: return .other
        }
    }

    /// The fast path: a flat object of the known keys with plain values. Returns
    /// nil for anything it does not handle (the slow path then decides).
    static func fastEvent(_ line: UnsafeBufferPointer<UInt8>) -> TouchEvent? {
        var s = JSONScanner(line)
        s.skipWhitespace()
        guard s.peek() == UInt8(ascii: "{") else { return nil }
        s.advance()
        var t: Double?, touch: Double?, phase: Phase?, x: Double?, y: Double?, radius: Double?, expect: String?
        var first = true
        while true {
            s.skipWhitespace()
            if first, s.peek() == UInt8(ascii: "}") { break }
            first = false
            guard s.peek() == UInt8(ascii: "\"") else { return nil }
            let keyStart = s.position + 1
            var k = keyStart
            while k < line.count, line[k] != UInt8(ascii: "\""), line[k] != UInt8(ascii: "\\") { k += 1 }
            guard k < line.count, line[k] == UInt8(ascii: "\"") else { return nil }
            let key = JSONLTraceReader.key(UnsafeBufferPointer(rebasing: line[keyStart..<k]))
            s.position = k + 1
            s.skipWhitespace()
            guard s.peek() == UInt8(ascii: ":") else { return nil }
            s.advance()
            s.skipWhitespace()
            guard let c = s.peek() else { return nil }
            if key == .phase {
                guard c == UInt8(ascii: "\"") else { return nil }
                var k = s.position + 1
                while k < line.count, line[k] != UInt8(ascii: "\""), line[k] != UInt8(ascii: "\\") { k += 1 }
                guard k < line.count, line[k] == UInt8(ascii: "\""),
                      let p = Phase(bytes: UnsafeBufferPointer(rebasing: line[(s.position + 1)..<k])) else { return nil }
                s.position = k + 1
                phase = p
            } else if key == .expect {
                if c == UInt8(ascii: "n") {
                    guard (try? s.expectLiteral("null")) != nil else { return nil }
                } else {
                    guard c == UInt8(ascii: "\""), let str = try? s.readString() else { return nil }
                    expect = str
                }
            } else if key == .radius && c == UInt8(ascii: "n") {
                guard (try? s.expectLiteral("null")) != nil else { return nil }
            } else {
                guard key != .other, c == UInt8(ascii: "-") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")),
                      let d = try? s.readNumber(), d.isFinite else { return nil }
                switch key {
                case .t: t = d
                case .touch: touch = d
                case .x: x = d
                case .y: y = d
                default: radius = d
                }
            }
            s.skipWhitespace()
            guard let sep = s.peek() else { return nil }
            s.advance()
            if sep == UInt8(ascii: "}") { break }
            guard sep == UInt8(ascii: ",") else { return nil }
        }
        s.skipWhitespace()
        guard s.peek() == nil, let t, let touch, let phase, phase != .fired, let x, let y,
              let finger = Int(exactly: touch), TouchEvent.radiusProblem(radius ?? 0) == nil else { return nil }
        return TouchEvent(t: t, touch: finger, phase: phase, x: x, y: y, radius: radius, expect: expect)
    }

    /// The general path: any valid JSON, with errors that say what is wrong.
    static func slowEvent(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws -> TouchEvent {
        let r = try TraceLineReader(line, number: number, what: "the event")
        if r.members.contains(where: { $0.key == "fired" }) {  // {"t": 0.091, "fired": "openFlowMeter"}
            for key in ["touch", "phase", "x", "y", "radius", "expect"] where r.members.contains(where: { $0.key == key }) {
                throw TraceError(line: number, "a 'fired' event has no '\(key)': it records that the app ran an action ({\"t\": …, \"fired\": \"action\"})")
            }
            let t = try r.number("t")!
            guard let action = try r.string("fired", required: true), !action.isEmpty else {
                throw TraceError(line: number, "'fired' must name the action that ran")
            }
            return TouchEvent.fired(t: t, action: action)
        }
        let t = try r.number("t")!, x = try r.number("x")!, y = try r.number("y")!
        let touch = try r.number("touch")!
        guard let finger = Int(exactly: touch) else { throw TraceError(line: number, "'touch' must be a whole number") }
        let radius = try r.number("radius", optional: true)
        if let radius, let problem = TouchEvent.radiusProblem(radius) { throw TraceError(line: number, problem) }
        let ps = try r.string("phase", required: true)!
        guard let phase = Phase(rawValue: ps), phase != .fired else {
            throw TraceError(line: number, "unknown phase '\(ps.clipped)' (expected began, moved, stationary, ended or cancelled)")
        }
        let expect = try r.string("expect")
        return TouchEvent(t: t, touch: finger, phase: phase, x: x, y: y, radius: radius, expect: expect)
    }
}

/// One JSON line of a trace file (the header or an event) read through the JSON
/// reader, with the trace format's wording: "the event lacks 'y'", "'x' must be a number".
struct TraceLineReader {
    let json: JSONReader
    let members: [JSONDocument.Member]
    let number: Int
    let what: String

    init(_ line: UnsafeBufferPointer<UInt8>, number: Int, what: String) throws {
        do {
            json = try JSONReader(parsing: line)
        } catch {
            throw TraceError(line: number, (what == "the event" ? "invalid JSON: " : "invalid JSON in \(what): ")
                             + error.message.replacingOccurrences(of: "not valid JSON: ", with: ""))
        }
        guard case .object(let m) = json[json.root] else { throw TraceError(line: number, "\(what) must be a JSON object") }
        members = m
        self.number = number
        self.what = what
    }

    func required(_ key: String) throws -> Int {
        guard let v = members.last(where: { $0.key == key })?.value else { throw TraceError(line: number, "\(what) lacks '\(key.clipped)'") }
        return v
    }

    /// A string member (a build number may be written as a number); null is absent unless required.
    func string(_ key: String, required isRequired: Bool = false) throws -> String? {
        guard let v = members.last(where: { $0.key == key })?.value else {
            if isRequired { throw TraceError(line: number, "\(what) lacks '\(key.clipped)'") }
            return nil
        }
        if json.isNull(v) && !isRequired { return nil }
        if key == "build", let text = try? json.scalarText(v) { return text }
        guard let text = try? json.string(v) else { throw TraceError(line: number, "'\(key.clipped)' \(location)must be a string") }
        return text
    }

    /// A finite number member.
    func number(_ key: String, optional: Bool = false) throws -> Double? {
        guard let v = members.last(where: { $0.key == key })?.value else {
            if optional { return nil }
            throw TraceError(line: number, "\(what) lacks '\(key.clipped)'")
        }
        if optional && json.isNull(v) { return nil }
        guard case .number = json[v] else { throw TraceError(line: number, "'\(key.clipped)' must be a number") }
        guard let d = try? json.number(v) else { throw TraceError(line: number, "'\(key.clipped)' is not a finite number") }
        return d
    }

    /// `object.key` of the header (`device.model`, `app.build`): a string or a number.
    func nested(_ object: String, _ key: String) throws -> String? {
        guard let o = json.optional(object, in: members) else { return nil }
        guard case .object(let m) = json[o] else { throw TraceError(line: number, "'\(object.clipped)' in \(what) must be an object") }
        guard let v = json.optional(key, in: m) else { return nil }
        guard let text = try? json.scalarText(v) else { throw TraceError(line: number, "'\(object).\(key)' in \(what) must be a string") }
        return text
    }

    private var location: String { what == "the event" ? "" : "in \(what) " }
}

/// Reads a CSV trace file (header `trace,screen,t,touch,phase,x,y` with optional
/// `radius,expect`), one row at a time; rows of any number of traces.
public struct CSVTraceReader: Sendable {
    public static let requiredColumns = ["trace", "screen", "t", "touch", "phase", "x", "y"]
    public static let optionalColumns = ["radius", "expect"]

    private var columns: [Int] = []  // position of each known column (-1 absent), in required+optional order
    private var columnCount = 0
    private var lastTraceBytes: [UInt8] = []
    private var lastTrace = ""
    private var lastScreenBytes: [UInt8] = []
    private var lastScreen = ""
    private var fields: [Range<Int>] = []
    private var unquoted: [String?] = []
    public private(set) var hasHeader = false

    public init() {}

    /// One parsed row.
    public struct Row: Sendable {
        public var trace: String
        public var screen: String
        public var event: TouchEvent
    }

    /// Reads one line (without its newline): the header first, then rows.
    /// Returns nil for the header and blank lines.
    public mutating func read(line raw: UnsafeBufferPointer<UInt8>, number: Int) throws -> Row? {
        var line = raw
        if line.last == 0x0D { line = UnsafeBufferPointer(rebasing: line[0..<(line.count - 1)]) }
        if line.isEmpty { return nil }
        if !hasHeader && line.count >= 3 && line[0] == 0xEF && line[1] == 0xBB && line[2] == 0xBF {
            throw TraceError(line: number, "the file starts with a UTF-8 byte-order mark (BOM); save it as UTF-8 without a BOM")
        }
        var fields = self.fields, unquoted = self.unquoted  // reused between rows
        self.fields = []
        self.unquoted = []
        defer {
            fields.removeAll(keepingCapacity: true)
            unquoted.removeAll(keepingCapacity: true)
            self.fields = fields
            self.unquoted = unquoted
        }
        try CSVTraceReader.split(line, number: number, into: &fields, unquoted: &unquoted)
        func text(_ i: Int) -> String {
            unquoted[i] ?? String(decoding: UnsafeBufferPointer(rebasing: line[fields[i]]), as: UTF8.self)
        }
        if !hasHeader {
            let names = (0..<fields.count).map { text($0).trimmingSpaces() }
            let known = CSVTraceReader.requiredColumns + CSVTraceReader.optionalColumns
            for name in names where !known.contains(name) {
                throw TraceError(line: number, "unknown column '\(name.clipped)' (columns: \(known.joined(separator: ",")))")
            }
            for name in CSVTraceReader.requiredColumns where !names.contains(name) {
                throw TraceError(line: number, "the header lacks the column '\(name.clipped)' (expected trace,screen,t,touch,phase,x,y)")
            }
            var seen = Set<String>()
            for name in names where !seen.insert(name).inserted { throw TraceError(line: number, "column '\(name.clipped)' appears twice") }
            columns = known.map { names.firstIndex(of: $0) ?? -1 }
            columnCount = names.count
            hasHeader = true
            return nil
        }
        guard fields.count == columnCount else {
            throw TraceError(line: number, "expected \(columnCount) fields, found \(fields.count)")
        }
        func numeric(_ column: Int, _ name: String) throws -> Double {
            let i = columns[column]
            let r = fields[i]
            if unquoted[i] == nil, let d = CSVTraceReader.fastNumber(UnsafeBufferPointer(rebasing: line[r])) {
                return d
            }
            let s = text(i).trimmingSpaces()
            guard let d = Double(s) else { throw TraceError(line: number, "'\(name.clipped)' is not a number: '\(s.clipped)'") }
            guard d.isFinite else { throw TraceError(line: number, "'\(name.clipped)' is not a finite number: '\(s.clipped)'") }
            return d
        }
        let phaseField = columns[4]
        let phase = unquoted[phaseField] == nil ? Phase(bytes: UnsafeBufferPointer(rebasing: line[fields[phaseField]]))
                                                : Phase(rawValue: unquoted[phaseField]!)
        guard let phase else {
            throw TraceError(line: number, "unknown phase '\(text(phaseField))' (expected began, moved, stationary, ended, cancelled or fired)")
        }
        // A `fired` row: the app ran the action in `expect` at `t`; its touch and position may be empty.
        func numericOrZero(_ column: Int, _ name: String) throws -> Double {
            phase == .fired && fields[columns[column]].isEmpty && unquoted[columns[column]] == nil ? 0 : try numeric(column, name)
        }
        let t = try numeric(2, "t"), touch = try numericOrZero(3, "touch"), x = try numericOrZero(5, "x"), y = try numericOrZero(6, "y")
        guard let finger = Int(exactly: touch) else { throw TraceError(line: number, "'touch' must be a whole number") }
        var radius: Double?
        if columns[7] >= 0, !fields[columns[7]].isEmpty {
            radius = try numeric(7, "radius")
            if let problem = TouchEvent.radiusProblem(radius!) { throw TraceError(line: number, problem) }
        }
        var expect: String?
        if columns[8] >= 0, !fields[columns[8]].isEmpty || unquoted[columns[8]] != nil {
            let e = text(columns[8])
            expect = e.isEmpty ? nil : e
        }
        if phase == .fired {
            guard let action = expect else { throw TraceError(line: number, "a 'fired' row names the action that ran in 'expect'") }
            expect = action
            radius = nil
        }
        let traceRange = fields[columns[0]], screenRange = fields[columns[1]]
        if unquoted[columns[0]] != nil || !lastTraceBytes.elementsEqual(line[traceRange]) {
            lastTrace = text(columns[0])
            lastTraceBytes = Array(line[traceRange])
            guard !lastTrace.isEmpty else { throw TraceError(line: number, "'trace' must not be empty") }
        }
        if unquoted[columns[1]] != nil || !lastScreenBytes.elementsEqual(line[screenRange]) {
            lastScreen = text(columns[1])
            lastScreenBytes = Array(line[screenRange])
            guard !lastScreen.isEmpty else { throw TraceError(line: number, "'screen' must not be empty") }
        }
        let event = phase == .fired ? TouchEvent.fired(t: t, action: expect!)
            : TouchEvent(t: t, touch: finger, phase: phase, x: x, y: y, radius: radius, expect: expect)
        return Row(trace: lastTrace, screen: lastScreen, event: event)
    }

    /// Splits a line into field ranges (RFC 4180 quoting). Quoted fields also get their unescaped text.
    static func split(_ line: UnsafeBufferPointer<UInt8>, number: Int, into fields: inout [Range<Int>], unquoted: inout [String?]) throws {
        var start = 0
        var i = 0
        let n = line.count
        while true {
            if i < n && line[i] == UInt8(ascii: "\"") {
                var bytes: [UInt8] = []
                i += 1
                var closed = false
                while i < n {
                    if line[i] == UInt8(ascii: "\"") {
                        if i + 1 < n && line[i + 1] == UInt8(ascii: "\"") { bytes.append(UInt8(ascii: "\"")); i += 2; continue }
                        closed = true
                        i += 1
                        break
                    }
                    bytes.append(line[i])
                    i += 1
                }
                guard closed else { throw TraceError(line: number, "unterminated quoted field") }
                guard i == n || line[i] == UInt8(ascii: ",") else { throw TraceError(line: number, "text after a closing quote") }
                fields.append(start..<i)
                unquoted.append(String(decoding: bytes, as: UTF8.self))
            } else {
                while i < n && line[i] != UInt8(ascii: ",") { i += 1 }
                fields.append(start..<i)
                unquoted.append(nil)
            }
            if i >= n { break }
            i += 1  // the comma
            start = i
        }
    }

    static func fastNumber(_ field: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !field.isEmpty else { return nil }
        var s = JSONScanner(field)
        guard let d = try? s.readNumber(), s.position == field.count, d.isFinite else { return nil }
        return d
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
