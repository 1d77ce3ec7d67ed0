import HitTesting
import TapModel

/// R4 coverage: a target's `own` fraction drops by more than 0.01, or its
/// `miss` fraction grows by more than 0.01. The reverse is an improvement.
/// Fractions are compared as the baseline stores them (4 decimals).
public struct CoverageRule: RegressionRule {
    public static let rule = Rule.coverage
    public init() {}

    public func findings(_ c: DiffContext) -> [Finding] {
        guard let baseline = c.baseline else { return [] }
        var now: [String: TargetCoverage] = [:]
        for t in c.current.coverage { now[t.node] = t }
        var out: [Finding] = []
        for b in baseline.targets {
            guard let a = now[b.node] else { continue }
            let ownDrop = JSONValue.round(b.own) - JSONValue.round(a.own)
            let missGrowth = JSONValue.round(a.miss) - JSONValue.round(b.miss)
            let limit = c.thresholds.coverage
            let message = "own \(pct(b.own)) → \(pct(a.own)), miss \(pct(b.miss)) → \(pct(a.miss))"
            let finding = { (kind: Finding.Kind) in
                Finding(kind: kind, rule: Self.rule, suite: c.suite, node: b.node, action: a.action ?? b.action,
                        before: Finding.Side(b), after: Finding.Side(a), message: message)
            }
            if ownDrop > limit + 1e-9 || missGrowth > limit + 1e-9 {
                out.append(finding(.regression))
            } else if -ownDrop > limit + 1e-9 || -missGrowth > limit + 1e-9 {
                out.append(finding(.improvement))
            }
        }
        return out
    }
}
