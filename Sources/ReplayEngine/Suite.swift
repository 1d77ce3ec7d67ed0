import Dispatch
import HitTesting
import TapModel

/// A trace to replay: its id and events (the engine reads no files or databases).
public struct TraceInput: Sendable {
    public var name: String
    public var events: [TouchEvent]
    public init(name: String, events: [TouchEvent]) { self.name = name; self.events = events }
}

/// What a suite's presses add up to, folded trace by trace so that a run of any
/// size holds no list of every press: counts, first-try success, responsiveness
/// per target, latency per action, retry bursts.
///
/// - Complexity: O(presses) to fold; memory O(targets + latencies + bursts).
public struct SuiteStats: Sendable {
    /// Presses that began a gesture (a multi-tap's later presses are not counted again).
    public private(set) var presses = 0
    public private(set) var fired = 0
    /// First tries at an expected target, and how many fired it.
    public private(set) var firstTries = 0
    public private(set) var firstTriesMet = 0
    public private(set) var bursts: [RetryBurst] = []
    private var targets: [String: TargetResponsiveness] = [:]
    private var targetLatencies: [String: [Double]] = [:]
    private var actionLatencies: [String: (node: String, action: String?, values: [Double])] = [:]
    let settings: ReplaySettings

    public init(settings: ReplaySettings = ReplaySettings()) { self.settings = settings }

    /// Folds one trace's results (in press order).
    public mutating func add(trace results: [PressResult]) {
        var seen = Set<String>()  // first try: per trace, the first press expecting each node
        for r in results where r.partOf == nil {
            presses += 1
            if let expect = r.expect, seen.insert(expect).inserted {
                targets[expect, default: TargetResponsiveness(node: expect)].expectedTries += 1
                firstTries += 1
                if r.met == true {
                    targets[expect]!.firstTryMet += 1
                    firstTriesMet += 1
                }
            }
            guard r.fired, let node = r.node else { continue }
            fired += 1
            targets[node, default: TargetResponsiveness(node: node)].firings += 1
            if let l = r.latencyMs {
                targetLatencies[node, default: []].append(l)
                actionLatencies[node + "\u{1F}" + (r.action ?? ""), default: (node, r.action, [])].values.append(l)
            }
        }
        bursts += Responsiveness.bursts(results, settings: settings)
    }

    /// Per-target responsiveness: first-try success and the latency of what fired on it.
    public var responsiveness: [String: TargetResponsiveness] {
        var out = targets
        for (node, values) in targetLatencies {
            let sorted = values.sorted()
            out[node]!.p50LatencyMs = Responsiveness.percentile(sorted, 50)
            out[node]!.p95LatencyMs = Responsiveness.percentile(sorted, 95)
        }
        return out
    }

    /// Latency percentiles per fired action, ordered by node then action.
    public var latencies: [ActionLatency] {
        actionLatencies.values.map { g in
            let sorted = g.values.sorted()
            return ActionLatency(node: g.node, action: g.action, count: sorted.count,
                                 p50Ms: Responsiveness.percentile(sorted, 50), p95Ms: Responsiveness.percentile(sorted, 95))
        }.sorted { ($0.node, $0.action ?? "") < ($1.node, $1.action ?? "") }
    }
}

extension Replayer {
    /// Replays traces as they are loaded, `batch` at a time across the cores, and hands
    /// each trace's results to `consume` in trace order, so memory holds two batches of
    /// results, never every press. The next batch is replayed while the caller consumes
    /// the last one, and loading one trace overlaps replaying another.
    /// - Parameters:
    ///   - load: the i-th trace.
    ///   - also: other replayers (the baseline's snapshot) replaying the same presses.
    ///   - consume: trace i's results from this replayer and from each of `also`.
    /// - Throws: the first error `load` or `consume` throws.
    public func replayTraces(count: Int, batch: Int = 32, also: [Replayer] = [],
                             load: @escaping @Sendable (Int) throws -> TraceInput,
                             consume: (Int, [PressResult], [[PressResult]]) throws -> Void) throws {
        /// One batch's results, filled by the workers while the caller consumes the previous batch.
        final class Batch: @unchecked Sendable {
            let start: Int
            var results: [([PressResult], [[PressResult]])?]
            var errors: [Error?]
            let done = DispatchGroup()
            init(start: Int, size: Int) {
                self.start = start
                results = Array(repeating: nil, count: size)
                errors = Array(repeating: nil, count: size)
            }
        }
        let replayer = self
        func launch(_ start: Int) -> Batch? {
            guard start < count else { return nil }
            let b = Batch(start: start, size: min(count, start + batch) - start)
            b.done.enter()
            DispatchQueue.global().async {
                b.results.withUnsafeMutableBufferPointer { buffer in
                    b.errors.withUnsafeMutableBufferPointer { errorBuffer in
                        nonisolated(unsafe) let out = buffer, failed = errorBuffer
                        DispatchQueue.concurrentPerform(iterations: out.count) { k in
                            do {
                                let trace = try load(b.start + k)
                                let presses = Press.presses(from: trace.events)
                                out[k] = (replayer.replay(trace: trace.name, presses: presses),
                                          also.map { $0.replay(trace: trace.name, presses: presses) })
                            } catch {
                                failed[k] = error
                            }
                        }
                    }
                }
                b.done.leave()
            }
            return b
        }
        var current = launch(0)
        while let b = current {
            b.done.wait()
            current = launch(b.start + b.results.count)  // replay the next batch while this one is consumed
            if let error = b.errors.lazy.compactMap({ $0 }).first {
                current?.done.wait()
                throw error
            }
            for k in b.results.indices {
                let (mine, others) = b.results[k]!
                b.results[k] = nil
                do {
                    try consume(b.start + k, mine, others)
                } catch {
                    current?.done.wait()
                    throw error
                }
            }
        }
    }

    /// Every trace's press results (traces ordered by name), replayed in parallel across cores.
    public func replayTraces(_ traces: [TraceInput]) -> [[PressResult]] {
        let ordered = traces.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        var perTrace: [[PressResult]] = []
        try? replayTraces(count: ordered.count, load: { ordered[$0] }) { _, results, _ in perTrace.append(results) }
        return perTrace
    }
}
