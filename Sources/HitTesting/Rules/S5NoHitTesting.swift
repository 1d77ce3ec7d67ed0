import TapModel
import TapRules

/// S5 allowsHitTesting(false), opacity 0, hidden: the view and its subtree
/// have no region; touches go to whatever is behind. (UIKit's counterpart,
/// U1's hidden / alpha / isUserInteractionEnabled, is U1HitTest.swift.)
///
/// Stage code: `Compilation.compileLiveness(_:)` (Compile/Liveness.swift); in words, `whyDead(_:)` (Classify/Reasons.swift).
public enum S5NoHitTestingRule: HitTestingRule {
    public static let description = RuleDescription(
        id: "S5",
        name: "no hit testing",
        summary: "allowsHitTesting(false), opacity 0 and hidden: the view and its subtree take no touches; they reach what is behind",
        triggeringExamples: [
            // A decorative badge over a button lets the tap through.
            HitExample(#"""
                {"id":"screen","type":"ZStack","frame":[0,0,200,100],"children":[
                  {"id":"buy","type":"Color","frame":[0,0,200,100],"modifiers":[{"onTapGesture":{"action":"buy"}}]},
                  {"id":"badge","type":"Circle","frame":[80,30,40,40],"modifiers":[{"allowsHitTesting":false}]}
                ]}
                """#, tap: Point(100, 50), .hit, fires: "buy"),
            HitExample(#"""
                {"id":"screen","type":"ZStack","frame":[0,0,200,100],"children":[
                  {"id":"buy","type":"Color","frame":[0,0,200,100],"modifiers":[{"onTapGesture":{"action":"buy"}}]},
                  {"id":"badge","type":"Color","frame":[80,30,40,40],"modifiers":[{"opacity":0}]}
                ]}
                """#, tap: Point(100, 50), .hit, fires: "buy"),
        ],
        nonTriggeringExamples: [
            // Without it the badge intercepts the tap.
            HitExample(#"""
                {"id":"screen","type":"ZStack","frame":[0,0,200,100],"children":[
                  {"id":"buy","type":"Color","frame":[0,0,200,100],"modifiers":[{"onTapGesture":{"action":"buy"}}]},
                  {"id":"badge","type":"Circle","frame":[80,30,40,40]}
                ]}
                """#, tap: Point(100, 50), .blocked),
        ])
}
