import Audit
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Audit/Rules/A4Crowded.swift.
@Suite("A4 crowded")
struct A4CrowdedTests {
    @Test("A4 crowded: between two icons 8 pt apart a touch binds to neither; one finding per pair, with the area; none with r = 0")
    func crowded() throws {
        let findings = try run(A4CrowdedRule.self, A4CrowdedRule.triggeringExamples[0])
        #expect(findings.count == 1)
        let f = try #require(findings.first)
        #expect(f.node == "like" && f.message.contains("share") && f.message.contains("within 20 %") && f.value > 20 && f.value < 8 * 40)
        var exact = AuditSettings()
        exact.hit.touchRadius = 0
        #expect(try run(A4CrowdedRule.self, A4CrowdedRule.triggeringExamples[0], settings: exact).isEmpty)
    }
}
