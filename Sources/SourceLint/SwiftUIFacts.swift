import SwiftSyntax

/// What the linter knows about SwiftUI's own views and modifiers, from the
/// hit-testing rules (S1–S8). Anything not named here (a custom view, a custom
/// modifier) is unknown, and a rule that would need to know it stays silent.
public enum SwiftUIFacts {
    /// Views that draw over their whole frame (S1), unless clear.
    public static let leafTypes: Set<String> = [
        "Text", "Image", "Color", "Rectangle", "RoundedRectangle", "UnevenRoundedRectangle",
        "Circle", "Ellipse", "Capsule", "Path", "Divider",
    ]

    /// Shapes and colours that fill what they are given (a ZStack layer, a background).
    public static let fillingTypes: Set<String> = [
        "Color", "Rectangle", "RoundedRectangle", "UnevenRoundedRectangle", "Circle", "Ellipse", "Capsule",
        "LinearGradient", "RadialGradient", "AngularGradient", "EllipticalGradient",
    ]

    /// Containers whose region is only their children's (S2), as L1 lists them.
    public static let stackTypes: Set<String> = [
        "HStack", "VStack", "LazyHStack", "LazyVStack", "LazyHGrid", "LazyVGrid", "Grid", "GridRow",
    ]

    /// Modifiers that leave a view's hit region as it is (drawing, text style,
    /// lifecycle, presentation, accessibility, other gestures) — S7: clipping is drawing only.
    public static let regionNeutral: Set<String> = [
        // text and colour
        "font", "fontWeight", "fontDesign", "fontWidth", "bold", "italic", "underline", "strikethrough", "kerning",
        "tracking", "baselineOffset", "lineLimit", "lineSpacing", "multilineTextAlignment", "truncationMode",
        "minimumScaleFactor", "allowsTightening", "textCase", "monospacedDigit", "monospaced", "dynamicTypeSize",
        "foregroundColor", "foregroundStyle", "tint", "accentColor", "symbolRenderingMode", "symbolVariant",
        "imageScale", "renderingMode", "interpolation", "antialiased", "resizable", "scaledToFit", "scaledToFill",
        "aspectRatio", "preferredColorScheme", "colorScheme", "environment", "environmentObject", "redacted",
        "unredacted", "privacySensitive", "textSelection", "labelStyle", "buttonStyle", "toggleStyle", "pickerStyle",
        "textFieldStyle", "listStyle", "menuStyle", "controlSize", "labelsHidden", "headerProminence",
        // drawing only
        "clipped", "clipShape", "cornerRadius", "mask", "shadow", "blur", "brightness", "contrast", "saturation",
        "grayscale", "colorMultiply", "colorInvert", "hueRotation", "luminanceToAlpha", "blendMode",
        "compositingGroup", "drawingGroup", "scaleEffect", "rotationEffect", "rotation3DEffect", "offset",
        "border", "fill", "stroke", "strokeBorder", "projectionEffect", "transformEffect",
        // identity, animation, layout priority
        "id", "tag", "zIndex", "animation", "transition", "matchedGeometryEffect", "layoutPriority",
        "transaction", "contentTransition", "geometryGroup", "alignmentGuide",
        // lifecycle and state
        "onAppear", "onDisappear", "task", "onChange", "onReceive", "onSubmit", "onOpenURL", "refreshable",
        "focused", "sensoryFeedback", "onPreferenceChange", "preference", "navigationDestination",
        // presentation
        "sheet", "fullScreenCover", "popover", "alert", "confirmationDialog", "navigationTitle",
        "navigationBarTitle", "navigationBarTitleDisplayMode", "navigationBarHidden", "navigationBarBackButtonHidden",
        "toolbar", "toolbarBackground", "toolbarColorScheme", "searchable", "fileImporter", "fileExporter",
        "presentationDetents", "presentationDragIndicator", "interactiveDismissDisabled", "statusBarHidden",
        // lists
        "listRowInsets", "listRowSeparator", "listRowSeparatorTint", "listSectionSeparator", "listRowBackground",
        "listItemTint", "badge", "swipeActions",
        // accessibility
        "accessibilityLabel", "accessibilityHint", "accessibilityValue", "accessibilityIdentifier",
        "accessibilityAddTraits", "accessibilityRemoveTraits", "accessibilityElement", "accessibilityAction",
        "accessibilityHidden", "accessibilitySortPriority", "accessibilityInputLabels", "accessibilityShowsLargeContentViewer",
        "accessibility", "help", "keyboardShortcut",
        // other gestures and interactions do not change the region either
        "onTapGesture", "onLongPressGesture", "gesture", "highPriorityGesture", "simultaneousGesture",
        "contextMenu", "onDrag", "onDrop", "draggable", "dropDestination", "onHover", "onContinuousHover",
        "hoverEffect", "disabled",
    ]

