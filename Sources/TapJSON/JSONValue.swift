/// A JSON value built by the program for output, serialized deterministically.
///
/// Object members keep the order they were built in unless `sortedKeys` is
/// asked for; numbers print as integers when they are whole and otherwise in
/// the shortest form that reads back the same.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([Pair])

    public struct Pair: Sendable, Equatable {
        public let key: String
        public let value: JSONValue
        public init(_ key: String, _ value: JSONValue) { self.key = key; self.value = value }
    }

    public static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { Pair($0.key, $0.value) })
    }

    public static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    public static func number(_ value: Int) -> JSONValue { .number(Double(value)) }
    /// A number rounded to `places` decimals (baselines round to 4).
    public static func rounded(_ value: Double, places: Int = 4) -> JSONValue {
        .number(JSONValue.round(value, places: places))
    }

    public static func round(_ value: Double, places: Int = 4) -> Double {
        guard value.isFinite else { return value }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let r = (value * scale).rounded() / scale
        return r == 0 ? 0 : r  // no "-0"
    }

    public struct Style: Sendable {
        public var pretty: Bool
        public var sortedKeys: Bool
        public init(pretty: Bool = true, sortedKeys: Bool = false) {
            self.pretty = pretty
            self.sortedKeys = sortedKeys
        }
        public static let pretty = Style(pretty: true)
        public static let compact = Style(pretty: false)
        /// Baseline files: sorted keys, two-space indent.
        public static let canonical = Style(pretty: true, sortedKeys: true)
    }

    public func serialized(_ style: Style = .pretty) -> String {
        var writer = JSONWriter(style: JSONWriter.Style(pretty: style.pretty))
        write(to: &writer, sortedKeys: style.sortedKeys)
        return writer.text
    }

    /// Writes the value through the one JSON writer (iteratively deep values are not
    /// built by the program, so recursion here is bounded by what code constructs).
    public func write(to writer: inout JSONWriter, sortedKeys: Bool = false) {
        switch self {
        case .null: writer.null()
        case .bool(let b): writer.bool(b)
        case .number(let d): writer.number(d)
        case .string(let s): writer.string(s)
        case .array(let items):
            writer.beginArray()
            for item in items { item.write(to: &writer, sortedKeys: sortedKeys) }
            writer.endArray()
        case .object(let pairs):
            let ordered = sortedKeys ? pairs.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : pairs
            writer.beginObject()
            for pair in ordered {
                writer.key(pair.key)
                pair.value.write(to: &writer, sortedKeys: sortedKeys)
            }
            writer.endObject()
        }
    }

    /// Formats a number for JSON: whole numbers without a fraction, others in
    /// their shortest round-tripping form; non-finite numbers become null.
    public static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 {
            return String(Int64(d))
        }
        return "\(d)"
    }

    /// Converts a parsed document's value into a `JSONValue` (for small documents).
    public init(_ document: JSONDocument, at index: Int) {
        switch document[index] {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let d): self = .number(d)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map { JSONValue(document, at: $0) })
        case .object(let members): self = .object(members.map { Pair($0.key, JSONValue(document, at: $0.value)) })
        }
    }

    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.last(where: { $0.key == key })?.value
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Keeps the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements.map { Pair($0.0, $0.1) }) }
    public init(nilLiteral: ()) { self = .null }
}
