import TapJSON

/// One modifier call of a TSX `modifiers` array: where it is, and how `--fix` may edit it.
struct ExpoModifier: Sendable, Equatable {
    /// The modifier's exported name (`onTapGesture`); nil for what is not a call of one.
    let name: String?
    /// UTF-16 offsets of the call in the TSX text.
    let start: Int, end: Int
    /// What removing it from its array takes (the call and one separator).
    let cut: Range<Int>?
    /// Written directly in an array literal or a `push`/`unshift` call, where a call can be inserted before it.
    let editable: Bool

    init(_ v: JSONValue) {
        if case .string(let s)? = v["m"] { name = s } else { name = nil }
        start = v["pos"].int ?? 0
        end = v["end"].int ?? start
        if case .array(let c)? = v["cut"], c.count == 2, let a = c[0].int, let b = c[1].int, a <= b { cut = a..<b } else { cut = nil }
        editable = v["fixable"] == .bool(true)
    }
}

/// Where `--fix` appends a modifier to an element in the TSX: after the last item
/// of its `modifiers={[…]}` array, or as a new `modifiers` prop after its tag name.
/// Nil for an element whose modifiers are a variable or an expression.
struct ExpoAppend: Sendable, Equatable {
    /// UTF-16 offset to insert at.
    let at: Int
    /// Written before the call: `, ` after an item, nothing in an empty array; nil for a new prop.
    let lead: String?

    init?(_ n: JSONValue) {
        if let m = n["modifiers"], m != .null {
            guard let at = m["append"]?["at"].int else { return nil }
            self.at = at
            lead = m["append"]?["lead"].text ?? ""
        } else if let tag = n["tagEnd"].int, n["spread"] != .bool(true) {
            at = tag
            lead = nil
        } else {
            return nil
        }
    }

    /// The text that appends `call`.
    func text(_ call: String) -> String { lead.map { $0 + call } ?? " modifiers={[\(call)]}" }
}

/// A TSX file's `@expo/ui/swift-ui` views written as the SwiftUI they render, so
/// SourceLint's evaluation reads them as it reads Swift (docs/lint.md, "Expo",
/// has the table of names). Each element and modifier keeps the TSX offset it
/// came from, so a finding points into the TSX file.
struct ExpoSwift {
    /// The Swift text.
    private(set) var text = ""
    /// UTF-8 offset in `text` of each view name and modifier written, and its TSX UTF-16 offset.
    private(set) var marks: [(swift: Int, tsx: Int)] = []
    /// The modifiers written: their range in `text` (from the period) and the TSX call.
    private(set) var modifiers: [(swift: Range<Int>, call: ExpoModifier)] = []
    /// Where each element written ends in `text` (after its modifiers), and how `--fix` appends a modifier to it in the TSX.
    private(set) var elements: [(swiftEnd: Int, append: ExpoAppend?)] = []

    /// The prefix the synthesized types carry, so `Text` from react-native is never SwiftUI's Text.
    static let prefix = "TSX_"

    init(file: JSONValue) {
        emit("import SwiftUI\nimport UIKit\n\n")
        guard case .array(let components)? = file["components"] else { return }
        for (i, c) in components.enumerated() {
            let name: String
            if case .string(let n)? = c["name"], let first = n.first, first.isUppercase { name = ExpoSwift.prefix + n } else { name = "\(ExpoSwift.prefix)render\(i)" }
            emit("struct \(name): View {\n    var body: some View {\n")
            nodes(c["nodes"], indent: 2)
            emit("    }\n}\n\n")
        }
    }

    private mutating func emit(_ s: String) { text += s }
    private mutating func mark(_ tsx: Int?) { if let tsx { marks.append((text.utf8.count, tsx)) } }

    private mutating func nodes(_ list: JSONValue?, indent: Int) {
        guard case .array(let items)? = list, !items.isEmpty else {
            emit(String(repeating: "    ", count: indent) + "EmptyView()\n")
            return
        }
        for n in items { node(n, indent: indent) }
    }

