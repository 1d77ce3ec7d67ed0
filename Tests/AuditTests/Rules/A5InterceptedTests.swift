import Audit
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Audit/Rules/A5Intercepted.swift.
@Suite("A5 intercepted")
struct A5InterceptedTests {
    @Test("A5 intercepted: a decorative badge blocks part of a button; the fix is allowsHitTesting(false); nested targets do not count")
    func intercepted() throws {
        let f = try #require(try run(A5InterceptedRule.self, A5InterceptedRule.triggeringExamples[0]).first)
        #expect(f.node == "save" && f.message.contains("save.badge (Circle) intercepts the tap meant for save") && f.fix.contains(".allowsHitTesting(false)"))
        let tester = HitTester(try A5InterceptedRule.triggeringExamples[0].snapshot())
        #expect(abs(f.value - tester.coverage(of: tester.index(ofID: "save")!).blocked) < 1e-12)
        let shade = try #require(try run(A5InterceptedRule.self, A5InterceptedRule.triggeringExamples[1]).first)
        #expect(shade.fix.contains("isUserInteractionEnabled = false") && abs(shade.value - 77.0 / 361) < 0.01)
        let sliver = try #require(try run(A5InterceptedRule.self, A5InterceptedRule.triggeringExamples[2]).first)
        #expect(sliver.severity == .warning && sliver.message.contains("coupon's handler fires"))
    }

    @Test("A5's fix is checked: the intercepting view let through on a copy gives the target its taps back, and the fix says how much")
    func fixIsChecked() throws {
        let f = try #require(try run(A5InterceptedRule.self, A5InterceptedRule.triggeringExamples[0]).first)
        #expect(f.fix.contains(".allowsHitTesting(false)") && f.fix.contains("(then 100% of save fires)"), "\(f.fix)")
        let shade = try #require(try run(A5InterceptedRule.self, A5InterceptedRule.triggeringExamples[1]).first)
        #expect(shade.fix.contains("isUserInteractionEnabled = false") && shade.fix.contains("(then 100% of pay fires)"), "\(shade.fix)")
    }
}
