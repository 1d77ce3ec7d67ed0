import TapJSON
import TapModel

// U1 hitTest: a view returns nil if hidden, alpha < 0.01 or not interactive, or if
//    the point is outside its bounds (grown or shrunk by hitInsets); else it asks
//    its subviews front to back, then answers itself.
// U2 Outside the parent: a subview gets no touches outside its superview's bounds
//    (the superview's bounds are a gate for its subtree), whatever clipsToBounds.
// U3 passThroughSelf: the view answers nil instead of itself; subviews still answer.
// U4 Who fires: from the hit view up, recognizers then the control of each view;
//    no tolerance (UIKit regions take no part in S9). Ordering: Arbitration.swift.
// U5 Bridges: a UIKit view whose children are SwiftUI hosts them: they are hit-tested
//    first; the host's own area counts only if they take nothing (Touch.swift applies S9 there).

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
    /// U1 bounds, U2 (the bounds gate the subtree), U3 (no self shape when passing through).
    mutating func compileUIKitBounds(_ i: Int) {
        let node = nodes[i]
        let bounds = addShape(.rect(node.uikit.hitBounds(node.frame)), i)
        gateShape[i] = bounds
        baseShape[i] = bounds
        selfShape[i] = node.uikit.passThroughSelf ? -1 : bounds
    }

    /// U4: on one view, its recognizers come before its control.
    func appendUIKitHandlers(_ i: Int, to list: inout [Handler]) {
        let node = nodes[i]
        for (r, recognizer) in node.uikit.gestureRecognizers.enumerated() {
            list.append(Handler(node: i, slot: list.count, source: .recognizer(index: r), priority: .normal,
                                gesture: recognizer.equivalentGesture, action: recognizer.action,
                                isDisabled: !recognizer.enabled, isMasked: false, system: .uikit,
                                region: .anywhere, gestureName: recognizer.kind.rawValue))
        }
        if let control = node.uikit.control {
            list.append(Handler(node: i, slot: list.count, source: .control, priority: .normal,
                                gesture: Gesture(.button, action: control.action), action: control.action,
                                isDisabled: !control.enabled, isMasked: false, system: .uikit,
                                region: .anywhere, gestureName: "control"))
        }
    }
}

extension HitTester {
    /// U5: whether `node` is a UIKit view hosting SwiftUI content.
    public func isHosting(_ node: Int) -> Bool { hosting[node] }

    /// U2 in words: the point lies outside a UIKit ancestor's bounds on the way to `target`.
    func whyOutsideSuperview(_ target: Int, gate v: Int) -> String {
        let name = snapshot.nodes[target].id
        if v == target { return "\(name): the point is outside its hit bounds" }
        let relation = snapshot.nodes[target].parent == v ? "superview" : "ancestor"
        return "\(name) lies outside its \(relation) \(snapshot.nodes[v].id)'s bounds at this point; UIKit delivers no touches there (U2)"
    }
}
