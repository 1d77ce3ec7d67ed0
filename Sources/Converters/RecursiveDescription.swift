import Foundation
import TapModel

/// UIKit `recursiveDescription` (`po view.recursiveDescription()`,
/// swift-snapshot-testing's `.recursiveDescription`, Cycript, lldb logs).
///
/// One view per entry: `<Class: 0xPTR; frame = (x y; w h); key = value; …>`
/// (pointers may be purged: `<Class; frame = …>`), nested by `   | ` bars.
/// Anything before the first `<Class` of a line (comment markers, log
/// timestamps, ivar names, `'Controller:0x…'` tags, which name the view
/// controller whose view it is) and after its closing `>` is ignored;
/// `(layer)` lines and elided `...` lines are skipped.
///
/// An entry that does not close on its line continues on the next lines
/// (a multi-line text, a line wrapped by a terminal) until its `<…>` closes
/// or a new view line starts. Frames are relative to the superview: they are
/// summed into window coordinates, minus each scroll view's `contentOffset`
/// (and a `bounds` origin). A root window sits at the window origin.
///
/// A dump may hold several trees (an echo of the window before the real dump,
/// a fragment, two states): a line at or above the current tree's root level,
/// or after a line of other text, starts a new one; the largest well-formed
/// tree is converted.
enum RecursiveDescriptionParser {
    static let limits = [
        "no gesture recognizer types or actions (recursiveDescription only says a view has recognizers)",
        "control state and actions unknown: controls are recognised by class name and assumed enabled",
        "hit-test overrides unknown",
        "SwiftUI content of a hosting view is one opaque view",
    ]

    /// Continuation lines one entry may take, at most.
    static let maxContinuation = 200

    struct Element {
        var className: String
        var properties: [(key: String, value: Substring)]
        /// The entry's `<…>` closed (else it continues on the next line, or was cut off).
        var closed: Bool
        /// The entry ends inside a quoted text.
        var inQuote: Bool
        func value(_ key: String) -> Substring? { properties.first(where: { $0.key == key })?.value }
    }

