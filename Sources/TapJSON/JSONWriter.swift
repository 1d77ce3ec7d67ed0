/// The one JSON writer: appends UTF-8 bytes as values are written, with no
/// value tree in between, and hands full chunks to a sink so a run with a
/// million presses streams to its file or stdout in constant memory.
///
/// Keys are written in the order given (canonical writers give them sorted).
/// Numbers print as integers when whole, otherwise in the shortest form that
/// reads back the same; non-finite numbers print as `null`.
///
/// ```swift
/// var w = JSONWriter(style: .pretty)
/// w.object { w in
///     w.field("screen", "Settings")
///     w.field("own", 0.3691)
/// }
/// let text = w.text   // {\n  "screen": "Settings",\n  "own": 0.3691\n}
/// ```
/// - Complexity: O(n) in the bytes written.
public struct JSONWriter {
    public struct Style: Sendable {
        /// A newline and indent before each element and closing bracket.
        public var pretty: Bool
        /// A space after each `:` and `,` (pretty output always has it).
        public var spaced: Bool
        public init(pretty: Bool, spaced: Bool? = nil) { self.pretty = pretty; self.spaced = spaced ?? pretty }
        public static let pretty = Style(pretty: true)
        public static let compact = Style(pretty: false)
        /// On one line, spaced as pretty output: `{"rule": "R1", "at": [200, 122]}`.
        public static let line = Style(pretty: false, spaced: true)
    }

    /// What has been written and not yet handed to the sink.
    public private(set) var bytes: [UInt8] = []
    public private(set) var style: Style
    private let sink: ((ArraySlice<UInt8>) -> Void)?
    private let chunk: Int
    /// One entry per open container: whether it has an element yet.
    private var hasElement: [Bool] = []
    private var afterKey = false

    /// - Parameter sink: receives the bytes in chunks of about `chunk` bytes; without one
    ///   everything stays in `bytes`.
    public init(style: Style = .pretty, chunk: Int = 1 << 16, sink: ((ArraySlice<UInt8>) -> Void)? = nil) {
        self.style = style
        self.sink = sink
        self.chunk = chunk
        bytes.reserveCapacity(sink == nil ? 256 : chunk + 1024)
    }

    /// The text written so far (without a sink: the whole document).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Hands everything written so far to the sink.
    public mutating func flush() {
        guard let sink, !bytes.isEmpty else { return }
        sink(bytes[...])
        bytes.removeAll(keepingCapacity: true)
    }

    @inline(__always) private mutating func flushIfFull() {
        if sink != nil && bytes.count >= chunk { flush() }
    }

    // MARK: - Structure

    @inline(__always) private mutating func beforeValue() {
        if afterKey { afterKey = false; return }
        guard let last = hasElement.indices.last else { return }
        if hasElement[last] {
            bytes.append(UInt8(ascii: ","))
            if style.spaced && !style.pretty { bytes.append(0x20) }
        }
        hasElement[last] = true
        newline()
    }

    @inline(__always) private mutating func newline() {
        guard style.pretty else { return }
        let depth = hasElement.count
        if depth < JSONWriter.indents.count {
            bytes.append(contentsOf: JSONWriter.indents[depth])
        } else {
            bytes.append(0x0A)
            for _ in 0..<depth { bytes.append(0x20); bytes.append(0x20) }
        }
    }

    /// A newline and the indent of each depth, written at once.
    private static let indents: [[UInt8]] = (0..<24).map { [0x0A] + [UInt8](repeating: 0x20, count: 2 * $0) }

    /// One value on one line (`Style.line`) wherever it stands in a pretty document: a run's
    /// findings, one per line, a third fewer bytes than indented. `body` writes exactly one value.
    public mutating func line(_ body: (inout JSONWriter) -> Void) {
        guard style.pretty else { body(&self); return }
        beforeValue()
        afterKey = true  // the value's place is taken: its first container opens right here
        style = .line
        body(&self)
        style = .pretty
    }

