import TapModel
import TapRules

/// S5 allowsHitTesting(false), opacity 0, hidden: the view and its subtree
/// have no region; touches go to whatever is behind. (UIKit's counterpart,
/// U1's hidden / alpha / isUserInteractionEnabled, is U1HitTest.swift.)
public enum S5NoHitTesting: HitTestingRule {
    public static let description = RuleDescription(
        id: "S5",
        name: "no hit testing",
        summary: "allowsHitTesting(false), opacity 0 and hidden: the view and its subtree take no touches; they reach what is behind",
        triggeringExamples: [
            // A decorative badge over a button lets the tap through.
            HitExample(#"{"id":"screen","type":"ZStack","frame":[0,0,200,100],"children":[{"id":"buy","type":"Color","frame":[0,0,200,100],"modifiers":[{"onTapGesture":{"action":"buy"}}]},{"id":"badge","type":"Circle","frame":[80,30,40,40],"modifiers":[{"allowsHitTesting":false}]}]}"#,
                       tap: Point(100, 50), .hit, fires: "buy"),
            HitExample(#"{"id":"screen","type":"ZStack","frame":[0,0,200,100],"children":[{"id":"buy","type":"Color","frame":[0,0,200,100],"modifiers":[{"onTapGesture":{"action":"buy"}}]},{"id":"badge","type":"Color","frame":[80,30,40,40],"modifiers":[{"opacity":0}]}]}"#,
                       tap: Point(100, 50), .hit, fires: "buy"),
        ],
        nonTriggeringExamples: [
            // Without it the badge intercepts the tap.
            HitExample(#"{"id":"screen","type":"ZStack","frame":[0,0,200,100],"children":[{"id":"buy","type":"Color","frame":[0,0,200,100],"modifiers":[{"onTapGesture":{"action":"buy"}}]},{"id":"badge","type":"Circle","frame":[80,30,40,40]}]}"#,
                       tap: Point(100, 50), .blocked),
        ])
}

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

extension HitTester {
    /// Why a view itself takes no touches (S5, U1), or nil.
    public func whyDead(_ v: Int) -> String? {
        let node = snapshot.nodes[v]
        for mod in node.modifiers { if let why = mod.removalReason { return why } }
        if node.system == .uikit { return node.uikit.whyNoTouches }
        return nil
    }
}
