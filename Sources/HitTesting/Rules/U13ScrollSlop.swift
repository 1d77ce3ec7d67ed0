import TapModel
import TapRules

/// U13 A press that moves scrolls: inside a scroll container (a `list`, or a view
/// with the scroll fields), a press that moves more than 10 pt (a Decision: the
/// threshold is not published) before lifting scrolls the container, and this
/// replaces the 45-pt tap slop there. If it moves within the first 150 ms the
/// content sees nothing; later, content touches are cancelled when
/// `canCancelContentTouches` is true (the default), except a UIKit control, which
/// keeps tracking (nothing scrolls). A stationary tap is untouched (U11). The
/// replay applies it (`scrollContainer(taking:)`); `hit` taps never move.
///
/// Stage code: `scrollContainer(taking:distance:early:)` (Classify/Scrolls.swift), which the replay calls.
public enum U13ScrollSlopRule: HitTestingRule {
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
        id: "U13",
        name: "scroll slop",
        summary: "inside a scroll view a press that moves more than 10 pt scrolls instead of tapping (replay)",
        triggeringExamples: [
            // A tap does not move: it fires (ReplayEngineTests replay the moving presses).
            HitExample(list, tap: Point(300, 142), .hit, fires: "openA"),
        ],
        nonTriggeringExamples: [
            HitExample(list, tap: Point(300, 300), .miss),
        ])
}
