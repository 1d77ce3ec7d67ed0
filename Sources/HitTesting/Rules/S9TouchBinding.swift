import TapModel
import TapRules

/// S9 Touch binding (version 2) [radius 20 pt, profile]: a touch is a weighted
/// cloud of samples around its centre, sized by its radius (TouchCloud.swift);
/// every SwiftUI responder scores priority × opacity × the weight of the samples
/// its region covers that nothing in front has claimed, and a child takes the
/// touch only when it clearly wins — best ≥ max(8, 1.2 × runner-up) on iOS 18 —
/// otherwise its container responds (TouchBinder.swift runs the test; the
/// profile's parameters are TouchProfile.swift). A gesture receives the touch when
/// the bound responder is its own or lies inside it (Arbitrate/Arbitration.swift). UIKit
/// takes no part (U4): it is hit-tested exactly at the centre. Radius 0 is one sample.
///
/// The examples are the worked examples of the contract: a row's label reached from
/// 8 pt away, two stacked rows, a small button beside a row, a dot beside a card.
///
/// Stage code: `TouchBinder` (Bind/TouchBinder.swift) over the tree of `Compilation.compileResponders(profile:)` (Bind/Responders.swift), called by `locate` (Bind/Landing.swift).
public enum S9TouchBindingRule: HitTestingRule {
    /// A 390 × 44 row `HStack { Spacer(); Text }` with a tap gesture; the Text at 300–360 × 12–32.
    static let row = #"""
        {"id":"row","type":"HStack","frame":[0,0,390,44],
         "modifiers":[{"onTapGesture":{"action":"open"}}],
         "children":[
           {"id":"row.spacer","type":"Spacer","frame":[0,0,300,44]},
           {"id":"row.text","type":"Text","frame":[300,12,60,20]}
         ]}
        """#
    /// A 6 × 6 dot at 97–103 beside a card at 103–303 × 60–140, both with tap gestures.
    static let dotAndCard = #"""
        {"id":"screen","type":"ZStack","frame":[0,0,393,852],"children":[
          {"id":"card","type":"RoundedRectangle","frame":[103,60,200,80],
           "modifiers":[{"onTapGesture":{"action":"openCard"}}]},
          {"id":"dot","type":"Color","frame":[97,97,6,6],"modifiers":[{"onTapGesture":{"action":"dot"}}]}
        ]}
        """#

    public static let description = RuleDescription(
        id: "S9",
        name: "touch binding",
        summary: "a touch is a weighted cloud sized by its radius; a child takes it only with a score ≥ max(8, 1.2 × the runner-up), else its container responds",
        triggeringExamples: [
            // 8 pt left of the Text: at r = 20 the Text covers 13.5 ≥ 8 and the row fires (expanded).
            HitExample(row, tap: Point(292, 22), .expanded, fires: "open", radius: 20),
            // The dot's centre: r = 10 the dot (24 vs 15); r = 20 the card (35.5 vs 24).
            HitExample(dotAndCard, tap: Point(100, 100), .hit, fires: "dot", radius: 10),
            HitExample(dotAndCard, tap: Point(100, 100), .expanded, fires: "openCard", radius: 20),
            // r = 16: 24 vs 25, neither leads by 20 %: their container responds and nothing fires.
            HitExample(dotAndCard, tap: Point(100, 100), .ambiguous, radius: 16),
            // iOS 26 SDK: the best child always wins.
            HitExample(dotAndCard, tap: Point(100, 100), .expanded, fires: "openCard", radius: 16, profile: .ios26SDK),
            HitExample(row, tap: Point(292, 22), .expanded, fires: "open", radius: 10, profile: .ios26SDK),
        ],
        nonTriggeringExamples: [
            // At r = 10 the Text covers one 8-pt sample (3 of the 8 it needs): the root responds, nothing fires.
            HitExample(row, tap: Point(292, 22), .miss, radius: 10),
            // Radius 0: one sample, exact hit testing.
            HitExample(row, tap: Point(292, 22), .miss, radius: 0),
        ])
}
