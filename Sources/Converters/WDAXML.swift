import TapModel

/// Appium / WebDriverAgent page source: `XCUIElementType…` elements with
/// integer absolute `x y width height`, `enabled`, `visible`, `name`,
/// `label`, `accessible`, `hittable`. Read with `XMLScanner`; text before
/// the XML (a language's string-literal opener) and after it is skipped.
/// `visible="false"` elements are off screen (scrolled out of view): kept, but
/// no targets (`AccessibilityElements.settleUnreachable`). Several
/// applications in one source: the largest is converted.
enum WDAXMLParser {
    static func convert(_ text: String) throws -> DraftTree {
        // Start at the XML itself: a dump pasted from a test file may have text before it.
        var start = text.startIndex
        if let decl = text.range(of: "<?xml") {
            start = decl.lowerBound
        } else if let tag = text.range(of: "<AppiumAUT") ?? text.range(of: "<XCUIElementType") {
            start = tag.lowerBound
        }
        let skippedLines = text[..<start].filter { $0 == "\n" }.count
        var body = text[start...]
        // And end after the last closing tag (a `"""` or `;` after it is not XML).
        if let last = body.range(of: ">", options: .backwards) { body = body[..<last.upperBound] }
        var scanner = XMLScanner(String(body))
        let events: [XMLScanner.Event]
        do {
            events = try scanner.events()
        } catch {
            throw CaptureError(line: error.line + skippedLines, "not well-formed XML: \(error.message)")
        }
        var trees: [TreeCandidate] = []
        var depth = 0          // elements open
        var rootDepth: Int?    // depth of the current tree's root
        for event in events {
            switch event {
            case .end:
                depth -= 1
                if let r = rootDepth, depth < r { rootDepth = nil }
            case .start(let name, let attributes, let line):
                depth += 1
                let attrs = Dictionary(attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { _, b in b })
                let rawType = attrs["type"] ?? name
                guard rawType.hasPrefix("XCUIElementType") else { continue }  // AppiumAUT and other wrappers
                let fileLine = line + skippedLines
                if rootDepth == nil {
                    rootDepth = depth
                    trees.append(TreeCandidate(firstLine: fileLine))
                }
                trees[trees.count - 1].lastLine = fileLine
                guard trees[trees.count - 1].error == nil else { continue }
                do {
                    if let d = try draft(rawType, attrs, depth: depth - rootDepth!, line: fileLine, warnings: &trees[trees.count - 1].warnings) {
                        trees[trees.count - 1].drafts.append(d)
                    }
                } catch {
                    trees[trees.count - 1].error = error
                }
            }
        }
        guard !trees.isEmpty else { throw CaptureError(line: 1 + skippedLines, "no XCUIElementType… element found") }
        let (chosen, choiceWarnings) = try LargestTree.choose(trees, noun: "application tree", unit: "element")
        var drafts = chosen.drafts
        let guess = AccessibilityElements.fillMissingFrames(&drafts)
        AccessibilityElements.preferSegments(&drafts)
        AccessibilityElements.nameFromContent(&drafts)
        AccessibilityElements.markRows(&drafts)
        var warnings = choiceWarnings + chosen.warnings
        AccessibilityElements.settleUnreachable(&drafts, warnings: &warnings)
        var tree = DraftTree(drafts: drafts, limits: AccessibilityElements.limits, warnings: warnings)
        tree.rootFrameGuess = guess
        return tree
    }

    static func draft(_ rawType: String, _ attributes: [String: String], depth: Int, line: Int,
                      warnings: inout [String]) throws(CaptureError) -> Draft? {
        let type = String(rawType.dropFirst("XCUIElementType".count))
        func number(_ key: String) -> Double? {
            guard let s = attributes[key] else { return nil }
            return Double(s.trimmingCharactersInSpaces)
        }
        var frame = Rect.null
        if let x = number("x"), let y = number("y"), let w = number("width"), let h = number("height") {
            guard [x, y, w, h].allSatisfy({ $0.isFinite && abs($0) <= 100_000 }), w >= 0, h >= 0 else {
                throw CaptureError(line: line, "unreadable frame x=\(attributes["x"] ?? "") y=\(attributes["y"] ?? "") width=\(attributes["width"] ?? "") height=\(attributes["height"] ?? "") of \(rawType)".clipped)
            }
            frame = Rect(x, y, w, h)
        } else if attributes["x"] != nil || attributes["width"] != nil {
            throw CaptureError(line: line, "\(rawType.clipped) has an incomplete or unreadable frame (x, y, width, height)")
        } else {
            warnings.append("line \(line): \(rawType.clipped) has no frame (x, y, width, height): kept with an empty frame, so it takes no touches")
        }
        let name = attributes["name"]
        var label = attributes["label"]
        if label == nil, AccessibilityElements.textTypes.contains(type) { label = attributes["value"] }
        let enabled = attributes["enabled"].map { $0 != "false" } ?? true
        // `name` is the accessibility identifier when one is set, else the label: an id only when it differs.
        let identifier = name != nil && name != label ? name : nil
        var d = AccessibilityElements.draft(type: type, frame: frame, depth: depth, identifier: identifier,
                                            label: label ?? name, enabled: enabled, source: SourceRef(line: line))
        // Not visible is off screen (scrolled out of view), not hidden: WebDriverAgent lists no hidden view.
        d.offScreen = attributes["visible"] == "false"
        return d
    }
}
