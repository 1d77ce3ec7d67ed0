import TapModel
import TapRules

/// S6 disabled: the view keeps its region (it takes the touch) but no gesture
/// or Button in its subtree fires. `disabled(true)` acts on the whole view
/// wherever it is written among its modifiers, and on everything inside it.
/// UIKit's disabled controls and recognizers are their own `enabled` flags (U4).
public enum S6Disabled: HitTestingRule {
    public static let description = RuleDescription(
        id: "S6",
        name: "disabled",
        summary: "a disabled view keeps its region, but no gesture or Button inside it fires",
        triggeringExamples: [
            HitExample(#"{"id":"save","type":"Text","frame":[0,0,200,44],"modifiers":[{"onTapGesture":{"action":"save"}},{"disabled":true}]}"#,
                       tap: Point(100, 22), .disabled),
        ],
        nonTriggeringExamples: [
            HitExample(#"{"id":"save","type":"Text","frame":[0,0,200,44],"modifiers":[{"onTapGesture":{"action":"save"}},{"disabled":false}]}"#,
                       tap: Point(100, 22), .hit, fires: "save"),
        ])
}

extension Node {
    /// S6: `disabled(true)` among this view's modifiers.
    public var isDisabledHere: Bool {
        modifiers.contains { if case .disabled(true) = $0 { return true }; return false }
    }
}

extension HitTester {
    /// Whether `node` or an ancestor is disabled (S6).
    public func isDisabled(_ node: Int) -> Bool { disabledBy(node) != nil }

    /// The view whose `disabled(true)` disables `node` (itself or the nearest ancestor), or nil.
    public func disabledBy(_ node: Int) -> Int? {
        var a = node
        while a >= 0 {
            if snapshot.nodes[a].isDisabledHere { return a }
            a = snapshot.nodes[a].parent
        }
        return nil
    }

    /// " (disabled(true) on row.x)" for a disabled handler.
    public func disabledReason(_ h: Handler) -> String {
        switch h.source {
        case .control: return " (the control is not enabled)"
        case .recognizer: return " (the recognizer is not enabled)"
        case .touchAction: return " (the touchAction is not enabled)"
        case .row:
            guard let by = disabledBy(h.node) else { return " (every row-level control of the row is disabled)" }
            return " (disabled(true) on \(snapshot.nodes[by].id))"
        case .swiftUI:
            guard let by = disabledBy(h.node) else { return "" }
            return " (disabled(true) on \(snapshot.nodes[by].id))"
        }
    }
}
