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

    /// Gives a cell its selection (unless it is a control itself) and numbers it by position; true when it became selectable.
    static func makeSelectable(_ d: inout Draft) -> Bool {
        d.numberedByPosition = true
        guard d.uikit.control == nil else { return false }
        d.uikit.gestureRecognizers.append(UIKitProperties.Recognizer(kind: .tap, action: action))
        return true
    }
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
            let selects = drafts[i].uikit.gestureRecognizers.firstIndex { $0.action == CellSelection.action }
            guard needsControl || selects != nil else { continue }
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
            if let k = selects, let line = name?.split(separator: "\n").first {
                drafts[i].uikit.gestureRecognizers[k].action = "\(CellSelection.action) \(line)"
            }
        }
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
