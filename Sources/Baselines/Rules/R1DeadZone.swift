import HitTesting
import ReplayEngine
import TapJSON
import TapRules
import TapModel

/// R1 dead zone: a press that fired (`hit`/`expanded`) on the baseline no longer fires
/// (`miss`, `blocked`, `ambiguous`, `disabled`). The reverse is an improvement.
public struct R1DeadZoneRule: PressRule {
    public static let rule = Rule.deadZone
    public static let description = RuleDescription(
        id: Self.rule.rawValue,
        name: "dead zone",
        summary: "a press that fired on the baseline (hit or expanded) no longer fires: miss, blocked, ambiguous or disabled",
        triggeringExamples: [
            RegressionExample(before: RegressionExample.row, after: RegressionExample.hollowRow, tap: Point(200, 122)),
        ],
        nonTriggeringExamples: [
            RegressionExample(before: RegressionExample.row, after: RegressionExample.row, tap: Point(200, 122)),
            RegressionExample(before: RegressionExample.row, after: RegressionExample.hollowRow, tap: Point(30, 122)),
        ])
    public init() {}

    public func check(_ p: PressPair, suite: String, thresholds: DiffThresholds) -> Finding? {
        var texts = Texts()
        return check(p, suite: suite, thresholds: thresholds, texts: &texts)
    }

    /// `check`, writing each distinct message once: a regressed run has hundreds of thousands
    /// of presses that no longer fire for a handful of reasons, and findings that share a text
    /// share the string (history then stores it by the string, never reading it again).
    func check(_ p: PressPair, suite: String, thresholds: DiffThresholds, texts: inout Texts) -> Finding? {
        guard let b = p.before else { return nil }
        let a = p.current
        if b.fired && !a.fired {
            let key = Texts.Key(node: b.node, action: b.action, before: b.outcome, after: a.outcome, reason: TextKey(a.reason))
            let (message, reason) = texts.text(key) {
                "\(describeSide(b.node, b.action)) no longer fires (\(b.outcome.rawValue) → \(a.outcome.rawValue)): \(a.reason)"
            }
            var f = p.finding(.regression, Self.rule, suite: suite, message: message)
            f.reason = reason
            return f
        }
        if !b.fired && a.fired {
            return p.finding(.improvement, Self.rule, suite: suite,
                             message: "now fires \(describeSide(a.node, a.action)) (\(b.outcome.rawValue) → \(a.outcome.rawValue))")
        }
        return nil
    }

    /// The regressions' messages written so far, with the reason each was written for.
    struct Texts: Sendable {
        struct Key: Hashable, Sendable {
            let node: String?, action: String?
            let before: TouchResult.Outcome, after: TouchResult.Outcome
            let reason: TextKey
        }
        private var written: [Key: (message: String, reason: String)] = [:]

        mutating func text(_ key: Key, write: () -> String) -> (message: String, reason: String) {
            if let known = written[key] { return known }
            let text = (write(), key.reason.text)
            written[key] = text
            return text
        }
    }
}
