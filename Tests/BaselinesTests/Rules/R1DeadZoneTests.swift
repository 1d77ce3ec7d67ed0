import Baselines
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Baselines/Rules/R1DeadZone.swift.
@Suite("R1 dead zone")
struct R1DeadZoneTests {
    @Test("R1 a press that fired no longer fires; the reverse is an improvement that passes")
    func r1() {
        for dead in [TouchResult.Outcome.miss, .blocked, .ambiguous, .disabled] {
            let (f, r) = both(suite([press(0, .hit), press(1, .expanded)]), suite([press(0, .hit), press(1, dead)]))
            #expect(f.regressions.map(\.rule.rawValue) == ["R1"], "\(dead)")
            #expect(f.regressions[0].trace == "t" && f.regressions[0].press == 1 && f.regressions[0].at == Point(10, 1))
            #expect(f.regressions[0].before?.outcome == "expanded" && f.regressions[0].after?.outcome == dead.rawValue)
            #expect(f.regressions[0].node == "row" || dead == .miss)
            #expect(r.regressions.isEmpty && r.improvements.map(\.rule.rawValue) == ["R1"])
        }
        // hit → expanded still fires: nothing to report.
        #expect(both(suite([press(0, .hit)]), suite([press(0, .expanded)])).forward.regressions.isEmpty)
    }
}
