import Audit
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Audit/Rules/A11RowFiresTogether.swift.
@Suite("A11 row fires together")
struct A11RowFiresTogetherTests {
    @Test("A11 a row whose two Buttons fire together is an error whose fix the engine has checked")
    func rowFiresTogether() throws {
        let example = A11RowFiresTogetherRule.triggeringExamples[0]
        let result = Auditor.audit(try example.snapshot(), rules: [A11RowFiresTogetherRule.self])
        let finding = try #require(result.findings.first)
        #expect(finding.node == "row.msg" && finding.value == 2 && result.fails)
        #expect(finding.message.contains("reply, share") && finding.fix.contains(".buttonStyle(.borderless) on each of reply, share"))
        // The fix, applied: no finding.
        var fixed = try example.snapshot()
        for id in ["reply", "share"] { fixed.nodes[fixed.nodes.firstIndex { $0.id == id }!].style = "borderless" }
        #expect(Auditor.audit(fixed, rules: [A11RowFiresTogetherRule.self]).findings.isEmpty)
    }
}
