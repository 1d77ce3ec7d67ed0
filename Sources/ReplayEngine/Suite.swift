import Foundation
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
    /// Every press of the traces, a multi-tap's later presses included, so the same traces give the
    /// same count on every build; and those whose gesture fired (a double tap's two presses both).
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
        var firings = TraceFirings()
        for i in results.indices {  // by index: no copy of each result
            // Every press counts, those a multi-tap consumed too (they fired with it): the same traces
            // give the same number of presses on every build, whatever their gestures recognize.
            presses += 1
            if results[i].partOf != nil {
                if results[i].fired { fired += 1 }
                continue
            }
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
            firings.add(node: node, action: results[i].action, latencyMs: results[i].latencyMs, into: &self)
        }
        firings.flush(into: &self)
        bursts += Responsiveness.bursts(results, settings: settings)
    }

    /// One trace's firings, gathered by a search among the few actions and latencies the trace
    /// fired before they go into the dictionaries (a hash of the node, of the action and of the
    /// latency per press cost more than the rest of the fold); past a few dozen, straight in.
    private struct TraceFirings {
        var actions: [(key: ActionKey, firings: Int, latencies: [(ms: Double, count: Int)])] = []

        mutating func add(node: String, action: String?, latencyMs: Double?, into stats: inout SuiteStats) {
            var k = actions.firstIndex { $0.key.node == node && $0.key.action == action } ?? -1
            if k < 0 {
                guard actions.count < 32 else {
                    stats.count(ActionKey(node: node, action: action), firings: 1, latencies: latencyMs.map { [($0, 1)] } ?? [])
                    return
                }
                actions.append((ActionKey(node: node, action: action), 0, []))
                k = actions.count - 1
            }
            actions[k].firings += 1
            guard let l = latencyMs else { return }
            if let j = actions[k].latencies.firstIndex(where: { $0.ms == l }) {
                actions[k].latencies[j].count += 1
            } else if actions[k].latencies.count < 32 {
                actions[k].latencies.append((l, 1))
            } else {
                stats.count(actions[k].key, firings: 0, latencies: [(l, 1)])
            }
        }

        mutating func flush(into stats: inout SuiteStats) {
            for a in actions { stats.count(a.key, firings: a.firings, latencies: a.latencies) }
            actions.removeAll()
        }
    }

    /// Adds firings of an action, and how many fired after each latency.
    private mutating func count(_ key: ActionKey, firings: Int, latencies: [(ms: Double, count: Int)]) {
        if firings > 0 { targets[key.node, default: TargetResponsiveness(node: key.node)].firings += firings }
        for (l, n) in latencies { latencyCounts[key, default: [:]][l, default: 0] += n }
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
    /// Replays traces as they are loaded, on one worker per core, and hands each trace's
    /// results to `consume` in trace order. Workers take the next trace as soon as they are
    /// free (no batch waits for its slowest trace) but stay within `2 × batch` traces of
    /// what the caller has consumed, so memory holds that many traces' results, never
    /// every press. Loading one trace overlaps replaying another, and the caller consumes
    /// while the workers replay.
    /// - Parameters:
    ///   - load: the i-th trace.
    ///   - also: other replayers (the baseline's snapshot) replaying the same presses.
    ///   - consume: trace i's results from this replayer and from each of `also`.
    /// - Throws: the first error `load` or `consume` throws (in trace order); the workers
    ///   have stopped when it is thrown.
    public func replayTraces(count: Int, batch: Int = 32, also: [Replayer] = [],
                             load: @escaping @Sendable (Int) throws -> TraceInput,
                             consume: (Int, [PressResult], [[PressResult]]) throws -> Void) throws {
        typealias Replayed = Result<([PressResult], [[PressResult]]), Error>
        /// What the workers and the caller share, under `lock`.
        final class Queue: @unchecked Sendable {
            let lock = NSCondition()
            var next = 0       // the next trace a worker takes
            var consumed = 0   // traces the caller has taken out
            var stop = false
            var done: [Int: Replayed] = [:]
        }
        guard count > 0 else { return }
        let window = 2 * max(batch, 1)
        let q = Queue()
        let group = DispatchGroup()
        let replayer = self
        for _ in 0..<max(1, min(ProcessInfo.processInfo.activeProcessorCount, count)) {
            DispatchQueue.global().async(group: group) {
                // Each worker's buffers, one per view tree, kept from trace to trace.
                var mine = HitScratch()
                var theirs = also.map { _ in HitScratch() }
                while true {
                    q.lock.lock()
                    while !q.stop && q.next < count && q.next >= q.consumed + window { q.lock.wait() }
                    guard !q.stop && q.next < count else { q.lock.unlock(); return }
                    let i = q.next
                    q.next += 1
                    q.lock.unlock()
                    let replayed = Replayed {
                        let trace = try load(i)
                        let presses = Press.presses(from: trace.events)
                        let results = replayer.replay(trace: trace.name, presses: presses, scratch: &mine)
                        var others: [[PressResult]] = []
                        for k in also.indices { others.append(also[k].replay(trace: trace.name, presses: presses, scratch: &theirs[k])) }
                        return (results, others)
                    }
                    q.lock.lock()
                    q.done[i] = replayed
                    q.lock.broadcast()
                    q.lock.unlock()
                }
            }
        }
        defer {  // on return or throw: no worker is left running
            q.lock.lock()
            q.stop = true
            q.lock.broadcast()
            q.lock.unlock()
            group.wait()
        }
        for i in 0..<count {
            q.lock.lock()
            while q.done[i] == nil { q.lock.wait() }
            let replayed = q.done.removeValue(forKey: i)!
            q.consumed = i + 1
            q.lock.broadcast()
            q.lock.unlock()
            let (mine, others) = try replayed.get()
            try consume(i, mine, others)
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
