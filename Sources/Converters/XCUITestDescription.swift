import Foundation
import TapModel

/// Element types of the accessibility tree (XCUITest and WebDriverAgent) that a
/// tap acts on: modelled as a UIKit control over the element's frame.
///
/// An accessibility dump does not say which framework drew an element, so `system`
/// claims none: it picks the rules that reproduce what the dump does say
/// (docs/capture.md, "What a converted accessibility element claims"). An actionable
/// element fires on a tap inside its frame and nowhere else: a `uikit` node with a
/// control, bound exactly (U1, U4), whatever it holds (its texts and images take
/// nothing, U5). Every other element is a hollow `swiftui` container: no region of
/// its own, so it neither takes a touch nor keeps one from what it holds (an
/// accessibility parent is no superview, so U2 must not cut its children off).
enum AccessibilityElements {
    static let actionable: Set<String> = [
        "Button", "Cell", "Link", "Switch", "Toggle", "Slider", "TextField", "SecureTextField", "SearchField",
        "TextView", "SegmentedControl", "Stepper", "Tab", "MenuItem", "MenuBarItem", "Key", "Picker", "PickerWheel",
        "DatePicker", "Incrementor", "ColorWell", "CheckBox", "RadioButton", "PopUpButton", "MenuButton", "Icon",
        "PageIndicator", "StatusItem", "DisclosureTriangle",
    ]

    /// Element types whose value is their text (a label when they have none).
    static let textTypes: Set<String> = ["StaticText", "TextView", "TextField"]

    static let limits = [
        "accessibility elements only: non-accessible containers, alpha, hidden views and draw order are unknown",
        "no interaction flags, gesture recognizers or SwiftUI modifiers: every actionable element is modelled as a control over its frame",
        "which framework drew each element is unknown: `system` is the model, not the app (actionable elements are UIKit controls bound exactly to their frames, every other element a hollow SwiftUI container)",
        "no control kinds or cell selection: element types are not classes, so every control is handled as a button (U6) and a Cell as a control over its frame; Cells in a Table or CollectionView are rows of a list",
    ]

    /// A draft for one element: actionable types get a control named after the element.
    static func draft(type: String, frame: Rect, depth: Int, identifier: String?, label: String?, enabled: Bool,
                      source: SourceRef) -> Draft {
        let isActionable = actionable.contains(type)
        var d = Draft(type: type, frame: frame, system: isActionable ? .uikit : .swiftui, depth: depth, source: source)
        if !isActionable { d.leaf = false }
        d.identifier = identifier?.isEmpty == false ? identifier : nil
        d.label = label?.isEmpty == false ? label : nil
        d.noFrame = frame.width < 0
        if isActionable {
            d.uikit.control = .init(action: d.identifier ?? d.label ?? type, enabled: enabled)
        }
        return d
    }

    /// Elements without a frame (the Application) take their main window's frame (the screen), else
    /// their first window's, else the union of their children's frames. Returns why the root's
    /// frame is a guess, when it is the union (no window: one elided, or a fragment).
    @discardableResult
    static func fillMissingFrames(_ drafts: inout [Draft], elided: Bool = false, isMainWindow: (Int) -> Bool = { _ in false }) -> String? {
        var guess: String?
        for i in drafts.indices.reversed() where drafts[i].frame.width < 0 {
            let end = Controls.subtreeEnd(drafts, i)
            let children = ((i + 1)..<end).filter { drafts[$0].depth == drafts[i].depth + 1 && drafts[$0].frame.width >= 0 }
            let windows = children.filter { drafts[$0].type == "Window" }
            if let w = windows.first(where: isMainWindow) ?? windows.first {
                drafts[i].frame = drafts[w].frame
                continue
            }
            var r = Rect.null
            for c in children { r = r.union(drafts[c].frame) }
            drafts[i].frame = r.width < 0 ? Rect(0, 0, 0, 0) : r
            if i == 0, r.width >= 0 {
                guess = "the \(drafts[0].type) has no frame and the dump shows no window of it"
                    + (elided ? " (the dump is elided: lines are left out)" : "")
                    + ", so it takes the union of the elements it shows"
            }
        }
        return guess
    }

    /// An actionable element without a label of its own (a `Cell` holding a `StaticText`) reads as
    /// the first text it holds: its label, and its action's name unless it has an identifier.
    static func nameFromContent(_ drafts: inout [Draft]) {
        for i in drafts.indices where drafts[i].uikit.control != nil && drafts[i].label == nil {
            let end = Controls.subtreeEnd(drafts, i)
            guard let title = drafts[(i + 1)..<end].lazy.compactMap(\.label).first else { continue }
            drafts[i].label = title
            if drafts[i].identifier == nil { drafts[i].uikit.control?.action = String(title.split(separator: "\n").first ?? "") }
        }
    }