    public mutating func beginObject() { beforeValue(); bytes.append(UInt8(ascii: "{")); hasElement.append(false) }
    public mutating func beginArray() { beforeValue(); bytes.append(UInt8(ascii: "[")); hasElement.append(false) }

    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func close(_ byte: UInt8) {
        let had = hasElement.removeLast()
        if had { newline() }
        bytes.append(byte)
        flushIfFull()
    }

    /// Writes an object key; the next value written is its value.
    public mutating func key(_ key: String) {
        beforeValue()
        // Keys are a handful of names written over and over: each is kept written, `"name": ` whole, in a small
        // table found by the string itself (a literal is the same string each time), and copied in at once.
        let same = TextKey.Same(key)
        if keys.isEmpty { keys = [KeyText](repeating: KeyText(), count: JSONWriter.keySlots) }
        let slot = same.slot(JSONWriter.keySlots)
        if keys[slot].same == same && keys[slot].spaced == style.spaced {
            keys.withUnsafeBufferPointer { bytes.append(contentsOf: $0[slot].bytes) }
        } else {
            let start = bytes.count
            writeString(key)
            bytes.append(UInt8(ascii: ":"))
            if style.spaced { bytes.append(0x20) }
            keys[slot] = KeyText(same: same, spaced: style.spaced, bytes: Array(bytes[start...]), key: key)
        }
        afterKey = true
    }

