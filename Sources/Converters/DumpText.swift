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
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
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

    /// `"a\nb"` (a `po` of a String) → `a⏎b`; nil when the line is not such a literal.
    static func unescapedLiteral(_ line: Substring) -> String? {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        guard trimmed.first == "\"", trimmed.contains("\\n") else { return nil }
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
        if text.contains("<XCUIElementType") || text.contains("<AppiumAUT") { return .wdaXML }
        if text.contains("Element subtree:") && !text.contains("frame = (") { return .xcuitest }
        var sawViewController = false
        for line in DumpText.lines(String(text.prefix(200_000))) {
            if RecursiveDescriptionParser.looksLikeViewLine(line.text) { return .recursiveDescription }
            if XCUITestParser.looksLikeElementLine(line.text) { return .xcuitest }
            if line.text.contains("state: appeared") || line.text.contains("state: disappeared") { sawViewController = true }
        }
        if sawViewController {
            throw CaptureError(line: 1, "a view-controller hierarchy (controllers, no frames) is not a view dump: capture the views instead (recursiveDescription, XCUIApplication().debugDescription, or the capture kit)")
        }
        throw CaptureError(line: 1, "cannot tell the format: not a capture bundle, SwiftUI debug data, recursiveDescription, XCUITest debugDescription or WebDriverAgent XML (pass --format)")
    }
}
