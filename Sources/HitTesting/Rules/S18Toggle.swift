import TapModel
import TapRules

/// S18 Toggle: a `switch`-style Toggle (iOS's default) has no handler of its own;
/// only its switch responds, written as SwiftUI builds it — a child with
/// `"role": "switch"`, a `UISwitch` representable with `control: {"kind": "switch"}`.
/// Its label is a `miss`, and it is never row-level. A `button`-style Toggle fires
/// over its label's frame (S17); a `checkbox` (macOS) over its box and label. An
/// `action` on a switch-style Toggle is an error of the snapshot.
///
/// Stage code: the snapshot (a switch-style Toggle has no handler of its own); `switchToggle(around:)` names the rule (Classify/Outcomes.swift).
public enum S18ToggleRule: HitTestingRule {
    static let row = #"""
        {"id":"form","type":"Form","role":"list","frame":[0,0,393,852],"children":[
          {"id":"row.alerts","type":"ListRow","role":"row","frame":[16,164,361,44],"children":[
            {"id":"alerts","type":"Toggle","style":"switch","frame":[36,164,321,44],"children":[
              {"id":"alerts.title","type":"Text","frame":[36,175,60,22]},
              {"id":"alerts.switch","type":"UISwitch","system":"uikit","role":"switch","frame":[306,170,51,31],"control":{"kind":"switch","action":"toggleAlerts"}}
            ]}
          ]}
        ]}
        """#

    public static let description = RuleDescription(
        id: "S18",
        name: "toggle",
        summary: "a switch-style Toggle responds only on its switch: its label does not flip it",
        triggeringExamples: [
            HitExample(row, tap: Point(60, 186), .miss),
        ],
        nonTriggeringExamples: [
            HitExample(row, tap: Point(330, 186), .hit, fires: "toggleAlerts"),
        ])
}
