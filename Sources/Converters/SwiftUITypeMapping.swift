import TapModel

/// The type-name mapping of docs/capture.md: SwiftUI runtime types (as `readableType`
/// spells them, module prefixes and generic arguments tolerated) to snapshot
/// node types, leaves, shapes, modifiers and gestures.
enum SwiftUITypeMapping {
    /// View types that become snapshot containers under their own name.
    static let containers: Set<String> = [
        "HStack", "VStack", "ZStack", "LazyHStack", "LazyVStack", "LazyHGrid", "LazyVGrid", "Grid", "GridRow",
        "ScrollView", "List", "Form", "Section", "Group", "NavigationStack", "NavigationView", "NavigationSplitView",
        "TabView", "LabeledContent", "Label", "Toggle", "TextField", "SecureField", "Picker", "Link", "Menu",
        "DisclosureGroup", "GroupBox", "ControlGroup", "ViewThatFits", "GeometryReader", "Slider", "Stepper",
        "DatePicker", "ProgressView", "TextEditor", "ShareLink", "PasteButton", "EditButton", "Table", "SystemTextField",
    ]

    /// Leaf views: the snapshot type and, for shapes, the drawn shape.
    static func leaf(_ base: String, _ args: [String]) -> (type: String, shape: ShapeSpec.Form?)? {
        switch base {
        case "Text": return ("Text", nil)
        case "Image", "_ImageView", "ImageLayout": return ("Image", nil)
        case "Color", "_ColorView", "ColorView": return ("Color", nil)
        case "Divider": return ("Divider", nil)
        case "Rectangle", "RoundedRectangle", "Circle", "Ellipse", "Capsule", "Path":
            return (base, shapeForm(base))
        case "_ShapeView", "StrokeShapeView", "_StrokedShape", "_InsettableShapeView", "ShapeView":
            let shape = args.first.map { shapeBase($0) } ?? "Shape"
            return (shape, shapeForm(shape))
        default: return nil
        }
    }

    /// `_StrokedShape<Circle>` → `Circle`; `SwiftUI.Circle` → `Circle`.
    static func shapeBase(_ type: String) -> String {
        let (base, args) = TypeNames.split(type)
        if (base == "_StrokedShape" || base == "_Inset" || base == "_SizedShape" || base == "_TrimmedShape"), let a = args.first { return shapeBase(a) }
        return base.split(separator: ".").last.map(String.init) ?? base
    }

    static func shapeForm(_ shape: String) -> ShapeSpec.Form? {
        switch shape {
        case "Rectangle": return .rectangle
        case "RoundedRectangle": return .roundedRectangle
        case "Capsule": return .capsule
        case "Circle": return .circle
        case "Ellipse": return .ellipse
        default: return nil
        }
    }

    /// A resolved button style's type → the format's `style` (real-screens rules S13, S17): SwiftUI's
    /// own styles by name (`BorderedButtonStyle_Phone` → `bordered`, `BorderlessButtonStyleBase` →
    /// `borderless`; a list's default style → `automatic`), the app's own → `custom`, else nil.
    static func buttonStyle(_ base: String, appType: Bool) -> String? {
        let name = base.split(separator: ".").last.map(String.init) ?? base
        if appType { return "custom" }
        if name.hasPrefix("BorderedProminent") { return "borderedProminent" }
        if name.hasPrefix("Bordered") { return "bordered" }
        if name.hasPrefix("Borderless") { return "borderless" }
        if name.hasPrefix("Plain") { return "plain" }
        if name.contains("Glass") { return "glass" }
        if name.contains("List") || name.hasPrefix("Default") || name.hasPrefix("Automatic") { return "automatic" }
        return nil
    }

    static func isSpacer(_ base: String) -> Bool { base == "Spacer" || base == "ConditionalSpacer" }

    /// Modifiers whose own views are drawn over the content (the content is their last child).
    static func drawsOver(_ base: String) -> Bool { base.contains("Overlay") }

    /// ContentShapeKinds bits → purpose; interaction wins when set with others.
    static func purpose(kindBits: Int) -> ShapeSpec.Purpose? {
        if kindBits & 1 != 0 { return .interaction }
        if kindBits & 2 != 0 { return .dragPreview }
        if kindBits & 4 != 0 { return .contextMenuPreview }
        if kindBits & 8 != 0 { return .hoverEffect }
        if kindBits & 16 != 0 { return .focusEffect }
        if kindBits & 32 != 0 { return .accessibility }
        return nil
    }

    /// The gesture combiner of `AddGestureModifier<G, C>`.
    static func priority(combiner: String?) -> GestureAttachment.Priority {
        guard let c = combiner.map({ TypeNames.split($0).base }) else { return .normal }
        if c.contains("HighPriority") { return .high }
        if c.contains("Simultaneous") { return .simultaneous }
        return .normal
    }

    static func mask(rawValue: Int) -> GestureAttachment.Mask {
        switch rawValue {
        case 0: return .none
        case 1: return .gesture
        case 2: return .subviews
        default: return .all
        }
    }

    /// Wrapper gestures whose meaning is their first generic argument.
    static let gestureWrappers: Set<String> = [
        "_EndedGesture", "_ChangedGesture", "_MapGesture", "_ModifiersGesture", "GestureStateGesture",
        "_OnEndedGesture", "_DebugGesture", "_OptionalGesture", "AnyGesture",
    ]
}