    /// Families of modifiers that leave the hit region as it is: events
    /// (`onAppear`, `onChange`, ...), accessibility, navigation, toolbars,
    /// presentation, lists, scrolling, text, fonts, symbols, focus, drag and drop.
    public static let regionNeutralPrefixes: [String] = [
        "accessibility", "navigation", "toolbar", "presentation", "scroll", "keyboard", "text", "font", "symbol",
        "foreground", "status", "preferred", "sensory", "search", "focus", "matched", "animation", "transition",
        "transaction", "task", "swipe", "context", "hover", "pointer", "help", "badge", "monospaced", "interactive",
        "safeAreaInset", "inspector", "fileImporter", "fileExporter", "alert", "confirmationDialog", "sheet",
        "popover", "fullScreenCover", "userActivity", "digitalCrown", "speech", "dynamicType", "layoutDirection",
        "coordinateSpace", "anchorPreference", "transformAnchorPreference", "listRow", "listSection", "listStyle",
        "listItemTint", "menuStyle", "menuIndicator", "menuOrder", "tabItem", "tabView", "controlSize", "lineLimit",
        "lineSpacing", "contentTransition", "contentMargins", "onDrop", "onDrag", "selectionDisabled", "deleteDisabled",
        "moveDisabled", "itemProvider", "handlesExternalEvents", "widgetURL", "pickerStyle", "toggleStyle",
        "datePickerStyle", "gaugeStyle", "progressViewStyle", "labelsHidden", "submitLabel", "privacySensitive",
        "environment", "defaultScrollAnchor", "persistentSystemOverlays", "typeSelectEquivalent",
    ]

    /// Whether a modifier leaves a view's hit region as it is (S7: drawing is not hitting).
    public static func isRegionNeutral(_ name: String) -> Bool {
        if regionNeutral.contains(name) || extraNeutral.contains(name) { return true }
        if name.hasPrefix("on"), name.dropFirst(2).first?.isUppercase == true { return true }   // events: onAppear, onChange
        return regionNeutralPrefixes.contains { name.hasPrefix($0) }
    }

    static let extraNeutral: Set<String> = [
        "fixedSize", "ignoresSafeArea", "edgesIgnoringSafeArea", "position", "equatable", "visualEffect",
        "disabled", "tag", "id", "zIndex", "refreshable", "allowsTightening", "minimumScaleFactor", "truncationMode",
        "kerning", "tracking", "baselineOffset", "italic", "bold", "underline", "strikethrough", "imageScale",
        "renderingMode", "interpolation", "antialiased", "scaledToFill", "tint", "accentColor", "colorScheme",
        "buttonBorderShape", "labelsHidden", "headerProminence", "keyboardShortcut", "defaultFocus", "prefersDefaultFocus",
        "interactiveDismissDisabled", "redacted", "unredacted", "geometryGroup", "alignmentGuide", "layoutPriority",
        "dynamicTypeSize", "draggable", "dropDestination", "hoverEffect", "gesture", "highPriorityGesture",
        "simultaneousGesture", "modelContainer", "environmentObject", "preferredColorScheme", "uiTint",
    ]

