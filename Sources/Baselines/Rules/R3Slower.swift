import ReplayEngine
import TapRules
import TapModel

/// R3 slower: a press's latency grows by more than the threshold [50 ms] (a double
/// tap that makes every single tap wait, say); the finding says why the press
/// waits. The reverse is an improvement.
public struct R3SlowerRule: PressRule {
    public static let rule = Rule.slower
    public static let description = RuleDescription(
        id: Self.rule.rawValue,
        name: "slower",
        summary: "a press's latency grows by more than the threshold [50 ms]",
        triggeringExamples: [
            RegressionExample(before: #"""
                {"id":"photo","type":"Image","frame":[0,0,200,200],
                 "modifiers":[{"onTapGesture":{"action":"select"}}]}
                """#,
                after: #"""
                {"id":"photo","type":"Image","frame":[0,0,200,200],
                 "modifiers":[{"onTapGesture":{"count":2,"action":"zoom"}},{"onTapGesture":{"action":"select"}}]}
                """#, tap: Point(100, 100)),
        ],
        nonTriggeringExamples: [
            RegressionExample(before: #"""
                {"id":"photo","type":"Image","frame":[0,0,200,200],
                 "modifiers":[{"onTapGesture":{"action":"select"}}]}
                """#,
                after: #"""
                {"id":"photo","type":"Image","frame":[0,0,200,200],
                 "modifiers":[{"onTapGesture":{"action":"select"}},{"onLongPressGesture":{"action":"menu"}}]}
                """#, tap: Point(100, 100)),
        ])
    public init() {}

    public func check(_ p: PressPair, suite: String, thresholds: DiffThresholds) -> Finding? {
        guard let b = p.before, b.fired, p.current.fired, let lb = b.latencyMs, let la = p.current.latencyMs else { return nil }
        let a = p.current
        if la - lb > thresholds.latencyMs {
            return p.finding(.regression, Self.rule, suite: suite,
                             message: "\(describeSide(a.node, a.action)) now fires after \(ms(la)) instead of \(ms(lb)) (+\(ms(la - lb))): \(a.reason)")
        }
        if lb - la > thresholds.latencyMs {
            return p.finding(.improvement, Self.rule, suite: suite,
                             message: "\(describeSide(a.node, a.action)) now fires after \(ms(la)) instead of \(ms(lb))")
        }
        return nil
    }
}
