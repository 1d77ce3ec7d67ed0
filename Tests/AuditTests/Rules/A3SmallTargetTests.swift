import Audit
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Audit/Rules/A3SmallTarget.swift.
@Suite("A3 small target")
struct A3SmallTargetTests {
    @Test("A3 small target: the exact firing region's smaller side; hitInsets count; --min-size moves the line")
    func smallTarget() throws {
        let f = try #require(try run(A3SmallTargetRule.self, A3SmallTargetRule.triggeringExamples[0]).first)
        #expect(f.value == 24 && f.severity == .warning && f.message.contains("24 × 24 pt"))
        let help = try #require(try run(A3SmallTargetRule.self, A3SmallTargetRule.triggeringExamples[1]).first)
        #expect(help.value == 30)
        #expect(try run(A3SmallTargetRule.self, A3SmallTargetRule.nonTriggeringExamples[1]).isEmpty)
        #expect(try run(A3SmallTargetRule.self, A3SmallTargetRule.triggeringExamples[0], settings: AuditSettings(minSize: 24)).isEmpty)
        #expect(try run(A3SmallTargetRule.self, A3SmallTargetRule.nonTriggeringExamples[0], settings: AuditSettings(minSize: 60)).count == 1)
    }
}
