// Hit-testing benchmarks (ordo-one/benchmark).
//
//   cd Benchmarks
//   swift package benchmark                              # everything: about 1.5 min (+ ~2 min first build)
//   swift package benchmark --filter 'resolve/.*/10k'    # one size: indexed vs walk
//   swift package benchmark --skip 'resolve/walk/100k'   # all but the slowest (~10 s of walking)
//   (--filter and --skip take regular expressions matched against the whole name)
//
// What is measured, on synthetic settings screens of about 1k, 10k and 100k
// views (SyntheticSettings.swift: a long list of 44-pt rows in a UIKit window
// and hosting view, with contentShape rows, rows without one, Buttons,
// toggles and allowsHitTesting(false) overlays):
//
// - resolve/indexed/<size>: `HitTester.resolve(at:)` with the R-tree
//   (`HitSettings(spatialIndex: true)`, the default), the default 20-pt touch
//   cloud of S9 (before 2026-11-24: a 10-pt disk).
// - resolve/walk/<size>: the same calls on a tester built with
//   `spatialIndex: false`, so every landing (the exact one, each probe of the
//   S9 tolerance search, each "blocked?" probe) walks the whole tree
//   (`landByWalking`): the brute-force baseline.
//   Both replay the same 1,000 pseudo-random touches per size, spread over
//   the whole content; about a third fall in gaps (margins, header bands,
//   gaps of rows without contentShape) and so run the tolerance search.
//   One iteration = 1,000 touches; with the `.kilo` scaling factor the table
//   shows time and mallocs per touch (the metrics marked `*`) and touches per
//   second. The framework rounds iterations per second to a whole number
//   before scaling, so for the walks (iterations of 0.01–3 s) throughput is
//   coarse or missing: read their wall clock (touches/s = 1e9 / ns per touch).
// - land/indexed/<size>: `HitTester.land(at:)` alone (the R-tree query and
//   gate checks that find the view taking a touch), same touches: a
//   diagnostic for the index's own scaling, which `resolve` repeats for every
//   probe of the tolerance search.
// - screenMap/10k: `screenMap(step: 1, area: 0, 0, 393 × 852)`, a tap at every
//   1-pt cell of the screen (334,836 resolves, rows shared across cores) on
//   the 10k-view screen, whose first screenful of rows fills the area.
//
// Targets: indexed ≥ 10× the walk's throughput at 10k views, and the indexed
// cost per touch at 100k views ≤ 3× its cost at 1k views. Compare the p50
// rows of the table: walk/10k ÷ indexed/10k and indexed/100k ÷ indexed/1k.

import Benchmark
import HitTesting
import TapModel

/// Snapshot sizes: a name for the benchmark and the number of views asked for
/// (whole sections are generated: the snapshots have 1,037, 10,020 and 99,843 views).
let sizes: [(name: String, nodes: Int)] = [("1k", 1_000), ("10k", 10_000), ("100k", 100_000)]

let benchmarks: @Sendable () -> Void = {
    /// Touches per iteration: the scaling factor, so results read per touch.
    let touchesPerIteration = BenchmarkScalingFactor.kilo
    let touchMetrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]

    for size in sizes {
        Benchmark(
            "resolve/indexed/\(size.name)",
            configuration: .init(metrics: touchMetrics, timeUnits: .nanoseconds, scalingFactor: touchesPerIteration,
                                 maxDuration: .seconds(2), maxIterations: 1_000)
        ) { benchmark, fixture in
            resolveAll(benchmark, fixture)
        } setup: {
            try HitFixture(targetNodes: size.nodes, spatialIndex: true, touchCount: touchesPerIteration.rawValue)
        }

        Benchmark(
            "land/indexed/\(size.name)",
            configuration: .init(metrics: touchMetrics, timeUnits: .nanoseconds, scalingFactor: touchesPerIteration,
                                 maxDuration: .seconds(2), maxIterations: 1_000)
        ) { benchmark, fixture in
            for i in benchmark.scaledIterations {
                blackHole(fixture.tester.land(at: fixture.touches[i]))
            }
        } setup: {
            try HitFixture(targetNodes: size.nodes, spatialIndex: true, touchCount: touchesPerIteration.rawValue)
        }

        // The walk is O(views) per landing: give the big sizes fewer, longer
        // iterations so a full run stays within a few minutes.
        let walkBudget: (warmup: Int, duration: Duration, iterations: Int) =
            switch size.nodes {
            case ..<5_000: (1, .seconds(2), 1_000)
            case ..<50_000: (1, .seconds(5), 50)
            default: (0, .seconds(20), 3)
            }
        Benchmark(
            "resolve/walk/\(size.name)",
            configuration: .init(metrics: touchMetrics, timeUnits: .nanoseconds, warmupIterations: walkBudget.warmup,
                                 scalingFactor: touchesPerIteration,
                                 maxDuration: walkBudget.duration, maxIterations: walkBudget.iterations)
        ) { benchmark, fixture in
            resolveAll(benchmark, fixture)
        } setup: {
            try HitFixture(targetNodes: size.nodes, spatialIndex: false, touchCount: touchesPerIteration.rawValue)
        }
    }

    // One iteration = one whole-screen map. cpuTotal next to wallClock shows
    // how well the rows are shared across the cores.
    Benchmark(
        "screenMap/10k",
        configuration: .init(metrics: [.wallClock, .cpuTotal], timeUnits: .milliseconds, scalingFactor: .one,
                             maxDuration: .seconds(5), maxIterations: 50)
    ) { benchmark, fixture in
        for _ in benchmark.scaledIterations {
            blackHole(fixture.tester.screenMap(step: 1, area: Rect(0, 0, 393, 852)))
        }
    } setup: {
        try HitFixture(targetNodes: 10_000, spatialIndex: true, touchCount: 0)
    }
}

/// Resolves the fixture's touches, one per scaled iteration.
@inline(__always)
func resolveAll(_ benchmark: Benchmark, _ fixture: HitFixture) {
    precondition(fixture.touches.count == benchmark.scaledIterations.count)
    // One scratch for every touch, as replay and coverage keep one per thread: without it each
    // touch would allocate and clear the binder's per-responder buffers (O(views)).
    var scratch = HitScratch()
    for i in benchmark.scaledIterations {
        blackHole(fixture.tester.resolve(at: fixture.touches[i], scratch: &scratch))
    }
}
