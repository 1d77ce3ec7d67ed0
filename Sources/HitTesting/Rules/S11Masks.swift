import TapModel
import TapRules

/// S11 Masks, on the attaching entry: `gesture` — this gesture enabled,
/// gestures inside the view disabled; `subviews` — this gesture disabled,
/// gestures inside enabled; `none` — both disabled; `all` — both enabled. A mask
/// applies whatever the masking gesture is. A masked gesture takes no part at
/// all (a tap reaching only masked gestures is a miss or blocked, not disabled).
public enum S11Masks: HitTestingRule {
    public static let description = RuleDescription(
        id: "S11",
        name: "masks",
        summary: "a gesture's mask switches itself or the gestures inside its view off; a masked gesture takes no part",
        triggeringExamples: [
            // mask gesture: the parent's gesture fires, the child's is off.
            HitExample(#"{"id":"card","type":"ZStack","frame":[0,0,200,200],"modifiers":[{"gesture":{"tap":{"count":1},"action":"openCard","mask":"gesture"}}],"children":[{"id":"like","type":"Image","frame":[10,10,40,40],"modifiers":[{"onTapGesture":{"action":"like"}}]}]}"#,
                       tap: Point(30, 30), .hit, fires: "openCard"),
            // mask none: nothing fires.
            HitExample(#"{"id":"card","type":"ZStack","frame":[0,0,200,200],"modifiers":[{"gesture":{"tap":{"count":1},"action":"openCard","mask":"none"}}],"children":[{"id":"like","type":"Image","frame":[10,10,40,40],"modifiers":[{"onTapGesture":{"action":"like"}}]}]}"#,
                       tap: Point(30, 30), .miss),
        ],
        nonTriggeringExamples: [
            // mask all: the child's gesture wins as usual.
            HitExample(#"{"id":"card","type":"ZStack","frame":[0,0,200,200],"modifiers":[{"gesture":{"tap":{"count":1},"action":"openCard","mask":"all"}}],"children":[{"id":"like","type":"Image","frame":[10,10,40,40],"modifiers":[{"onTapGesture":{"action":"like"}}]}]}"#,
                       tap: Point(30, 30), .hit, fires: "like"),
        ])
}

extension GestureAttachment.Mask {
    /// Whether gestures inside the view are switched off.
    var disablesInside: Bool { self == .gesture || self == .none }
    /// Whether the attached gesture itself is switched off.
    var disablesSelf: Bool { self == .subviews || self == .none }
}

extension Node {
    /// S11: a gesture on this view masks the gestures inside it.
    var masksGesturesInside: Bool {
        modifiers.contains { if case .gesture(let g) = $0 { return g.mask.disablesInside }; return false }
    }
}

extension Compilation {
    /// S11: whether the handler attached at `modifier` (-1: a Button's action) with mask `own`
    /// is switched off: by its own mask, by an ancestor's, or by a gesture written later on
    /// the same view (which is outside it) whose mask switches off what is inside.
    func isMasked(_ i: Int, at modifier: Int, own: GestureAttachment.Mask) -> Bool {
        if own.disablesSelf || maskedAbove[i] { return true }
        for (m, mod) in nodes[i].modifiers.enumerated() where m > modifier {
            if case .gesture(let g) = mod, g.mask.disablesInside { return true }
        }
        return false
    }
}

extension HitTester {
    /// S11 in words: the first tap-like handler on the path from `view` up that a mask switched off.
    func maskedTapOnPath(from view: Int) -> Handler? {
        var v = view
        while v >= 0 {
            if let h = handlers[v].first(where: { $0.isTapLike && $0.isMasked }) { return h }
            v = snapshot.nodes[v].parent
        }
        return nil
    }
}
