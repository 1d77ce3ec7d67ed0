import ReplayEngine
import TapRules
import TapModel

/// R2 stolen: a press fires a different action than it did. Actions are
/// compared by name; unnamed actions by the node that carries them.
public struct R2StolenRule: PressRule {
    public static let rule = Rule.stolen
    public static let description = RuleDescription(
        id: Self.rule.rawValue,
        name: "stolen",
        summary: "a press fires a different action",
        triggeringExamples: [
            RegressionExample(before: RegressionExample.screen(RegressionExample.row),
                              after: RegressionExample.screen(RegressionExample.row, #"""
                                  {"id":"badge","type":"Circle","frame":[180,105,40,40],"modifiers":[{"onTapGesture":{"action":"showBadge"}}]}
                                  """#),
                              tap: Point(200, 122)),
        ],
        nonTriggeringExamples: [
            RegressionExample(before: RegressionExample.row, after: RegressionExample.row, tap: Point(200, 122)),
        ])
    public init() {}

    public func check(_ p: PressPair, suite: String, thresholds: DiffThresholds) -> Finding? {
        guard let b = p.before, b.fired, p.current.fired else { return nil }
        let a = p.current
        let same = (b.action != nil || a.action != nil) ? b.action == a.action : b.node == a.node
        guard !same else { return nil }
        return p.finding(.regression, Self.rule, suite: suite,
                         message: "fires \(describeSide(a.node, a.action)) instead of \(describeSide(b.node, b.action)): \(a.reason)")
    }
}
