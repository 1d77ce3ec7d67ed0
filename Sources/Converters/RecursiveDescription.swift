import Foundation
import TapModel

/// UIKit `recursiveDescription` (`po view.recursiveDescription()`,
/// swift-snapshot-testing's `.recursiveDescription`, Cycript, lldb logs).
///
/// One view per line: `<Class: 0xPTR; frame = (x y; w h); key = value; …>`
/// (pointers may be purged: `<Class; frame = …>`), nested by `   | ` bars.
/// Anything before the first `<Class` of a line (comment markers, log
/// timestamps, ivar names, `'Controller:0x…'`) and after its closing `>` is
/// ignored; `(layer)` lines and elided `...` lines are skipped. Frames are
/// relative to the superview: they are summed into window coordinates, minus
/// each scroll view's `contentOffset` (and a `bounds` origin). A root window
/// sits at the window origin.
enum RecursiveDescriptionParser {
    static let limits = [
        "no gesture recognizer types or actions (recursiveDescription only says a view has recognizers)",
        "control state and actions unknown: controls are recognised by class name and assumed enabled",
        "hit-test overrides unknown",
        "SwiftUI content of a hosting view is one opaque view",
    ]

    /// Classes that are UIControls (their subclasses are recognised by `baseClass` or a name ending in `Button`).
    static let controlClasses: Set<String> = [
        "UIButton", "UISwitch", "UISlider", "UISegmentedControl", "UITextField", "UISearchTextField", "UIStepper",
        "UIDatePicker", "UIPageControl", "UIControl", "UIColorWell", "UIRefreshControl",
    ]

    struct Element {
        var className: String
        var properties: [(key: String, value: Substring)]
        func value(_ key: String) -> Substring? { properties.first(where: { $0.key == key })?.value }
    }

    static func looksLikeViewLine(_ line: Substring) -> Bool {
        guard let start = elementStart(line) else { return false }
        return line[start...].contains("frame = (")
    }

    /// The index of the `<` that opens the view description on the line: `<Class:` or `<Class;`.
    static func elementStart(_ line: Substring) -> Substring.Index? {
        var i = line.startIndex
        while let lt = line[i...].firstIndex(of: "<") {
            var j = line.index(after: lt)
            guard j < line.endIndex, let first = line[j].unicodeScalars.first,
                  CharacterSet.letters.contains(first) || line[j] == "_" else { i = line.index(after: lt); continue }
            while j < line.endIndex, line[j].isLetter || line[j].isNumber || line[j] == "_" || line[j] == "." || line[j] == "$" {
                j = line.index(after: j)
            }
            // A view always has `: 0x…` or (pointers purged) `;` after its class; `<Notice>` in a log prefix has neither.
            if j < line.endIndex, line[j] == ":" || line[j] == ";" { return lt }
            i = line.index(after: lt)
        }
        return nil
    }

    /// Parses `<Class: 0x…; key = value; …>` starting at `start`.
    static func element(_ line: Substring, at start: Substring.Index) -> Element? {
        let chars = Array(line[line.index(after: start)...])
        var i = 0
        var name = ""
        while i < chars.count, chars[i] != ":" && chars[i] != ";" && chars[i] != ">" { name.append(chars[i]); i += 1 }
        guard i < chars.count else { return nil }
        var props: [(String, Substring)] = []
        if chars[i] == ">" { return Element(className: name, properties: []) }
        if chars[i] == ":" {
            // The pointer: `: 0x7f…` up to the next `;` or `>`.
            while i < chars.count, chars[i] != ";" && chars[i] != ">" { i += 1 }
        }
        guard i < chars.count else { return nil }
        if chars[i] == ">" { return Element(className: name, properties: []) }
        i += 1
        var segment = ""
        var depth = 0
        var inQuote = false
        var closed = false
        func flush() {
            let s = segment.trimmingCharactersInSpaces
            segment = ""
            guard !s.isEmpty else { return }
            // `key = value` or `key: value` (scroll views' contentOffset: {0, -20}).
            if let eq = s.range(of: " = ") {
                props.append((String(s[..<eq.lowerBound]), Substring(s[eq.upperBound...])))
            } else if let colon = s.range(of: ": ") {
                props.append((String(s[..<colon.lowerBound]), Substring(s[colon.upperBound...])))
            }
        }
        while i < chars.count {
            let c = chars[i]
            if inQuote {
                segment.append(c)
                // A quote closes only before `;` or `>` (texts hold apostrophes: 'What's').
                if c == "'", i + 1 >= chars.count || chars[i + 1] == ";" || chars[i + 1] == ">" { inQuote = false }
                i += 1
                continue
            }
            switch c {
            case "'" where segment.hasSuffix("= "): inQuote = true; segment.append(c)
            case "<", "{", "(", "[": depth += 1; segment.append(c)
            case "}", ")", "]": depth = max(0, depth - 1); segment.append(c)
            case ">":
                if depth == 0 { flush(); closed = true } else { depth -= 1; segment.append(c) }
            case ";" where depth == 0: flush()
            default: segment.append(c)
            }
            if closed { break }
            i += 1
        }
        if !closed { flush() }
        return Element(className: name, properties: props)
    }

    static func numbers(_ s: Substring) -> [Double] {
        s.split(whereSeparator: { " ;,(){}".contains($0) }).compactMap { Double($0) }
    }

