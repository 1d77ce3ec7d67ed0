import HitTesting
import TapJSON
import TapModel
import TapRules

/// R4 coverage: a target's `own` fraction drops by more than the threshold [0.01],
/// or any of its `miss`, `stolen`, `blocked`, `ambiguous`, `disabled` fractions
/// grows by more than it. The finding names every fraction that moved, and for
/// `stolen` the target that now takes the taps. The reverse is an improvement.
/// Fractions are compared as the baseline stores them (4 decimals).
public struct R4CoverageRule: TargetRule {
    public static let rule = Rule.coverage
    public static let description = RuleDescription(
        id: Self.rule.rawValue,
        name: "coverage",
        summary: "a target's own fraction drops, or any of its miss, stolen, blocked, ambiguous, disabled fractions grows, by more than the threshold [0.01]",
        triggeringExamples: [
            RegressionExample(before: RegressionExample.row, after: RegressionExample.hollowRow),
        ],
        nonTriggeringExamples: [
            RegressionExample(before: RegressionExample.row, after: RegressionExample.row),
            RegressionExample(before: RegressionExample.hollowRow, after: RegressionExample.row),
        ])
    public init() {}

    public func findings(before: [TargetCoverage], after: [TargetCoverage], suite: String, thresholds: DiffThresholds) -> [Finding] {
        var now: [String: TargetCoverage] = [:]
        for t in after { now[t.node] = t }
        var out: [Finding] = []
        let limit = thresholds.coverage + 1e-9
        for b in before {
            guard let a = now[b.node] else { continue }
            // Signed change per fraction, oriented so that positive is worse.
            let worse = zip(b.fractions, a.fractions).map { (bf, af) -> (name: String, from: Double, to: Double, worse: Double) in
                let delta = JSONValue.round(af.value) - JSONValue.round(bf.value)
                return (bf.name, bf.value, af.value, bf.name == "own" ? -delta : delta)
            }
            let regressed = worse.contains { $0.worse > limit }
            let improved = !regressed && worse.contains { -$0.worse > limit }
            guard regressed || improved else { continue }
            let moved = worse.filter { abs($0.worse) > limit || $0.name == "own" }
            let message = moved.map { m in
                var text = "\(m.name) \(pct(m.from)) → \(pct(m.to))"
                if m.name == "stolen", m.worse > 0, let thief = a.stolenBy { text += " (by \(thief))" }
                return text
            }.joined(separator: ", ")
            out.append(Finding(kind: regressed ? .regression : .improvement, rule: Self.rule, suite: suite, node: b.node,
                               action: a.action ?? b.action, before: Finding.Side(b), after: Finding.Side(a), message: message))
        }
        return out
    }
}
