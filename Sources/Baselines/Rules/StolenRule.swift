/// R2 stolen: a press fires a different action than it did. Actions are
/// compared by name; unnamed actions by the node that carries them.
public struct StolenRule: RegressionRule {
    public static let rule = Rule.stolen
    public init() {}

    public func findings(_ c: DiffContext) -> [Finding] {
        c.common.compactMap { key in
            let b = c.before[key]!, a = c.after[key]!
            guard b.fired && a.fired else { return nil }
            let same = (b.action != nil || a.action != nil) ? b.action == a.action : b.node == a.node
            guard !same else { return nil }
            return c.pressFinding(.regression, Self.rule, key,
                                  message: "fires \(describeSide(a.node, a.action)) instead of \(describeSide(b.node, b.action))")
        }
    }
}
