// Replay benchmark (ordo-one/benchmark).
//
//   cd Benchmarks && swift package benchmark --target ReplayBenchmarks
//
// 1,000,000 presses (2,000,000 touch events in 100 traces of 10,000 presses)
// recorded on the example settings screen (Traces/snapshots/Settings.json):
// taps around the rows' leading edges and middles, the toggle, Save, and some
// empty space, with 12 pt / 6 pt of spread, so most fire and some land in gaps
// and run the tolerance search. They are imported into a temporary database
// once, in setup.
//
// - replay/read/1M: read every event of the screen's traces from SQLite
//   (`TraceStore.traces` + `events(ofTrace:)`): the floor any replay pays.
// - replay/read+replay/1M: the same read, and presses, hit testing,
//   recognition and arbitration for every press (`Replayer.replayTraces`),
//   as `replay run` does before coverage and reports: batches of traces are
//   read and replayed across the cores while the previous batch is folded in.
//
// Target: read+replay ≤ 2× read (compare the p50 rows).

import Benchmark
import BenchmarkSupport
import Foundation
import HitTesting
import ReplayEngine
import TapModel
import TraceStore

let benchmarks: @Sendable () -> Void = {
    let config = Benchmark.Configuration(metrics: [.wallClock, .cpuTotal, .peakMemoryResident], timeUnits: .milliseconds,
                                         warmupIterations: 1, scalingFactor: .one, maxDuration: .seconds(30), maxIterations: 10)

    Benchmark("replay/read/1M", configuration: config) { benchmark, fixture in
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.read())
        }
    } setup: {
        try ReplayFixture.shared()
    }

    Benchmark("replay/read+replay/1M", configuration: config) { benchmark, fixture in
        for _ in benchmark.scaledIterations {
            let stored = try fixture.store.traces(screen: "Settings")
            let store = fixture.store
            var fired = 0
            try fixture.replayer.replayTraces(count: stored.count, load: { i in
                TraceInput(name: stored[i].header.trace, events: try store.events(ofTrace: stored[i].rowID, expectedCount: stored[i].eventCount))
            }, consume: { _, results, _ in
                fired += results.reduce(0) { $0 + ($1.fired ? 1 : 0) }
            })
            blackHole(fired)
        }
    } setup: {
        try ReplayFixture.shared()
    }
}

final class ReplayFixture: @unchecked Sendable {
    let store: TraceStore
    let replayer: Replayer
    let folder: String

    nonisolated(unsafe) private static var cached: ReplayFixture?

    static func shared() throws -> ReplayFixture {
        if let cached { return cached }
        let f = try ReplayFixture()
        cached = f
        return f
    }

    init() throws {
        var repo = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { repo = repo.deletingLastPathComponent() }
        let snapshot = try Snapshot(json: Data(contentsOf: repo.appendingPathComponent("Traces/snapshots/Settings.json")))
        replayer = Replayer(tester: HitTester(snapshot))
        folder = NSTemporaryDirectory() + "tapreplay-bench-replay-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try TraceStore(path: folder + "/replay.sqlite")
        let csv = folder + "/presses.csv"
        try ReplayFixture.writePresses(to: csv, traces: 100, pressesPerTrace: 10_000)
        _ = try store.importFile(csv)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func read() throws -> [TraceInput] {
        try store.traces(screen: "Settings").map {
            TraceInput(name: $0.header.trace, events: try store.events(ofTrace: $0.rowID, expectedCount: $0.eventCount))
        }
    }

    /// Deterministic taps around the spots a person aims at on the settings screen.
    static func writePresses(to path: String, traces: Int, pressesPerTrace: Int) throws {
        let spots: [(Double, Double)] = [(24, 122), (200, 122), (372, 122), (24, 166.5), (200, 166.5), (343, 211),
                                         (24, 255.5), (200, 255.5), (196, 795), (300, 600), (100, 40)]
        var rng = SplitMix64(seed: 42)
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var text = "trace,screen,t,touch,phase,x,y\n"
        for k in 0..<traces {
            var t = 0.0
            for _ in 0..<pressesPerTrace {
                let (sx, sy) = spots[Int(rng.next() % UInt64(spots.count))]
                let x = (sx + rng.normal() * 12).rounded(toPlaces: 1), y = (sy + rng.normal() * 6).rounded(toPlaces: 1)
                text += "p\(k),Settings,\(t.rounded(toPlaces: 3)),1,began,\(x),\(y)\n"
                t += 0.07
                text += "p\(k),Settings,\(t.rounded(toPlaces: 3)),1,ended,\(x),\(y)\n"
                t += 0.6
            }
            handle.write(Data(text.utf8))
            text = ""
        }
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let scale = Foundation.pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
