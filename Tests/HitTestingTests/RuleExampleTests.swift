import HitTesting
import TapModel
import TestSupport
import Testing

/// One generic test over every S and U rule's examples, as SwiftLint runs its
/// rules' examples: each tiny tree is compiled, the tap resolved, and the
/// outcome and the action that fires must be the example's.
@Suite("Hit-testing rules: every rule's examples")
struct RuleExampleTests {
    @Test("Each rule's examples resolve as written", arguments: HitTestingRules.ids)
    func examples(_ id: String) throws {
        let rule = try #require(HitTestingRules.rule(id))
        #expect(!rule.description.triggeringExamples.isEmpty && !rule.description.nonTriggeringExamples.isEmpty)
        for example in rule.description.triggeringExamples + rule.description.nonTriggeringExamples {
            let tester = HitTester(try example.snapshot(), settings: HitSettings(touchRadius: example.radius, profile: example.profile))
            let result = tester.resolve(at: example.tap)
            #expect(result.outcome == example.outcome && result.handler?.action == example.fires,
                    "\(id): at \(example.tap) r = \(example.radius) expected \(example.outcome) \(example.fires ?? "-"), got \(result.outcome) \(result.handler?.action ?? "-") in \(example.root)")
        }
    }

    @Test("The rules are S1–S21 and U1–U13, in order")
    func ids() {
        #expect(HitTestingRules.ids == (1...21).map { "S\($0)" } + (1...13).map { "U\($0)" })
    }

    @Test("The registry lists the Rules/ folder: each <ID><Name>.swift declares <ID><Name>Rule, in order")
    func registry() throws {
        #expect(HitTestingRules.all.map { "\($0)" } == (try ruleTypeNames(inFolder: "Sources/HitTesting/Rules")))
    }
}
