import Baselines
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Baselines/Rules/R5Gone.swift.
@Suite("R5 gone")
struct R5GoneTests {
    @Test("R5 a target in the baseline is gone; a new target is reported and passes")
    func r5() {
        let (f, r) = both(suite([], [target("row", own: 1, miss: 0), target("gone", own: 1, miss: 0)]), suite([], [target("row", own: 1, miss: 0)]))
        #expect(f.regressions.map(\.rule.rawValue) == ["R5"] && f.regressions[0].node == "gone")
        #expect(r.regressions.isEmpty && r.notes.map(\.rule.rawValue) == ["target"])
    }
}