    private mutating func node(_ n: JSONValue, indent: Int) {
        let pad = String(repeating: "    ", count: indent)
        switch n["k"].text {
        case "text":
            emit(pad + "Text(\(Self.literal(n["v"].text ?? "")))\n")
        case "if":
            emit(pad + "if expoCondition {\n")
            nodes(n["then"], indent: indent + 1)
            emit(pad + "} else {\n")
            nodes(n["else"], indent: indent + 1)
            emit(pad + "}\n")
        case "each":
            emit(pad + "ForEach(expoItems, id: \\.self) { _ in\n")
            nodes(n["body"], indent: indent + 1)
            emit(pad + "}\n")
        case "view", "custom":
            element(n, indent: indent)
        default:
            emit(pad + "expoView\n")   // a variable, a call: a view the source does not tell
        }
    }

    /// An element: one `if` branch per variant of its modifiers (at most 16).
    private mutating func element(_ n: JSONValue, indent: Int) {
        let pad = String(repeating: "    ", count: indent)
        var variants: [[JSONValue]] = [[]]
        if case .array(let vs)? = n["modifiers"]?["variants"] {
            variants = vs.map { if case .array(let items) = $0 { return items } else { return [] } }
        }
        if n["spread"] == .bool(true) { variants = variants.map { $0 + [.object(["m": .null, "pos": n["pos"] ?? .null])] } }
        if variants.count == 1 {
            base(n, indent: indent, modifiers: variants[0])
            return
        }
        for (i, v) in variants.enumerated() {
            emit(pad + (i == 0 ? "if expoVariant\(i) {\n" : i == variants.count - 1 ? "} else {\n" : "} else if expoVariant\(i) {\n"))
            base(n, indent: indent + 1, modifiers: v)
        }
        emit(pad + "}\n")
    }

    /// The SwiftUI counterpart of an element, then its modifiers in the order written.
    private mutating func base(_ n: JSONValue, indent: Int, modifiers: [JSONValue]) {
        let pad = String(repeating: "    ", count: indent)
        let name = n["name"].text ?? "View"
        let props = n["props"]
        let children = n["children"]
        let hasChildViews: Bool = {
            guard case .array(let c)? = children else { return false }
            return c.contains { $0["k"].text != "text" }
        }()
        let title: String = {
            if case .array(let c)? = children, !c.isEmpty, c.allSatisfy({ $0["k"].text == "text" }) {
                return Self.literal(c.compactMap { $0["v"].text }.joined(separator: " "))
            }
            if let s = props?["label"]?.stringValue ?? props?["title"]?.stringValue { return Self.literal(s) }
            return "expoText"
        }()
        func block(_ opening: String) {
            emit(opening + " {\n")
            nodes(children, indent: indent + 1)
            emit(pad + "}")
        }
        emit(pad)
        mark(n["pos"].int)
        if n["k"].text == "custom" {
            // A component of the linted files is a TSX_ struct the evaluator follows; any other is unknown.
            if hasChildViews { block(ExpoSwift.prefix + name) } else { emit(ExpoSwift.prefix + name + "()") }
        } else {
            switch name {
            case "HStack", "VStack", "ZStack", "LazyHStack", "LazyVStack", "Grid", "GridRow":
                if let s = props?["spacing"]?.numberText { block("\(name)(spacing: \(s))") } else { block(name) }
            case "Group", "List", "Form", "ScrollView", "NavigationStack", "ControlGroup", "GlassEffectContainer":
                block(name)
            case "Section":
                // header and footer views are drawn by the list, their controls tappable as any.
                block("Section")
                for slot in ["header", "footer"] {
                    guard case .array? = props?[slot]?["nodes"] else { continue }
                    emit(" \(slot): {\n")
                    nodes(props?[slot]?["nodes"], indent: indent + 1)
                    emit(pad + "}")
                }
            case "Host":
                block("Group")
            case "ForEach", "List.ForEach":
                block("ForEach(expoItems, id: \\.self) { _ in Group")
                emit(" }")
            case "Text":
                emit("Text(\(title))")
            case "Image":
                if let s = props?["systemName"]?.stringValue { emit("Image(systemName: \(Self.literal(s)))") } else { emit("Image(expoText)") }
            case "Spacer":
                emit("Spacer()")
            case "Divider":
                emit("Divider()")
            case "Label":
                let icon = props?["systemImage"]?.stringValue.map(Self.literal) ?? "expoText"
                emit("Label(\(title), systemImage: \(icon))")
            case "LabeledContent":
                emit("LabeledContent {\n")
                nodes(children, indent: indent + 1)
                emit(pad + "} label: {\n")
                if let s = props?["label"]?.stringValue { emit(pad + "    Text(\(Self.literal(s)))\n") }
                else if case .array? = props?["label"]?["nodes"] { nodes(props?["label"]?["nodes"], indent: indent + 1) }
                else { emit(pad + "    Text(expoText)\n") }
                emit(pad + "}")
            case "Button", "NavigationLink", "Link", "ShareLink":
                let opening = name == "Button" ? "Button(action: {})" : "NavigationLink(destination: EmptyView())"
                if hasChildViews {
                    block(opening)
                } else if case .array? = props?["label"]?["nodes"] {
                    emit(opening + " {\n")
                    nodes(props?["label"]?["nodes"], indent: indent + 1)
                    emit(pad + "}")
                } else if let icon = props?["systemImage"]?.stringValue {
                    emit("\(opening) { Label(\(title), systemImage: \(Self.literal(icon))) }")
                } else {
                    emit("\(opening) { Text(\(title)) }")
                }
                if name == "Button", let variant = props?["variant"]?.stringValue {
                    emit(".buttonStyle(.\(variant == "default" ? "automatic" : variant))")
                }
            case "Toggle", "Switch":
                emit("Toggle(\(title), isOn: .constant(true))")
            case "Slider":
                emit("Slider(value: .constant(0))")
            case "Picker":
                emit("Picker(\(title), selection: .constant(0)) { EmptyView() }")
            case "TextField", "SecureField":
                emit("TextField(\"\", text: .constant(\"\"))")
            case "Rectangle", "Circle", "Capsule", "Ellipse":
                emit("\(name)()")
            case "RoundedRectangle":
                emit("RoundedRectangle(cornerRadius: \(props?["cornerRadius"]?.numberText ?? "8"))")
            default:
                // An @expo/ui view the table does not map: unknown to the evaluation, its children still read.
                if hasChildViews { block("Expo\(name)") } else { emit("Expo\(name)()") }
            }
        }
        for m in modifiers { modifier(ExpoModifier(m), args: m["args"], indent: indent) }
        elements.append((text.utf8.count, ExpoAppend(n)))
        emit("\n")
    }

