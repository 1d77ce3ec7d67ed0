import Baselines
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Baselines/Rules/R3Slower.swift.
@Suite("R3 slower")
struct R3SlowerTests {
    @Test("R3 latency grows by more than 50 ms, and says why; the reverse is an improvement")
    func r3() {
        let why = "row's onTapGesture (open) fires after waiting 350 ms for a competing 2-tap to fail"
        let (f, r) = both(suite([press(0, .hit, latency: 0)]), suite([press(0, .hit, latency: 350, reason: why)]))
        #expect(f.regressions.map(\.rule.rawValue) == ["R3"])
        #expect(f.regressions[0].message.contains("(+350 ms): \(why)"))
        #expect(r.regressions.isEmpty && r.improvements.map(\.rule.rawValue) == ["R3"])
        #expect(both(suite([press(0, .hit, latency: 0)]), suite([press(0, .hit, latency: 50)])).forward.regressions.isEmpty)
        #expect(both(suite([press(0, .hit, latency: 0)]), suite([press(0, .hit, latency: 50.1)])).forward.regressions.map(\.rule.rawValue) == ["R3"])
    }
}
