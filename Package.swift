// swift-tools-version: 6.1
import PackageDescription

// Light for apps: an app that adds this package for the capture kit writes
// `.package(url: …, from: …, traits: [])` and resolves none of the tool's
// dependencies. Every use of GRDB, swift-crypto, swift-syntax and
// ArgumentParser goes through `tool(_:_:)`, which asks for the default trait
// `Tool`; with the trait off, SwiftPM prunes those packages from the graph.
// Tests/Fixtures/KitOnlyApp and KitOnlyAppTests check it (docs/capture.md).
func tool(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["Tool"]))
}

let package = Package(
    name: "TapReplay",
    // The capture kit runs in iOS apps from iOS 15 (UIWindowScene.keyWindow); the
    // `replay` tool builds on macOS 13 and later (GRDB and swift-syntax need 10.15).
    // README.md "Requirements" says why these minimums.
    platforms: [.iOS(.v15), .macCatalyst(.v15), .macOS(.v13), .visionOS(.v1)],
    products: [
        .executable(name: "replay", targets: ["ReplayCLI"]),
        .library(name: "TapReplayKit", targets: ["TapJSON", "TapModel", "HitTesting", "ReplayEngine", "TraceStore", "Baselines", "Pipeline", "Reports", "Audit", "Converters"]),
        .library(name: "TapReplayCapture", targets: ["TapReplayCapture"]),
    ],
    traits: [
        .trait(name: "Tool", description: "The replay tool and its libraries, with GRDB, swift-crypto, swift-syntax and ArgumentParser. On by default; an app that adds the package for TapReplayCapture alone turns it off with traits: []."),
        .default(enabledTraits: ["Tool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        .target(name: "TapJSON"),
        .target(name: "TapModel", dependencies: ["TapJSON"]),
        .target(name: "HitTesting", dependencies: ["TapJSON", "TapModel"]),
        .target(name: "ReplayEngine", dependencies: ["TapJSON", "TapModel", "HitTesting"]),
        .target(name: "TraceStore", dependencies: ["TapJSON", 
            "TapModel",
            tool("GRDB", "GRDB.swift"),
            tool("GRDBSQLite", "GRDB.swift"),
            tool("Crypto", "swift-crypto"),
        ]),
        .target(name: "Baselines", dependencies: ["TapJSON", "TapModel", "HitTesting", "ReplayEngine"]),
        .target(name: "Pipeline", dependencies: ["TapJSON", "TapModel", "HitTesting", "ReplayEngine", "TraceStore", "Baselines", "Audit", "Converters"]),
        .target(name: "Reports", dependencies: ["TapJSON", "TapModel", "HitTesting", "ReplayEngine", "Baselines", "Pipeline", "Audit"]),
        .target(name: "Converters", dependencies: ["TapJSON", "TapModel"]),
        .target(name: "TapReplayCapture"),
        // `replay lint`: swift-syntax only, so nothing but the CLI waits for its build.
        .target(name: "SourceLint", dependencies: ["TapJSON",
            tool("SwiftSyntax", "swift-syntax"),
            tool("SwiftParser", "swift-syntax"),
        ]),
        .target(name: "Audit", dependencies: ["TapJSON", "TapModel", "HitTesting", "ReplayEngine", tool("Crypto", "swift-crypto")]),
        .target(name: "SourceLintReports", dependencies: ["TapJSON", "SourceLint"]),
        .executableTarget(name: "ReplayCLI", dependencies: ["TapJSON", 
            "TapModel", "HitTesting", "ReplayEngine", "TraceStore", "Baselines", "Pipeline", "Reports", "Audit",
            "SourceLint", "SourceLintReports", "Converters",
            tool("ArgumentParser", "swift-argument-parser"),
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
        .testTarget(name: "TraceStoreTests", dependencies: ["TapModel", "TraceStore", "TestSupport", tool("GRDB", "GRDB.swift")]),
        .testTarget(name: "ConvertersTests", dependencies: ["TapJSON", "Converters", "TapModel", "HitTesting", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TapReplayCaptureTests", dependencies: ["TapReplayCapture", "Converters", "TapModel", "TestSupport"]),
    ]
)
