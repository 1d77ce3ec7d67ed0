import TapModel

/// UIKit classes by what they are, for dumps that name a view's class but not
/// its behaviour (recursiveDescription, and the classes of a capture bundle).
/// The lists are documented in docs/convert.md ("Which classes are controls").
enum UIKitClasses {
    /// Public UIControl subclasses.
    static let publicControls: Set<String> = [
        "UIControl", "UIButton", "UISwitch", "UISlider", "UISegmentedControl", "UITextField", "UISearchTextField",
        "UIStepper", "UIDatePicker", "UIPageControl", "UIColorWell", "UIRefreshControl",
    ]

    /// UIKit's own private UIControl subclasses that take taps in bars and controls:
    /// tab bar items, navigation and tool bar items, segmented control segments.
    static let privateControls: Set<String> = [
        "UITabBarButton", "_UITabButton", "_UIButtonBarButton", "_UIModernBarButton", "UINavigationButton",
        "UIToolbarButton", "_UIBarButtonItemView", "UISegment", "_UISegmentedControlSegment",
        "UITableViewCellEditControl", "UITableViewCellReorderControl", "UITableViewCellDeleteConfirmationButton",
    ]

    /// Segments of a segmented control: modelled as controls of their own, so the control that holds them is not one.
    static let segments: Set<String> = ["UISegment", "_UISegmentedControlSegment"]

    /// A class that is a UIControl: listed, a subclass of a listed class (`baseClass` of
    /// Cycript dumps), or named like one (`…Button`, `…Control`: `UITabBarButton`,
    /// `FlowRatingControl`; a `…BarButton` is a control like any other button).
    static func isControl(_ className: String, baseClass: String? = nil) -> Bool {
        let name = TypeNames.split(TypeNames.readableClass(className)).base
        for cls in [name, baseClass.map { TypeNames.split(TypeNames.readableClass($0)).base }].compactMap({ $0 }) {
            if publicControls.contains(cls) || privateControls.contains(cls) { return true }
            if cls.hasSuffix("Button") || cls.hasSuffix("Control") { return true }
        }
        return false
    }

    static func isSegment(_ className: String) -> Bool { segments.contains(TypeNames.split(className).base) }

    /// The kind of each public UIControl class (U6–U8); any other public control is `custom`.
    static let kinds: [String: UIKitProperties.Control.Kind] = [
        "UIButton": .button, "UISwitch": .switch, "UIStepper": .stepper, "UISegmentedControl": .segmented,
        "UIPageControl": .pageControl, "UISlider": .slider,
        // A segment is modelled as the control its segmented control is (`Controls.preferSegments`).
        "UISegment": .segmented, "_UISegmentedControlSegment": .segmented,
    ]

    /// A control's kind from its class, or its Cycript/lldb `baseClass` (the UIKit class it derives from):
    /// `UIButton` → `button`, …, another public UIControl (`UITextField`, `UIControl`) → `custom`.
    /// `unknown` for a class the dump does not trace to a UIKit control (`_UIButtonBarButton`,
    /// `FlowRatingControl` without a `baseClass`): a dump cannot tell what it derives from.
    static func controlKind(_ className: String, baseClass: String? = nil) -> UIKitProperties.Control.Kind {
        for cls in [className, baseClass].compactMap({ $0 }) {
            let base = TypeNames.split(TypeNames.readableClass(cls)).base
            if let kind = kinds[base] { return kind }
            if publicControls.contains(base) { return .custom }
        }
        return .unknown
    }

    /// Swift classes of SwiftUI's own (`SwiftUI.ListCollectionViewCell`, `_TtC7SwiftUI…`).
    static func isSwiftUIs(_ className: String) -> Bool {
        TypeNames.readableClass(className).hasPrefix("SwiftUI.")
    }
}

/// Table and collection view cells are selectable targets (docs/convert.md, "Cells").
///
/// UIKit selects a cell on a tap that no control or recognizer inside it takes;
/// the dump shows the cell, not whether the table allows selection or what
/// `didSelectRowAt` does. The assumption: every cell of a UIKit table or
/// collection view selects (a tap recognizer on the cell, named `select` and
/// the cell's first text). SwiftUI's own list cells are not: a SwiftUI row acts
/// through its Buttons and gestures, which the SwiftUI data shows.
enum CellSelection {
    static let limit = "table and collection view cells are assumed selectable (a tap on a cell selects it): whether the table allows selection, which rows its delegate refuses and what selecting does are unknown"

