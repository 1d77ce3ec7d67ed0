import HitTesting

/// R5 gone: a target in the baseline is not in the snapshot. New targets are reported, never fail.
public struct GoneRule: TargetRule {
    public static let rule = Rule.gone
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
