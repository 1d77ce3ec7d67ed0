import Foundation

/// The text of a dump as engineers paste it: a byte-order mark, CRLF line
/// ends, and the debugger's `po` output of a `String` (one quoted line with
/// `\n`, `\'`, `\"` escapes) are all undone here, keeping each line's number
/// in the file for error messages.
enum DumpText {
    struct Line {
        var text: Substring
        /// 1-based line in the file.
        var number: Int
    }

    /// UTF-8 without a byte-order mark (invalid bytes become U+FFFD rather than failing).
    static func decode(_ data: Data) -> String {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The lines of `text`, CR and CRLF ends accepted; an escaped Swift string
    /// literal on one line is expanded into the lines it holds (all numbered
    /// with the line it came from).
    static func lines(_ text: String) -> [Line] {
        var out: [Line] = []
        var number = 0
        for raw in rawLines(text) {
            number += 1
            if let expanded = unescapedLiteral(raw) {
                for part in expanded.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" }) {
                    out.append(Line(text: part, number: number))
                }
            } else {
                out.append(Line(text: raw, number: number))
            }
        }
        return out
    }

    /// The lines of `text` split at LF, CRLF or CR, found in its UTF-8 bytes (splitting Characters
    /// would segment graphemes: many times slower on a long dump).
    static func rawLines(_ text: String) -> [Substring] {
        var out: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var i = start
        while i < utf8.endIndex {
            let b = utf8[i]
            if b == 0x0A || b == 0x0D {
                out.append(text[start..<i])
                var next = utf8.index(after: i)
                if b == 0x0D, next < utf8.endIndex, utf8[next] == 0x0A { next = utf8.index(after: next) }
                start = next
                i = next
            } else {
                i = utf8.index(after: i)
            }
        }
        out.append(text[start..<utf8.endIndex])
        return out
    }

    /// Whether `text` holds `needle`, compared byte by byte (Foundation's `contains` goes through CFString).
    static func has(_ text: Substring, _ needle: String) -> Bool {
        range(of: needle, in: text) != nil
    }

    /// The first place `needle` occurs in `text`, compared byte by byte. The standard library's
    /// `firstRange(of:)` would do, but it needs iOS 16 and the test library builds for iOS 15.
    /// - Complexity: O(n × m) at worst; a needle here is a few bytes.
    static func range(of needle: String, in text: Substring) -> Range<String.Index>? {
        let utf8 = text.utf8
        var needleBytes = needle.utf8.makeIterator()
        guard let first = needleBytes.next() else { return utf8.startIndex..<utf8.startIndex }
        var from = utf8.startIndex
        while let start = utf8[from...].firstIndex(of: first) {
            var i = utf8.index(after: start)
            var rest = needle.utf8.dropFirst().makeIterator()
            var matched = true
            while let b = rest.next() {
                guard i < utf8.endIndex, utf8[i] == b else { matched = false; break }
                i = utf8.index(after: i)
            }
            if matched { return start..<i }
            from = utf8.index(after: start)
        }
        return nil
    }

    /// A line that says lines were left out: dots (three or more) or ellipsis characters and nothing
    /// else (`...`, `.......`, `…`), once tree bars, spaces and comment slashes are taken off.
    static func isElision(_ bare: some StringProtocol) -> Bool {
        guard !bare.isEmpty, bare.allSatisfy({ $0 == "." || $0 == "…" || $0 == "⋯" || $0 == "⋮" }) else { return false }
        return bare.contains { $0 != "." } || bare.count >= 3
    }