    static func convert(_ text: String) throws -> Conversion {
        var drafts: [Draft] = []
        var warnings: [String] = []
        var limits = limits
        // Open ancestors: (raw depth, absolute origin of the view, offset its subviews are shifted by).
        var stack: [(depth: Int, origin: Point, shift: Point)] = []
        var rootDepth: Int?
        var elided = 0
        var layerLines = 0
        var firstLine: Int?
        var hosting = 0
        var withRecognizers = 0
        for line in DumpText.lines(text) {
            let t = line.text
            guard let start = elementStart(t) else {
                let bare = t.filter { $0 != "|" && $0 != " " && $0 != "\t" && $0 != "/" }
                if bare == "..." || bare == "…" { elided += 1 }
                continue
            }
            guard let element = element(t, at: start) else {
                throw CaptureError(line: line.number, "unreadable view description: \(t[start...].prefix(80))")
            }
            let after = t[start...]
            if after.hasSuffix("(layer)") || element.value("frame") == nil {
                if after.contains("(layer)") {
                    layerLines += 1
                } else {
                    warnings.append("line \(line.number): \(element.className) has no frame: skipped (its subviews, if any, are placed as if it were not there)")
                }
                continue
            }
            let depth = t[..<start].filter { $0 == "|" }.count
            if let r = rootDepth, depth <= r {
                warnings.append("line \(line.number): a second view tree starts here (\(element.className)); only the first one (line \(firstLine ?? 0)) is converted")
                break
            }
            if rootDepth == nil { rootDepth = depth; firstLine = line.number }
            let f = numbers(element.value("frame")!)
            guard f.count == 4, f.allSatisfy({ $0.isFinite && abs($0) <= 100_000 }), f[2] >= 0, f[3] >= 0 else {
                throw CaptureError(line: line.number, "unreadable frame '\(element.value("frame")!)' of \(element.className)")
            }
            while let last = stack.last, last.depth >= depth { stack.removeLast() }
            let baseClass = element.value("baseClass").map(String.init)
            let isWindow = element.className.hasSuffix("Window") || baseClass?.hasSuffix("Window") == true
            var origin: Point
            if let parent = stack.last {
                origin = Point(parent.origin.x + f[0] - parent.shift.x, parent.origin.y + f[1] - parent.shift.y)
            } else {
                origin = isWindow ? Point(0, 0) : Point(f[0], f[1])
            }
            var shift = Point(0, 0)
            if let off = element.value("contentOffset") {
                let n = numbers(off)
                if n.count == 2 { shift = Point(n[0], n[1]) }
            } else if let b = element.value("bounds") {
                let n = numbers(b)
                if n.count == 4 { shift = Point(n[0], n[1]) }
            }
            stack.append((depth, origin, shift))
            let type = TypeNames.uikitClass(element.className)
            var d = Draft(type: type, frame: Rect(origin.x, origin.y, f[2], f[3]), system: .uikit, depth: depth)
            d.uikit.userInteractionEnabled = element.value("userInteractionEnabled").map { $0 != "NO" } ?? true
            d.uikit.hidden = element.value("hidden").map { $0 == "YES" } ?? false
            d.uikit.clipsToBounds = element.value("clipsToBounds").map { $0 == "YES" } ?? false
            if let a = element.value("alpha"), let v = Double(a.trimmingCharacters(in: .whitespaces)) { d.uikit.alpha = v }
            if let text = element.value("text") { d.label = unquote(text) }
            if let ident = element.value("accessibilityIdentifier") ?? element.value("identifier") { d.identifier = unquote(ident) }
            if element.value("gestureRecognizers") != nil { withRecognizers += 1 }
            if element.value("transform") != nil { limits.append("\(type) at line \(line.number) has a transform: its frame is the transformed bounding box") }
            if type == "UIHostingView" { hosting += 1 }
            if controlClasses.contains(element.className) || baseClass.map(controlClasses.contains) == true
                || (element.className.hasSuffix("Button") && !element.className.hasSuffix("BarButton")) {
                d.uikit.control = .init(action: nil, enabled: element.value("enabled").map { $0 != "NO" } ?? true)
            }
            drafts.append(d)
        }
        guard !drafts.isEmpty else {
            throw CaptureError(line: 1, "no view found: expected lines like <UIView: 0x…; frame = (0 0; 320 480); …>")
        }
        if elided > 0 { limits.append("\(elided) elided line\(elided == 1 ? "" : "s") (...): the views there are missing") }
        if withRecognizers > 0 { warnings.append("\(withRecognizers) view\(withRecognizers == 1 ? " has" : "s have") gesture recognizers of unknown type: not modelled") }
        if hosting == 0 { limits.removeAll { $0.hasPrefix("SwiftUI content") } }
        _ = layerLines
        nameControls(&drafts)
        let snapshot = Snapshot(screen: "", nodes: TreeBuilder.nodes(drafts))
        return Conversion(snapshot: snapshot, from: .recursiveDescription, limits: limits, warnings: warnings)
    }

    /// `'Message'` → `Message`.
    static func unquote(_ s: Substring) -> String {
        var t = Substring(String(s).trimmingCharactersInSpaces)
        if t.count >= 2, t.first == "'" || t.first == "\"", t.last == t.first { t = t.dropFirst().dropLast() }
        return String(t)
    }

    /// A control without an action is named after the first text in it (a button's title label).
    static func nameControls(_ drafts: inout [Draft]) {
        for i in drafts.indices where drafts[i].uikit.control != nil && drafts[i].uikit.control?.action == nil {
            var j = i + 1
            var title = drafts[i].label
            while title == nil, j < drafts.count, drafts[j].depth > drafts[i].depth {
                title = drafts[j].label
                j += 1
            }
            let name = title ?? drafts[i].identifier
            drafts[i].uikit.control?.action = name
        }
    }
}
