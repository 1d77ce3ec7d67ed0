import Baselines
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Baselines/Rules/R7PredictedSuccess.swift.
@Suite("R7 predicted success")
struct R7PredictedSuccessTests {
    @Test("R7 predicted success drops by more than 0.02: a regression naming both values and the main cause; the reverse is an improvement")
    func r7() {
        let good = suite([], [target("row", own: 1, miss: 0, predicted: 0.994)])
        let (f, r) = both(good, suite([], [target("row", own: 1, miss: 0, predicted: 0.90)]))
        #expect(f.regressions.map(\.rule.rawValue) == ["R7"])
        let finding = f.regressions[0]
        #expect(finding.before?.predicted == 0.994 && finding.after?.predicted == 0.9 && finding.node == "row")
        #expect(finding.message.hasPrefix("predicted first-try success 99.4% → 90% (−9.4 points)"), "\(finding.message)")
        #expect(finding.message.contains("its own dead area"))
        #expect(r.regressions.isEmpty && r.improvements.map(\.rule.rawValue) == ["R7"])
        // Grouped under its target as a cause, with the values in the summary.
        #expect(f.causes.map(\.node) == ["row"] && f.causes[0].summary == "predicted first-try success 99.4% → 90%", "\(f.causes[0].summary)")
    }

    @Test("R7 threshold: 0.02 is not a regression, 0.0201 is; a side without a prediction is not compared")
    func threshold() {
        let good = suite([], [target("row", own: 1, miss: 0, predicted: 0.95)])
        #expect(both(good, suite([], [target("row", own: 1, miss: 0, predicted: 0.93)])).forward.regressions.isEmpty)
        #expect(both(good, suite([], [target("row", own: 1, miss: 0, predicted: 0.9299)])).forward.regressions.map(\.rule.rawValue) == ["R7"])
        #expect(both(suite([], [target("row", own: 1, miss: 0)]), suite([], [target("row", own: 1, miss: 0, predicted: 0.1)])).forward.regressions.isEmpty)
    }
}
