import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TapModel

/// Appium / WebDriverAgent page source: `XCUIElementType…` elements with
/// integer absolute `x y width height`, `enabled`, `visible`, `name`,
/// `label`, `accessible`, `hittable`. Read with Foundation's `XMLParser`;
/// text before the XML declaration (a language's string-literal opener) is
/// skipped. `visible="false"` elements are kept, hidden: they take no touches.
enum WDAXMLParser {
    static func convert(data: Data, text: String) throws -> Conversion {
        // Start at the XML itself: a dump pasted from a test file may have text before it.
        var start = text.startIndex
        if let decl = text.range(of: "<?xml") {
            start = decl.lowerBound
        } else if let tag = text.range(of: "<AppiumAUT") ?? text.range(of: "<XCUIElementType") {
            start = tag.lowerBound
        }
        let skippedLines = text[..<start].filter { $0 == "\n" }.count
        var body = String(text[start...])
        // And end after the last closing tag (a `"""` or `;` after it is not XML).
        if let last = body.range(of: ">", options: .backwards) { body = String(body[..<last.upperBound]) }
        let delegate = Delegate()
        let parser = XMLParser(data: Data(body.utf8))
        parser.delegate = delegate
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let ok = parser.parse()
        if let failure = delegate.failure {
            throw CaptureError(line: failure.line + skippedLines, failure.message)
        }
        if !ok {
            let message = parser.parserError.map(reason) ?? "malformed XML"
            throw CaptureError(line: parser.lineNumber + skippedLines, "not well-formed XML (\(message))")
        }
        guard !delegate.drafts.isEmpty else {
            throw CaptureError(line: 1 + skippedLines, "no XCUIElementType… element found")
        }
        var drafts = delegate.drafts
        XCUITestParser.fillMissingFrames(&drafts)
        var warnings = delegate.warnings
        if delegate.roots > 1 { warnings.append("the page source holds \(delegate.roots) applications; only the first is converted") }
        let snapshot = Snapshot(screen: "", nodes: TreeBuilder.nodes(drafts))
        return Conversion(snapshot: snapshot, from: .wdaXML, limits: AccessibilityElements.limits, warnings: warnings)
    }

    static func reason(_ error: Error) -> String {
        let code = (error as NSError).code
        switch XMLParser.ErrorCode(rawValue: code) {
        case .tagNameMismatchError?: return "a closing tag does not match the element that is open"
        case .prematureDocumentEndError?: return "the document ends before its elements are closed"
        case .attributeNotFinishedError?, .attributeNotStartedError?, .attributeHasNoValueError?: return "an attribute is not written name=\"value\""
        case .ltRequiredError?, .gtRequiredError?: return "a tag is not closed with >"
        case .emptyDocumentError?: return "the document is empty"
        default: return "XML parser error \(code)"
        }
    }

    final class Delegate: NSObject, XMLParserDelegate {
        var drafts: [Draft] = []
        var warnings: [String] = []
        var failure: (line: Int, message: String)?
        var depth = 0
        /// Depth at which the first element tree started, and how many top-level trees there were.
        var rootDepth: Int?
        var roots = 0
        /// Open elements and the line each started on.
        var open: [(String, Int)] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            depth += 1
            open.append((name, parser.lineNumber))
            guard failure == nil else { return }
            let rawType = attributes["type"] ?? name
            guard rawType.hasPrefix("XCUIElementType") else { return }  // AppiumAUT and other wrappers
            if rootDepth == nil { rootDepth = depth }
            if depth == rootDepth { roots += 1 }
            guard roots == 1 else { return }
            let type = String(rawType.dropFirst("XCUIElementType".count))
            func number(_ key: String) -> Double? {
                guard let s = attributes[key] else { return nil }
                return Double(s.trimmingCharacters(in: .whitespaces))
            }
            var frame = Rect.null
            if let x = number("x"), let y = number("y"), let w = number("width"), let h = number("height") {
                guard [x, y, w, h].allSatisfy({ $0.isFinite && abs($0) <= 100_000 }), w >= 0, h >= 0 else {
                    failure = (parser.lineNumber, "unreadable frame x=\(attributes["x"] ?? "") y=\(attributes["y"] ?? "") width=\(attributes["width"] ?? "") height=\(attributes["height"] ?? "") of \(rawType)")
                    parser.abortParsing()
                    return
                }
                frame = Rect(x, y, w, h)
            } else if attributes["x"] != nil || attributes["width"] != nil {
                failure = (parser.lineNumber, "\(rawType) has an incomplete or unreadable frame (x, y, width, height)")
                parser.abortParsing()
                return
            } else {
                warnings.append("line \(parser.lineNumber): \(rawType) has no frame (x, y, width, height): kept with an empty frame, so it takes no touches")
            }
            let name = attributes["name"]
            let label = attributes["label"]
            let enabled = attributes["enabled"].map { $0 != "false" } ?? true
            // `name` is the accessibility identifier when one is set, else the label: an id only when it differs.
            let identifier = name != nil && name != label ? name : nil
            var d = AccessibilityElements.draft(type: type, frame: frame, depth: depth - (rootDepth ?? 1),
                                                identifier: identifier, label: label ?? name, enabled: enabled)
            if attributes["visible"] == "false" {
                if d.system == .uikit { d.uikit.hidden = true } else { d.modifiers.append(.hidden(true)) }
            }
            drafts.append(d)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
            guard let (top, line) = open.popLast() else { return }
            if top != name, failure == nil {
                failure = (parser.lineNumber, "closing tag </\(name)> does not match <\(top)> opened on line \(line)")
                parser.abortParsing()
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            if failure == nil {
                failure = (parser.lineNumber, "not well-formed XML (\(WDAXMLParser.reason(parseError)))")
            }
        }

        func parserDidEndDocument(_ parser: XMLParser) {
            if let (top, line) = open.last, failure == nil {
                failure = (parser.lineNumber, "<\(top)> opened on line \(line) is never closed")
            }
        }
    }
}
