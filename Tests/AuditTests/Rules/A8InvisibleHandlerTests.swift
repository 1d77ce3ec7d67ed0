import Audit
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Audit/Rules/A8InvisibleHandler.swift.
@Suite("A8 invisible handler")
struct A8InvisibleHandlerTests {
    @Test("A8 invisible handler: Spacer, Color.clear, alpha < 0.01, a non-interactive ancestor, opacity 0; only A8 speaks of them")
    func invisibleHandler() throws {
        for example in InvisibleHandlerRule.triggeringExamples {
            let all = Auditor.audit(try example.snapshot()).findings.filter { $0.node == example.node }
            #expect(all.map(\.rule) == ["A8"], "\(example.node ?? ""): \(all.map(\.rule))")
            #expect(all.first?.value == 1)
        }
        let frozen = try #require(try run(InvisibleHandlerRule.self, InvisibleHandlerRule.triggeringExamples[3]).first)
        #expect(frozen.message.contains("isUserInteractionEnabled is false on frozen"))
    }
}
