/// The mistakes people make writing JSON by hand — a trailing comma, single
/// quotes, an unquoted key, a comment, a missing comma, Python's `True` or
/// JavaScript's `NaN` — each named as such, where the parser meets it, instead
/// of a bare "expected a value".
enum JSONSlip {
    /// Where a value should start and something else is.
    static func notAValue(_ scanner: inout JSONScanner, inArray: Bool) -> JSONSyntaxError {
        guard let b = scanner.peek() else { return scanner.error("unexpected end of input, expected a value") }
        switch b {
        case UInt8(ascii: "'"):
            return scanner.error("strings take double quotes in JSON: write \"…\", not '…'")
        case UInt8(ascii: "/"):
            return scanner.error("JSON has no comments (// or /* */): remove it")
        case UInt8(ascii: "]") where inArray, UInt8(ascii: "}"):
            return scanner.error("expected a value before '\(character(at: scanner))'")
        case UInt8(ascii: ","):
            return scanner.error("a comma where a value should be (two commas in a row, or one right after '[')")
        case UInt8(ascii: "+"):
            return scanner.error("a number cannot start with '+': write it without the sign")
        case UInt8(ascii: "."):
            return scanner.error("a number needs a digit before '.': write 0.5, not .5")
        default:
            break
        }
        let word = self.word(at: scanner)
        switch word {
        case "True", "TRUE": return scanner.error("'\(word)' is not JSON: write true")
        case "False", "FALSE": return scanner.error("'\(word)' is not JSON: write false")
        case "None", "NULL", "Null", "nil", "undefined": return scanner.error("'\(word)' is not JSON: write null")
        case "NaN", "nan", "Infinity", "inf": return scanner.error("'\(word)' is not JSON: JSON numbers are finite (write a number, or null)")
        case "": return scanner.error("expected a value, found '\(character(at: scanner))'")
        default: return scanner.error("expected a value, found '\(word.clipped)' (strings take double quotes: \"\(word.clipped)\")")
        }
    }

    /// Where an object key should start (after '{' or ',') and something else is.
    static func notAKey(_ scanner: inout JSONScanner) -> JSONSyntaxError {
        guard let b = scanner.peek() else { return scanner.error("unexpected end of input, expected a key in double quotes") }
        switch b {
        case UInt8(ascii: "}"):
            return scanner.error("trailing comma before '}': JSON allows no comma after the last member of an object")
        case UInt8(ascii: "'"):
            return scanner.error("keys take double quotes in JSON: write \"…\", not '…'")
        case UInt8(ascii: "/"):
            return scanner.error("JSON has no comments (// or /* */): remove it")
        case UInt8(ascii: ","):
            return scanner.error("two commas in a row in an object")
        default:
            let word = self.word(at: scanner)
            if !word.isEmpty { return scanner.error("keys take double quotes in JSON: write \"\(word.clipped)\"") }
            return scanner.error("expected a key in double quotes, found '\(character(at: scanner))'")
        }
    }

    /// After an object member's value: neither ',' nor '}'.
    static func afterMember(_ scanner: JSONScanner, key: String) -> JSONSyntaxError {
        switch scanner.peek() {
        case UInt8(ascii: "\"")?:
            return scanner.error("missing ',' after the value of \"\(key.clipped)\" (before the next key)")
        case UInt8(ascii: "/")?:
            return scanner.error("JSON has no comments (// or /* */): remove it")
        case UInt8(ascii: "]")?:
            return scanner.error("']' closes an array, but an object is open here: expected ',' or '}'")
        default:
            return scanner.error("expected ',' or '}' after the value of \"\(key.clipped)\", found '\(character(at: scanner))'")
        }
    }

    /// After an array element: neither ',' nor ']'.
    static func afterElement(_ scanner: JSONScanner) -> JSONSyntaxError {
        switch scanner.peek() {
        case UInt8(ascii: "}")?:
            return scanner.error("'}' closes an object, but an array is open here: expected ',' or ']'")
        case UInt8(ascii: "/")?:
            return scanner.error("JSON has no comments (// or /* */): remove it")
        case UInt8(ascii: ":")?:
            return scanner.error("':' in an array: key-value pairs belong in an object { … }")
        default:
            return scanner.error("missing ',' between the elements of an array (or a ']' to close it), found '\(character(at: scanner))'")
        }
    }

    /// The identifier-like word at the scanner (letters, digits, `_`, `-`, `.`), at most 40 bytes.
    static func word(at scanner: JSONScanner) -> String {
        var end = scanner.position
        while end < scanner.buffer.count, end - scanner.position < 40 {
            let b = scanner.buffer[end]
            let isWordByte = (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: "$")
            guard isWordByte else { break }
            end += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: scanner.buffer[scanner.position..<end]), as: UTF8.self)
    }

    /// The character at the scanner, printable.
    static func character(at scanner: JSONScanner) -> String {
        guard let b = scanner.peek() else { return "" }
        if b < 0x20 || b == 0x7F { return "\\u{\(String(b, radix: 16))}" }
        if b < 0x80 { return String(UnicodeScalar(b)) }
        // The whole UTF-8 sequence.
        var end = scanner.position + 1
        while end < scanner.buffer.count, scanner.buffer[end] & 0xC0 == 0x80, end - scanner.position < 4 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: scanner.buffer[scanner.position..<end]), as: UTF8.self)
    }
}
