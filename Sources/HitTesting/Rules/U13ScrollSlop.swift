import TapModel
import TapRules

/// U13 A press that moves scrolls: inside a scroll container (a `list`, or a view
/// with the scroll fields), a press that moves more than 10 pt (a Decision: the
/// threshold is not published) before lifting scrolls the container, and this
/// replaces the 45-pt tap slop there. If it moves within the first 150 ms the
/// content sees nothing; later, content touches are cancelled when
/// `canCancelContentTouches` is true (the default), except a UIKit control, which
/// keeps tracking (nothing scrolls). A stationary tap is untouched (U11). The
/// replay applies it (`scrollContainer(taking:)`); `hit` taps never move.
public enum U13ScrollSlop: HitTestingRule {
    static let list = #"{"id":"list","type":"List","role":"list","frame":[0,0,393,852],"children":[{"id":"row.a","type":"ListRow","role":"row","frame":[16,120,361,44],"children":[{"id":"a","type":"Button","style":"borderless","action":"openA","frame":[36,120,321,44],"children":[{"id":"a.title","type":"Text","frame":[36,131,100,22]}]}]}]}"#

    public static let description = RuleDescription(
        id: "U13",
        name: "scroll slop",
        summary: "inside a scroll view a press that moves more than 10 pt scrolls instead of tapping (replay)",
        triggeringExamples: [
            // A tap does not move: it fires (ReplayEngineTests replay the moving presses).
            HitExample(list, tap: Point(300, 142), .hit, fires: "openA"),
        ],
        nonTriggeringExamples: [
            HitExample(list, tap: Point(300, 300), .miss),
        ])
}

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