    /// A `Cell` in a `Table` or `CollectionView` is a row of that list (`role`), as XCUITest and
    /// WebDriverAgent name them; what the rows do stays the cells' own controls.
    static func markRows(_ drafts: inout [Draft]) {
        var open: [Int] = []   // ancestors of the current draft
        for i in drafts.indices {
            while let last = open.last, drafts[last].depth >= drafts[i].depth { open.removeLast() }
            if drafts[i].type == "Cell", let list = open.last(where: { drafts[$0].type == "Table" || drafts[$0].type == "CollectionView" }),
               !open.contains(where: { $0 > list && drafts[$0].type == "Cell" }) {
                drafts[i].role = .row
                drafts[list].role = .list
            }
            open.append(i)
        }
    }

    /// The accessibility tree's segmented controls list their segments as Buttons.
    static func preferSegments(_ drafts: inout [Draft]) {
        Controls.preferSegments(&drafts) { $0.type == "SegmentedControl" }
    }

    /// Actionable elements no tap can reach in this capture are no targets: those off screen
    /// (`offScreen`, or a frame wholly outside the root's, the screen) and those the dump gave no
    /// frame. They stay in the tree with their labels, as hollow containers, and a warning names them.
    static func settleUnreachable(_ drafts: inout [Draft], warnings: inout [String]) {
        // The screen as the device size will be: from the window origin to the root's far edges.
        guard let root = drafts.first?.frame, !root.isEmpty else { return }
        let screen = Rect(0, 0, max(root.maxX, 0), max(root.maxY, 0)).union(root)
        var offScreen: [Int] = [], frameless: [Int] = []
        for i in drafts.indices.dropFirst() {
            let f = drafts[i].frame
            let outside = f.maxX <= screen.minX || f.minX >= screen.maxX || f.maxY <= screen.minY || f.minY >= screen.maxY
            // Without a frame of its own, an element spans what it holds; holding nothing, it is nowhere.
            if drafts[i].noFrame && !f.isEmpty { drafts[i].noFrame = false }
            if drafts[i].noFrame {
                drafts[i].offScreen = false
            } else if outside {
                drafts[i].offScreen = true
            }
            guard drafts[i].uikit.control != nil, drafts[i].offScreen || drafts[i].noFrame else { continue }
            drafts[i].uikit.control = nil
            drafts[i].system = .swiftui
            drafts[i].leaf = false
            if drafts[i].noFrame { frameless.append(i) } else { offScreen.append(i) }
        }
        func names(_ list: [Int]) -> String {
            var parts = list.prefix(6).map { i -> String in
                let d = drafts[i]
                let name = (d.label ?? d.identifier).map { " '\($0.split(separator: "\n").first ?? "")'" } ?? ""
                return "\(d.type)\(name)\(d.source.line.map { " (line \($0))" } ?? "")"
            }
            if list.count > 6 { parts.append("and \(list.count - 6) more") }
            return parts.joined(separator: ", ")
        }
        if !offScreen.isEmpty {
            warnings.append("\(offScreen.count) actionable element\(offScreen.count == 1 ? " is" : "s are") off screen (visible=\"false\" or a frame outside the screen: scrolled out of view, not hidden): "
                + "kept, but no target, as no tap reaches \(offScreen.count == 1 ? "it" : "them") until scrolled into view: \(names(offScreen))")
        }
        if !frameless.isEmpty {
            warnings.append("\(frameless.count) actionable element\(frameless.count == 1 ? " has" : "s have") no frame in the dump: kept, but no target, as there is nowhere to tap \(frameless.count == 1 ? "it" : "them"): \(names(frameless))")
        }
    }
}

/// XCUITest `XCUIApplication().debugDescription` ("Element subtree") and
/// `XCUIElement` snapshots: one element per line, nested by indentation,
/// `Type[ (Main)], 0xPTR, {{x, y}, {w, h}}, identifier: '…', label: '…', Selected, Disabled`
/// with absolute frames. Xcode 26 prints no pointer and the frame as
/// `{x, y, w, h}`, anywhere among the attributes. The Application line has
/// no frame: it takes its main window's. A quoted label or value that spans
/// lines is read to its closing quote. Several subtrees (or trees) in one
/// dump: the largest is converted.
enum XCUITestParser {
    static func looksLikeElementLine(_ line: Substring) -> Bool {
        guard let e = parse(line) else { return false }
        return e.frame != nil
    }

