/// R3 slower: a press's latency grows by more than 50 ms (a double-tap gesture
/// that makes every single tap wait, say). The reverse is an improvement.
public struct SlowerRule: RegressionRule {
    public static let rule = Rule.slower
    public init() {}

    public func findings(_ c: DiffContext) -> [Finding] {
        c.common.compactMap { key in
            let b = c.before[key]!, a = c.after[key]!
            guard b.fired, a.fired, let lb = b.latencyMs, let la = a.latencyMs else { return nil }
            if la - lb > c.thresholds.latencyMs {
                return c.pressFinding(.regression, Self.rule, key,
                                      message: "\(describeSide(a.node, a.action)) now fires after \(ms(la)) instead of \(ms(lb)) (+\(ms(la - lb)))")
            }
            if lb - la > c.thresholds.latencyMs {
                return c.pressFinding(.improvement, Self.rule, key,
                                      message: "\(describeSide(a.node, a.action)) now fires after \(ms(la)) instead of \(ms(lb))")
            }
            return nil
        }
    }
}
