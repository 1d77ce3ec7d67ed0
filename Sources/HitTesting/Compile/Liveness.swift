import TapJSON
import TapModel

/// Compile, liveness: whether a view can take touches at all (S5's modifiers, U1's hidden,
/// alpha and interaction), worked out once per view by `Compilation.compileLiveness(_:)`.

// MARK: - S5 (Rules/S5NoHitTesting.swift)

extension Modifier {
    /// S5: makes the view and its subtree take no touches.
    public var removesHitTesting: Bool {
        switch self {
        case .allowsHitTesting(let allowed): return !allowed
        case .opacity(let o): return o <= 0
        case .hidden(let h): return h
        default: return false
        }
    }

    /// S5 in words, or nil.
    var removalReason: String? {
        switch self {
        case .allowsHitTesting(false): return "allowsHitTesting(false)"
        case .opacity(let o) where o <= 0: return "opacity(0)"
        case .hidden(true): return "hidden()"
        default: return nil
        }
    }
}

extension Compilation {
    /// A view can take touches only if its parent can, no S5 modifier removes it,
    /// and (UIKit) U1 lets it.
    mutating func compileLiveness(_ i: Int) {
        let node = nodes[i]
        let parentAlive = node.parent < 0 || alive[node.parent]
        let removed = node.modifiers.contains { $0.removesHitTesting }
        let visible = node.system == .swiftui || node.uikit.takesTouches
        alive[i] = parentAlive && !removed && visible
    }
}

// MARK: - U1 (Rules/U1HitTest.swift)

extension UIKitProperties {
    /// U1: below this alpha a view takes no touches.
    public static let minimumAlpha = 0.01

    /// U1: a view that is hidden, nearly transparent or non-interactive takes no touches.
    public var takesTouches: Bool { whyNoTouches == nil }

    /// U1 in words, or nil when the view takes touches.
    public var whyNoTouches: String? {
        if hidden { return "isHidden is true" }
        if alpha < UIKitProperties.minimumAlpha { return "alpha \(JSONValue.format(alpha)) is below \(JSONValue.format(UIKitProperties.minimumAlpha))" }
        if !userInteractionEnabled { return "isUserInteractionEnabled is false" }
        return nil
    }

    /// U1: the bounds `point(inside:)` accepts: the frame grown or shrunk by `hitInsets`.
    public func hitBounds(_ frame: Rect) -> Rect {
        frame.inset(top: hitInsets[0], left: hitInsets[1], bottom: hitInsets[2], right: hitInsets[3])
    }
}
