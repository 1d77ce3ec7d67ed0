import HitTesting
import TapModel
import TapRules

/// A9 disabled target: every tap handler of the target is disabled (S6
/// `disabled(true)` on it or an ancestor, a control or recognizer that is not
/// enabled): it takes the touch and nothing fires. Often on purpose, so a
/// note; the value is the disabled fraction of its frame.
public struct A9DisabledTargetRule: AuditRule {
    public static let unit = AuditUnit.fraction
    public init() {}

    public static let description = RuleDescription(
        id: "A9",
        name: "disabled target",
        summary: "a target whose handler is disabled over its whole frame",
        triggeringExamples: [
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"submit","type":"UIButton","frame":[16,460,100,44],"control":{"action":"submit","enabled":false}}]}
            """, node: "submit", severity: .note),
            AuditExample("""
            {"id":"form","type":"VStack","frame":[0,0,393,852],"modifiers":[{"disabled":true}],"children":[
              {"id":"form.send","type":"Button","action":"send","frame":[16,700,361,50],"children":[
                {"id":"form.send.background","type":"Rectangle","frame":[16,700,361,50]}]}]}
            """, node: "form.send", severity: .note),
        ],
        nonTriggeringExamples: [
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"submit","type":"UIButton","frame":[16,460,100,44],"control":{"action":"submit","enabled":true}}]}
            """),
            // disabled(false) leaves it enabled.
            AuditExample("""
            {"id":"send","type":"Text","frame":[16,700,361,50],"modifiers":[{"disabled":false},{"onTapGesture":{"action":"send"}}]}
            """),
        ])

    public func findings(_ c: AuditContext) -> [AuditFinding] {
        c.samples.compactMap { s in
            let target = s.target
            let taps = c.tester.handlers[target].filter { $0.isTapLike && !$0.isMasked }
            guard c.isLive(target), !taps.isEmpty, taps.allSatisfy(\.isDisabled) else { return nil }
            let disabled = s.fraction(of: .disabled)
            let node = c.node(target)
            let probe = c.tester.resolve(at: node.frame.center)
            let why = probe.outcome == .disabled ? c.tester.reason(for: probe) : "\(c.tester.describe(taps[0])) is disabled"
            let message = "\(node.id) is disabled: a tap on it is taken and nothing fires (\(AuditContext.percent(disabled)) of its \(c.size(of: target)) frame): \(why)"
            let fix = "fine if it is meant to be disabled in this state; make sure it looks disabled, and that the snapshot was captured in the state you meant to audit"
            return c.finding(Self.id, .note, target, value: disabled, message: message, fix: fix)
        }
    }
}
