import TapModel

/// The parts of a screen UIKit adds and switches off itself, which a team cannot act on:
/// A8 and A10 say nothing of a handler that UIKit keeps from touches this way
/// (docs/audit.md, "What UIKit switches off itself").
///
/// A view is one of UIKit's own parts when
/// - its class is UIKit's private one: a name that starts with `_UI`, a `UITableViewCell…`,
///   `UICollectionViewCell…` or `UISwipeAction…` class other than the cell itself, or one of the
///   private classes of bars and controls (`UITabBarButton`, `UINavigationButton`, …);
/// - or it is, or lies in, a view UIKit puts beside a cell's content view: a subview of a
///   UIKit table or collection view cell that is not its content view (the accessory, such as a
///   disclosure indicator, a `UIButton` with `isUserInteractionEnabled = false`; the edit, reorder
///   and delete-confirmation controls).
public enum UIKitOwnParts {
    /// UIKit's private classes of bars and controls that do not start with `_UI`.
    static let privateClasses: Set<String> = [
        "UITabBarButton", "UITabBarButtonLabel", "UITabBarSwappableImageView", "UINavigationButton", "UIToolbarButton",
        "UISegment", "UIButtonLabel", "UINavigationItemView", "UINavigationItemButtonView", "UISearchBarTextField",
    ]

    /// Whether node `v` is one of UIKit's own parts (see the type's comment).
    public static func contains(_ v: Int, in snapshot: Snapshot) -> Bool {
        let nodes = snapshot.nodes
        guard nodes[v].system == .uikit else { return false }
        if isPrivateClass(nodes[v].type) { return true }
        // Beside a cell's content view: walk up to the nearest cell.
        var child = v
        var parent = nodes[v].parent
        while parent >= 0, nodes[parent].system == .uikit {
            if isCell(nodes[parent].type) { return !nodes[child].type.hasSuffix("ContentView") }
            child = parent
            parent = nodes[parent].parent
        }
        return false
    }

    static func isPrivateClass(_ type: String) -> Bool {
        if type.hasPrefix("_UI") || privateClasses.contains(type) || type.hasPrefix("UISwipeAction") { return true }
        for cell in ["UITableViewCell", "UICollectionViewCell"] where type.hasPrefix(cell) && type != cell { return true }
        return false
    }

    /// A UIKit table or collection view cell: `UITableViewCell`, `UICollectionViewListCell`, `Flow.SettingsCell`.
    static func isCell(_ type: String) -> Bool {
        type.hasSuffix("Cell") && !type.hasPrefix("SwiftUI.") && !swiftUICells.contains(type)
    }

    /// SwiftUI's own list cells (`SwiftUI.ListCollectionViewCell` as a converted dump writes it): they
    /// hold SwiftUI's content directly, so nothing in them is UIKit's own part.
    static let swiftUICells: Set<String> = ["ListCollectionViewCell", "ListTableViewCell"]
}
