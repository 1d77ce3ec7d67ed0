/// A small XML reader for WebDriverAgent page sources: elements and their
/// attributes with the line each starts on, nothing else.
///
/// Why not Foundation's `XMLParser`: on Linux it crashes the process on a
/// processing instruction without data (`<?pi?>`: a null pointer read in
/// `_NSXMLParserProcessingInstruction`), before any delegate is called, and
/// a page source needs none of what libxml2 adds (DTDs, entities, namespaces).
/// Measured in the README's dependency table.
///
/// What it reads: the XML declaration and other processing instructions
/// (skipped), comments and CDATA sections (skipped), elements with single-
/// or double-quoted attributes, the five predefined entities and character
/// references in attribute values. A DOCTYPE is refused (a page source has
/// none, and refusing it refuses entity expansion: no billion laughs).
/// Iterative and memory-safe: any input ends in elements or an `XMLError`.
struct XMLScanner {
    struct Attribute: Equatable {
        var name: String
        var value: String
    }

    enum Event: Equatable {
        case start(name: String, attributes: [Attribute], line: Int)
        case end(name: String, line: Int)
    }

    struct XMLError: Error, Equatable {
        var line: Int
        var message: String
    }

    private let bytes: [UInt8]
    private var i = 0
    private(set) var line = 1

    init(_ text: String) { bytes = Array(text.utf8) }