    private mutating func modifier(_ m: ExpoModifier, args: JSONValue?, indent: Int) {
        guard let swift = Self.swift(m.name, args) else { return }
        let pad = String(repeating: "    ", count: indent + 1)
        emit("\n" + pad)
        let from = text.utf8.count
        emit(".")
        mark(m.start)
        emit(swift)
        modifiers.append((from..<text.utf8.count, m))
    }

    /// The SwiftUI modifier (without its period) an Expo modifier call stands for; nil
    /// for one that changes nothing (`hidden(false)`). Unknown ones stay unknown.
    static func swift(_ name: String?, _ args: JSONValue?) -> String? {
        guard let name else { return "expoUnknownModifier()" }
        let a: [JSONValue] = { if case .array(let x)? = args { return x } else { return [] } }()
        let first = a.first
        switch name {
        case "onTapGesture": return "onTapGesture {}"
        case "onLongPressGesture": return "onLongPressGesture {}"
        case "contentShape": return "contentShape(\(shape(first)))"
        case "clipShape", "mask":
            if case .string(let s)? = first?["v"] { return "\(name)(\(shape(.object(["t": "shape", "name": .string(s)]))))" }
            return "\(name)(\(shape(first)))"
        case "padding":
            if case .object(let props)? = first?["props"], !props.isEmpty, props.allSatisfy({ $0.value["v"] == .number(0) }) { return "padding(0)" }
            return "padding()"
        case "frame":
            guard case .object(let props)? = first?["props"] else { return "frame(width: expoLength)" }
            let order = props.contains { $0.key.hasPrefix("min") || $0.key.hasPrefix("max") || $0.key.hasPrefix("ideal") }
                ? ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"] : ["width", "height"]
            let parts = order.compactMap { key -> String? in
                guard let v = props.last(where: { $0.key == key })?.value else { return nil }
                return "\(key): \(v.numberText ?? "expoLength")"
            }
            return parts.isEmpty ? "frame()" : "frame(\(parts.joined(separator: ", ")))"
        case "background": return "background(\(color(first)))"
        case "backgroundOverlay": return "background(\(color(first?["props"]?["color"])))"
        case "overlay": return "overlay(\(color(first?["props"]?["color"])))"
        case "opacity": return "opacity(\(first?.numberText ?? "expoOpacity"))"
        case "hidden": return first?["v"] == .bool(false) ? nil : "hidden()"
        case "disabled": return "disabled(true)"
        case "buttonStyle":
            let style = first?.stringValue ?? "automatic"
            return "buttonStyle(.\(style))"
        case "cornerRadius": return "cornerRadius(\(first?.numberText ?? "8"))"
        case "foregroundStyle", "foregroundColor": return "foregroundStyle(Color.primary)"
        case "tint": return "tint(Color.accentColor)"
        case "font": return "font(.body)"
        case "bold": return "bold()"
        case "shadow": return "shadow(radius: 1)"
        case "border": return "border(Color.gray)"
        case "scaleEffect": return "scaleEffect(1)"
        case "rotationEffect": return "rotationEffect(.degrees(0))"
        case "offset": return "offset(x: 0, y: 0)"
        case "blur": return "blur(radius: 1)"
        case "brightness", "contrast", "saturation", "grayscale": return "\(name)(1)"
        case "hueRotation": return "hueRotation(.degrees(0))"
        case "colorInvert": return "colorInvert()"
        case "fixedSize": return "fixedSize()"
        case "layoutPriority": return "layoutPriority(1)"
        case "zIndex": return "zIndex(1)"
        case "accessibilityLabel", "accessibilityHint", "accessibilityValue": return "\(name)(\"\")"
        case "aspectRatio": return "aspectRatio(contentMode: .\(first?["props"]?["contentMode"]?.stringValue ?? "fit"))"
        case "clipped": return "clipped()"
        case "ignoreSafeArea": return "ignoresSafeArea()"
        case "animation": return "animation(.default, value: 0)"
        case "glassEffect": return "glassEffect()"
        case "listRowBackground", "listRowSeparator", "listRowInsets", "navigationTitle", "labelsHidden", "textFieldStyle",
             "pickerStyle", "toggleStyle", "tag", "scrollContentBackground", "listStyle", "headerProminence":
            return "\(name)(expoValue)"
        default: return "expo_\(name)()"
        }
    }

