/// What the optional fields of real screens mean for the model (docs/snapshot.md,
/// "Lists and forms", "Button styles", "Toggle", "UIKit controls"): which styles a
/// node may carry, which controls are row-level, which fill their frame.
extension Node {
    /// The style families, by the type that carries the style.
    public enum StyleFamily: String, Sendable {
        case button, picker, toggle
    }

    /// Button, NavigationLink, Link, ShareLink and anything else with an action take button styles.
    public static let buttonStyles = ["automatic", "borderless", "plain", "bordered", "borderedProminent", "glass", "custom"]
    public static let pickerStyles = ["automatic", "navigationLink", "menu", "segmented", "wheel", "inline", "palette", "radioGroup"]
    public static let toggleStyles = ["switch", "button", "checkbox"]

    /// The types whose default-style instances are row-level in a list (S13), besides `Picker`.
    public static let rowLevelButtonTypes: Set<String> = ["Button", "NavigationLink", "Link", "ShareLink"]

    public var styleFamily: StyleFamily {
        switch type {
        case "Toggle": return .toggle
        case "Picker": return .picker
        default: return .button
        }
    }

    /// The styles a node of this type may carry.
    public var knownStyles: [String] {
        switch styleFamily {
        case .button: return Node.buttonStyles
        case .picker: return Node.pickerStyles
        case .toggle: return Node.toggleStyles
        }
    }

    /// S13: a control that makes its row act when it sits in a `row` (not in a nested one): a Button,
    /// NavigationLink, Link or ShareLink of the automatic (or unknown) style, a Picker of the automatic
    /// or navigationLink style. A switch-style Toggle never is.
    public var isRowLevelControl: Bool {
        guard system == .swiftui else { return false }
        if type == "Picker" { return isButton && (style == nil || style == "automatic" || style == "navigationLink") }
        guard Node.rowLevelButtonTypes.contains(type) else { return false }
        return style == nil || style == "automatic"
    }

    /// A row-level Picker takes every tap of its row alone (S15's exception).
    public var isRowLevelPicker: Bool { type == "Picker" && isRowLevelControl }

    /// S17: the style wraps the label in a rectangle the size of the Button's frame (automatic, borderless,
    /// bordered, borderedProminent, glass; a `menu` or `navigationLink` Picker; a `button` or `checkbox` Toggle).
    /// Plain and custom styles, and an unknown style, keep the label as written.
    public var styleFillsFrame: Bool {
        guard let style, system == .swiftui, isButton else { return false }
        switch styleFamily {
        case .button: return ["automatic", "borderless", "bordered", "borderedProminent", "glass"].contains(style)
        case .picker: return ["automatic", "navigationLink", "menu"].contains(style)
        case .toggle: return style == "button" || style == "checkbox"
        }
    }

    /// A node whose content scrolls (U11–U13): a `list`, or a node that says how it delays or cancels content
    /// touches. Type names alone do not make one (snapshots written before these fields keep their meaning).
    public var isScrollContainer: Bool {
        delaysContentTouches != nil || canCancelContentTouches != nil || role == .list
    }
}
