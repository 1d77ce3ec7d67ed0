import Baselines
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Baselines/Rules/R4Coverage.swift.
@Suite("R4 coverage")
struct R4CoverageTests {
    @Test("R4 own drops or miss grows by more than 0.01; the reverse is an improvement")
    func r4() {
        let good = suite([], [target("row", own: 1, miss: 0)])
        let (f, r) = both(good, suite([], [target("row", own: 0.37, miss: 0.63)]))
        #expect(f.regressions.map(\.rule.rawValue) == ["R4"])
        #expect(f.regressions[0].before?.own == 1 && f.regressions[0].after?.miss == 0.63)
        #expect(r.regressions.isEmpty && r.improvements.map(\.rule.rawValue) == ["R4"])
        #expect(both(good, suite([], [target("row", own: 0.99, miss: 0.01)])).forward.regressions.isEmpty)
        #expect(both(good, suite([], [target("row", own: 0.9899, miss: 0)])).forward.regressions.map(\.rule.rawValue) == ["R4"])
        // miss alone growing (stolen shrinking into miss, own unchanged).
        let stolen = suite([], [target("row", own: 0.5, miss: 0, stolen: 0.5)])
        let missing = suite([], [target("row", own: 0.5, miss: 0.5)])
        #expect(both(stolen, missing).forward.regressions.map(\.rule.rawValue) == ["R4"])
    }

    @Test("R4 covers every fraction and names the target that takes stolen taps")
    func r4Stolen() {
        let good = suite([], [target("row.flowMeter", own: 1, miss: 0)])
        let after = TargetCoverage(node: "row.flowMeter", action: "open", samples: 100, own: 0.235, stolen: 0.296, blocked: 0,
                                   ambiguous: 0.158, disabled: 0, miss: 0.311, stolenBy: "row.units")
        let f = compare(good, suite([], [after]))
        #expect(f.regressions.map(\.rule.rawValue) == ["R4"])
        let message = f.regressions[0].message
        #expect(message == "own 100% → 23.5%, stolen 0% → 29.6% (by row.units), ambiguous 0% → 15.8%, miss 0% → 31.1%", "\(message)")
        #expect(f.regressions[0].after?.stolenBy == "row.units" && f.regressions[0].after?.stolen == 0.296)
        // Stolen alone growing, own and miss unchanged, is a regression too.
        let shifted = compare(suite([], [target("row", own: 0.5, miss: 0.5)]), suite([], [target("row", own: 0.5, miss: 0, stolen: 0.5, stolenBy: "x")]))
        #expect(shifted.regressions.map(\.rule.rawValue) == ["R4"])
    }
}
