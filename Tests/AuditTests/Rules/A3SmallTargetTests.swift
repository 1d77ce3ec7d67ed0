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

    @Test("A3 says whether Apple's hit-region audit (20 pt on the frame) fails the same element: a 16 pt close button yes; a 24 pt one, or a row hollow to 24 pt, no")
    func appleHitRegionSideBySide() throws {
        let tiny = AuditExample("""
            {"id":"close","type":"Image","frame":[20,20,16,16],"modifiers":[{"onTapGesture":{"action":"close"}}]}
            """)
        let f = try #require(try run(A3SmallTargetRule.self, tiny).first)
        #expect(f.message.hasSuffix("; Apple's hit-region audit fails it too (its frame, 16 × 16 pt, is under 20 pt)"))
        let small = try #require(try run(A3SmallTargetRule.self, A3SmallTargetRule.triggeringExamples[0]).first)
        #expect(small.message.hasSuffix("; Apple's hit-region audit passes it (it checks only that the frame, 24 × 24 pt, is 20 pt each way)"))
        #expect(A3SmallTargetRule.appleHitRegionFails(Rect(0, 0, 44, 19.5)))
        #expect(!A3SmallTargetRule.appleHitRegionFails(Rect(0, 0, 20, 20)))
    }
}
