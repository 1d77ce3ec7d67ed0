import Baselines
import HitTesting
import ReplayEngine
import TapModel
import Testing

/// Crafted suites: a press or target changes, and each rule must notice.
func press(_ n: Int, _ outcome: TouchResult.Outcome, node: String? = "row", action: String? = "open", latency: Double? = 0,
           expect: String? = nil, met: Bool? = nil) -> PressResult {
    PressResult(trace: "t", press: n, at: Point(10, Double(n)), t: Double(n), outcome: outcome,
                node: outcome == .miss ? nil : node, action: outcome == .miss ? nil : action,
                gesture: "tap", latencyMs: outcome.fires ? latency : nil, expect: expect, met: met, partOf: nil,
                hitView: node, reason: "because")
}

func target(_ node: String, own: Double, miss: Double) -> TargetCoverage {
    TargetCoverage(node: node, action: "open", samples: 100, own: own, stolen: 0, blocked: 0, ambiguous: 0, disabled: 0, miss: miss)
}

func suite(_ presses: [PressResult], _ targets: [TargetCoverage] = [target("row", own: 1, miss: 0)]) -> SuiteReplay {
    SuiteReplay(suite: "Settings", presses: presses, coverage: targets, responsiveness: [:], bursts: [], latencies: [])
}

func baseline(_ s: SuiteReplay) -> Baseline { Baseline(s, touchRadius: 10, gridStep: 1) }

/// Compares `after` with the baseline made from `before`, and the reverse.
func both(_ before: SuiteReplay, _ after: SuiteReplay) -> (forward: Diff.Result, reverse: Diff.Result) {
    (Diff.compare(baseline: baseline(before), current: after), Diff.compare(baseline: baseline(after), current: before))
}

@Suite("Regression rules R1–R6")
struct RuleTests {
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

    @Test("R2 a press fires a different action")
    func r2() {
        let (f, r) = both(suite([press(0, .hit)]), suite([press(0, .hit, node: "other", action: "close")]))
        #expect(f.regressions.map(\.rule.rawValue) == ["R2"])
        #expect(f.regressions[0].before?.action == "open" && f.regressions[0].after?.action == "close")
        #expect(r.regressions.map(\.rule.rawValue) == ["R2"])  // a change of action is never an improvement
        // The same action moved to another view is not stolen.
        #expect(both(suite([press(0, .hit)]), suite([press(0, .hit, node: "row.label")])).forward.regressions.isEmpty)
    }

    @Test("R3 latency grows by more than 50 ms; the reverse is an improvement")
    func r3() {
        let (f, r) = both(suite([press(0, .hit, latency: 0)]), suite([press(0, .hit, latency: 350)]))
        #expect(f.regressions.map(\.rule.rawValue) == ["R3"])
        #expect(r.regressions.isEmpty && r.improvements.map(\.rule.rawValue) == ["R3"])
        #expect(both(suite([press(0, .hit, latency: 0)]), suite([press(0, .hit, latency: 50)])).forward.regressions.isEmpty)
        #expect(both(suite([press(0, .hit, latency: 0)]), suite([press(0, .hit, latency: 50.1)])).forward.regressions.map(\.rule.rawValue) == ["R3"])
    }

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
        let stolen = suite([], [TargetCoverage(node: "row", action: "open", samples: 100, own: 0.5, stolen: 0.5, blocked: 0, ambiguous: 0, disabled: 0, miss: 0)])
        let missing = suite([], [target("row", own: 0.5, miss: 0.5)])
        #expect(both(stolen, missing).forward.regressions.map(\.rule.rawValue) == ["R4"])
    }

    @Test("R5 a target in the baseline is gone; a new target is reported and passes")
    func r5() {
        let (f, r) = both(suite([], [target("row", own: 1, miss: 0), target("gone", own: 1, miss: 0)]), suite([], [target("row", own: 1, miss: 0)]))
        #expect(f.regressions.map(\.rule.rawValue) == ["R5"] && f.regressions[0].node == "gone")
        #expect(r.regressions.isEmpty && r.notes.map(\.rule.rawValue) == ["target"])
    }

    @Test("R6 a press with expect that does not fire that node's action fails, even without a baseline")
    func r6() {
        let unmet = suite([press(0, .miss, expect: "row", met: false), press(1, .hit, expect: "row", met: true)])
        let d = Diff.compare(baseline: nil, current: unmet)
        #expect(d.regressions.map(\.rule.rawValue) == ["R6"] && d.regressions[0].expect == "row" && d.regressions[0].press == 0)
        let fixed = suite([press(0, .hit, expect: "row", met: true), press(1, .hit, expect: "row", met: true)])
        let back = Diff.compare(baseline: baseline(unmet), current: fixed)
        #expect(back.regressions.isEmpty && back.improvements.map(\.rule.rawValue).sorted() == ["R1", "R6"])
    }

    @Test("New presses are reported, never failing")
    func newPresses() {
        let d = Diff.compare(baseline: baseline(suite([press(0, .hit)])), current: suite([press(0, .hit), press(1, .miss)]))
        #expect(d.regressions.isEmpty && d.notes.map(\.rule.rawValue) == ["press"])
    }
}
