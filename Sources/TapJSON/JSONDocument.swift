/// A parsed JSON document stored flat: every value lives in one array and
/// containers refer to their elements by index.
///
/// Storing the tree flat means an arbitrarily deep document is parsed without
/// recursion and freed without recursion, so a 20,000-deep snapshot cannot
/// overflow the stack. Each value remembers the line it starts on, so
/// validation errors can name the line as well as the JSON path.
///
/// - Complexity: parsing is O(n) in the size of the input.
public struct JSONDocument: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([Int])
        case object([Member])
    }

    public struct Member: Sendable {
        public let key: String
        public let value: Int
    }

    public private(set) var values: [Value] = []
    /// 1-based line on which each value starts.
    public private(set) var lines: [Int32] = []
    /// The container holding each value (-1 for the root), so that any value's
    /// JSON path can be spelled out when an error is reported.
    public private(set) var parents: [Int32] = []
    public var root: Int { 0 }

    public subscript(index: Int) -> Value { values[index] }
    public func line(of index: Int) -> Int { Int(lines[index]) }

    /// Parses UTF-8 JSON text.
    /// - Throws: `JSONSyntaxError` with the line and column of the first problem.
    /// - Complexity: O(n) in the size of the input, whatever the nesting or array lengths.
    public init<Bytes: Collection>(parsing bytes: Bytes) throws where Bytes.Element == UInt8 {
        let done: Void? = try bytes.withContiguousStorageIfAvailable { buffer in
            try self.parse(buffer)
        }
        if done == nil {
            let array = Array(bytes)
            try array.withUnsafeBufferPointer { try self.parse($0) }
        }
    }

    public init(parsing text: String) throws {
        try self.init(parsing: Array(text.utf8))
    }

    /// The value of `key` in the object at `index`, if the value is an object holding it.
    /// When a key is repeated, the last one counts, as in most JSON readers.
    public func member(_ key: String, of index: Int) -> Int? {
        guard case .object(let members) = values[index] else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The JSON path of a value, spelled as people write it: `root.children[2].modifiers[0]`
    /// (top-level keys without a leading dot; the top-level value itself is "").
    public func path(of index: Int) -> String {
        var parts: [String] = []
        var child = index
        var parent = Int(parents[child])
        while parent >= 0 {
            switch values[parent] {
            case .array(let items):
                parts.append("[\(items.firstIndex(of: child) ?? 0)]")
            case .object(let members):
                let key = members.last(where: { $0.value == child })?.key ?? "?"
                parts.append(parents[parent] < 0 ? key.clipped : "." + key.clipped)
            default:
                break
            }
            child = parent
            parent = Int(parents[child])
        }
        return parts.reversed().joined()
    }

    /// An open container while parsing: where its elements start on the shared stacks.
    private struct Frame {
        var slot: Int
        var isObject: Bool
        var start: Int
        var pendingKey: String?
    }

    private mutating func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws {
        if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
            throw JSONSyntaxError(line: 1, column: 1, message: "the file starts with a UTF-8 byte-order mark (BOM); save it as UTF-8 without a BOM")
        }
        var scanner = JSONScanner(buffer)
        var stack: [Frame] = []
        // The elements of every open array and the members of every open object, on two
        // shared stacks: appending never copies a container, so parsing stays linear.
        var openElements: [Int] = []
        var openMembers: [Member] = []
        values.reserveCapacity(max(16, buffer.count / 8))
        lines.reserveCapacity(max(16, buffer.count / 8))
        parents.reserveCapacity(max(16, buffer.count / 8))

        func append(_ value: Value, line: Int32) -> Int {
            values.append(value)
            lines.append(line)
            parents.append(Int32(stack.last?.slot ?? -1))
            return values.count - 1
        }

        while true {
            scanner.skipWhitespace()
            guard let byte = scanner.peek() else {
                if stack.isEmpty { throw scanner.error("the input is empty: expected a JSON value") }
                throw unclosed(stack.last!, scanner)
            }
            let line = Int32(scanner.line)
            var completed: Int
            switch byte {
            case UInt8(ascii: "{"):
                scanner.advance()
                let slot = append(.null, line: line)
                scanner.skipWhitespace()
                if scanner.peek() == UInt8(ascii: "}") {
                    scanner.advance()
                    values[slot] = .object([])
                    completed = slot
                } else {
                    let key = try readKey(&scanner)
                    stack.append(Frame(slot: slot, isObject: true, start: openMembers.count, pendingKey: key))
                    continue
                }
            case UInt8(ascii: "["):
                scanner.advance()
                let slot = append(.null, line: line)
                scanner.skipWhitespace()
                if scanner.peek() == UInt8(ascii: "]") {
                    scanner.advance()
                    values[slot] = .array([])
                    completed = slot
                } else {
                    stack.append(Frame(slot: slot, isObject: false, start: openElements.count, pendingKey: nil))
                    continue
                }
            case UInt8(ascii: "\""):
                completed = append(.string(try scanner.readString()), line: line)
            case UInt8(ascii: "t"):
                try scanner.expectLiteral("true")
                completed = append(.bool(true), line: line)
            case UInt8(ascii: "f"):
                try scanner.expectLiteral("false")
                completed = append(.bool(false), line: line)
            case UInt8(ascii: "n"):
                try scanner.expectLiteral("null")
                completed = append(.null, line: line)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                completed = append(.number(try scanner.readNumber()), line: line)
            default:
                throw JSONSlip.notAValue(&scanner, inArray: stack.last.map { !$0.isObject } ?? false)
            }
            // Attach the completed value to its container and close containers as far as possible.
            while true {
                guard let top = stack.indices.last else {
                    scanner.skipWhitespace()
                    if scanner.peek() != nil { throw scanner.error("unexpected text after the JSON value") }
                    return
                }
                scanner.skipWhitespace()
                let frame = stack[top]
                if frame.isObject {
                    openMembers.append(Member(key: frame.pendingKey!, value: completed))
                    guard let next = scanner.peek() else { throw unclosed(frame, scanner) }
                    if next == UInt8(ascii: ",") {
                        scanner.advance()
                        stack[top].pendingKey = try readKey(&scanner)
                    } else if next == UInt8(ascii: "}") {
                        scanner.advance()
                        values[frame.slot] = .object(Array(openMembers[frame.start...]))
                        openMembers.removeSubrange(frame.start...)
                        stack.removeLast()
                        completed = frame.slot
                        continue
                    } else {
                        throw JSONSlip.afterMember(scanner, key: frame.pendingKey!)
                    }
                } else {
                    openElements.append(completed)
                    guard let next = scanner.peek() else { throw unclosed(frame, scanner) }
                    if next == UInt8(ascii: ",") {
                        scanner.advance()
                        scanner.skipWhitespace()
                        if scanner.peek() == UInt8(ascii: "]") {
                            throw scanner.error("trailing comma before ']': JSON allows no comma after the last element of an array")
                        }
                    } else if next == UInt8(ascii: "]") {
                        scanner.advance()
                        values[frame.slot] = .array(Array(openElements[frame.start...]))
                        openElements.removeSubrange(frame.start...)
                        stack.removeLast()
                        completed = frame.slot
                        continue
                    } else {
                        throw JSONSlip.afterElement(scanner)
                    }
                }
                break
            }
        }
    }

    private func readKey(_ scanner: inout JSONScanner) throws -> String {
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "\"") else { throw JSONSlip.notAKey(&scanner) }
        let key = try scanner.readString()
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: ":") else {
            let found = scanner.peek() == nil ? "found the end of the input" : "found '\(JSONSlip.character(at: scanner))'"
            throw scanner.error("expected ':' after the key \"\(key.clipped)\" (\(found))")
        }
        scanner.advance()
        return key
    }

    /// The input ended inside a container: say which, and where it opened.
    private func unclosed(_ frame: Frame, _ scanner: JSONScanner) -> JSONSyntaxError {
        let kind = frame.isObject ? "object" : "array"
        let close = frame.isObject ? "}" : "]"
        return scanner.error("unexpected end of input: the \(kind) opened on line \(lines[frame.slot]) is not closed (missing '\(close)')")
    }
}

