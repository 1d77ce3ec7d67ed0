import Audit
import Baselines
import Foundation
import Pipeline
import RunResults
import TapModel
import Testing

@Suite("run --probe: presses synthesized from each compared snapshot")
struct ProbeRunTests {
    let good = Workspace.repo + "/Traces/snapshots/Settings.json"
    let regressed = Workspace.repo + "/Traces/builds/Settings.no-content-shape.json"

    @Test("With no recorded trace at all, the probes catch the hollow rows: R6 and R1, labelled as probes")
    func catchesHollowRows() throws {
        let w = try Workspace()
        #expect(try w.run(good, mode: .all, probe: .edges).passed)
        let outcome = try w.run(regressed, probe: .edges)
        #expect(!outcome.passed)
        let findings = outcome.suites[0].diff.regressions
        let r6 = findings.filter { $0.rule == .expectation }
        #expect(!r6.isEmpty && r6.allSatisfy { $0.probe && ($0.trace ?? "").hasPrefix("probe:edges:") })
        #expect(Set(r6.compactMap(\.expect)) == ["row.flowMeter", "row.units", "row.about"])
        #expect(findings.contains { $0.rule == .deadZone && $0.probe && $0.trace == "probe:edges:row.flowMeter" })
        // The good build: every probe fires its target.
        let fine = try w.run(good, probe: .edges)
        #expect(fine.passed && fine.suites[0].expectations.count == 25)
    }

    @Test("A moved layout gives no false finding: each side is probed where its own targets are")
    func movedLayout() throws {
        let w = try Workspace()
        func screen(_ y: Double) -> String {
            w.file("s\(Int(y)).json", """
            {"format":"tapreplay-snapshot","version":1,"screen":"Moved","device":{"width":393,"height":852},"root":
             {"id":"root","type":"VStack","frame":[0,0,393,852],"children":[
              {"id":"buy","type":"Button","action":"buy","frame":[16,\(y),361,50],"children":[
                {"id":"buy.background","type":"RoundedRectangle","frame":[16,\(y),361,50]}]}]}}
            """)
        }
        #expect(try w.run(screen(100), mode: .all, probe: .edges).passed)
        let moved = try w.run(screen(400), probe: .edges)
        #expect(moved.passed, "\(moved.suites[0].diff.regressions.map(\.message))")
        // Had the new probes been replayed against the baseline's snapshot, they would read as improvements.
        #expect(moved.suites[0].diff.improvements.isEmpty, "\(moved.suites[0].diff.improvements.map(\.message))")
        #expect(moved.suites[0].expectations.count == 5)
    }

    @Test("--probe human: 500 touches per target land within their 95 % interval of the prediction; rates, never findings")
    func human() throws {
        let w = try Workspace()
        for snapshot in [good, regressed, Workspace.repo + "/Traces/snapshots/Checkout.json"] {
            var request = RunRequest()
            request.snapshotPaths = [snapshot]
            request.probe = .human
            request.humanTaps = 500
            request.recordHistory = false
            let outcome = try RunPipeline(store: w.store).run(request)
            let s = outcome.suites[0]
            #expect(s.sampled.count == s.coverage.count && s.sampled.values.allSatisfy { $0.trials == 500 })
            for t in s.coverage {
                let rate = try #require(s.sampled[t.node]), predicted = try #require(t.predicted?.success)
                let i = rate.interval()
                #expect(rate.admits(predicted), "\(s.suite) \(t.node): \(rate.successes)/500, 95% \(i.low)–\(i.high), predicted \(predicted)")
            }
            // People miss: their presses are rates, not findings, and not the suite's presses.
            #expect(s.diff.regressions.isEmpty && s.stats.presses == 0 && s.expectations.isEmpty)
        }
    }

    @Test("Without --probe nothing is synthesized")
    func off() throws {
        let w = try Workspace()
        _ = try w.run(good, mode: .all)
        #expect(try w.run(regressed).suites[0].expectations.isEmpty)
    }
}
