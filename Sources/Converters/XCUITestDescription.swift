import Foundation
import TapModel

/// Element types of the accessibility tree (XCUITest and WebDriverAgent) that a
/// tap acts on: modelled as a UIKit control over the element's frame.
enum AccessibilityElements {
    static let actionable: Set<String> = [
        "Button", "Cell", "Link", "Switch", "Toggle", "Slider", "TextField", "SecureTextField", "SearchField",
        "TextView", "SegmentedControl", "Stepper", "Tab", "MenuItem", "MenuBarItem", "Key", "Picker", "PickerWheel",
        "DatePicker", "Incrementor", "ColorWell", "CheckBox", "RadioButton", "PopUpButton", "MenuButton", "Icon",
        "PageIndicator", "StatusItem", "DisclosureTriangle",
    ]

    static let limits = [
        "accessibility elements only: non-accessible containers, alpha, hidden views and draw order are unknown",
        "no interaction flags, gesture recognizers or SwiftUI modifiers: every actionable element is modelled as a control over its frame",
    ]

    /// A draft for one element: actionable types get a control named after the element.
    static func draft(type: String, frame: Rect, depth: Int, identifier: String?, label: String?, enabled: Bool) -> Draft {
        // Only actionable elements are UIKit views (a control over their frame). Every other element is
        // an accessibility container or label whose real view, draw order and bounds are unknown: it is
        // written as a hollow SwiftUI container, so it neither takes touches nor cuts off its children
        // (an accessibility parent is no superview: U2 must not apply to it).
        let isActionable = actionable.contains(type)
        var d = Draft(type: type, frame: frame, system: isActionable ? .uikit : .swiftui, depth: depth)
        if !isActionable { d.leaf = false }
        d.identifier = identifier?.isEmpty == false ? identifier : nil
        d.label = label?.isEmpty == false ? label : nil
        if actionable.contains(type) {
            d.uikit.control = .init(action: d.identifier ?? d.label ?? type, enabled: enabled)
        }
        return d
    }
}

/// XCUITest `XCUIApplication().debugDescription` ("Element subtree") and
/// `XCUIElement` snapshots: one element per line, nested by indentation,
/// `Type[ (Main)], 0xPTR, {{x, y}, {w, h}}, identifier: '…', label: '…', Selected, Disabled`
/// with absolute frames. The Application line has no frame: it takes the
/// union of its children's.
enum XCUITestParser {
    static func looksLikeElementLine(_ line: Substring) -> Bool {
        parse(line) != nil && line.contains("{{")
    }

    struct Element {
        var indent: Int
        var type: String
        var frame: Rect?
        var identifier: String?
        var label: String?
        var disabled = false
    }

    /// One element line, or nil when the line is not one.
    static func parse(_ line: Substring) -> Element? {
        var indent = 0
        var s = line[...]
        while let c = s.first, c == " " || c == "\t" || c == "→" { indent += c == "\t" ? 4 : 1; s = s.dropFirst() }
        guard let first = s.first, first.isLetter else { return nil }
        let parts = splitTopLevel(s)
        guard let head = parts.first else { return nil }
        var type = head.trimmingCharactersInSpaces
        if let paren = type.firstIndex(of: "(") { type = String(type[..<paren]).trimmingCharactersInSpaces }
        guard !type.isEmpty, type.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
        var e = Element(indent: indent, type: type)
        var sawFrameOrPid = false
        for part in parts.dropFirst() {
            let p = part.trimmingCharactersInSpaces
            if p.hasPrefix("{{") {
                let n = RecursiveDescriptionParser.numbers(Substring(p))
                guard n.count == 4 else { return nil }
                e.frame = Rect(n[0], n[1], n[2], n[3])
                sawFrameOrPid = true
            } else if p.hasPrefix("pid:") {
                sawFrameOrPid = true
            } else if p.hasPrefix("identifier:") {
                e.identifier = quoted(p.dropFirst("identifier:".count))
            } else if p.hasPrefix("label:") {
                e.label = quoted(p.dropFirst("label:".count))
            } else if p == "Disabled" {
                e.disabled = true
            }
        }
        return sawFrameOrPid ? e : nil
    }