/// A JSON syntax error, with the 1-based line and column where it was found.
public struct JSONSyntaxError: Error, CustomStringConvertible, Sendable {
    public let line: Int
    public let column: Int
    public let message: String
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// Byte-level JSON lexer shared by the document parser and the fast trace-line reader.
/// Its smallest steps are inlinable: the trace reader calls them a dozen times per line from another module.
package struct JSONScanner {
    package let buffer: UnsafeBufferPointer<UInt8>
    package var position = 0
    package var line = 1
    package var lineStart = 0

    @inlinable package init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    @inlinable @inline(__always) package func peek() -> UInt8? { position < buffer.count ? buffer[position] : nil }
    @inlinable @inline(__always) package mutating func advance() { position += 1 }

    package func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: position - lineStart + 1, message: message)
    }

    @inlinable @inline(__always) package mutating func skipWhitespace() {
        while position < buffer.count {
            let b = buffer[position]
            if b == 0x20 || b == 0x09 || b == 0x0D {
                position += 1
            } else if b == 0x0A {
                position += 1
                line += 1
                lineStart = position
            } else {
                return
            }
        }
    }

    package mutating func expectLiteral(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        guard position + count <= buffer.count else { throw error("invalid literal") }
        let start = literal.utf8Start
        for i in 0..<count where buffer[position + i] != start[i] {
            throw error("invalid literal")
        }
        position += count
    }

    /// Reads a string starting at the opening quote.
    package mutating func readString() throws -> String {
        position += 1  // opening quote
        let start = position
        // Fast path: no escapes.
        while position < buffer.count {
            let b = buffer[position]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<position]), as: UTF8.self)
                position += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw controlCharacter(b) }
            position += 1
        }
        var bytes = Array(buffer[start..<position])
        while position < buffer.count {
            let b = buffer[position]
            if b == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: bytes, as: UTF8.self)
            }
            if b < 0x20 { throw controlCharacter(b) }
            if b != UInt8(ascii: "\\") {
                bytes.append(b)
                position += 1
                continue
            }
            position += 1
            guard let e = peek() else { break }
            position += 1
            switch e {
            case UInt8(ascii: "\""): bytes.append(0x22)
            case UInt8(ascii: "\\"): bytes.append(0x5C)
            case UInt8(ascii: "/"): bytes.append(0x2F)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard position + 1 < buffer.count, buffer[position] == UInt8(ascii: "\\"), buffer[position + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in a string")
                    }
                    position += 2
                    let low = try readHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in a string") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw error("unpaired surrogate in a string")
                }
                bytes.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default:
                throw error("invalid escape in a string")
            }
        }
        throw error("unterminated string: the input ends before its closing '\"'")
    }

    /// A raw control character inside a string; a line break there usually means a missing closing quote.
    private func controlCharacter(_ b: UInt8) -> JSONSyntaxError {
        if b == 0x0A || b == 0x0D { return error("a line break inside a string (is its closing '\"' missing? write \\n for a line break)") }
        if b == 0x09 { return error("a tab character inside a string (write \\t)") }
        return error("control character in a string (write it as a \\u escape)")
    }

    private mutating func readHex4() throws -> UInt32 {
        guard position + 4 <= buffer.count else { throw error("invalid \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = buffer[position]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    private static let powersOfTen: [Double] = (0...22).map { p in
        var v = 1.0
        for _ in 0..<p { v *= 10 }
        return v
    }

    /// Reads a JSON number (strict grammar).
    package mutating func readNumber() throws -> Double {
        let start = position
        var negative = false
        if peek() == UInt8(ascii: "-") { negative = true; position += 1 }
        guard let first = peek(), first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
            position = start
            throw error("expected a value")
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        if first == UInt8(ascii: "0") {
            position += 1
            if let next = peek(), next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") {
                throw error("leading zero in a number")
            }
        } else {
            while let b = peek(), b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(b - UInt8(ascii: "0")) }
                digits += 1
                position += 1
            }
        }
        if peek() == UInt8(ascii: ".") {
            position += 1
            var any = false
            while let b = peek(), b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(b - UInt8(ascii: "0")); fractionDigits += 1 }
                if mantissa != 0 { digits += 1 }
                any = true
                position += 1
            }
            guard any else { throw error("expected digits after '.' in a number") }
        }
        var hasExponent = false
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            hasExponent = true
            position += 1
            if let s = peek(), s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { position += 1 }
            var any = false
            while let b = peek(), b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") { any = true; position += 1 }
            guard any else { throw error("expected digits in a number's exponent") }
        }
        if !hasExponent && digits <= 15 && fractionDigits <= 22 {
            // Exact integer mantissa and an exact power of ten: the division is correctly rounded.
            let value = Double(mantissa) / JSONScanner.powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<position]), as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number") }
        return value
    }
}
