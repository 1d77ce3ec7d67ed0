import TapModel
import TapRules

/// U12 No added latency: a scroll view holds `touchesBegan` for about 150 ms, but a
/// finger lifting sooner delivers it at once, then the end, so handlers that fire
/// on release (Buttons, taps, touchUpInside, row selection) fire as they would
/// outside a scroll view. Only touch-down effects (a highlight) are late; the
/// replay reports no latency for them (it measures what fires). An absence in the
/// engine: no latency depends on a scroll container.
///
/// Stage code: nothing: the rule is an absence.
public enum U12NoAddedLatencyRule: HitTestingRule {
    static let list = #"""
        {"id":"list","type":"List","role":"list","frame":[0,0,393,852],"children":[
          {"id":"row.a","type":"ListRow","role":"row","frame":[16,120,361,44],"children":[
            {"id":"a","type":"Button","style":"borderless","action":"openA","frame":[36,120,321,44],"children":[
              {"id":"a.title","type":"Text","frame":[36,131,100,22]}
            ]}
          ]}
        ]}
        """#

    public static let description = RuleDescription(
        id: "U12",
        name: "no added latency",
        summary: "a quick tap inside a scroll view fires on release as it would outside one",
        triggeringExamples: [
            HitExample(list, tap: Point(60, 142), .hit, fires: "openA"),
        ],
        nonTriggeringExamples: [
            HitExample(list, tap: Point(8, 142), .miss),
        ])
}
