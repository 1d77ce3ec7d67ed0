import Audit
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Audit/Rules/A9DisabledTarget.swift.
@Suite("A9 disabled target")
struct A9DisabledTargetTests {
    @Test("A9 disabled target: a disabled control and a Button under disabled(true) are notes that do not fail")
    func disabledTarget() throws {
        for example in A9DisabledTargetRule.triggeringExamples {
            let result = Auditor.audit(try example.snapshot(), rules: [A9DisabledTargetRule.self])
            #expect(result.findings.first?.severity == .note && result.findings.first?.value == 1)
            #expect(!result.fails)
        }
    }
}