    /// Containers L1 names: stacks, grids, `ZStack`, `Group`, `Label`, `LabeledContent`.
    public static func isContainer(_ type: String) -> Bool {
        stackTypes.contains(type) || ["ZStack", "Group", "Label", "LabeledContent"].contains(type)
    }

    /// Layout modifiers that give a view a larger frame than its content: the
    /// extra room is a gap (S2: padding and frames are dead).
    public static let widening: Set<String> = ["padding", "frame", "safeAreaPadding", "containerRelativeFrame"]

    /// Modifiers after which a `contentShape` may be meant for them rather than
    /// for an earlier gesture (they take touches over the view's region).
    public static let takesTouches: Set<String> = [
        "onTapGesture", "onLongPressGesture", "gesture", "highPriorityGesture", "simultaneousGesture",
        "contextMenu", "onDrag", "onDrop", "draggable", "dropDestination", "onHover", "onContinuousHover",
        "hoverEffect", "swipeActions", "#if",
    ]

    /// Views a person puts in an overlay to be tapped themselves.
    public static let controls: Set<String> = [
        "Button", "Toggle", "Link", "Menu", "NavigationLink", "TextField", "SecureField", "TextEditor", "Picker",
        "Slider", "Stepper", "DatePicker", "ColorPicker", "ShareLink", "PasteButton", "EditButton", "RenameButton",
    ]

    /// `Color.clear`, `Color(.clear)`, `.clear`: draws nothing, so takes no touch (S1).
    public static func isClear(_ e: ExprSyntax) -> Bool {
        let chain = ModifierChain(top: e)
        if chain.modifiers.contains(where: { $0.name == "opacity" && isZero($0.unlabeled.first) }) { return true }
        let base = chain.base
        if let m = base.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "clear" {
            return m.base == nil || ViewBase.typeName(m.base!) == "Color"
        }
        let view = chain.view
        if view.typeName == "Color", let arg = view.call?.arguments.first?.expression.as(MemberAccessExprSyntax.self) {
            return arg.declName.baseName.text == "clear"
        }
        if view.typeName == "EmptyView" { return true }
        return false
    }

    static func isZero(_ e: ExprSyntax?) -> Bool {
        guard let e else { return false }
        if let i = e.as(IntegerLiteralExprSyntax.self) { return Int(i.literal.text) == 0 }
        if let f = e.as(FloatLiteralExprSyntax.self) { return Double(f.literal.text) == 0 }
        return false
    }

    /// A number literal's value (`44`, `0.5`), else nil.
    static func number(_ e: ExprSyntax?) -> Double? {
        guard let e else { return nil }
        if let i = e.as(IntegerLiteralExprSyntax.self) { return Double(i.literal.text.replacingOccurrences(of: "_", with: "")) }
        if let f = e.as(FloatLiteralExprSyntax.self) { return Double(f.literal.text.replacingOccurrences(of: "_", with: "")) }
        return nil
    }
}

/// `condition ? a : b`, folded (`TernaryExpr`) or as the parser leaves it
/// without operator folding (a sequence holding an `UnresolvedTernaryExpr`).
public struct Ternary {
    /// The condition as written: `selected`, `day > today`.
    public let condition: String
    public let then: ExprSyntax
    public let otherwise: ExprSyntax

    public init?(_ e: ExprSyntax) {
        if let t = e.as(TernaryExprSyntax.self) {
            condition = t.condition.trimmedDescription
            then = t.thenExpression
            otherwise = t.elseExpression
            return
        }
        guard let seq = e.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(seq.elements)
        guard let i = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }), i > 0, i == elements.count - 2,
              let mark = elements[i].as(UnresolvedTernaryExprSyntax.self) else { return nil }
        condition = elements[..<i].map(\.trimmedDescription).joined(separator: " ")
        then = mark.thenExpression
        otherwise = elements[i + 1]
    }
}
