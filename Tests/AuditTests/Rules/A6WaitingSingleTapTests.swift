import Audit
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Audit/Rules/A6WaitingSingleTap.swift.
@Suite("A6 waiting single tap")
struct A6WaitingSingleTapTests {
    @Test("A6 waiting single tap: the replayed single tap waits the multi-tap window; the value follows --multi-tap-window")
    func waitingSingleTap() throws {
        let f = try #require(try run(A6WaitingSingleTapRule.self, A6WaitingSingleTapRule.triggeringExamples[0]).first)
        #expect(f.value == 350 && f.action == "open" && f.message.contains("fires open only after 350 ms"))
        var settings = AuditSettings()
        settings.replay.multiTapWindow = 0.25
        #expect(try run(A6WaitingSingleTapRule.self, A6WaitingSingleTapRule.triggeringExamples[1], settings: settings).first?.value == 250)
    }
}
