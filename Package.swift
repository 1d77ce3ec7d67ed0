// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TapReplay",
    products: [
        .executable(name: "replay", targets: ["ReplayCLI"]),
        .library(name: "TapReplayKit", targets: ["TapJSON", "TapModel", "HitTesting", "ReplayEngine", "TraceStore", "Baselines", "Pipeline", "Reports", "Audit", "Converters"]),
        .library(name: "TapReplayCapture", targets: ["TapReplayCapture"]),
        // Lint (docs/lint.md): `replay-lint` links only the lint modules; the plugins run it in a user's build.
        .executable(name: "replay-lint", targets: ["replay-lint"]),
        .plugin(name: "ReplayLintBuildPlugin", targets: ["ReplayLintBuildPlugin"]),
        .plugin(name: "ReplayLintCommandPlugin", targets: ["ReplayLintCommandPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),   // lint: .replay-lint.yml
    ],
    targets: [
        .target(name: "TapJSON"),
        .target(name: "TapRules"),
        .target(name: "TapModel", dependencies: ["TapJSON"]),
        .target(name: "HitTesting", dependencies: ["TapJSON", "TapModel"]),
        .target(name: "ReplayEngine", dependencies: ["TapJSON", "TapModel", "HitTesting"]),
        .target(name: "TraceStore", dependencies: ["TapJSON", 
            "TapModel",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "Baselines", dependencies: ["TapJSON", "TapModel", "HitTesting", "ReplayEngine"]),
        .target(name: "Pipeline", dependencies: ["TapJSON", "TapModel", "HitTesting", "ReplayEngine", "TraceStore", "Baselines", "Audit", "Converters"]),
        .target(name: "Reports", dependencies: ["TapJSON", "TapModel", "HitTesting", "ReplayEngine", "Baselines", "Pipeline", "Audit"]),
        .target(name: "Converters", dependencies: ["TapJSON", "TapModel"]),
        .target(name: "TapReplayCapture"),
        // `replay lint`: swift-syntax only, so nothing but the CLI waits for its build.
        .target(name: "SourceLint", dependencies: ["TapJSON", "TapRules",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "Yams", package: "Yams"),
        ]),
        .target(name: "Audit", dependencies: ["TapJSON", "TapModel", "HitTesting", "ReplayEngine", .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "SourceLintReports", dependencies: ["TapJSON", "SourceLint", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // Lint's own executable and the SwiftPM plugins that run it (a build-tool plugin: every build; a command plugin:
        // `swift package replay-lint`). Only swift-syntax, Yams and the argument parser are built for them.
        .executableTarget(name: "replay-lint", dependencies: ["SourceLint", "SourceLintReports"], path: "Sources/ReplayLintTool"),
        .plugin(name: "ReplayLintBuildPlugin", capability: .buildTool(), dependencies: ["replay-lint"]),
        .plugin(name: "ReplayLintCommandPlugin",
                capability: .command(intent: .custom(verb: "replay-lint", description: "Find the hit-testing traps in SwiftUI source (L1–L7)")),
                dependencies: ["replay-lint"]),
        .executableTarget(name: "ReplayCLI", dependencies: ["TapJSON", 
            "TapModel", "HitTesting", "ReplayEngine", "TraceStore", "Baselines", "Pipeline", "Reports", "Audit",
            "SourceLint", "SourceLintReports", "Converters",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TapJSONTests", dependencies: ["TapJSON"]),
        .testTarget(name: "TapModelTests", dependencies: ["TapModel", "TestSupport"]),
        .testTarget(name: "HitTestingTests", dependencies: ["TapJSON", "TapModel", "HitTesting"]),
        .testTarget(name: "ReplayEngineTests", dependencies: ["TapJSON", "TapModel", "HitTesting", "ReplayEngine"]),
        .testTarget(name: "BaselinesTests", dependencies: ["TapModel", "HitTesting", "ReplayEngine", "Baselines", "TestSupport"]),
        .testTarget(name: "PipelineTests", dependencies: ["TapModel", "HitTesting", "ReplayEngine", "Baselines", "TraceStore", "Pipeline", "Reports", "TestSupport", "Audit"]),
        .testTarget(name: "ReportsTests", dependencies: ["TapJSON", "TapModel", "HitTesting", "ReplayEngine", "Baselines", "Pipeline", "Reports", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TapJSON", "ReplayCLI", "TapModel", "Reports", "TestSupport"]),
        .testTarget(name: "AuditTests", dependencies: ["TapJSON", "TapModel", "HitTesting", "ReplayEngine", "Audit", "Reports", "TestSupport"]),
        .testTarget(name: "SourceLintTests", dependencies: ["TapJSON", "SourceLint", "SourceLintReports", "TapModel", "TestSupport"], resources: [.copy("Resources")]),
        .testTarget(name: "TraceStoreTests", dependencies: ["TapModel", "TraceStore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "ConvertersTests", dependencies: ["TapJSON", "Converters", "TapModel", "HitTesting", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TapReplayCaptureTests", dependencies: ["TapReplayCapture", "Converters", "TapModel", "TestSupport"]),
    ]
)