    struct Element {
        var indent: Int
        var type: String
        var main = false
        var frame: Rect?
        var identifier: String?
        var label: String?
        var value: String?
        /// macOS elements: a menu's or window's title (its name when it has no label).
        var title: String?
        var disabled = false
        var hasPointerOrPid = false
        /// The line ends inside a quoted text (it continues on the next line).
        var openQuote = false
    }

    /// One element line, or nil when the line is not one. Outside an "Element subtree:"
    /// section a line needs a frame, a pointer or a pid to count as an element.
    static func parse(_ line: Substring) -> Element? {
        var indent = 0
        var s = line[...]
        while let c = s.first, c == " " || c == "\t" || c == "→" || c == "↳" { indent += c == "\t" ? 4 : 1; s = s.dropFirst() }
        guard let first = s.first, first.isLetter, first.isUppercase else { return nil }
        let (parts, openQuote) = splitTopLevel(s)
        guard let head = parts.first else { return nil }
        var type = head.trimmingCharactersInSpaces
        var main = false
        if let paren = type.firstIndex(of: "(") {
            main = type[paren...].contains("Main")
            type = String(type[..<paren]).trimmingCharactersInSpaces
        }
        guard !type.isEmpty, type.count <= 64, type.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        var e = Element(indent: indent, type: type, main: main)
        e.openQuote = openQuote
        for part in parts.dropFirst() {
            let p = part.trimmingCharactersInSpaces
            if p.hasPrefix("{") {
                let n = RecursiveDescriptionParser.numbers(Substring(p))
                if n.count == 4 {
                    guard n.allSatisfy({ $0.isFinite }) else { return nil }
                    e.frame = Rect(n[0], n[1], n[2], n[3])
                } else if n.count != 2 {
                    return nil
                }
            } else if p.hasPrefix("0x") {
                e.hasPointerOrPid = true
            } else if p.hasPrefix("pid:") {
                e.hasPointerOrPid = true
            } else if p.hasPrefix("identifier:") {
                e.identifier = quoted(p.dropFirst("identifier:".count))
            } else if p.hasPrefix("label:") {
                e.label = quoted(p.dropFirst("label:".count))
            } else if p.hasPrefix("value:") {
                e.value = quoted(p.dropFirst("value:".count))
            } else if p.hasPrefix("title:") {
                e.title = quoted(p.dropFirst("title:".count))
            } else if p == "Disabled" {
                e.disabled = true
            }
        }
        return e
    }

    /// Splits at commas outside `{}` and `'…'` (a quote closes before `,` or the line end);
    /// also says whether the line ended inside a quote.
    static func splitTopLevel(_ s: Substring) -> (parts: [String], openQuote: Bool) {
        // Unicode scalars, not Characters: the delimiters are ASCII, and grapheme breaking is slow.
        let chars = Array(s.unicodeScalars)
        func text(_ from: Int, _ to: Int) -> String {
            var v = String.UnicodeScalarView()
            v.append(contentsOf: chars[from..<to])
            return String(v)
        }
        var parts: [String] = []
        var partStart = 0
        var depth = 0
        var inQuote = false
        for (i, c) in chars.enumerated() {
            if inQuote {
                if c == "'", i + 1 >= chars.count || chars[i + 1] == "," { inQuote = false }
                continue
            }
            switch c {
            case "'" where i - partStart >= 2 && chars[i - 2] == ":" && chars[i - 1] == " ": inQuote = true
            case "{": depth += 1
            case "}": depth -= 1
            case "," where depth == 0:
                parts.append(text(partStart, i))
                partStart = i + 1
            default: break
            }
        }
        parts.append(text(partStart, chars.count))
        return (parts, inQuote)
    }

    static func quoted(_ s: Substring) -> String {
        RecursiveDescriptionParser.unquote(s)
    }

    static let sectionHeaders = ["Attributes:", "Element subtree:", "Path to element:", "Query chain:"]

