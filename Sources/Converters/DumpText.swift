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
        text.utf8.firstRange(of: needle.utf8) != nil
    }

    /// `"a\nb"` (a `po` of a String) → `a⏎b`; nil when the line is not such a literal.
    static func unescapedLiteral(_ line: Substring) -> String? {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
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