    /// Splits at commas outside `{}` and `'…'` (a quote closes before `,` or the line end).
    static func splitTopLevel(_ s: Substring) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var inQuote = false
        let chars = Array(s)
        for (i, c) in chars.enumerated() {
            if inQuote {
                current.append(c)
                if c == "'", i + 1 >= chars.count || chars[i + 1] == "," { inQuote = false }
                continue
            }
            switch c {
            case "'" where current.hasSuffix(": "): inQuote = true; current.append(c)
            case "{": depth += 1; current.append(c)
            case "}": depth -= 1; current.append(c)
            case "," where depth == 0: parts.append(current); current = ""
            default: current.append(c)
            }
        }
        parts.append(current)
        return parts
    }

    static func quoted(_ s: Substring) -> String {
        RecursiveDescriptionParser.unquote(s)
    }

    static func convert(_ text: String) throws -> Conversion {
        var elements: [(Element, Int)] = []
        var inSubtree = false
        var sawHeader = false
        var skipped: [String] = []
        for line in DumpText.lines(text) {
            let t = line.text.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("Element subtree:") { inSubtree = true; sawHeader = true; continue }
            if t.hasPrefix("Path to element:") || t.hasPrefix("Query chain:") {
                if inSubtree { break }
                continue
            }
            if sawHeader && !inSubtree { continue }
            if let e = parse(line.text) {
                elements.append((e, line.number))
            } else if inSubtree, t.range(of: #"^[A-Za-z]+[^,]*, 0x[0-9a-fA-F]+"#, options: .regularExpression) != nil {
                skipped.append("line \(line.number): unreadable element `\(t.prefix(80))`: skipped")
            }
        }
        guard !elements.isEmpty else {
            throw CaptureError(line: 1, "no element found: expected lines like `Button, 0x…, {{20.0, 59.0}, {55.0, 40.0}}, label: 'Menu'`")
        }
        // Indentation → depth (a stack of the open indents).
        var indents: [Int] = []
        var drafts: [Draft] = []
        var warnings: [String] = skipped
        for (e, number) in elements {
            while let last = indents.last, last >= e.indent { indents.removeLast() }
            if !drafts.isEmpty && indents.isEmpty {
                warnings.append("line \(number): a second element tree starts here (\(e.type)); only the first one is converted")
                break
            }
            let depth = indents.count
            indents.append(e.indent)
            if let f = e.frame, !(f.width >= 0 && f.height >= 0 && [f.x, f.y, f.width, f.height].allSatisfy({ $0.isFinite && abs($0) <= 100_000 })) {
                throw CaptureError(line: number, "unreadable frame of \(e.type)")
            }
            var d = AccessibilityElements.draft(type: e.type, frame: e.frame ?? .null, depth: depth,
                                                identifier: e.identifier, label: e.label, enabled: !e.disabled)
            if e.frame == nil { d.frame = .null }
            drafts.append(d)
        }
        fillMissingFrames(&drafts)
        let snapshot = Snapshot(screen: "", nodes: TreeBuilder.nodes(drafts))
        return Conversion(snapshot: snapshot, from: .xcuitest, limits: AccessibilityElements.limits, warnings: warnings)
    }

    /// Elements without a frame (the Application) take the union of their subtree's frames.
    static func fillMissingFrames(_ drafts: inout [Draft]) {
        for i in drafts.indices.reversed() where drafts[i].frame.width < 0 {
            var r = Rect.null
            var j = i + 1
            while j < drafts.count, drafts[j].depth > drafts[i].depth {
                if drafts[j].frame.width >= 0 { r = r.union(drafts[j].frame) }
                j += 1
            }
            drafts[i].frame = r.width < 0 ? Rect(0, 0, 0, 0) : r
        }
    }
}