    /// `shapes.rectangle()` and its kin as SwiftUI shapes.
    static func shape(_ v: JSONValue?) -> String {
        switch v?["name"]?.text {
        case "rectangle": return "Rectangle()"
        case "circle": return "Circle()"
        case "capsule": return "Capsule()"
        case "ellipse": return "Ellipse()"
        case "roundedRectangle":
            let r = v?["args"].flatMap { if case .array(let a) = $0 { return a.first?["props"]?["cornerRadius"]?.numberText } else { return nil } }
            return "RoundedRectangle(cornerRadius: \(r ?? "8"))"
        default: return "expoShape"
        }
    }

    /// A colour string: clear (`clear`, `transparent`, `#00…` with alpha 0) or painted; anything else unknown.
    static func color(_ v: JSONValue?) -> String {
        guard let s = v?.stringValue?.lowercased() else { return "expoColor" }
        if s == "clear" || s == "transparent" || (s.hasPrefix("#") && s.count == 9 && s.dropFirst().hasPrefix("00")) { return "Color.clear" }
        return "Color.blue"
    }

    static func literal(_ s: String) -> String {
        var out = "\""
        for ch in s {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.append(ch)
            }
        }
        return out + "\""
    }
}

extension Optional where Wrapped == JSONValue {
    var text: String? { self?.text }
    var int: Int? { self?.int }
}

extension JSONValue {
    var text: String? { if case .string(let s) = self { return s } else { return nil } }
    var int: Int? { if case .number(let d) = self, d.isFinite { return Int(d) } else { return nil } }
    /// A `{t: "str", v}` value's text.
    var stringValue: String? { if case .string(let s)? = self["v"], self["t"] == .string("str") { return s } else { return nil } }
    /// A `{t: "num", v}` value as Swift: `8`, `.infinity`.
    var numberText: String? {
        guard self["t"] == .string("num") else { return nil }
        if case .number(let d)? = self["v"] { return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d) }
        if self["v"] == .string("inf") { return ".infinity" }
        return nil
    }
}
