import Baselines
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Baselines/Rules/R2Stolen.swift.
@Suite("R2 stolen")
struct R2StolenTests {
    @Test("R2 a press fires a different action")
    func r2() {
        let (f, r) = both(suite([press(0, .hit)]), suite([press(0, .hit, node: "other", action: "close")]))
        #expect(f.regressions.map(\.rule.rawValue) == ["R2"])
        #expect(f.regressions[0].before?.action == "open" && f.regressions[0].after?.action == "close")
        #expect(r.regressions.map(\.rule.rawValue) == ["R2"])  // a change of action is never an improvement
        // The same action moved to another view is not stolen.
        #expect(both(suite([press(0, .hit)]), suite([press(0, .hit, node: "row.label")])).forward.regressions.isEmpty)
    }
}