    /// `\u53d6\u6d88` → `取消`: the escapes Cycript and `NSLog` of a collection print for every
    /// character outside ASCII (`\U53d6` too; a surrogate pair is one character; `\xa0` for one
    /// in Latin-1). Anything else, an unpaired surrogate included, is kept as written.
    static func decodingUnicodeEscapes(_ text: String) -> String {
        guard text.unicodeScalars.contains("\\") else { return text }
        let scalars = Array(text.unicodeScalars)
        func hex(at i: Int, digits: Int) -> UInt32? {
            guard i + 2 + digits <= scalars.count else { return nil }
            var v: UInt32 = 0
            for k in (i + 2)..<(i + 2 + digits) {
                guard let d = Character(scalars[k]).hexDigitValue else { return nil }
                v = v * 16 + UInt32(d)
            }
            return v
        }
        func hex(at i: Int) -> UInt32? {
            guard i + 1 < scalars.count, scalars[i] == "\\", scalars[i + 1] == "u" || scalars[i + 1] == "U" else { return nil }
            return hex(at: i, digits: 4)
        }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if i + 1 < scalars.count, scalars[i] == "\\", scalars[i + 1] == "x", let v = hex(at: i, digits: 2), let scalar = Unicode.Scalar(v) {
                out.append(scalar)
                i += 4
                continue
            }
            if let v = hex(at: i) {
                if (0xD800..<0xDC00).contains(v), let low = hex(at: i + 6), (0xDC00..<0xE000).contains(low),
                   let scalar = Unicode.Scalar(0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)) {
                    out.append(scalar)
                    i += 12
                    continue
                }
                if let scalar = Unicode.Scalar(v) {
                    out.append(scalar)
                    i += 6
                    continue
                }
            }
            out.append(scalars[i])
            i += 1
        }
        return String(out)
    }

    /// `"a\nb"` (a `po` of a String, or Cycript's `@"a\nb"`) → `a⏎b`; nil when the line is not such a
    /// literal. `\uXXXX` escapes are left for the texts they are in (`decodingUnicodeEscapes`).
    static func unescapedLiteral(_ line: Substring) -> String? {
        var trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        if trimmed.hasPrefix("@\"") { trimmed = trimmed.dropFirst() }
        guard trimmed.first == "\"", has(trimmed, "\\n") else { return nil }
        var body = trimmed.dropFirst()
        if let end = body.lastIndex(of: "\""), body.index(before: body.endIndex) == end || body[body.index(after: end)...].allSatisfy({ $0 == " " || $0 == "\t" }) {
            body = body[..<end]
        }
        var out = ""
        var escaped = false
        for ch in body {
            if escaped {
                switch ch {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": break
                case "0": break
                case "u", "U", "x": out.append("\\"); out.append(ch)   // \uXXXX, \xXX: decoded in the text they belong to
                default: out.append(ch)  // \' \" \\
                }
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.append(ch)
            }
        }
        return out
    }
}

/// Tells the format of a dump from its content.
enum FormatDetection {
    static func detect(_ text: String) throws -> CaptureFormat {
        let head = text.drop(while: { $0.isWhitespace })
        if head.first == "{" || head.first == "[" {
            if head.first == "{", let range = head.prefix(4096).range(of: "\"format\"") {
                let after = head[range.upperBound...].prefix(200)
                if after.contains("tapreplay-capture") { return .tapreplayCapture }
                if after.contains("tapreplay-snapshot") {
                    throw CaptureError(line: 1, "this is already a snapshot (format tapreplay-snapshot): use it directly")
                }
            }
            if head.prefix(65536).contains("\"properties\"") || head.first == "[" { return .swiftuiDebug }
            throw CaptureError(line: 1, "a JSON file that is neither a capture bundle (\"format\": \"tapreplay-capture\"), SwiftUI debug data (an array of {\"properties\", \"children\"}) nor a WebDriverAgent response ({\"value\": \"…\"})")
        }
        let all = Substring(text)
        if DumpText.has(all, "<XCUIElementType") || DumpText.has(all, "<AppiumAUT") { return .wdaXML }
        if DumpText.has(all, "Element subtree:") && !DumpText.has(all, "frame = (") { return .xcuitest }
        var sawViewController = false
        for line in DumpText.lines(String(text.prefix(200_000))) {
            if RecursiveDescriptionParser.looksLikeViewLine(line.text) { return .recursiveDescription }
            if XCUITestParser.looksLikeElementLine(line.text) { return .xcuitest }
            if DumpText.has(line.text, "state: appeared") || DumpText.has(line.text, "state: disappeared") { sawViewController = true }
        }
        if sawViewController {
            throw CaptureError(line: 1, "a view-controller hierarchy (controllers, no frames) is not a view dump: capture the views instead (recursiveDescription, XCUIApplication().debugDescription, or the capture kit)")
        }
        throw CaptureError(line: 1, "cannot tell the format: not a capture bundle, SwiftUI debug data, recursiveDescription, XCUITest debugDescription or WebDriverAgent XML (pass --format)")
    }
}
