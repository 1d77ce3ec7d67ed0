/// R5 gone: a target in the baseline is not in the snapshot. New targets are reported, never fail.
public struct GoneRule: RegressionRule {
    public static let rule = Rule.gone
    public init() {}

    public func findings(_ c: DiffContext) -> [Finding] {
        guard let baseline = c.baseline else { return [] }
        let now = Set(c.current.coverage.map(\.node))
        let then = Set(baseline.targets.map(\.node))
        var out: [Finding] = baseline.targets.filter { !now.contains($0.node) }.map { b in
            Finding(kind: .regression, rule: Self.rule, suite: c.suite, node: b.node, action: b.action,
                    before: Finding.Side(b), message: "target \(describeSide(b.node, b.action)) is gone from the snapshot")
        }
        out += c.current.coverage.filter { !then.contains($0.node) }.map { a in
            Finding(kind: .new, rule: .newTarget, suite: c.suite, node: a.node, action: a.action, after: Finding.Side(a),
                    message: "new target \(describeSide(a.node, a.action)): own \(pct(a.own)), miss \(pct(a.miss))")
        }
        return out
    }
}
