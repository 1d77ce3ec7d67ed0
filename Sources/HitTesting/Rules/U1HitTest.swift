import TapJSON
import TapModel
import TapRules

/// U1 hitTest: a view returns nil if hidden, alpha < 0.01 or not interactive,
/// or if the point is outside its bounds (grown or shrunk by `hitInsets`);
/// else it asks its subviews front to back (Bind/Landing.swift walks them),
/// then answers itself.
public enum U1HitTest: HitTestingRule {
    public static let description = RuleDescription(
        id: "U1",
        name: "hit test",
        summary: "a hidden, nearly transparent (alpha < 0.01) or non-interactive view takes no touches; hitInsets change its bounds",
        triggeringExamples: [
            // A hidden button takes nothing.
            HitExample(#"{"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[{"id":"buy","type":"UIButton","frame":[0,100,200,44],"hidden":true,"control":{"action":"buy"}}]}"#,
                       tap: Point(100, 122), .miss),
            // hitInsets of -10 grow the 24-pt button to 44 pt.
            HitExample(#"{"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[{"id":"help","type":"UIButton","frame":[100,100,24,24],"hitInsets":[-10,-10,-10,-10],"control":{"action":"help"}}]}"#,
                       tap: Point(95, 112), .hit, fires: "help"),
        ],
        nonTriggeringExamples: [
            HitExample(#"{"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[{"id":"buy","type":"UIButton","frame":[0,100,200,44],"control":{"action":"buy"}}]}"#,
                       tap: Point(100, 122), .hit, fires: "buy"),
            // Exactly 0.01 still takes touches.
            HitExample(#"{"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[{"id":"buy","type":"UIButton","frame":[0,100,200,44],"alpha":0.01,"control":{"action":"buy"}}]}"#,
                       tap: Point(100, 122), .hit, fires: "buy"),
        ])
}

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

extension Compilation {
    /// U1 bounds; they gate the subtree (U2); a pass-through view has no self shape (U3).
    mutating func compileUIKitBounds(_ i: Int) {
        let node = nodes[i]
        let bounds = addShape(.rect(node.uikit.hitBounds(node.frame)), i)
        gateShape[i] = bounds
        baseShape[i] = bounds
        selfShape[i] = node.uikit.passThroughSelf ? -1 : bounds
    }
}