    /// `UITableViewCell`, `UICollectionViewListCell`, `Flow.SettingsCell` (not SwiftUI's).
    static func isCell(_ className: String, baseClass: String? = nil) -> Bool {
        guard !UIKitClasses.isSwiftUIs(className) else { return false }
        return [className, baseClass].compactMap { $0 }.contains { TypeNames.split(TypeNames.readableClass($0)).base.hasSuffix("Cell") }
    }

    /// `UITableView`, `UICollectionView` and their subclasses (not SwiftUI's).
    static func isList(_ className: String, baseClass: String? = nil) -> Bool {
        guard !UIKitClasses.isSwiftUIs(className) else { return false }
        return [className, baseClass].compactMap { $0 }.contains {
            let base = TypeNames.split(TypeNames.readableClass($0)).base
            return base.hasSuffix("TableView") || base.hasSuffix("CollectionView")
        }
    }

    static let action = "select"

    /// Gives a cell its selection (unless it is a control itself) and numbers it by position; true when it
    /// became selectable. UIKit selects a cell from the raw touches it gets (`touchesEnded`), not with a
    /// recognizer: the cell's `touchAction` (U9), which a recognizer inside that recognizes cancels.
    static func makeSelectable(_ d: inout Draft) -> Bool {
        d.numberedByPosition = true
        guard d.uikit.control == nil else { return false }
        d.uikit.touchAction = UIKitProperties.TouchAction(action: action)
        return true
    }

    /// Whether a draft is a cell this reader made selectable.
    static func selects(_ d: Draft) -> Bool { d.uikit.touchAction?.action?.hasPrefix(action) == true }
}

/// Post-passes over a reader's drafts (pre-order, with depth) shared by the UIKit and accessibility dumps.
enum Controls {
    /// The index just past `i`'s subtree.
    static func subtreeEnd(_ drafts: [Draft], _ i: Int) -> Int {
        var j = i + 1
        while j < drafts.count, drafts[j].depth > drafts[i].depth { j += 1 }
        return j
    }

    /// A control without an action, and a cell's `select`, are named after the first text in
    /// them (a button's title label, a cell's text), else its identifier; that text is also
    /// their label when they have none.
    static func nameActions(_ drafts: inout [Draft]) {
        for i in drafts.indices {
            let needsControl = drafts[i].uikit.control != nil && drafts[i].uikit.control?.action == nil
            let selects = drafts[i].uikit.touchAction?.action == CellSelection.action
            guard needsControl || selects else { continue }
            var title = drafts[i].label
            var j = i + 1
            while title == nil, j < drafts.count, drafts[j].depth > drafts[i].depth {
                title = drafts[j].label
                j += 1
            }
            let name = title ?? drafts[i].identifier
            if needsControl { drafts[i].uikit.control?.action = name }
            // Its title is what the control or cell reads as (UIKit's accessibility label): reports name it so.
            if drafts[i].label == nil, let title { drafts[i].label = title }
            if selects, let line = name?.split(separator: "\n").first {
                drafts[i].uikit.touchAction?.action = "\(CellSelection.action) \(line)"
            }
        }
    }

    /// A control keeps the kind of its class only when the dump shows nothing inside it that takes
    /// touches for it: a view inside that is interactive and says it has gesture recognizers (a
    /// `UISwitchModernVisualElement`) handles the touches with recognizers the dump does not describe,
    /// so whether the control fires as the hit view (U10) cannot be told. Such a control, like one of a
    /// class the dump does not trace to UIKit, is left `unknown`. Returns the limit that says so, if any.
    static func settleKinds(_ drafts: inout [Draft]) -> String? {
        var untraced: [String] = [], handledInside: [String] = []
        var known = 0
        for i in drafts.indices {
            guard let kind = drafts[i].uikit.control?.kind else { continue }
            if kind == .unknown {
                untraced.append(drafts[i].type)
                continue
            }
            let end = subtreeEnd(drafts, i)
            let inside = drafts[(i + 1)..<end].contains { d in
                d.saysRecognizers && d.uikit.control == nil && d.uikit.userInteractionEnabled && !d.uikit.hidden
                    && d.uikit.alpha >= 0.01   // U1: below it a view takes no touch
            }
            if inside {
                drafts[i].uikit.control?.kind = .unknown
                handledInside.append(drafts[i].type)
            } else {
                known += 1
            }
        }
        guard !untraced.isEmpty || !handledInside.isEmpty else { return nil }
        func list(_ types: [String]) -> String {
            var seen = Set<String>()
            let unique = types.filter { seen.insert($0).inserted }
            return unique.prefix(4).joined(separator: ", ") + (unique.count > 4 ? ", …" : "")
        }
        var why: [String] = []
        if !untraced.isEmpty { why.append("\(untraced.count) of a class the dump does not trace to a UIKit control (\(list(untraced)))") }
        if !handledInside.isEmpty { why.append("\(handledInside.count) with views inside that take touches with recognizers the dump does not describe (\(list(handledInside)))") }
        return "control kinds come from class names (UIButton → button, UISwitch → switch, other UIControls → custom: \(known) known); "
            + "\(untraced.count + handledInside.count) control\(untraced.count + handledInside.count == 1 ? " has" : "s have") none and \(untraced.count + handledInside.count == 1 ? "is handled as a button" : "are handled as buttons") (U6): " + why.joined(separator: "; ")
    }

