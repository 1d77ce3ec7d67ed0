import Baselines
import HitTesting
import ReplayEngine
import TapModel
import TestSupport
import Testing

/// Every regression rule's examples, replayed for real: both view trees are
/// compiled, the tap replayed on each, the targets' coverage measured and predicted, and the
/// comparison must (or must not) report the rule.
@Suite("Regression rules: every rule's examples")
struct RegressionRuleExampleTests {
    @Test("Each rule's triggering and non-triggering examples", arguments: RegressionRules.ids)
    func examples(_ id: String) throws {
        let rule = try #require(RegressionRules.rule(id))
        #expect(rule.rule.rawValue == id, "the description's ID is the rule's identity")
        #expect(!rule.description.triggeringExamples.isEmpty && !rule.description.nonTriggeringExamples.isEmpty)
        for example in rule.description.triggeringExamples {
            #expect(try Self.regressions(example).contains(rule.rule), "\(id) should trigger on \(example)")
        }
        for example in rule.description.nonTriggeringExamples {
            #expect(try !Self.regressions(example).contains(rule.rule), "\(id) should not trigger on \(example)")
        }
    }

    @Test("The rules are R1 … R7, one file each")
    func ids() {
        #expect(RegressionRules.ids == (1...7).map { "R\($0)" })
    }

    @Test("The registry lists the Rules/ folder: each <ID><Name>.swift declares <ID><Name>Rule, in order")
    func registry() throws {
        #expect(RegressionRules.all.map { "\($0)" } == (try ruleTypeNames(inFolder: "Sources/Baselines/Rules")))
    }

    @Test("The comparison runs every registered rule: its press rules and target rules are the registry")
    func comparisonRunsTheRegistry() {
        let run = Comparison.pressRules.map { "\(type(of: $0))" } + Comparison.targetRules.map { "\(type(of: $0))" }
        #expect(sortedByRuleID(run) == RegressionRules.all.map { "\($0)" })
    }

    /// The rules of the regressions the example yields.
    static func regressions(_ example: RegressionExample) throws -> Set<Rule> {
        let before = HitTester(try RegressionExample.snapshot(example.before))
        let after = HitTester(try RegressionExample.snapshot(example.after))
        var events: [TouchEvent] = []
        if let p = example.tap {
            events = [TouchEvent(t: 0, touch: 1, phase: .began, x: p.x, y: p.y, expect: example.expect),
                      TouchEvent(t: 0.05, touch: 1, phase: .ended, x: p.x, y: p.y)]
        }
        let old = Replayer(tester: before).replay(trace: "example", events: events)
        let now = Replayer(tester: after).replay(trace: "example", events: events)
        var sides: [PressKey: PressSide] = [:]
        for p in old { sides[PressKey(trace: p.trace, press: p.press)] = PressSide(p) }
        let result = Comparison.compare(before: sides, current: now, beforeTargets: before.coverage(predict: true),
                                        afterTargets: after.coverage(predict: true))
        return Set(result.regressions.map(\.rule))
    }
}
