import Baselines
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Baselines/Rules/R6Expectation.swift.
@Suite("R6 expectation")
struct R6ExpectationTests {
    @Test("R6 a press with expect that does not fire that node's action fails, even without a baseline")
    func r6() {
        let unmet = suite([press(0, .miss, expect: "row", met: false), press(1, .hit, expect: "row", met: true)])
        let d = compare(nil, unmet)
        #expect(d.regressions.map(\.rule.rawValue) == ["R6"] && d.regressions[0].expect == "row" && d.regressions[0].press == 0)
        let fixed = suite([press(0, .hit, expect: "row", met: true), press(1, .hit, expect: "row", met: true)])
        let back = compare(unmet, fixed)
        #expect(back.regressions.isEmpty && back.improvements.map(\.rule.rawValue).sorted() == ["R1", "R6"])
    }
}
