import HitTesting
import TapJSON
import TapModel
import TapRules

/// R7 predicted success: a target's predicted first-try success — the share of
/// a person's touches aimed at its centre that fire it (the human touch model
/// through the engine's binding, docs/audit.md, "People miss") — falls by
/// more than the threshold [0.02]. It needs no traces and has no sampling noise:
/// a build that makes a button a few points harder to hit is caught before
/// anyone taps it. A rise by more than the threshold is an improvement. Values
/// are compared as the baseline stores them (4 decimals); a side without a
/// prediction is not compared.
public struct R7PredictedSuccessRule: TargetRule {
    public static let rule = Rule.predicted
    public static let description = RuleDescription(
        id: Self.rule.rawValue,
        name: "predicted success",
        summary: "a target's predicted first-try success (people aiming at its centre) falls by more than the threshold [0.02]",
        triggeringExamples: [
            // The row loses its contentShape: aimed at its centre, the touch lands in the gap.
            RegressionExample(before: RegressionExample.row, after: RegressionExample.hollowRow),
            // A neighbour moves next to an icon: its own frame still fires everywhere (no R4), but people's touches go astray.
            RegressionExample(before: iconBar(shareAt: 200), after: iconBar(shareAt: 124)),
        ],
        nonTriggeringExamples: [
            // The row gains its contentShape: an improvement, not a regression.
            RegressionExample(before: RegressionExample.hollowRow, after: RegressionExample.row),
            // The neighbour moves a little, but stays out of reach of the touches aimed at the icon.
            RegressionExample(before: iconBar(shareAt: 200), after: iconBar(shareAt: 190)),
        ])
    public init() {}

    /// A toolbar with two 24-pt icons, `like` at x = 100 and `share` at `x`.
    static func iconBar(shareAt x: Int) -> String {
        #"""
        {"id":"bar","type":"HStack","frame":[0,0,393,44],"children":[
          {"id":"like","type":"Image","frame":[100,10,24,24],"modifiers":[{"onTapGesture":{"action":"like"}}]},
          {"id":"share","type":"Image","frame":[\#(x),10,24,24],"modifiers":[{"onTapGesture":{"action":"share"}}]}
        ]}
        """#
    }

    public func findings(before: [TargetCoverage], after: [TargetCoverage], suite: String, thresholds: DiffThresholds) -> [Finding] {
        var now: [String: TargetCoverage] = [:]
        for t in after { now[t.node] = t }
        let limit = thresholds.predicted + 1e-9
        var out: [Finding] = []
        for b in before {
            guard let a = now[b.node], let then = b.predicted, let p = a.predicted else { continue }
            let from = JSONValue.round(then.success), to = JSONValue.round(p.success)
            let delta = to - from
            guard abs(delta) > limit else { continue }
            let points = JSONValue.format(JSONValue.round(abs(delta) * 100, places: 1))
            var message = "predicted first-try success \(pct(from)) → \(pct(to)) (\(delta < 0 ? "−" : "+")\(points) points)"
            if delta < 0, let cause = p.mainCause { message += ": of the touches a person aims at its centre, \(p.describe(cause))" }
            out.append(Finding(kind: delta < 0 ? .regression : .improvement, rule: Self.rule, suite: suite, node: b.node,
                               action: a.action ?? b.action, before: Finding.Side(b), after: Finding.Side(a), message: message))
        }
        return out
    }
}