    /// A segmented control whose segments are listed as controls is modelled by its segments:
    /// it is no control of its own (else every segment would steal the taps meant for it).
    static func preferSegments(_ drafts: inout [Draft], container: (Draft) -> Bool) {
        for i in drafts.indices where drafts[i].uikit.control != nil && container(drafts[i]) {
            let end = subtreeEnd(drafts, i)
            let holdsControls = drafts[(i + 1)..<end].contains { $0.uikit.control != nil }
            if holdsControls { drafts[i].uikit.control = nil }
        }
    }
}

/// SwiftUI's own List and Form on UIKit (docs/capture.md, "Lists, rows and styles"): a `List` or
/// `Form` is a SwiftUI subclass of `UICollectionView` (iOS 16+, `SwiftUI.UpdateCoalescingCollectionView`)
/// or `UITableView` (iOS 15), each row a SwiftUI cell (`SwiftUI.ListCollectionViewCell`,
/// `SwiftUI.ListTableViewCell`) hosting the row's SwiftUI content. They become a `role: list` and its
/// `role: row`s, so the row rules (S12–S16) apply to what the cells hold. Section headers and footers
/// are not told apart from other supplementary views: they are never targets either way (S16).
enum SwiftUILists {
    static let limit = "SwiftUI Lists and Forms are lists of rows (their UIKit collection or table view and its cells); section headers and footers are not told from other views, and a row's swipe actions are not in the dump"

    /// A SwiftUI class whose name or `baseClass` ends in `CollectionView` or `TableView`.
    static func isList(_ className: String, baseClass: String? = nil) -> Bool {
        guard UIKitClasses.isSwiftUIs(className) else { return false }
        return [className, baseClass].compactMap { $0 }.contains {
            let base = TypeNames.split(TypeNames.readableClass($0)).base
            return base.hasSuffix("CollectionView") || base.hasSuffix("TableView")
        }
    }

    /// A SwiftUI cell class (`SwiftUI.ListCollectionViewCell`).
    static func isRow(_ className: String, baseClass: String? = nil) -> Bool {
        guard UIKitClasses.isSwiftUIs(className) else { return false }
        return TypeNames.split(TypeNames.readableClass(className)).base.hasSuffix("Cell")
    }

    /// The role a view of this class has, before `settle` checks where it stands.
    static func role(_ className: String, baseClass: String? = nil) -> Node.Role? {
        if isList(className, baseClass: baseClass) { return .list }
        if isRow(className, baseClass: baseClass) { return .row }
        return nil
    }

    /// A row keeps its role only inside a list, and only as the list's nearest row (the format's
    /// rule: a row needs a list around it), and is numbered by position; drafts are in pre-order with their depth.
    static func settle(_ drafts: inout [Draft]) {
        var open: [(depth: Int, role: Node.Role)] = []
        for i in drafts.indices {
            while let last = open.last, last.depth >= drafts[i].depth { open.removeLast() }
            if drafts[i].role == .row, !(open.last?.role == .list) { drafts[i].role = nil }
            // Cells are reused: rows are numbered by position, as UIKit's cells are.
            if drafts[i].role == .row { drafts[i].numberedByPosition = true }
            if let role = drafts[i].role { open.append((drafts[i].depth, role)) }
        }
    }
}
