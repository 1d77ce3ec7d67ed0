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
/// Latencies are kept as exact histograms (each distinct value and how often it
/// occurred): percentiles come out exactly as from the sorted list of every value,
/// memory grows with the distinct values only, and two suites' stats add up
/// exactly (`merge`), which is what lets shards of a run be merged.
///
/// - Complexity: O(presses) to fold; memory O(targets + distinct latencies + bursts).
public struct SuiteStats: Sendable {
    /// Presses that began a gesture (a multi-tap's later presses are not counted again).
    public private(set) var presses = 0
    public private(set) var fired = 0
    /// First tries at an expected target, and how many fired it.
    public private(set) var firstTries = 0
    public private(set) var firstTriesMet = 0
    public private(set) var bursts: [RetryBurst] = []
    /// First tries and firings per node (latency percentiles are filled in by `responsiveness`).
    public private(set) var targets: [String: TargetResponsiveness] = [:]
    /// Every latency of a fired press, by the node and action that fired.
    public private(set) var latencyCounts: [ActionKey: [Double: Int]] = [:]
    let settings: ReplaySettings

    /// A node and the action that fired on it (nil: an unnamed action).
    public struct ActionKey: Hashable, Sendable {
        public var node: String
        public var action: String?
        public init(node: String, action: String?) { self.node = node; self.action = action }
    }

    public init(settings: ReplaySettings = ReplaySettings()) { self.settings = settings }

    /// Stats from their parts (a shard's stored ones); `merge` adds others.
    public init(settings: ReplaySettings = ReplaySettings(), presses: Int, fired: Int, firstTries: Int, firstTriesMet: Int,
                bursts: [RetryBurst], targets: [String: TargetResponsiveness], latencyCounts: [ActionKey: [Double: Int]]) {
        self.settings = settings
        self.presses = presses; self.fired = fired; self.firstTries = firstTries; self.firstTriesMet = firstTriesMet
        self.bursts = bursts; self.targets = targets; self.latencyCounts = latencyCounts
    }

    /// Folds one trace's results (in press order).
    public mutating func add(trace results: [PressResult]) {
        var seen = Set<String>()  // first try: per trace, the first press expecting each node
        for i in results.indices where results[i].partOf == nil {  // by index: no copy of each result
            presses += 1
            if let expect = results[i].expect, seen.insert(expect).inserted {
                targets[expect, default: TargetResponsiveness(node: expect)].expectedTries += 1
                firstTries += 1
                if results[i].met == true {
                    targets[expect]!.firstTryMet += 1
                    firstTriesMet += 1
                }
            }
            guard results[i].fired, let node = results[i].node else { continue }
            fired += 1
            targets[node, default: TargetResponsiveness(node: node)].firings += 1
            if let l = results[i].latencyMs { latencyCounts[ActionKey(node: node, action: results[i].action), default: [:]][l, default: 0] += 1 }
        }
        bursts += Responsiveness.bursts(results, settings: settings)
    }

    /// Adds another part of the same suite (other traces). Bursts are appended:
    /// the caller orders them (`orderBursts`) when parts arrive out of trace order.
    public mutating func merge(_ other: SuiteStats) {
        presses += other.presses; fired += other.fired
        firstTries += other.firstTries; firstTriesMet += other.firstTriesMet
        bursts += other.bursts
        for (node, t) in other.targets {
            var mine = targets[node, default: TargetResponsiveness(node: node)]
            mine.expectedTries += t.expectedTries; mine.firstTryMet += t.firstTryMet; mine.firings += t.firings
            targets[node] = mine
        }
        for (key, histogram) in other.latencyCounts {
            latencyCounts[key, default: [:]].merge(histogram, uniquingKeysWith: +)
        }
    }

    /// Puts the retry bursts in the order a single pass over the traces finds them.
    /// - Parameter traceOrder: a trace's position in the run.
    public mutating func orderBursts(by traceOrder: (String) -> Int) {
        bursts = bursts.enumerated().sorted { a, b in
            let ta = traceOrder(a.element.trace), tb = traceOrder(b.element.trace)
            if ta != tb { return ta < tb }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Per-target responsiveness: first-try success and the latency of what fired on it.
    public var responsiveness: [String: TargetResponsiveness] {
        var out = targets
        var perNode: [String: [Double: Int]] = [:]
        for (key, histogram) in latencyCounts { perNode[key.node, default: [:]].merge(histogram, uniquingKeysWith: +) }
        for (node, histogram) in perNode {
            let sorted = Responsiveness.sorted(histogram)
            out[node]!.p50LatencyMs = Responsiveness.percentile(sorted, 50)
            out[node]!.p95LatencyMs = Responsiveness.percentile(sorted, 95)
        }
        return out
    }

    /// Latency percentiles per fired action, ordered by node then action.
    public var latencies: [ActionLatency] {
        latencyCounts.map { key, histogram in
            let sorted = Responsiveness.sorted(histogram)
            return ActionLatency(node: key.node, action: key.action, count: sorted.last?.through ?? 0,
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