    /// Every element start and end in document order; self-closing elements give both.
    /// - Throws: `XMLError` with the line of the first problem (unclosed or mismatched tags included).
    /// - Complexity: O(n) in the size of the text.
    mutating func events() throws(XMLError) -> [Event] {
        var out: [Event] = []
        var open: [(name: String, line: Int)] = []
        var sawRoot = false
        while i < bytes.count {
            let b = bytes[i]
            if b != UInt8(ascii: "<") {
                if b == UInt8(ascii: "\n") { line += 1 }
                if open.isEmpty && !isSpace(b) {
                    throw XMLError(line: line, message: sawRoot ? "text after the document's last element" : "text before the document's first element")
                }
                i += 1
                continue
            }
            guard i + 1 < bytes.count else { throw XMLError(line: line, message: "a tag is not closed with >") }
            switch bytes[i + 1] {
            case UInt8(ascii: "?"):
                try skip(past: "?>", what: "a processing instruction")
            case UInt8(ascii: "!"):
                if starts(with: "<!--") {
                    try skip(past: "-->", what: "a comment")
                } else if starts(with: "<![CDATA[") {
                    guard !open.isEmpty else { throw XMLError(line: line, message: "a CDATA section outside the elements") }
                    try skip(past: "]]>", what: "a CDATA section")
                } else if starts(with: "<!DOCTYPE") {
                    throw XMLError(line: line, message: "a DOCTYPE (DTD) is not read: a page source has none, and its entities are refused")
                } else {
                    throw XMLError(line: line, message: "unexpected <! (only comments and CDATA sections are read)")
                }
            case UInt8(ascii: "/"):
                let startLine = line
                i += 2
                let name = try readName()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw XMLError(line: line, message: "a closing tag is not closed with >") }
                i += 1
                guard let top = open.popLast() else { throw XMLError(line: startLine, message: "closing tag </\(name.clipped)> without an open element") }
                guard top.name == name else {
                    throw XMLError(line: startLine, message: "closing tag </\(name.clipped)> does not match <\(top.name.clipped)> opened on line \(top.line)")
                }
                out.append(.end(name: name, line: startLine))
            default:
                if open.isEmpty && sawRoot { throw XMLError(line: line, message: "a second top-level element (an XML document has one)") }
                let startLine = line
                i += 1
                let name = try readName()
                var attributes: [Attribute] = []
                var selfClosing = false
                while true {
                    let hadSpace = skipSpace()
                    guard i < bytes.count else { throw XMLError(line: startLine, message: "<\(name.clipped)> is not closed with >") }
                    if bytes[i] == UInt8(ascii: ">") { i += 1; break }
                    if bytes[i] == UInt8(ascii: "/") {
                        guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ">") else { throw XMLError(line: line, message: "a tag is not closed with >") }
                        i += 2
                        selfClosing = true
                        break
                    }
                    guard hadSpace else { throw XMLError(line: line, message: "an attribute of <\(name.clipped)> is not separated by a space") }
                    let key = try readName()
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else {
                        throw XMLError(line: line, message: "attribute \(key.clipped) of <\(name.clipped)> is not written name=\"value\"")
                    }
                    i += 1
                    skipSpace()
                    let value = try readValue()
                    if let k = attributes.firstIndex(where: { $0.name == key }) { attributes[k].value = value } else {
                        attributes.append(Attribute(name: key, value: value))
                    }
                }
                sawRoot = true
                out.append(.start(name: name, attributes: attributes, line: startLine))
                if selfClosing { out.append(.end(name: name, line: line)) } else { open.append((name, startLine)) }
            }
        }
        if let top = open.last { throw XMLError(line: line, message: "<\(top.name.clipped)> opened on line \(top.line) is never closed") }
        guard sawRoot else { throw XMLError(line: line, message: "the document is empty") }
        return out
    }

    private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let from = i
        while i < bytes.count, isSpace(bytes[i]) {
            if bytes[i] == UInt8(ascii: "\n") { line += 1 }
            i += 1
        }
        return i > from
    }

    private func starts(with s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        return s.withUTF8Buffer { buffer in
            for k in 0..<n where bytes[i + k] != buffer[k] { return false }
            return true
        }
    }

    /// Skips to just after `end`, counting lines.
    private mutating func skip(past end: StaticString, what: String) throws(XMLError) {
        let startLine = line
        i += 2
        while i < bytes.count {
            if starts(with: end) { i += end.utf8CodeUnitCount; return }
            if bytes[i] == UInt8(ascii: "\n") { line += 1 }
            i += 1
        }
        throw XMLError(line: startLine, message: "\(what) is never closed")
    }

    private func isNameByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: ":")
            || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b >= 0x80
    }

    private mutating func readName() throws(XMLError) -> String {
        let from = i
        while i < bytes.count, isNameByte(bytes[i]) { i += 1 }
        guard i > from else { throw XMLError(line: line, message: "expected a name after <") }
        let first = bytes[from]
        guard !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")), first != UInt8(ascii: "-"), first != UInt8(ascii: ".") else {
            throw XMLError(line: line, message: "a name cannot start with '\(UnicodeScalar(first))'")
        }
        return String(decoding: bytes[from..<i], as: UTF8.self)
    }

    /// A quoted attribute value with its entity and character references decoded.
    private mutating func readValue() throws(XMLError) -> String {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
            throw XMLError(line: line, message: "an attribute value is not quoted")
        }
        let quote = bytes[i]
        let startLine = line
        i += 1
        var out: [UInt8] = []
        while i < bytes.count, bytes[i] != quote {
            let b = bytes[i]
            if b == UInt8(ascii: "<") { throw XMLError(line: line, message: "< inside an attribute value (write &lt;)") }
            if b == UInt8(ascii: "\n") { line += 1 }
            if b == UInt8(ascii: "&") {
                try readReference(into: &out)
                continue
            }
            out.append(b)
            i += 1
        }
        guard i < bytes.count else { throw XMLError(line: startLine, message: "an attribute value is never closed") }
        i += 1
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func readReference(into out: inout [UInt8]) throws(XMLError) {
        let from = i
        i += 1
        while i < bytes.count, bytes[i] != UInt8(ascii: ";"), i - from < 12 { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else { throw XMLError(line: line, message: "an & that starts no entity (write &amp;)") }
        let name = String(decoding: bytes[(from + 1)..<i], as: UTF8.self)
        i += 1
        switch name {
        case "lt": out.append(UInt8(ascii: "<"))
        case "gt": out.append(UInt8(ascii: ">"))
        case "amp": out.append(UInt8(ascii: "&"))
        case "quot": out.append(UInt8(ascii: "\""))
        case "apos": out.append(UInt8(ascii: "'"))
        default:
            var code: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                code = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                code = UInt32(name.dropFirst(), radix: 10)
            } else {
                throw XMLError(line: line, message: "unknown entity &\(name.clipped); (a page source uses only &lt; &gt; &amp; &quot; &apos; and &#…;)")
            }
            guard let c = code, c != 0, let scalar = Unicode.Scalar(c) else {
                throw XMLError(line: line, message: "&\(name.clipped); is not a character")
            }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        }
    }
}
