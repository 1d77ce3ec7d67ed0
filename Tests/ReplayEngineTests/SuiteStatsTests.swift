import HitTesting
import ReplayEngine
import TapModel
import Testing

@Suite("Suite stats: exact latency histograms that add up across shards")
struct SuiteStatsTests {
    /// Fired presses on a few nodes and actions with latencies drawn from a small set and a long tail.
    static func results(trace: String, count: Int, seed: Int) -> [PressResult] {
        var x = UInt64(seed) &* 6364136223846793005 &+ 1442695040888963407
        func next() -> UInt64 { x = x &* 6364136223846793005 &+ 1442695040888963407; return x >> 33 }
        return (0..<count).map { i in
            let node = ["a", "b", "c"][Int(next() % 3)]
            let latency: Double = next() % 4 == 0 ? Double(next() % 1000) / 7 : [0, 350, 500][Int(next() % 3)]
            let fired = next() % 5 != 0
            return PressResult(trace: trace, press: i, at: Point(Double(next() % 300), 10), t: Double(i) * 0.4,
                               outcome: fired ? .hit : .miss, node: fired ? node : nil, action: fired ? "open.\(node)" : nil,
                               gesture: fired ? "tap" : nil, latencyMs: fired ? latency : nil, expect: next() % 2 == 0 ? node : nil,
                               met: fired, partOf: nil, hitView: nil, reason: "")
        }
    }

    @Test("Percentiles from the histogram are the nearest-rank percentiles of the sorted values")
    func histogramPercentiles() {
        let values: [Double] = [350, 0, 0, 12.5, 350, 500, 0, 7, 350, 350, 0]
        var histogram: [Double: Int] = [:]
        for v in values { histogram[v, default: 0] += 1 }
        let sorted = Responsiveness.sorted(histogram)
        for p in [1.0, 25, 50, 90, 95, 99, 100] {
            #expect(Responsiveness.percentile(sorted, p) == Responsiveness.percentile(values.sorted(), p))
        }
    }

    @Test("Stats of traces folded in parts and merged equal the stats of one pass: counts, first tries, p50/p95 per target and action, bursts")
    func mergedEqualsWhole() {
        let traces = (0..<12).map { SuiteStatsTests.results(trace: "t\($0)", count: 200, seed: $0) }
        var whole = SuiteStats()
        for t in traces { whole.add(trace: t) }
        var parts = [SuiteStats(), SuiteStats(), SuiteStats()]
        for (i, t) in traces.enumerated() { parts[(i * 7) % 3].add(trace: t) }
        var merged = SuiteStats()
        for p in parts { merged.merge(p) }
        merged.orderBursts { Int($0.dropFirst())! }
        #expect(merged.presses == whole.presses && merged.fired == whole.fired)
        #expect(merged.firstTries == whole.firstTries && merged.firstTriesMet == whole.firstTriesMet)
        #expect(merged.responsiveness == whole.responsiveness)
        #expect(merged.latencies == whole.latencies)
        #expect(merged.bursts == whole.bursts && !whole.bursts.isEmpty)
    }

    @Test("Every press counts: a double tap's second press is a press on every build, fired with its gesture")
    func everyPressCounts() {
        func result(_ press: Int, fired: Bool, partOf: Int? = nil) -> PressResult {
            PressResult(trace: "t", press: press, at: Point(10, 10), t: Double(press) * 0.2, outcome: fired ? .hit : .miss,
                        node: fired ? "row.about" : nil, action: fired ? "copyVersion" : nil, gesture: fired ? "tap" : nil,
                        latencyMs: fired && partOf == nil ? 0 : nil, expect: nil, met: nil, partOf: partOf, hitView: nil, reason: "")
        }
        // A build where the two presses are one double tap, and one where neither fires.
        var doubleTap = SuiteStats(), dead = SuiteStats()
        doubleTap.add(trace: [result(0, fired: true), result(1, fired: true, partOf: 0), result(2, fired: false)])
        dead.add(trace: [result(0, fired: false), result(1, fired: false), result(2, fired: false)])
        #expect(doubleTap.presses == 3 && dead.presses == 3)
        #expect(doubleTap.fired == 2 && dead.fired == 0)
        // The gesture's latency is counted once.
        #expect(doubleTap.latencyCounts.values.map { $0.values.reduce(0, +) }.reduce(0, +) == 1)
    }
}
