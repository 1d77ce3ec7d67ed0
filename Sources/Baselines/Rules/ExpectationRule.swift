/// R6 expectation: a press with `expect` does not fire that node's action.
/// Needs no baseline; a press whose expectation is newly met is an improvement.
public struct ExpectationRule: RegressionRule {
    public static let rule = Rule.expectation
    public init() {}

    public func findings(_ c: DiffContext) -> [Finding] {
        c.current.presses.compactMap { a in
            guard let expect = a.expect, let met = a.met else { return nil }
            let key = PressKey(trace: a.trace, press: a.press)
            if !met {
                let got = a.fired ? "fired \(describeSide(a.node, a.action))" : "fired nothing (\(a.outcome.rawValue))"
                var f = c.pressFinding(.regression, Self.rule, key, current: a, message: "expected \(expect) but \(got): \(a.reason)")
                f.expect = expect
                return f
            }
            if let b = c.before[key], !(b.fired && b.node == a.node) {
                var f = c.pressFinding(.improvement, Self.rule, key, current: a, message: "now meets its expectation \(expect)")
                f.expect = expect
                return f
            }
            return nil
        }
    }
}
