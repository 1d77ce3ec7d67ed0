import TapModel

/// Classify, presses that scroll: a press that moves past the slop inside a scroll container
/// is the container's (U13), not a tap of the view it began on.

// MARK: - U13 (Rules/U13ScrollSlop.swift)

extension HitTester {
    /// U13: how far (points) a press may move inside a scroll container before it scrolls.
    public static let scrollSlop = 10.0
    /// U12, U13: how long a scroll view holds a touch before its content sees it (seconds).
    public static let contentTouchDelay = 0.15

    /// U13: the scroll container that takes a press which went to `node` and moved `distance` points in all,
    /// `early` of them within the first `contentTouchDelay`; nil when the press is not a scroll.
    public func scrollContainer(taking node: Int, distance: Double, early: Double) -> Int? {
        guard distance > HitTester.scrollSlop, node >= 0, node < snapshot.nodes.count else { return nil }
        var a = node
        while a >= 0 && !snapshot.nodes[a].isScrollContainer { a = snapshot.nodes[a].parent }
        guard a >= 0 else { return nil }
        if early <= HitTester.scrollSlop {
            // The content already has the touch: a control keeps tracking, other content is cancelled unless the
            // container cannot cancel it.
            if snapshot.nodes[node].system == .uikit && snapshot.nodes[node].uikit.control != nil { return nil }
            if snapshot.nodes[a].canCancelContentTouches == false { return nil }
        }
        return a
    }
}
