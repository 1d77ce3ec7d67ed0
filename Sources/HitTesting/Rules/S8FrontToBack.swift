import TapModel
import TapRules

/// S8 Front to back: among overlapping regions the frontmost (latest in
/// document order) takes the touch; what it does not handle does not fall
/// through to siblings behind it (its ancestors' gestures still compete:
/// Arbitrate/Arbitration.swift). With U1's subview walk (last child first) this is one
/// rule: the view that takes a touch at p is the latest in document order whose
/// self shape holds p and all of whose gated ancestors hold p. `land` answers
/// it from the R-tree; `landByWalking` is the literal front-to-back walk the
/// tests compare it with.
///
/// Stage code: `locate(at:cloud:excluding:record:scratch:)` and `landUIKit` (Bind/Landing.swift); `landByWalking(at:excluding:)` is the literal walk.
public enum S8FrontToBackRule: HitTestingRule {
    public static let description = RuleDescription(
        id: "S8",
        name: "front to back",
        summary: "the frontmost region takes the touch; what it does not handle does not fall through to siblings behind it",
        triggeringExamples: [
            // A card in front of a button takes the tap, and has no handler: the button behind does not get it.
            HitExample(#"""
                {"id":"screen","type":"ZStack","frame":[0,0,200,100],"children":[
                  {"id":"buy","type":"Color","frame":[0,0,200,100],"modifiers":[{"onTapGesture":{"action":"buy"}}]},
                  {"id":"card","type":"Color","frame":[0,0,100,100]}
                ]}
                """#, tap: Point(50, 50), .blocked),
        ],
        nonTriggeringExamples: [
            HitExample(#"""
                {"id":"screen","type":"ZStack","frame":[0,0,200,100],"children":[
                  {"id":"buy","type":"Color","frame":[0,0,200,100],"modifiers":[{"onTapGesture":{"action":"buy"}}]},
                  {"id":"card","type":"Color","frame":[0,0,100,100]}
                ]}
                """#, tap: Point(150, 50), .hit, fires: "buy"),
        ])
}
