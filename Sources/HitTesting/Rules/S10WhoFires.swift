import TapModel
import TapRules

/// S10 Who fires: every gesture on the path from the hit view to the root whose
/// attachment region holds the point competes. Order: highPriorityGestures
/// outermost first, then normal gestures innermost first (a child's beats its
/// parent's; on one view the earlier-written first; a Button's action innermost);
/// the first that recognizes the touch wins; simultaneousGestures that recognize
/// fire as well, and one fires on its own when nothing else does. The walk
/// also orders UIKit's handlers (U4UIKitWhoFires.swift), and `arbitrate` is the
/// one arbitration both systems share.
///
/// Stage code: `competitors(for:scratch:)`, `arbitrate` and `tapWinner(for:scratch:)` (Arbitrate/Arbitration.swift).
public enum S10WhoFiresRule: HitTestingRule {
    public static let description = RuleDescription(
        id: "S10",
        name: "who fires",
        summary: "highPriorityGestures outermost first, then gestures innermost first; the first that recognizes wins, simultaneous ones fire too",
        triggeringExamples: [
            // A child's gesture beats its parent's.
            HitExample(#"""
                {"id":"card","type":"ZStack","frame":[0,0,200,200],
                 "modifiers":[{"onTapGesture":{"action":"openCard"}}],
                 "children":[
                   {"id":"like","type":"Image","frame":[10,10,40,40],"modifiers":[{"onTapGesture":{"action":"like"}}]}
                 ]}
                """#, tap: Point(30, 30), .hit, fires: "like"),
            // A parent's highPriorityGesture beats its child's.
            HitExample(#"""
                {"id":"card","type":"ZStack","frame":[0,0,200,200],
                 "modifiers":[{"highPriorityGesture":{"tap":{"count":1},"action":"openCard"}}],
                 "children":[
                   {"id":"like","type":"Image","frame":[10,10,40,40],"modifiers":[{"onTapGesture":{"action":"like"}}]}
                 ]}
                """#, tap: Point(30, 30), .hit, fires: "openCard"),
        ],
        nonTriggeringExamples: [
            // Outside the child, the parent's gesture fires.
            HitExample(#"""
                {"id":"card","type":"ZStack","frame":[0,0,200,200],
                 "modifiers":[{"onTapGesture":{"action":"openCard"}}],
                 "children":[
                   {"id":"bg","type":"Color","frame":[0,0,200,200]},
                   {"id":"like","type":"Image","frame":[10,10,40,40],"modifiers":[{"onTapGesture":{"action":"like"}}]}
                 ]}
                """#, tap: Point(100, 100), .hit, fires: "openCard"),
        ])
}
