import HitTesting
import TapModel

/// Two or more presses close in time and place where all but the last did not
/// fire: a person tapping again and again at a dead zone (docs/replay.md).
public struct RetryBurst: Sendable, Equatable {
    public var trace: String
    /// Press numbers, in order.
    public var presses: [Int]
    public var at: Point
    /// Whether the last press finally fired.
    public var resolved: Bool
    /// What the person was after: the first press's `expect`, else what the last press fired.
    public var target: String?

    public init(trace: String, presses: [Int], at: Point, resolved: Bool, target: String?) {
        self.trace = trace; self.presses = presses; self.at = at; self.resolved = resolved; self.target = target
    }
}

/// How responsive one target (a view with a handler) felt in the replayed traces.
public struct TargetResponsiveness: Sendable, Equatable {
    public var node: String
    /// Traces in which a press expected this node, and in how many the first such press fired it.
    public var expectedTries: Int = 0
    public var firstTryMet: Int = 0
    public var p50LatencyMs: Double?
    public var p95LatencyMs: Double?
    public var firings: Int = 0

    public init(node: String, expectedTries: Int = 0, firstTryMet: Int = 0, firings: Int = 0) {
        self.node = node; self.expectedTries = expectedTries; self.firstTryMet = firstTryMet; self.firings = firings
    }

    public var firstTrySuccess: Double? { expectedTries > 0 ? Double(firstTryMet) / Double(expectedTries) : nil }
}

/// Latency percentiles of one action.
public struct ActionLatency: Sendable, Equatable {
    public var node: String
    public var action: String?
    public var count: Int
    public var p50Ms: Double
    public var p95Ms: Double
}

public enum Responsiveness {
    /// Nearest-rank percentile of sorted values.
    public static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// A histogram's distinct values in ascending order, each with how many values are ≤ it.
    public static func sorted(_ histogram: [Double: Int]) -> [(value: Double, through: Int)] {
        var total = 0
        return histogram.sorted { $0.key < $1.key }.map { value, count in
            total += count
            return (value, total)
        }
    }

    /// Nearest-rank percentile of a histogram (from `sorted(_:)`): exactly the value
    /// `percentile(_:_:)` gives on the sorted list of every value.
    public static func percentile(_ sorted: [(value: Double, through: Int)], _ p: Double) -> Double {
        guard let n = sorted.last?.through, n > 0 else { return 0 }
        let rank = min(max(Int((p / 100 * Double(n)).rounded(.up)), 1), n)
        var lo = 0, hi = sorted.count - 1
        while lo < hi {  // the first value whose running count reaches the rank
            let mid = (lo + hi) / 2
            if sorted[mid].through >= rank { hi = mid } else { lo = mid + 1 }
        }
        return sorted[lo].value
    }

    /// Retry bursts in one trace's results (in press order).
    public static func bursts(_ results: [PressResult], settings: ReplaySettings) -> [RetryBurst] {
        let order = results.indices.filter { results[$0].partOf == nil }  // indices: no copy of each result
        var bursts: [RetryBurst] = []
        var i = 0
        while i < order.count {
            var j = i
            // Extend while the next press is close to the previous one and the previous did not fire.
            while j + 1 < order.count, !results[order[j]].fired, results[order[j + 1]].trace == results[order[j]].trace,
                  results[order[j + 1]].t - results[order[j]].t <= settings.retryWindow + 1e-9,
                  results[order[j + 1]].at.distance(to: results[order[j]].at) <= settings.retryDistance + 1e-9 {
                j += 1
            }
            if j > i {
                let first = results[order[i]], last = results[order[j]]
                bursts.append(RetryBurst(trace: first.trace, presses: order[i...j].map { results[$0].press }, at: first.at,
                                         resolved: last.fired, target: first.expect ?? (last.fired ? last.node : nil)))
                i = j + 1
            } else {
                i += 1
            }
        }
        return bursts
    }

    /// Latency percentiles per fired action, ordered by node then action.
    public static func latencies(_ results: [PressResult]) -> [ActionLatency] {
        var groups: [String: (node: String, action: String?, values: [Double])] = [:]
        for r in results where r.fired && r.partOf == nil {
            guard let node = r.node, let latency = r.latencyMs else { continue }
            let key = node + "\u{1F}" + (r.action ?? "")
            groups[key, default: (node, r.action, [])].values.append(latency)
        }
        return groups.values.map { g in
            let sorted = g.values.sorted()
            return ActionLatency(node: g.node, action: g.action, count: sorted.count,
                                 p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95))
        }.sorted { ($0.node, $0.action ?? "") < ($1.node, $1.action ?? "") }
    }

    /// Per-target responsiveness: first-try success and latency of what fired on it.
    public static func targets(_ results: [PressResult]) -> [String: TargetResponsiveness] {
        var out: [String: TargetResponsiveness] = [:]
        // First try: per trace, the first press expecting each node.
        var seen = Set<String>()
        for r in results where r.partOf == nil {
            guard let expect = r.expect else { continue }
            let key = r.trace + "\u{1F}" + expect
            guard seen.insert(key).inserted else { continue }
            out[expect, default: TargetResponsiveness(node: expect)].expectedTries += 1
            if r.met == true { out[expect]!.firstTryMet += 1 }
        }
        var latencies: [String: [Double]] = [:]
        for r in results where r.fired && r.partOf == nil {
            guard let node = r.node else { continue }
            out[node, default: TargetResponsiveness(node: node)].firings += 1
            if let l = r.latencyMs { latencies[node, default: []].append(l) }
        }
        for (node, values) in latencies {
            let sorted = values.sorted()
            out[node]!.p50LatencyMs = percentile(sorted, 50)
            out[node]!.p95LatencyMs = percentile(sorted, 95)
        }
        return out
    }
}
