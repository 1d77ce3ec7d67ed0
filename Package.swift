// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TapReplay",
    products: [
        .executable(name: "replay", targets: ["ReplayCLI"]),
        .library(name: "TapReplayKit", targets: [
            "TapJSON", "TapRules", "TapModel", "HitTesting", "ReplayEngine", "Baselines", "Audit", "RunResults", "Converters", "TraceStore",
            "Pipeline", "Reports",
        ]),
        .library(name: "TapReplayCapture", targets: ["TapReplayCapture"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        // The model: JSON, the rule vocabulary, snapshots and traces. No I/O.
        .target(name: "TapJSON"),
        .target(name: "TapRules"),
        .target(name: "TapModel", dependencies: ["TapJSON"]),
        // The engine: hit testing (S, U), replay and probes, regressions (R), audit (A). No files, no database.
        .target(name: "HitTesting", dependencies: ["TapJSON", "TapModel", "TapRules"]),
        .target(name: "ReplayEngine", dependencies: ["TapJSON", "TapModel", "HitTesting"]),
        .target(name: "Baselines", dependencies: ["TapJSON", "TapModel", "TapRules", "HitTesting", "ReplayEngine"]),
        .target(name: "Audit", dependencies: ["TapJSON", "TapModel", "TapRules", "HitTesting", "ReplayEngine"]),
        // What a run produced: outcomes, findings, causes and their JSON; Pipeline makes them, Reports reads them.
        .target(name: "RunResults", dependencies: ["TapJSON", "TapModel", "HitTesting", "ReplayEngine", "Baselines", "Audit"]),
        // Inputs and storage: the dump readers of `replay convert`, the SQLite store.
        .target(name: "Converters", dependencies: ["TapJSON", "TapModel"]),
        .target(name: "TraceStore", dependencies: [
            "TapJSON", "TapModel",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // The run: inputs → engine → baselines → history.
        .target(name: "Pipeline", dependencies: [
            "TapJSON", "TapModel", "HitTesting", "ReplayEngine", "Baselines", "Audit", "RunResults", "TraceStore", "Converters",
        ]),
        .target(name: "Reports", dependencies: [
            "TapJSON", "TapModel", "HitTesting", "ReplayEngine", "Baselines", "Audit", "RunResults", "TraceStore",
        ]),
        // `replay lint`: swift-syntax only, so nothing but the CLI waits for its build.
        .target(name: "SourceLint", dependencies: [
            "TapJSON", "TapRules",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .target(name: "SourceLintReports", dependencies: ["TapJSON", "SourceLint"]),
        // The in-app capture kit: no dependency at all.
        .target(name: "TapReplayCapture"),
        .executableTarget(name: "ReplayCLI", dependencies: [
            "TapJSON", "TapModel", "HitTesting", "ReplayEngine", "Baselines", "Audit", "RunResults", "Converters", "TraceStore",
            "Pipeline", "Reports", "SourceLint", "SourceLintReports",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "TestSupport", dependencies: ["TapModel"], path: "Tests/TestSupport"),
        .testTarget(name: "AuditTests", dependencies: ["Audit", "HitTesting", "ReplayEngine", "Reports", "TapJSON", "TapModel", "TestSupport"]),
        .testTarget(name: "BaselinesTests", dependencies: ["Baselines", "HitTesting", "ReplayEngine", "TapModel"]),
        .testTarget(name: "ConvertersTests", dependencies: ["Converters", "HitTesting", "TapJSON", "TapModel", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "EndToEndTests", dependencies: ["ReplayCLI", "Reports", "TapJSON", "TapModel", "TestSupport"]),
        .testTarget(name: "HitTestingTests", dependencies: ["HitTesting", "TapJSON", "TapModel"]),
        .testTarget(name: "PipelineTests", dependencies: ["Audit", "Baselines", "HitTesting", "Pipeline", "ReplayEngine", "Reports", "RunResults", "TapModel", "TestSupport", "TraceStore"]),
        .testTarget(name: "ReplayEngineTests", dependencies: ["HitTesting", "ReplayEngine", "TapJSON", "TapModel", "TestSupport"]),
        .testTarget(name: "ReportsTests", dependencies: ["Baselines", "HitTesting", "Pipeline", "ReplayEngine", "Reports", "RunResults", "TapJSON", "TapModel"]),
        .testTarget(name: "SourceLintTests", dependencies: ["SourceLint", "SourceLintReports", "TapJSON", "TapModel", "TestSupport"], resources: [.copy("Resources")]),
        .testTarget(name: "TapJSONTests", dependencies: ["TapJSON"]),
        .testTarget(name: "TapModelTests", dependencies: ["TapModel", "TestSupport"]),
        .testTarget(name: "TapReplayCaptureTests", dependencies: ["Converters", "TapModel", "TapReplayCapture", "TestSupport"]),
        .testTarget(name: "TraceStoreTests", dependencies: ["TapModel", "TraceStore", .product(name: "GRDB", package: "GRDB.swift")]),
    ]
)
