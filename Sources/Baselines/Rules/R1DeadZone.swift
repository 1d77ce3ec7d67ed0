import HitTesting
import ReplayEngine
import TapRules
import TapModel

/// R1 dead zone: a press that fired (`hit`/`expanded`) on the baseline no longer fires
/// (`miss`, `blocked`, `ambiguous`, `disabled`). The reverse is an improvement.
public struct R1DeadZoneRule: PressRule {
    public static let rule = Rule.deadZone
    public static let description = RuleDescription(
        id: Self.rule.rawValue,
        name: "dead zone",
        summary: "a press that fired on the baseline (hit or expanded) no longer fires: miss, blocked, ambiguous or disabled",
        triggeringExamples: [
            RegressionExample(before: RegressionExample.row, after: RegressionExample.hollowRow, tap: Point(200, 122)),
        ],
        nonTriggeringExamples: [
            RegressionExample(before: RegressionExample.row, after: RegressionExample.row, tap: Point(200, 122)),
            RegressionExample(before: RegressionExample.row, after: RegressionExample.hollowRow, tap: Point(30, 122)),
        ])
    public init() {}

    public func check(_ p: PressPair, suite: String, thresholds: DiffThresholds) -> Finding? {
        guard let b = p.before else { return nil }
        let a = p.current
        if b.fired && !a.fired {
            return p.finding(.regression, Self.rule, suite: suite,
                             message: "\(describeSide(b.node, b.action)) no longer fires (\(b.outcome.rawValue) → \(a.outcome.rawValue)): \(a.reason)")
        }
        if !b.fired && a.fired {
            return p.finding(.improvement, Self.rule, suite: suite,
                             message: "now fires \(describeSide(a.node, a.action)) (\(b.outcome.rawValue) → \(a.outcome.rawValue))")
        }
        return nil
    }
}
