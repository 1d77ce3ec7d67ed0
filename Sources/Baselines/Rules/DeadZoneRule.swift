import ReplayEngine

/// R1 dead zone: a press that fired (`hit`/`expanded`) on the baseline no longer fires
/// (`miss`, `blocked`, `ambiguous`, `disabled`). The reverse is an improvement.
public struct DeadZoneRule: PressRule {
    public static let rule = Rule.deadZone
    public init() {}

    public func check(_ p: PressPair, suite: String, thresholds: DiffThresholds) -> Finding? {
        guard let b = p.before else { return nil }
        let a = p.current
        if b.fired && !a.fired {
            return p.finding(.regression, Self.rule, suite: suite,
                             message: "\(describeSide(b.node, b.action)) no longer fires (\(b.outcome.rawValue) → \(a.outcome.rawValue)): \(a.reason)")
        }
        if !b.fired && a.fired {
            return p.finding(.improvement, Self.rule, suite: suite,
                             message: "now fires \(describeSide(a.node, a.action)) (\(b.outcome.rawValue) → \(a.outcome.rawValue))")
        }
        return nil
    }
}
