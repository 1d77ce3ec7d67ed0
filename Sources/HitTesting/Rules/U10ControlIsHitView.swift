import TapModel
import TapRules

/// U10 A control fires only as the hit view: when an interactive subview that is
/// not a control takes the touch (a `UIStackView`, a `UIView` inside a button),
/// the control around it does not fire. Applied to controls whose `kind` is known;
/// a control of kind `unknown` keeps U4's walk up (snapshots written before kinds
/// existed mean what they meant; a Decision).
///
/// Stage code: `competitors(for:scratch:)` (`skippedByU10`, Arbitrate/Arbitration.swift).
public enum U10ControlIsHitViewRule: HitTestingRule {
    static func button(_ kind: String) -> String {
        #"{"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,390,844],"children":[{"id":"send","type":"UIButton","frame":[20,20,200,44],"control":{"kind":""# + kind + #"","action":"send"},"children":[{"id":"send.stack","type":"UIStackView","frame":[20,20,200,44]}]}]}"#
    }

    public static let description = RuleDescription(
        id: "U10",
        name: "control is the hit view",
        summary: "an interactive non-control subview that takes the touch keeps the control around it from firing",
        triggeringExamples: [
            HitExample(button("button"), tap: Point(100, 42), .blocked),
        ],
        nonTriggeringExamples: [
            HitExample(button("unknown"), tap: Point(100, 42), .hit, fires: "send"),
        ])
}
