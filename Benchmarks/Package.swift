// swift-tools-version: 6.1
// Benchmarks for TapReplay, kept in their own package so that the main build,
// its tests and CI never compile ordo-one/benchmark.
//
//   cd Benchmarks && swift package benchmark
//
// See Benchmarks/HitTesting/HitTesting.swift for what is measured and for
// filtered runs. Builds go to Benchmarks/.build (git-ignored).
import PackageDescription

let package = Package(
    name: "TapReplayBenchmarks",
    platforms: [.macOS(.v13)],  // Duration, as the benchmark package itself
    dependencies: [
        // The main package, by path; named so that `package:` below does not
        // depend on the name of the folder the repository is cloned into.
        .package(name: "TapReplay", path: ".."),
        // Only the MallocInterposer trait: the default set also enables
        // RuntimeInterposer, whose package (ordo-one/swift-runtime-interposer)
        // is not in our package mirror, so resolution would fail.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Shared by the benchmark targets: the engine's deterministic random number generator, extended.
        .target(name: "BenchmarkSupport", dependencies: [.product(name: "TapReplayKit", package: "TapReplay")],
                path: "Benchmarks/Support"),
        benchmark("HitTestingBenchmarks", "HitTesting"),
        benchmark("ReplayBenchmarks", "Replay"),
        benchmark("ImportBenchmarks", "Import"),
    ]
)

/// A benchmark executable in `Benchmarks/<folder>` (the ordo-one layout). Targets need
/// their own names: the engine module is called HitTesting.
func benchmark(_ name: String, _ folder: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: [
            "BenchmarkSupport",
            .product(name: "Benchmark", package: "benchmark"),
            .product(name: "TapReplayKit", package: "TapReplay"),
        ],
        path: "Benchmarks/\(folder)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}
