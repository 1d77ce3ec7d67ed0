import HitTesting
import ReplayEngine


/// Compares a suite's replay with its baseline by every rule.
public enum Diff {
    /// The rules, in report order.
    public static let rules: [any RegressionRule] = [DeadZoneRule(), StolenRule(), SlowerRule(), CoverageRule(), GoneRule(), ExpectationRule()]

    public struct Result: Sendable, Equatable {
        public var regressions: [Finding]
        public var improvements: [Finding]
        /// New targets and presses: reported, never failing.
        public var notes: [Finding]
    }

    /// - Parameter baseline: nil when there is none (only R6 applies).
    public static func compare(baseline: Baseline?, current: SuiteReplay, thresholds: DiffThresholds = DiffThresholds()) -> Result {
        let context = DiffContext(baseline: baseline, current: current, thresholds: thresholds)
        var all: [Finding] = []
        for rule in rules { all += rule.findings(context) }
        if baseline != nil {
            let newPresses = current.presses.filter { context.before[PressKey(trace: $0.trace, press: $0.press)] == nil }
            if !newPresses.isEmpty {
                let traces = Set(newPresses.map(\.trace)).sorted()
                all.append(Finding(kind: .new, rule: .newPress, suite: current.suite,
                                   message: "\(newPresses.count) press\(newPresses.count == 1 ? "" : "es") not in the baseline (traces \(traces.joined(separator: ", ")))"))
            }
        }
        return Result(regressions: all.filter { $0.kind == .regression },
                      improvements: all.filter { $0.kind == .improvement },
                      notes: all.filter { $0.kind == .new })
    }
}
