/// Typed, checked access to a parsed `JSONDocument`: the one way snapshots,
/// trace headers and events, baselines and capture files read JSON.
///
/// Every failure is a `JSONReadError` that knows the value's JSON path and
/// line, so each format's own error type only adds the file name.
///
/// ```swift
/// let r = try JSONReader(parsing: bytes)
/// let top = try r.object(r.root)
/// let screen = try r.string(try r.required("screen", in: top, of: r.root))
/// ```
public struct JSONReader: Sendable {
    public let document: JSONDocument

    public init(_ document: JSONDocument) { self.document = document }

    /// Parses and wraps; a syntax error becomes a `JSONReadError` at the top level.
    public init<Bytes: Collection>(parsing bytes: Bytes) throws(JSONReadError) where Bytes.Element == UInt8 {
        do {
            self.init(try JSONDocument(parsing: bytes))
        } catch let e as JSONSyntaxError {
            throw JSONReadError(path: "", line: e.line, kind: .syntax, "not valid JSON: \(e.message) (column \(e.column))")
        } catch {
            throw JSONReadError(path: "", line: nil, kind: .syntax, "not valid JSON")
        }
    }

    public var root: Int { document.root }
    public subscript(index: Int) -> JSONDocument.Value { document[index] }

    /// An error about the value at `index`, with its path and line.
    public func fail(_ index: Int, _ message: String, kind: JSONReadError.Kind = .invalid) -> JSONReadError {
        JSONReadError(path: document.path(of: index), line: document.line(of: index), kind: kind, message)
    }

    /// An error about a key of the object at `index` (an unknown field), located at the line of
    /// its value (`value`) when given, else at the object.
    public func fail(_ index: Int, key: String, value: Int? = nil, _ message: String, kind: JSONReadError.Kind) -> JSONReadError {
        let base = document.path(of: index)
        return JSONReadError(path: base.isEmpty ? key.clipped : base + "." + key.clipped, line: document.line(of: value ?? index), kind: kind, message)
    }

    // MARK: - Types

    public func object(_ v: Int) throws(JSONReadError) -> [JSONDocument.Member] {
        guard case .object(let m) = document[v] else { throw wrongType(v, "an object") }
        return m
    }

    public func array(_ v: Int) throws(JSONReadError) -> [Int] {
        guard case .array(let a) = document[v] else { throw wrongType(v, "an array") }
        return a
    }

    public func string(_ v: Int) throws(JSONReadError) -> String {
        guard case .string(let s) = document[v] else { throw wrongType(v, "a string") }
        return s
    }

    /// A finite number.
    public func number(_ v: Int) throws(JSONReadError) -> Double {
        guard case .number(let d) = document[v] else { throw wrongType(v, "a number") }
        guard d.isFinite else { throw fail(v, "number is not finite", kind: .invalid) }
        return d
    }

    /// A whole number within `range`: the one checked way to read an integer from JSON.
    ///
    /// JSON numbers are doubles; converting one to `Int` unchecked traps on
    /// `1e300` or `nan`. Here a fraction, a value outside `range` or beyond
    /// `Int` is an error with the value's JSON path and line.
    ///
    /// ```swift
    /// let taps = try r.integer(v, in: 1...100)     // a count of taps
    /// let flags = try r.integer(v, in: 0...Int.max) // bit flags, never negative
    /// ```
    public func integer(_ v: Int, in range: ClosedRange<Int> = Int.min...Int.max) throws(JSONReadError) -> Int {
        let d = try number(v)
        if let problem = JSONReader.integerProblem(d, in: range) { throw fail(v, problem, kind: .invalid) }
        return Int(exactly: d)!
    }

    /// A whole number from 0 up: a count, an index, a set of flags.
    public func count(_ v: Int) throws(JSONReadError) -> Int {
        try integer(v, in: 0...Int.max)
    }

