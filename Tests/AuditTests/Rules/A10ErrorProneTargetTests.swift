import Audit
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Audit/Rules/A10ErrorProneTarget.swift.
@Suite("A10 error-prone target")
struct A10ErrorProneTargetTests {
    @Test("A10 error-prone target: the value is the engine's predicted failure; the main cause (own dead area, size, neighbour) picks the fix")
    func errorProne() throws {
        // The hollow row: aimed at its centre, nearly every touch lands in the gap.
        let row = try #require(try run(ErrorProneTargetRule.self, ErrorProneTargetRule.triggeringExamples[0]).first)
        let snap = try ErrorProneTargetRule.triggeringExamples[0].snapshot()
        let tester = HitTester(snap)
        let predicted = tester.prediction(of: try #require(tester.index(ofID: "row")))
        #expect(abs(row.value - predicted.failure) < 1e-12 && row.value > 0.9 && row.severity == .error)
        #expect(row.message.contains("predicted first-try success \(AuditContext.percent(predicted.success))"))
        #expect(row.message.contains("its own dead area") && row.fix.contains(".contentShape(Rectangle()) before .onTapGesture"))

        // A 24 pt UIKit button: exact binding, about a quarter land beside it; grow it.
        let help = try #require(try run(ErrorProneTargetRule.self, ErrorProneTargetRule.triggeringExamples[1]).first)
        #expect(help.value > 0.2 && help.value < 0.3 && help.message.contains("beyond its edges"))
        #expect(help.fix.contains("grow its touch area to at least"))

        // Two icons side by side: the neighbour is the cause.
        let like = try #require(try run(ErrorProneTargetRule.self, ErrorProneTargetRule.triggeringExamples[2]).first { $0.node == "like" })
        #expect(like.severity == .warning && like.message.contains("share takes") && like.fix.contains("move share further from like"))
    }

    @Test("A10 thresholds are tunable: raising them silences the warning, lowering them turns it into an error")
    func thresholds() throws {
        let example = ErrorProneTargetRule.triggeringExamples[2]
        #expect(try run(ErrorProneTargetRule.self, example, settings: AuditSettings(failureWarning: 0.2, failureError: 0.3)).isEmpty)
        let strict = try run(ErrorProneTargetRule.self, example, settings: AuditSettings(failureWarning: 0.01, failureError: 0.05))
        #expect(strict.count == 2 && strict.allSatisfy { $0.severity == .error })
        // A denser screen makes the same points fewer millimetres: the 44 pt button becomes error-prone.
        let ok = ErrorProneTargetRule.nonTriggeringExamples[1]
        #expect(try run(ErrorProneTargetRule.self, ok, settings: AuditSettings(hit: HitSettings(mmPerPoint: 0.08))).count == 1)
    }
}