    static func convert(_ text: String) throws -> DraftTree {
        let lines = DumpText.lines(text)
        let hasSections = lines.contains { $0.text.trimmingCharacters(in: .whitespaces).hasPrefix("Element subtree:") }
        var trees: [TreeCandidate] = []
        var current: TreeCandidate?
        var rootIndent = 0
        var indents: [Int] = []   // the open ancestors' indents in the current tree
        var mains = Set<Int>()   // (tree-local) indices of "Window (Main)" drafts
        var mainsByTree: [Set<Int>] = []
        var inSubtree = !hasSections
        var elided = 0
        func close() {
            if let c = current { trees.append(c); mainsByTree.append(mains) }
            current = nil
            mains = []
        }
        var k = 0
        while k < lines.count {
            let line = lines[k]
            k += 1
            let t = line.text.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("Element subtree:") { close(); inSubtree = true; continue }
            if sectionHeaders.contains(where: { t.hasPrefix($0) }) { close(); inSubtree = false; continue }
            guard inSubtree else { continue }
            if DumpText.isElision(t) { elided += 1; continue }
            guard var e = parse(line.text), hasSections || e.frame != nil || e.hasPointerOrPid else {
                // Anything that reads as an element somewhere in the line (a stray character before it too) is named.
                if current != nil, t.range(of: #"[A-Za-z]+[^,]*, (0x[0-9a-fA-F]+|\{)"#, options: .regularExpression) != nil {
                    current!.warnings.append("line \(line.number): unreadable element `\(t.prefix(80))`: skipped")
                }
                continue
            }
            // A quoted label or value that spans lines: read on to its closing quote.
            var joined = String(line.text)
            var taken = 0
            while e.openQuote, k < lines.count, taken < RecursiveDescriptionParser.maxContinuation,
                  !looksLikeElementLine(lines[k].text), !sectionHeaders.contains(where: { lines[k].text.trimmingCharacters(in: .whitespaces).hasPrefix($0) }) {
                joined += "\n" + lines[k].text
                k += 1
                taken += 1
                guard let again = parse(Substring(joined)) else { break }
                e = again
            }
            if current == nil || e.indent <= rootIndent {
                close()
                current = TreeCandidate(firstLine: line.number)
                rootIndent = e.indent
                indents = []
            }
            current!.lastLine = lines[k - 1].number
            if let f = e.frame, !(f.width >= 0 && f.height >= 0 && [f.x, f.y, f.width, f.height].allSatisfy({ $0.isFinite && abs($0) <= 100_000 })) {
                if current!.error == nil { current!.error = CaptureError(line: line.number, "unreadable frame of \(e.type)") }
                continue
            }
            // (Only before the element's quoted texts: a label may well hold `{{count}}`.)
            let head = line.text.range(of: ": '").map { line.text[..<$0.lowerBound] } ?? line.text
            if e.frame == nil, head.contains("{{") || head.contains("={") {
                // A frame is written there but cannot be read: the element stays, as one without a frame, and says so.
                current!.warnings.append("line \(line.number): unreadable frame of \(e.type): kept without one")
            }
            var label = e.label?.isEmpty == false ? e.label : e.title
            if label == nil, AccessibilityElements.textTypes.contains(e.type) { label = e.value }
            // Depth from indentation: one level per step in, however wide the step.
            while let last = indents.last, last >= e.indent { indents.removeLast() }
            let depth = indents.count
            indents.append(e.indent)
            let d = AccessibilityElements.draft(type: e.type, frame: e.frame ?? .null, depth: depth,
                                                identifier: e.identifier, label: label, enabled: !e.disabled,
                                                source: SourceRef(line: line.number))
            if e.main && e.type == "Window" { mains.insert(current!.drafts.count) }
            current!.drafts.append(d)
        }
        close()
        guard !trees.isEmpty else {
            throw CaptureError(line: 1, "no element found: expected lines like `Button, 0x…, {{20.0, 59.0}, {55.0, 40.0}}, label: 'Menu'`")
        }
        let (chosen, choiceWarnings) = try LargestTree.choose(trees, noun: "element tree", unit: "element")
        let chosenMains = mainsByTree[trees.firstIndex { $0.firstLine == chosen.firstLine }!]
        var drafts = chosen.drafts
        let guess = AccessibilityElements.fillMissingFrames(&drafts, elided: elided > 0) { chosenMains.contains($0) }
        AccessibilityElements.preferSegments(&drafts)
        AccessibilityElements.nameFromContent(&drafts)
        AccessibilityElements.markRows(&drafts)
        var warnings = choiceWarnings + chosen.warnings
        AccessibilityElements.settleUnreachable(&drafts, warnings: &warnings)
        var limits = AccessibilityElements.limits
        if elided > 0 { limits.append("\(elided) elided line\(elided == 1 ? "" : "s") (...): the elements there are missing") }
        var tree = DraftTree(drafts: drafts, limits: limits, warnings: warnings)
        tree.rootFrameGuess = guess
        return tree
    }
}
