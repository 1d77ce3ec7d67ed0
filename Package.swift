// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TapReplay",
    products: [
        .executable(name: "replay", targets: ["ReplayCLI"]),
        .library(name: "TapReplayKit", targets: ["TapModel", "HitTesting", "ReplayEngine", "TraceStore", "Baselines", "Pipeline", "Reports", "Audit", "Capture"]),
        .library(name: "TapReplayCapture", targets: ["TapReplayCapture"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        .target(name: "TapModel"),
        .target(name: "HitTesting", dependencies: ["TapModel"]),
        .target(name: "ReplayEngine", dependencies: ["TapModel", "HitTesting"]),
        .target(name: "TraceStore", dependencies: [
            "TapModel", "Capture",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "Baselines", dependencies: ["TapModel", "HitTesting", "ReplayEngine"]),
        .target(name: "Pipeline", dependencies: ["TapModel", "HitTesting", "ReplayEngine", "TraceStore", "Baselines", "Audit"]),
        .target(name: "Reports", dependencies: ["TapModel", "HitTesting", "ReplayEngine", "Baselines", "Pipeline", "Audit"]),
        .target(name: "Capture", dependencies: ["TapModel"]),
        .target(name: "TapReplayCapture"),
        // `replay lint`: swift-syntax only, so nothing but the CLI waits for its build.
        .target(name: "SourceLint", dependencies: [
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .target(name: "Audit", dependencies: ["TapModel", "HitTesting", "ReplayEngine", .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "SourceLintReports", dependencies: ["SourceLint", "TapModel"]),
        .executableTarget(name: "ReplayCLI", dependencies: [
            "TapModel", "HitTesting", "ReplayEngine", "TraceStore", "Baselines", "Pipeline", "Reports", "Audit",
            "SourceLint", "SourceLintReports", "Capture",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TapModelTests", dependencies: ["TapModel", "TestSupport"]),
        .testTarget(name: "HitTestingTests", dependencies: ["TapModel", "HitTesting"]),
        .testTarget(name: "ReplayEngineTests", dependencies: ["TapModel", "HitTesting", "ReplayEngine"]),
        .testTarget(name: "BaselinesTests", dependencies: ["TapModel", "HitTesting", "ReplayEngine", "Baselines", "TestSupport"]),
        .testTarget(name: "PipelineTests", dependencies: ["TapModel", "HitTesting", "ReplayEngine", "Baselines", "TraceStore", "Pipeline", "Reports", "TestSupport", "Audit"]),
        .testTarget(name: "ReportsTests", dependencies: ["TapModel", "HitTesting", "ReplayEngine", "Baselines", "Pipeline", "Reports", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["ReplayCLI", "TapModel", "Reports", "TestSupport"]),
        .testTarget(name: "AuditTests", dependencies: ["TapModel", "HitTesting", "ReplayEngine", "Audit", "Reports", "TestSupport"]),
        .testTarget(name: "SourceLintTests", dependencies: ["SourceLint", "SourceLintReports", "TapModel", "TestSupport"], resources: [.copy("Resources")]),
        .testTarget(name: "TraceStoreTests", dependencies: ["TapModel", "TraceStore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "CaptureTests", dependencies: ["Capture", "TapModel", "HitTesting", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TapReplayCaptureTests", dependencies: ["TapReplayCapture", "Capture", "TapModel", "TestSupport"]),
    ]
)
