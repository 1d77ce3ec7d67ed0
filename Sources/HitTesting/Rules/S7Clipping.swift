import TapModel
import TapRules

/// S7 Clipping does not clip hits: `clipped` (SwiftUI) and `clipsToBounds`
/// (UIKit) change drawing only. No compilation step reads them: a child drawn
/// beyond a clipped parent still takes touches there (SwiftUI), and a UIKit
/// subview outside its superview is cut off by U2 (the superview's bounds),
/// whatever `clipsToBounds` says. This rule is an absence: nothing here but
/// its description.
///
/// Stage code: nothing: the rule is an absence.
public enum S7ClippingRule: HitTestingRule {
    public static let description = RuleDescription(
        id: "S7",
        name: "clipping",
        summary: "clipped and clipsToBounds change drawing only: overflowing content still takes taps",
        triggeringExamples: [
            // A fill-scaled image overflows its clipped 100 × 100 frame and still takes the tap outside it.
            HitExample(#"""
                {"id":"frame","type":"ZStack","frame":[0,0,100,100],"modifiers":[{"clipped":true}],"children":[
                  {"id":"photo","type":"Image","frame":[-50,0,200,100],
                   "modifiers":[{"onTapGesture":{"action":"open"}}]}
                ]}
                """#, tap: Point(130, 50), .hit, fires: "open"),
        ],
        nonTriggeringExamples: [
            HitExample(#"""
                {"id":"frame","type":"ZStack","frame":[0,0,100,100],"modifiers":[{"clipped":true}],"children":[
                  {"id":"photo","type":"Image","frame":[-50,0,200,100],
                   "modifiers":[{"onTapGesture":{"action":"open"}}]}
                ]}
                """#, tap: Point(170, 50), .miss),
        ])
}
