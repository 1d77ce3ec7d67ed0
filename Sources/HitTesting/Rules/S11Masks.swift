import TapModel
import TapRules

/// S11 Masks, on the attaching entry: `gesture` — this gesture enabled,
/// gestures inside the view disabled; `subviews` — this gesture disabled,
/// gestures inside enabled; `none` — both disabled; `all` — both enabled. A mask
/// applies whatever the masking gesture is. A masked gesture takes no part at
/// all (a tap reaching only masked gestures is a miss or blocked, not disabled).
///
/// Stage code: `Compilation.isMasked(_:at:own:)` (Compile/Handlers.swift); in words, `maskedTapOnPath(from:)` (Classify/Reasons.swift).
public enum S11MasksRule: HitTestingRule {
    public static let description = RuleDescription(
        id: "S11",
        name: "masks",
        summary: "a gesture's mask switches itself or the gestures inside its view off; a masked gesture takes no part",
        triggeringExamples: [
            // mask gesture: the parent's gesture fires, the child's is off.
            HitExample(#"""
                {"id":"card","type":"ZStack","frame":[0,0,200,200],
                 "modifiers":[{"gesture":{"tap":{"count":1},"action":"openCard","mask":"gesture"}}],
                 "children":[
                   {"id":"like","type":"Image","frame":[10,10,40,40],"modifiers":[{"onTapGesture":{"action":"like"}}]}
                 ]}
                """#, tap: Point(30, 30), .hit, fires: "openCard"),
            // mask none: nothing fires.
            HitExample(#"""
                {"id":"card","type":"ZStack","frame":[0,0,200,200],
                 "modifiers":[{"gesture":{"tap":{"count":1},"action":"openCard","mask":"none"}}],
                 "children":[
                   {"id":"like","type":"Image","frame":[10,10,40,40],"modifiers":[{"onTapGesture":{"action":"like"}}]}
                 ]}
                """#, tap: Point(30, 30), .miss),
        ],
        nonTriggeringExamples: [
            // mask all: the child's gesture wins as usual.
            HitExample(#"""
                {"id":"card","type":"ZStack","frame":[0,0,200,200],
                 "modifiers":[{"gesture":{"tap":{"count":1},"action":"openCard","mask":"all"}}],
                 "children":[
                   {"id":"like","type":"Image","frame":[10,10,40,40],"modifiers":[{"onTapGesture":{"action":"like"}}]}
                 ]}
                """#, tap: Point(30, 30), .hit, fires: "like"),
        ])
}
