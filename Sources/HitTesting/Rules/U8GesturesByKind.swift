import TapModel
import TapRules

/// U8 Gestures by kind: a tap fires a `button`, `stepper`, `segmented`,
/// `pageControl` or `custom` control; a tap or a pan of the knob a `switch`; only
/// a drag of the thumb a `slider`: a tap on a slider fires nothing of it (an
/// ancestor's recognizer fires, or it is a `miss`). `UIKitProperties.Control.gesture`
/// (Handler.swift) is the rule.
///
/// Stage code: `UIKitProperties.Control.gesture` (Handler.swift).
public enum U8GesturesByKindRule: HitTestingRule {
    static let card = U6ShieldedControlsRule.card
    static let slider = #"""
        {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,390,844],"children":[
          {"id":"volume","type":"UISlider","frame":[20,150,350,30],"control":{"kind":"slider","action":"setVolume"}}
        ]}
        """#

    public static let description = RuleDescription(
        id: "U8",
        name: "gestures by kind",
        summary: "a slider fires on a drag of its thumb, never on a tap",
        triggeringExamples: [
            HitExample(card, tap: Point(100, 165), .hit, fires: "dismiss"),
            HitExample(slider, tap: Point(100, 165), .miss),
        ],
        nonTriggeringExamples: [
            HitExample(card, tap: Point(100, 36), .hit, fires: "pick"),
        ])
}
