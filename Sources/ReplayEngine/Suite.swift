import Dispatch
import HitTesting
import TapModel

/// A trace to replay: its id and events (the engine reads no files or databases).
public struct TraceInput: Sendable {
    public var name: String
    public var events: [TouchEvent]
    public init(name: String, events: [TouchEvent]) { self.name = name; self.events = events }
}

/// Everything one snapshot's replay produced: per press, per target, per action.
public struct SuiteReplay: Sendable {
    public var suite: String
    /// Every press of every trace, ordered by (trace, press).
    public var presses: [PressResult]
    /// Dead-zone coverage of every target, ordered by node id.
    public var coverage: [TargetCoverage]
    public var responsiveness: [String: TargetResponsiveness]
    public var bursts: [RetryBurst]
    public var latencies: [ActionLatency]

    public init(suite: String, presses: [PressResult], coverage: [TargetCoverage], responsiveness: [String: TargetResponsiveness],
                bursts: [RetryBurst], latencies: [ActionLatency]) {
        self.suite = suite; self.presses = presses; self.coverage = coverage; self.responsiveness = responsiveness
        self.bursts = bursts; self.latencies = latencies
    }
}

extension Replayer {
    /// Replays every trace (in parallel across cores) and measures coverage.
    /// The result does not depend on scheduling: presses are ordered by (trace, press).
    public func replaySuite(traces: [TraceInput], coverageStep: Double = 1) -> SuiteReplay {
        let ordered = traces.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        var perTrace = [[PressResult]](repeating: [], count: ordered.count)
        perTrace.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: ordered.count) { i in
                out[i] = replay(trace: ordered[i].name, events: ordered[i].events)
            }
        }
        let presses = perTrace.flatMap { $0 }
        let coverage = tester.coverage(step: coverageStep).sorted { $0.node.utf8.lexicographicallyPrecedes($1.node.utf8) }
        let bursts = perTrace.flatMap { Responsiveness.bursts($0, settings: recognizer.settings) }
        return SuiteReplay(suite: tester.snapshot.screen, presses: presses, coverage: coverage,
                           responsiveness: Responsiveness.targets(presses), bursts: bursts,
                           latencies: Responsiveness.latencies(presses))
    }
}
