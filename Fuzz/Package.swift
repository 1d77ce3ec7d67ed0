// swift-tools-version: 6.0
// The fuzzing harness of TapReplay: one libFuzzer target per parser, outside the
// main build. `./run.sh` builds it with `--sanitize=fuzzer` and runs each target.
import PackageDescription

/// Each target: its name (`fuzz-<name>`, seeds in Corpus/<name>, dictionary in Dictionaries/<name>.dict) and what it needs.
let parsers: [(name: String, module: String, needs: [Target.Dependency])] = [
    ("snapshot", "FuzzSnapshot", []),
    ("trace-jsonl", "FuzzTraceJSONL", []),
    ("trace-csv", "FuzzTraceCSV", []),
    ("baseline", "FuzzBaseline", []),
    ("bundle", "FuzzBundle", []),
    ("swiftui", "FuzzSwiftUI", []),
    ("recursive", "FuzzRecursive", []),
    ("xcuitest", "FuzzXCUITest", []),
    ("wda", "FuzzWDA", []),
    ("lint", "FuzzLint", ["LintUnderTest"]),
]

let package = Package(
    name: "TapReplayFuzz",
    products: parsers.map { .executable(name: "fuzz-\($0.name)", targets: [$0.module]) },
    dependencies: [
        .package(name: "TapReplay", path: ".."),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),   // SourceLint reads .replay-lint.yml
    ],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "TapReplayKit", package: "TapReplay")]),
        // `replay lint`'s module is no product of the main package: its sources are compiled here
        // as they are (a symbolic link), and the target calls only their public API.
        .target(name: "LintUnderTest", dependencies: [
            .product(name: "TapReplayKit", package: "TapReplay"),
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "Yams", package: "Yams"),
        ]),
    ] + parsers.map { p in
        .executableTarget(name: p.module, dependencies: ["FuzzSupport"] + p.needs,
                          // libFuzzer provides `main`; the target provides LLVMFuzzerTestOneInput.
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    }
)
