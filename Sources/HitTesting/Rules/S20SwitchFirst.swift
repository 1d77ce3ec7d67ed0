import TapModel
import TapRules

/// S20 A switch is not taken: a UIKit control of kind `switch` fires on a tap
/// even under a SwiftUI tap gesture, and the ancestor does not (reported for
/// iOS 17 on; on iOS 16 both fired, which the profiles cannot tell apart: a
/// Decision for all profiles; weak evidence). A control of kind `unknown` whose type
/// is `UISwitch` counts as a switch (snapshots written before kinds keep their answer).
///
/// Stage code: `competitors(for:scratch:)` with `isSwitch(_:)` (Arbitrate/Arbitration.swift).
public enum S20SwitchFirstRule: HitTestingRule {
    static let toggle = #"""
        {"id":"form","type":"Form","role":"list","frame":[0,0,393,852],"children":[
          {"id":"row.alerts","type":"ListRow","role":"row","frame":[16,164,361,44],"children":[
            {"id":"alerts","type":"Toggle","style":"switch","frame":[36,164,321,44],
             "modifiers":[{"contentShape":{"shape":"rectangle"}},{"onTapGesture":{"action":"openDevice"}}],
             "children":[
               {"id":"alerts.title","type":"Text","frame":[36,175,60,22]},
               {"id":"alerts.switch","type":"UISwitch","system":"uikit","role":"switch","frame":[306,170,51,31],"control":{"kind":"switch","action":"toggleAlerts"}}
             ]}
          ]}
        ]}
        """#

    public static let description = RuleDescription(
        id: "S20",
        name: "switch first",
        summary: "a UIKit switch under a SwiftUI tap gesture still fires on a tap; the gesture does not",
        triggeringExamples: [
            HitExample(toggle, tap: Point(330, 186), .hit, fires: "toggleAlerts"),
        ],
        nonTriggeringExamples: [
            HitExample(toggle, tap: Point(60, 186), .hit, fires: "openDevice"),
        ])
}
