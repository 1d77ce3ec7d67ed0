import TapModel
import TapRules

/// S6 disabled: the view keeps its region (it takes the touch) but no gesture
/// or Button in its subtree fires. `disabled(true)` acts on the whole view
/// wherever it is written among its modifiers, and on everything inside it.
/// UIKit's disabled controls and recognizers are their own `enabled` flags (U4).
///
/// Stage code: `Compilation.compileHandlers(_:)` with `Node.isDisabledHere` (Compile/Handlers.swift); in words, `disabledReason(_:)` (Classify/Reasons.swift).
public enum S6DisabledRule: HitTestingRule {
    public static let description = RuleDescription(
        id: "S6",
        name: "disabled",
        summary: "a disabled view keeps its region, but no gesture or Button inside it fires",
        triggeringExamples: [
            HitExample(#"""
                {"id":"save","type":"Text","frame":[0,0,200,44],
                 "modifiers":[{"onTapGesture":{"action":"save"}},{"disabled":true}]}
                """#, tap: Point(100, 22), .disabled),
        ],
        nonTriggeringExamples: [
            HitExample(#"""
                {"id":"save","type":"Text","frame":[0,0,200,44],
                 "modifiers":[{"onTapGesture":{"action":"save"}},{"disabled":false}]}
                """#, tap: Point(100, 22), .hit, fires: "save"),
        ])
}
