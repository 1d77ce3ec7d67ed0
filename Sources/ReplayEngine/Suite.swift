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
        suite(from: replayTraces(traces), coverageStep: coverageStep)
    }

    /// The suite result of already replayed traces (in trace order): coverage and responsiveness added.
    public func suite(from perTrace: [[PressResult]], coverageStep: Double = 1) -> SuiteReplay {
        var presses: [PressResult] = []
        presses.reserveCapacity(perTrace.reduce(0) { $0 + $1.count })
        for results in perTrace { presses.append(contentsOf: results) }
        let coverage = tester.coverage(step: coverageStep).sorted { $0.node.utf8.lexicographicallyPrecedes($1.node.utf8) }
        let bursts = perTrace.flatMap { Responsiveness.bursts($0, settings: recognizer.settings) }
        return SuiteReplay(suite: tester.snapshot.screen, presses: presses, coverage: coverage,
                           responsiveness: Responsiveness.targets(presses), bursts: bursts,
                           latencies: Responsiveness.latencies(presses))
    }

    /// Replays traces as they are loaded: each worker loads a trace (`load(i)`,
    /// the i-th name in `names` order) and replays it, so loading one trace
    /// overlaps replaying another. Results are in `names` order.
    /// - Throws: the first error `load` throws.
    public func replayTraces(count: Int, load: @Sendable (Int) throws -> TraceInput) throws -> [[PressResult]] {
        var perTrace = [[PressResult]](repeating: [], count: count)
        var errors = [Error?](repeating: nil, count: count)
        perTrace.withUnsafeMutableBufferPointer { buffer in
            errors.withUnsafeMutableBufferPointer { errorBuffer in
                nonisolated(unsafe) let out = buffer, failed = errorBuffer
                DispatchQueue.concurrentPerform(iterations: count) { i in
                    do {
                        let trace = try load(i)
                        out[i] = replay(trace: trace.name, events: trace.events)
                    } catch {
                        failed[i] = error
                    }
                }
            }
        }
        if let error = errors.lazy.compactMap({ $0 }).first { throw error }
        return perTrace
    }

    /// Every trace's press results (traces ordered by name), replayed in parallel across cores.
    public func replayTraces(_ traces: [TraceInput]) -> [[PressResult]] {
        let ordered = traces.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        var perTrace = [[PressResult]](repeating: [], count: ordered.count)
        perTrace.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: ordered.count) { i in
                out[i] = replay(trace: ordered[i].name, events: ordered[i].events)
            }
        }
        return perTrace
    }
}