    static func looksLikeViewLine(_ line: Substring) -> Bool {
        guard let start = elementStart(line) else { return false }
        return DumpText.has(line[start...], "frame = (")
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
        // Unicode scalars, not Characters: every delimiter is ASCII, and grapheme breaking is slow.
        let chars = Array(line[line.index(after: start)...].unicodeScalars)
        func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: scalars)
            return String(s)
        }
        var i = 0
        while i < chars.count, chars[i] != ":" && chars[i] != ";" && chars[i] != ">" { i += 1 }
        let name = text(chars[0..<i])
        guard i < chars.count else { return nil }
        var props: [(String, Substring)] = []
        if chars[i] == ">" { return Element(className: name, properties: [], closed: true, inQuote: false) }
        if chars[i] == ":" {
            // The pointer: `: 0x7f…` up to the next `;` or `>`.
            while i < chars.count, chars[i] != ";" && chars[i] != ">" { i += 1 }
        }
        guard i < chars.count else { return Element(className: name, properties: [], closed: false, inQuote: false) }
        if chars[i] == ">" { return Element(className: name, properties: [], closed: true, inQuote: false) }
        i += 1
        var segmentStart = i
        var depth = 0
        var inQuote = false
        var closed = false
        func flush(_ end: Int) {
            let s = text(chars[segmentStart..<end]).trimmingCharactersInSpaces
            guard !s.isEmpty else { return }
            // `key = value` or `key: value` (scroll views' contentOffset: {0, -20}).
            if let eq = DumpText.range(of: " = ", in: Substring(s)) {
                props.append((String(s[..<eq.lowerBound]), Substring(s[eq.upperBound...])))
            } else if let colon = DumpText.range(of: ": ", in: Substring(s)) {
                props.append((String(s[..<colon.lowerBound]), Substring(s[colon.upperBound...])))
            }
        }
        while i < chars.count {
            let c = chars[i]
            if inQuote {
                // A quote closes only before `;` or `>` (texts hold apostrophes: 'What's').
                if c == "'", i + 1 >= chars.count || chars[i + 1] == ";" || chars[i + 1] == ">" { inQuote = false }
                i += 1
                continue
            }
            switch c {
            case "'" where i - segmentStart >= 2 && chars[i - 2] == "=" && chars[i - 1] == " ": inQuote = true
            case "<", "{", "(", "[": depth += 1
            case "}", ")", "]": depth = max(0, depth - 1)
            case ">":
                if depth == 0 { flush(i); closed = true } else { depth -= 1 }
            case ";" where depth == 0:
                flush(i)
                segmentStart = i + 1
            default: break
            }
            if closed { break }
            i += 1
        }
        if !closed { flush(chars.count) }
        return Element(className: name, properties: props, closed: closed, inQuote: inQuote)
    }

    static func numbers(_ s: Substring) -> [Double] {
        s.split(whereSeparator: { " ;,(){}".contains($0) }).compactMap { Double($0) }
    }

    /// The most decimal places among the numbers of `s` as printed (`(20.3333 41; 79.6667 20.3333)` → 4).
    static func decimalPlaces(_ s: Substring) -> Int {
        var most = 0
        for token in s.split(whereSeparator: { " ;,(){}".contains($0) }) where Double(token) != nil {
            guard let dot = token.firstIndex(of: ".") else { continue }
            most = max(most, token[token.index(after: dot)...].prefix(while: { $0.isASCII && $0.isNumber }).count)
        }
        return most
    }

    /// `v` rounded to `places` decimals: a sum of printed numbers (`20.3333 + 77.3334`) as the dump
    /// would print it (`97.6667`), not with the binary noise of the sum (`97.66669999999999`).
    static func rounded(_ v: Double, places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<min(places, 10) { scale *= 10 }   // 10 places: beyond the noise of a sum, within any print
        let r = (v * scale).rounded() / scale
        return r.isFinite ? r : v
    }

    /// One view's description, continuation lines joined.
    struct Entry {
        var line: Int
        var lastLine: Int
        /// The text before the `<` (bars, comment markers, ivar names, a controller tag).
        var prefix: Substring
        var element: Element
        var body: String
    }

    /// The lines of a dump grouped into entries and the separators between trees.
    enum Item {
        case entry(Entry)
        case elided
        /// Text that is not part of a view tree (a debugger prompt, a heading): the next entry starts a new tree.
        case other
    }

    static func items(_ text: String) -> [Item] {
        var items: [Item] = []
        let lines = DumpText.lines(text)
        var k = 0
        while k < lines.count {
            let line = lines[k]
            let t = line.text
            k += 1
            guard let start = elementStart(t), var element = element(t, at: start) else {
                let bare = t.filter { $0 != "|" && $0 != " " && $0 != "\t" && $0 != "/" }
                if DumpText.isElision(bare) { items.append(.elided) } else if !bare.isEmpty { items.append(.other) }
                continue
            }
            var entry = Entry(line: line.number, lastLine: line.number, prefix: t[..<start], element: element, body: String(t[start...]))
            // Continuation lines: until the entry closes, a new view line starts, or the limit.
            let margin = marginOf(t[..<start])
            var taken = 0
            var stale = false   // lines joined since the body was last parsed
            while !element.closed, k < lines.count, taken < maxContinuation, !startsEntry(lines[k].text) {
                var next = lines[k].text
                if !margin.isEmpty, next.hasPrefix(margin) {
                    next = next.dropFirst(margin.count)
                    if element.inQuote, next.first == " " { next = next.dropFirst() }
                }
                entry.body += (element.inQuote ? "\n" : "") + next
                entry.lastLine = lines[k].number
                k += 1
                taken += 1
                // Only a `>` can close the entry and only a `'` change whether a text is open: parse again then.
                guard next.contains(where: { $0 == ">" || $0 == "'" }) else { stale = true; continue }
                let joined = Substring(entry.body)
                guard let again = RecursiveDescriptionParser.element(joined, at: joined.startIndex) else { break }
                element = again
                stale = false
            }
            if stale, let again = RecursiveDescriptionParser.element(Substring(entry.body), at: entry.body.startIndex) { element = again }
            entry.element = element
            items.append(.entry(entry))
        }
        return items
    }

    /// A line that begins an entry of its own, not a continuation: a view line, or a tree line
    /// (`   |    | <CALayer: 0x…> (layer)`: only bars and spaces before its `<`).
    static func startsEntry(_ line: Substring) -> Bool {
        guard let start = elementStart(line) else { return false }
        if DumpText.has(line[start...], "frame = (") { return true }
        let prefix = line[..<start]
        return prefix.contains("|") && prefix.allSatisfy { $0 == "|" || $0 == " " || $0 == "\t" }
    }

    /// The comment marker or log prefix of a line: what comes before its tree bars, without trailing spaces.
    static func marginOf(_ prefix: Substring) -> Substring {
        var m = prefix
        if let bar = m.firstIndex(of: "|") { m = m[..<bar] }
        while let last = m.last, last == " " || last == "\t" { m = m.dropLast() }
        return m
    }

    /// `'RootViewController:0xde189b0'` in a line's prefix → `RootViewController`; with its pointer purged
    /// (`'RootViewController'`), a name that ends in `Controller` (so ids are the same either way).
    static func controllerTag(_ prefix: Substring) -> String? {
        // The last quoted token before the view (a margin before it may hold other quotes: "can't").
        guard let close = prefix.lastIndex(of: "'") else { return nil }
        let inside = prefix[..<close]
        guard let open = inside.lastIndex(of: "'") else { return nil }
        let tag = inside[inside.index(after: open)...]
        let name: Substring
        if let colon = tag.firstIndex(of: ":") {
            guard tag[tag.index(after: colon)...].hasPrefix("0x") else { return nil }
            name = tag[..<colon]
        } else {
            guard tag.hasSuffix("Controller") else { return nil }
            name = tag
        }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        return String(name)
    }

    static func convert(_ text: String) throws -> DraftTree {
        var trees: [TreeCandidate] = []
        var current: TreeBuilding?
        var elided = 0
        var afterOther = false
        for item in items(text) {
            switch item {
            case .elided:
                elided += 1
            case .other:
                afterOther = true
            case .entry(let entry):
                let depth = entry.prefix.filter { $0 == "|" }.count
                let element = entry.element
                let after = Substring(entry.body)
                if after.hasSuffix("(layer)") || DumpText.has(after, "> (layer)") { continue }
                guard element.value("frame") != nil else {
                    if let c = current, depth > c.rootDepth, !afterOther {
                        current!.tree.warnings.append("line \(entry.line): \(element.className) has no frame: skipped (its subviews, if any, are placed as if it were not there)")
                    } else if element.closed {
                        afterOther = true  // an object printed on its own (`po self`): not a view of the tree
                    }
                    continue
                }
                if current == nil || afterOther || depth <= current!.rootDepth {
                    if let c = current { trees.append(c.finish()) }
                    current = TreeBuilding(rootDepth: depth, firstLine: entry.line)
                    afterOther = false
                }
                current!.add(entry, depth: depth)
            }
        }
        if let c = current { trees.append(c.finish()) }
        guard !trees.isEmpty else {
            throw CaptureError(line: 1, "no view found: expected lines like <UIView: 0x…; frame = (0 0; 320 480); …>")
        }
        let (chosen, choiceWarnings) = try LargestTree.choose(trees, noun: "view tree", unit: "view")
        var drafts = chosen.drafts
        var limits = limits + chosen.limits
        let warnings = choiceWarnings + chosen.warnings
        if elided > 0 { limits.append("\(elided) elided line\(elided == 1 ? "" : "s") (...): the views there are missing") }
        if !drafts.contains(where: { $0.type == "UIHostingView" }) { limits.removeAll { $0.hasPrefix("SwiftUI content") } }
        Controls.preferSegments(&drafts) { $0.type.hasSuffix("SegmentedControl") }
        Controls.nameActions(&drafts)
        SwiftUILists.settle(&drafts)
        if drafts.contains(where: { $0.numberedByPosition && CellSelection.selects($0) }) {
            limits.append(CellSelection.limit)
        }
        if let kinds = Controls.settleKinds(&drafts) { limits.append(kinds) }
        if drafts.contains(where: { $0.role == .list }) { limits.append(SwiftUILists.limit) }
        return DraftTree(drafts: drafts, limits: limits, warnings: warnings)
    }

    /// One tree being read: frames summed through the open ancestors.
    struct TreeBuilding {
        let rootDepth: Int
        var tree: TreeCandidate
        /// Open ancestors: (raw depth, absolute origin of the view, offset its subviews are shifted by, inside a list,
        /// the most decimal places printed in the numbers the origin and the shift were summed from).
        var stack: [(depth: Int, origin: Point, shift: Point, inList: Bool, places: Int)] = []

        init(rootDepth: Int, firstLine: Int) {
            self.rootDepth = rootDepth
            self.tree = TreeCandidate(firstLine: firstLine)
        }

        /// Views that say they have gesture recognizers (recursiveDescription gives no types).
        var withRecognizers = 0
        /// Lines of the views with running animations (`animations = { position=<CABasicAnimation…>; }`).
        var animated: [Int] = []

        func finish() -> TreeCandidate {
            var t = tree
            if withRecognizers > 0 {
                t.warnings.append("\(withRecognizers) view\(withRecognizers == 1 ? " has" : "s have") gesture recognizers of unknown type: not modelled")
            }
            if let first = animated.first {
                t.limits.append(RecursiveDescriptionParser.midTransition(views: animated.count, firstLine: first))
            }
            return t
        }

        mutating func add(_ entry: Entry, depth: Int) {
            tree.lastLine = entry.lastLine
            guard tree.error == nil else { return }
            let element = entry.element
            let frameText = element.value("frame")!
            let f = RecursiveDescriptionParser.numbers(frameText)
            guard f.count == 4, f.allSatisfy({ $0.isFinite && abs($0) <= 100_000 }), f[2] >= 0, f[3] >= 0 else {
                if !element.closed {
                    // Cut off (the end of a pasted dump): the view is skipped, not the tree.
                    tree.warnings.append("line \(entry.line): \(element.className) is cut off before its frame is complete: skipped")
                    return
                }
                tree.error = CaptureError(line: entry.line, "unreadable frame '\(frameText.prefix(80))' of \(element.className.clipped)")
                return
            }
            while let last = stack.last, last.depth >= depth { stack.removeLast() }
            let baseClass = element.value("baseClass").map { String($0).trimmingCharactersInSpaces }
            let isWindow = element.className.hasSuffix("Window") || baseClass?.hasSuffix("Window") == true
            // Summed origins are rounded to the most decimals the summed numbers were printed with.
            var places = RecursiveDescriptionParser.decimalPlaces(frameText)
            var origin: Point
            if let parent = stack.last {
                places = max(places, parent.places)
                origin = Point(RecursiveDescriptionParser.rounded(parent.origin.x + f[0] - parent.shift.x, places: places),
                               RecursiveDescriptionParser.rounded(parent.origin.y + f[1] - parent.shift.y, places: places))
            } else {
                origin = isWindow ? Point(0, 0) : Point(f[0], f[1])
            }
            var shift = Point(0, 0)
            if let off = element.value("contentOffset") {
                let n = RecursiveDescriptionParser.numbers(off)
                if n.count == 2, n.allSatisfy({ $0.isFinite }) { shift = Point(n[0], n[1]) }
                places = max(places, RecursiveDescriptionParser.decimalPlaces(off))
            } else if let b = element.value("bounds") {
                let n = RecursiveDescriptionParser.numbers(b)
                if n.count == 4, n.allSatisfy({ $0.isFinite }) { shift = Point(n[0], n[1]) }
                places = max(places, RecursiveDescriptionParser.decimalPlaces(b))
            }
            let inList = stack.last?.inList ?? false
            let isCell = CellSelection.isCell(element.className, baseClass: baseClass)
            let isList = CellSelection.isList(element.className, baseClass: baseClass)
            stack.append((depth, origin, shift, isList || (inList && !isCell), places))
            let type = TypeNames.uikitClass(element.className)
            var d = Draft(type: type, frame: Rect(origin.x, origin.y, f[2], f[3]), system: .uikit, depth: depth,
                          source: SourceRef(line: entry.line))
            d.uikit.userInteractionEnabled = element.value("userInteractionEnabled").map { $0 != "NO" } ?? true
            d.uikit.hidden = element.value("hidden").map { $0 == "YES" } ?? false
            d.uikit.clipsToBounds = element.value("clipsToBounds").map { $0 == "YES" } ?? false
            if let a = element.value("alpha"), let v = Double(a.trimmingCharacters(in: .whitespaces)), v.isFinite { d.uikit.alpha = v }
            if let text = element.value("text") { d.label = RecursiveDescriptionParser.unquote(text) }
            if let ident = element.value("accessibilityIdentifier") ?? element.value("identifier") { d.identifier = RecursiveDescriptionParser.unquote(ident) }
            d.viewController = RecursiveDescriptionParser.controllerTag(entry.prefix)
            if element.value("gestureRecognizers") != nil { withRecognizers += 1; d.saysRecognizers = true }
            if element.value("animations") != nil { animated.append(entry.line) }
            if element.value("transform") != nil { tree.limits.append("\(type) at line \(entry.line) has a transform: its frame is the transformed bounding box") }
            if UIKitClasses.isControl(element.className, baseClass: baseClass) {
                d.uikit.control = .init(action: nil, enabled: element.value("enabled").map { $0 != "NO" } ?? true,
                                        kind: UIKitClasses.controlKind(element.className, baseClass: baseClass))
            }
            if inList, isCell { _ = CellSelection.makeSelectable(&d) }
            d.role = SwiftUILists.role(element.className, baseClass: baseClass)
            tree.drafts.append(d)
        }
    }

    /// The limit of a dump taken while views were animating: a layer's running animations are printed
    /// as `animations = { position=<CABasicAnimation: 0x…>; opacity=<…>; }` on its view's line.
    static func midTransition(views: Int, firstLine: Int) -> String {
        "captured mid-transition: \(views) view\(views == 1 ? "" : "s") carr\(views == 1 ? "ies" : "y") running animations (`animations = { … }`, first at line \(firstLine)), "
            + "so frames, alpha and hidden flags are those of one moment of the animation and findings may not hold once it ends: capture the screen again when it is still"
    }

    /// `'Message'` → `Message`; `'\u53d6\u6d88'` (Cycript) → `取消`.
    static func unquote(_ s: Substring) -> String {
        var t = Substring(String(s).trimmingCharactersInSpaces)
        if t.count >= 2, t.first == "'" || t.first == "\"", t.last == t.first { t = t.dropFirst().dropLast() }
        return DumpText.decodingUnicodeEscapes(String(t))
    }
}
