/// R1 dead zone: a press that fired (`hit`/`expanded`) no longer fires
/// (`miss`, `blocked`, `ambiguous`, `disabled`). The reverse is an improvement.
public struct DeadZoneRule: RegressionRule {
    public static let rule = Rule.deadZone
    public init() {}

    public func findings(_ c: DiffContext) -> [Finding] {
        c.common.compactMap { key in
            let b = c.before[key]!, a = c.after[key]!
            if b.fired && !a.fired {
                return c.pressFinding(.regression, Self.rule, key,
                                      message: "\(describeSide(b.node, b.action)) no longer fires (\(b.outcome.rawValue) → \(a.outcome.rawValue)): \(a.reason)")
            }
            if !b.fired && a.fired {
                return c.pressFinding(.improvement, Self.rule, key,
                                      message: "now fires \(describeSide(a.node, a.action)) (\(b.outcome.rawValue) → \(a.outcome.rawValue))")
            }
            return nil
        }
    }
}
