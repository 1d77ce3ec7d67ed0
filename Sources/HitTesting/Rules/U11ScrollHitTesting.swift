import TapModel
import TapRules

/// U11 Scroll views do not change hit testing: `hit`, coverage and stationary
/// taps do not depend on `delaysContentTouches` or `canCancelContentTouches`.
/// Nothing in the engine reads them for a tap (an absence, like S7).
///
/// Stage code: nothing: the rule is an absence.
public enum U11ScrollHitTestingRule: HitTestingRule {
    static let list = #"""
        {"id":"list","type":"List","role":"list","frame":[0,0,393,852],"children":[
          {"id":"row.a","type":"ListRow","role":"row","frame":[16,120,361,44],"children":[
            {"id":"a","type":"Button","style":"borderless","action":"openA","frame":[36,120,321,44],"children":[
              {"id":"a.title","type":"Text","frame":[36,131,100,22]}
            ]}
          ]}
        ]}
        """#
    static let undelayed = #"""
        {"id":"list","type":"List","role":"list","delaysContentTouches":false,"frame":[0,0,393,852],"children":[
          {"id":"row.a","type":"ListRow","role":"row","frame":[16,120,361,44],"children":[
            {"id":"a","type":"Button","style":"borderless","action":"openA","frame":[36,120,321,44],"children":[
              {"id":"a.title","type":"Text","frame":[36,131,100,22]}
            ]}
          ]}
        ]}
        """#

    public static let description = RuleDescription(
        id: "U11",
        name: "scroll views keep hit testing",
        summary: "delaysContentTouches and canCancelContentTouches change no tap's outcome",
        triggeringExamples: [
            HitExample(list, tap: Point(300, 142), .hit, fires: "openA"),
            HitExample(undelayed, tap: Point(300, 142), .hit, fires: "openA"),
        ],
        nonTriggeringExamples: [
            HitExample(undelayed, tap: Point(300, 200), .miss),
        ])
}
