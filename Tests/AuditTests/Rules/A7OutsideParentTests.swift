import Audit
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Audit/Rules/A7OutsideParent.swift.
@Suite("A7 outside the parent")
struct A7OutsideParentTests {
    @Test("A7 outside the parent: the unreachable fraction of a UIKit control hanging out of its superview")
    func outsideParent() throws {
        let f = try #require(try run(A7OutsideParentRule.self, A7OutsideParentRule.triggeringExamples[0]).first)
        #expect(f.node == "card.coupon" && f.value == 0.5 && f.severity == .error && f.message.contains("card's bounds"))
        let w = try #require(try run(A7OutsideParentRule.self, A7OutsideParentRule.triggeringExamples[1]).first)
        #expect(w.severity == .warning && abs(w.value - 2.0 / 44) < 1e-9)
    }
}