    /// Why `d` is not a whole number within `range` (nil when it is): the message every
    /// reader gives, also for numbers that do not come through a `JSONReader` (trace fast paths).
    public static func integerProblem(_ d: Double, in range: ClosedRange<Int> = Int.min...Int.max) -> String? {
        let shown = JSONValue.format(d)
        guard let i = Int(exactly: d) else {
            if d.isFinite && d == d.rounded() {
                return "\(shown) is beyond the range of a whole number"
                    + (range == Int.min...Int.max ? "" : " (expected \(JSONReader.describe(range)))")
            }
            return "expected a whole number" + (range == Int.min...Int.max ? "" : " \(JSONReader.describe(range))")
                + ", found \(shown)"
        }
        guard range.contains(i) else {
            if i < 0 && range.lowerBound >= 0 { return "must not be negative, found \(shown)" }
            return "expected a whole number \(JSONReader.describe(range)), found \(shown)"
        }
        return nil
    }

    /// `from 1 to 100`, `from 0 up`, `up to 5`.
    static func describe(_ range: ClosedRange<Int>) -> String {
        switch (range.lowerBound == Int.min, range.upperBound == Int.max) {
        case (true, true): return ""
        case (false, true): return "from \(range.lowerBound) up"
        case (true, false): return "up to \(range.upperBound)"
        case (false, false): return "from \(range.lowerBound) to \(range.upperBound)"
        }
    }

    public func bool(_ v: Int) throws(JSONReadError) -> Bool {
        guard case .bool(let b) = document[v] else { throw wrongType(v, "true or false") }
        return b
    }

    /// Text that may be written as a string or a number (a build number: `"512"` or `512`).
    public func scalarText(_ v: Int) throws(JSONReadError) -> String {
        switch document[v] {
        case .string(let s): return s
        case .number(let d): return JSONValue.format(d)
        default: throw wrongType(v, "a string")
        }
    }

    /// Exactly `count` finite numbers.
    public func numbers(_ v: Int, count: Int) throws(JSONReadError) -> [Double] {
        let items = try array(v)
        guard items.count == count else { throw fail(v, "expected \(count) numbers, found \(items.count)") }
        var out: [Double] = []
        out.reserveCapacity(count)
        for item in items { out.append(try number(item)) }
        return out
    }

    public func isNull(_ v: Int) -> Bool {
        if case .null = document[v] { return true }
        return false
    }

    /// "a string", "an object", … for messages.
    public func typeName(_ v: Int) -> String {
        switch document[v] {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    private func wrongType(_ v: Int, _ expected: String) -> JSONReadError {
        fail(v, "expected \(expected), found \(typeName(v))", kind: .wrongType)
    }

    // MARK: - Members

    /// The value of `key` among `members` (the last one when repeated); null counts as absent.
    public func optional(_ key: String, in members: [JSONDocument.Member]) -> Int? {
        guard let v = members.last(where: { $0.key == key })?.value, !isNull(v) else { return nil }
        return v
    }

    /// The value of `key` of the object at `object` (whose members are `members`).
    public func required(_ key: String, in members: [JSONDocument.Member], of object: Int) throws(JSONReadError) -> Int {
        guard let v = optional(key, in: members) else {
            throw fail(object, "missing required field '\(key.clipped)'", kind: .missing)
        }
        return v
    }

    /// Rejects keys not in `known`, suggesting the nearest known name
    /// (`isHidden` → `hidden`): a misspelt property silently ignored would hide a dead zone.
    public func checkKeys(_ members: [JSONDocument.Member], of object: Int, known: Set<String>) throws(JSONReadError) {
        for member in members where !known.contains(member.key) {
            var message = "unknown field '\(member.key.clipped)'"
            if let near = Suggestion.nearest(member.key, among: known) { message += " (did you mean '\(near.clipped)'?)" }
            throw fail(object, key: member.key, value: member.value, message, kind: .unknownKey)
        }
    }
}

/// A value that is not what the format asks for, with where it is.
public struct JSONReadError: LocatedError, Equatable {
    public enum Kind: Sendable, Equatable { case syntax, missing, wrongType, unknownKey, invalid }
    /// `root.children[2].frame`; empty for the whole document.
    public let path: String
    /// 1-based line of the value (or of the object, for a missing or unknown key).
    public let line: Int?
    public let kind: Kind
    public let message: String

    public init(path: String, line: Int?, kind: Kind = .invalid, _ message: String) {
        self.path = path; self.line = line; self.kind = kind; self.message = message
    }
}