    /// A key as written (it keeps its string: no other can take its place in memory).
    private struct KeyText {
        var same: TextKey.Same?
        var spaced = false
        var bytes: [UInt8] = []
        var key = ""
    }
    private var keys: [KeyText] = []
    private static let keySlots = 64

    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginObject(); body(&self); endObject()
    }

    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        beginArray(); body(&self); endArray()
    }

    public mutating func array<S: Sequence>(_ items: S, _ element: (inout JSONWriter, S.Element) -> Void) {
        beginArray()
        for item in items { element(&self, item) }
        endArray()
    }

    /// A short array of numbers on one line, `[16, 56, 180, 40]`, even when pretty
    /// (frames and points read and diff better that way).
    public mutating func numbers(_ values: [Double]) {
        beforeValue()
        bytes.append(UInt8(ascii: "["))
        for (i, v) in values.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")); if style.spaced { bytes.append(0x20) } }
            writeNumber(v)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A point, `[x, y]`, as `numbers` writes it (without an array to hold the two).
    public mutating func numbers(_ x: Double, _ y: Double) {
        beforeValue()
        bytes.append(UInt8(ascii: "["))
        writeNumber(x)
        bytes.append(UInt8(ascii: ","))
        if style.spaced { bytes.append(0x20) }
        writeNumber(y)
        bytes.append(UInt8(ascii: "]"))
    }

    // MARK: - Scalars

    public mutating func null() { beforeValue(); bytes.append(contentsOf: "null".utf8) }
    public mutating func bool(_ b: Bool) { beforeValue(); bytes.append(contentsOf: (b ? "true" : "false").utf8) }
    public mutating func string(_ s: String) { beforeValue(); writeString(s) }
    public mutating func string(_ s: String?) { if let s { string(s) } else { null() } }
    public mutating func number(_ n: Int) { beforeValue(); writeInteger(Int64(n)) }
    public mutating func number(_ d: Double) { beforeValue(); writeNumber(d) }
    public mutating func number(_ d: Double?) { if let d { number(d) } else { null() } }
    /// A number that reads back as a real (SQLite's `json_extract` gives a REAL): as `number`,
    /// but a whole one keeps its `.0`, the text Swift's `description` gives (`102.0`, `-0.0`).
    public mutating func real(_ d: Double) {
        guard d == d.rounded(), abs(d) < 1e15 else { number(d); return }
        beforeValue()
        if d == 0 && d.sign == .minus { bytes.append(UInt8(ascii: "-")) }
        writeInteger(Int64(d))
        bytes.append(contentsOf: ".0".utf8)
    }
    /// A number rounded to `places` decimals (baselines round to 4).
    public mutating func rounded(_ d: Double, places: Int = 4) { number(JSONValue.round(d, places: places)) }
    public mutating func rounded(_ d: Double?, places: Int = 4) { if let d { rounded(d, places: places) } else { null() } }

    /// Copies already-serialized JSON in as one value (it must be valid JSON).
    public mutating func raw(_ json: String) { beforeValue(); bytes.append(contentsOf: json.utf8) }
    /// The same, given as its UTF-8 bytes.
    public mutating func raw(utf8 json: [UInt8]) { beforeValue(); bytes.append(contentsOf: json) }
    /// Copies already-written fields into the open object, after any it has: `"a": 1, "b": 2` as a
    /// writer of this style wrote them at this depth (keys and all, between no braces).
    public mutating func fields(utf8 json: [UInt8]) {
        guard !json.isEmpty else { return }
        beforeValue()
        bytes.append(contentsOf: json)
    }

    // MARK: - Fields

    public mutating func field(_ k: String, _ s: String?) { key(k); string(s) }
    public mutating func field(_ k: String, _ n: Int) { key(k); number(n) }
    public mutating func field(_ k: String, _ d: Double?) { key(k); number(d) }
    public mutating func field(_ k: String, _ b: Bool) { key(k); bool(b) }
    public mutating func field(_ k: String, rounded d: Double?) { key(k); rounded(d) }

    // MARK: - Encoding

    private mutating func writeString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            // Eight bytes at a time up to the first that needs escaping: most strings have none.
            var clean = 0
            if let base = utf8.baseAddress {
                while clean + 8 <= utf8.count,
                      !JSONWriter.needsEscape(UnsafeRawPointer(base + clean).loadUnaligned(as: UInt64.self)) {
                    clean += 8
                }
            }
            var start = 0
            for i in clean..<utf8.count {
                let b = utf8[i]
                guard b == 0x22 || b == 0x5C || b < 0x20 else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
                switch b {
                case 0x22: bytes.append(0x5C); bytes.append(0x22)
                case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
                case 0x0A: bytes.append(0x5C); bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(0x5C); bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(0x5C); bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: "\\u00".utf8)
                    bytes.append(JSONWriter.hex[Int(b >> 4)])
                    bytes.append(JSONWriter.hex[Int(b & 0xF)])
                }
                start = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Whether any of eight bytes is `"`, `\\` or a control character (below 0x20): the
    /// bytewise "has zero" and "has less than" tests, exact as yes-or-no answers.
    @inline(__always) static func needsEscape(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        return hasZero(w ^ 0x2222_2222_2222_2222) || hasZero(w ^ 0x5C5C_5C5C_5C5C_5C5C) || (w &- 0x2020_2020_2020_2020) & ~w & highs != 0
    }

    private mutating func writeInteger(_ value: Int64) {
        if value == 0 { bytes.append(UInt8(ascii: "0")); return }
        var v = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buf in
            while v > 0 {
                buf[count] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(buf[i]) }
        }
    }

    /// Whole numbers as integers; up to four decimals written directly; anything else
    /// in Swift's shortest round-tripping form (the same text `JSONValue.format` gives).
    private mutating func writeNumber(_ d: Double) {
        guard d.isFinite else { bytes.append(contentsOf: "null".utf8); return }
        if d == d.rounded(), abs(d) < 1e15 {
            writeInteger(Int64(d))
            return
        }
        let scaled = (d * 10_000).rounded()
        if abs(d) < 1e9, scaled / 10_000 == d {
            // The nearest double to k/10^4: its shortest form is k/10^4 written out.
            let k = Int64(scaled)
            let whole = k / 10_000, fraction = abs(k % 10_000)
            if k < 0 && whole == 0 { bytes.append(UInt8(ascii: "-")) }
            writeInteger(whole)
            bytes.append(UInt8(ascii: "."))
            var f = fraction, width = 4
            while f % 10 == 0 { f /= 10; width -= 1 }
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(f / divisor % 10))
                divisor /= 10
            }
            return
        }
        bytes.append(contentsOf: "\(d)".utf8)
    }
}
