import TapModel
import TapRules

/// U7 Custom controls: a control of kind `custom` (a UIControl subclass Apple does
/// not list) is not shielded: an enabled ancestor's tap recognizer that holds the
/// touch wins and the control does not fire. It handles raw touches (U9): with
/// `cancelsTouchesInView: false` on the recognizer, both fire.
///
/// Stage code: `Compilation.appendUIKitHandlers(_:to:)`, which makes a custom control raw-touch (Compile/Handlers.swift), and `competitors(for:scratch:)` (Arbitrate/Arbitration.swift).
public enum U7CustomControlsRule: HitTestingRule {
    static let card = U6ShieldedControlsRule.card
    static let alone = #"""
        {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,390,844],"children":[
          {"id":"rating","type":"RatingControl","frame":[20,80,200,40],"control":{"kind":"custom","action":"rate"}}
        ]}
        """#

    public static let description = RuleDescription(
        id: "U7",
        name: "custom controls",
        summary: "a custom UIControl loses a tap to an ancestor's tap recognizer",
        triggeringExamples: [
            HitExample(card, tap: Point(100, 100), .hit, fires: "dismiss"),
        ],
        nonTriggeringExamples: [
            HitExample(alone, tap: Point(100, 100), .hit, fires: "rate"),
        ])
}
