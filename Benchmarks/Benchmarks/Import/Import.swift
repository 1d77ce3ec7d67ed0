// Import benchmark (ordo-one/benchmark).
//
//   cd Benchmarks && swift package benchmark --target ImportBenchmarks
//
// 1,000,000 touch events (500,000 taps of one trace on the Settings screen),
// written once in setup as CSV and as JSON Lines.
//
// - import/csv/1M, import/jsonl/1M: `replay import`'s library call
//   (`TraceStore.importFile`) into a fresh database each iteration: parse,
//   check every rule of trace.md, hash, insert, commit.
// - import/sqlite3-cli/1M: the sqlite3 command-line shell's `.import` of the
//   same CSV into a table of the same shape — one row per event, one index on
//   the trace column, in a WAL database with synchronous=NORMAL, as our store
//   is — in a fresh database each iteration (it checks nothing).
//
// Targets: CSV import at least the CLI's rate (time ≤ the CLI's), JSON Lines at
// least half of it (time ≤ 2× the CLI's). Compare the p50 rows.
// Peak memory (10M events vs 100k) is measured per process by import-memory.sh.

import Benchmark
import Foundation
import TraceStore

let benchmarks: @Sendable () -> Void = {
    let config = Benchmark.Configuration(metrics: [.wallClock, .cpuTotal, .peakMemoryResident], timeUnits: .milliseconds,
                                         warmupIterations: 1, scalingFactor: .one, maxDuration: .seconds(30), maxIterations: 8)

    Benchmark("import/csv/1M", configuration: config) { benchmark, fixture in
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.importWithStore(fixture.csv))
        }
    } setup: { try ImportFixture.shared() }

    Benchmark("import/jsonl/1M", configuration: config) { benchmark, fixture in
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.importWithStore(fixture.jsonl))
        }
    } setup: { try ImportFixture.shared() }

    Benchmark("import/sqlite3-cli/1M", configuration: config) { benchmark, fixture in
        for _ in benchmark.scaledIterations {
            try fixture.importWithCLI()
        }
    } setup: { try ImportFixture.shared() }
}

final class ImportFixture: @unchecked Sendable {
    let folder: String
    let csv: String
    let jsonl: String
    var db: String { folder + "/bench.sqlite" }

    nonisolated(unsafe) private static var cached: ImportFixture?
    static func shared() throws -> ImportFixture {
        if let cached { return cached }
        let f = try ImportFixture()
        cached = f
        return f
    }

    init() throws {
        folder = NSTemporaryDirectory() + "tapreplay-bench-import-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        csv = folder + "/events.csv"
        jsonl = folder + "/events.jsonl"
        try ImportFixture.write(csv: csv, jsonl: jsonl, taps: 500_000)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func removeDatabase() {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: db + suffix) }
    }

    func importWithStore(_ file: String) throws -> Int {
        removeDatabase()
        let store = try TraceStore(path: db)
        return try store.importFile(file).eventsAdded
    }

    func importWithCLI() throws {
        removeDatabase()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["sqlite3", db,
                       "PRAGMA journal_mode = WAL;", "PRAGMA synchronous = NORMAL;",
                       "CREATE TABLE event (trace TEXT, screen TEXT, t REAL, touch INTEGER, phase TEXT, x REAL, y REAL);",
                       "CREATE INDEX event_trace ON event(trace);",
                       ".mode csv", ".import --skip 1 \(csv) event"]
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// One trace of taps spread over the screen, as CSV and as JSON Lines.
    static func write(csv: String, jsonl: String, taps: Int) throws {
        _ = FileManager.default.createFile(atPath: csv, contents: nil)
        _ = FileManager.default.createFile(atPath: jsonl, contents: nil)
        let c = try FileHandle(forWritingTo: URL(fileURLWithPath: csv)), j = try FileHandle(forWritingTo: URL(fileURLWithPath: jsonl))
        defer { try? c.close(); try? j.close() }
        var cs = "trace,screen,t,touch,phase,x,y\n"
        var js = #"{"format":"tapreplay-trace","version":1,"trace":"bench","screen":"Settings"}"# + "\n"
        var state: UInt64 = 7
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for i in 0..<taps {
            let x = (next() * 39300).rounded() / 100, y = (next() * 85200).rounded() / 100
            let t0 = Double(i) * 0.4, t1 = t0 + 0.08
            for (t, phase) in [(t0, "began"), (t1, "ended")] {
                let ts = String(format: "%.3f", t)
                cs += "bench,Settings,\(ts),1,\(phase),\(x),\(y)\n"
                js += #"{"t":\#(ts),"touch":1,"phase":"\#(phase)","x":\#(x),"y":\#(y)}"# + "\n"
            }
            if i % 10_000 == 9_999 {
                c.write(Data(cs.utf8)); j.write(Data(js.utf8))
                cs = ""; js = ""
            }
        }
        c.write(Data(cs.utf8)); j.write(Data(js.utf8))
    }
}
