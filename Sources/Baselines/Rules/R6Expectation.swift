import ReplayEngine
import TapRules
import TapModel

/// R6 expectation: a press with `expect` does not fire that node's action. Needs no
/// baseline; an `expect` naming no node of the snapshot says so. A press whose
/// expectation is newly met is an improvement.
public struct R6ExpectationRule: PressRule {
    public static let rule = Rule.expectation
    public static let description = RuleDescription(
        id: Self.rule.rawValue,
        name: "expectation",
        summary: "a press with expect does not fire that node's action (no baseline needed)",
        triggeringExamples: [
            RegressionExample(before: RegressionExample.hollowRow, after: RegressionExample.hollowRow, tap: Point(200, 122), expect: "row"),
        ],
        nonTriggeringExamples: [
            RegressionExample(before: RegressionExample.hollowRow, after: RegressionExample.hollowRow, tap: Point(30, 122), expect: "row"),
            RegressionExample(before: RegressionExample.row, after: RegressionExample.row, tap: Point(200, 122), expect: "row"),
        ])
    public init() {}

    public func check(_ p: PressPair, suite: String, thresholds: DiffThresholds) -> Finding? {
        let a = p.current
        guard let expect = a.expect, let met = a.met else { return nil }
        if !met {
            let got = a.fired ? "fired \(describeSide(a.node, a.action))" : "fired nothing (\(a.outcome.rawValue))"
            var f = p.finding(.regression, Self.rule, suite: suite, message: "expected \(expect) but \(got): \(a.reason)")
            f.expect = expect
            return f
        }
        if let b = p.before, !(b.fired && b.node == a.node) {
            var f = p.finding(.improvement, Self.rule, suite: suite, message: "now meets its expectation \(expect)")
            f.expect = expect
            return f
        }
        return nil
    }
}
