import HitTesting
import TapRules
import TapModel

/// R5 gone: a target in the baseline is not in the snapshot. New targets are reported, never fail.
public struct R5GoneRule: TargetRule {
    public static let rule = Rule.gone
    public static let description = RuleDescription(
        id: Self.rule.rawValue,
        name: "gone",
        summary: "a target of the baseline is not in the snapshot",
        triggeringExamples: [
            RegressionExample(before: RegressionExample.row,
                after: #"""
                {"id":"row","type":"HStack","frame":[0,100,393,44],"children":[
                  {"id":"row.title","type":"Text","frame":[16,111,80,22]}
                ]}
                """#),
        ],
        nonTriggeringExamples: [
            RegressionExample(before: RegressionExample.row, after: RegressionExample.hollowRow),
        ])
    public init() {}

    public func findings(before: [TargetCoverage], after: [TargetCoverage], suite: String, thresholds: DiffThresholds) -> [Finding] {
        let now = Set(after.map(\.node))
        let then = Set(before.map(\.node))
        var out: [Finding] = before.filter { !now.contains($0.node) }.map { b in
            Finding(kind: .regression, rule: Self.rule, suite: suite, node: b.node, action: b.action,
                    before: Finding.Side(b), message: "target \(describeSide(b.node, b.action)) is gone from the snapshot")
        }
        out += after.filter { !then.contains($0.node) }.map { a in
            Finding(kind: .new, rule: .newTarget, suite: suite, node: a.node, action: a.action, after: Finding.Side(a),
                    message: "new target \(describeSide(a.node, a.action)): own \(pct(a.own)), miss \(pct(a.miss))")
        }
        return out
    }
}
