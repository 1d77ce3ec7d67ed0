// swift-tools-version: 6.1
import PackageDescription

// Light for apps: an app that adds this package for the capture kit writes
// `.package(url: …, from: …, traits: [])` and resolves none of the tool's
// dependencies. Every use of GRDB, swift-crypto, swift-syntax, Yams and
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
        .library(name: "TapReplayKit", targets: [
            "TapJSON", "TapRules", "TapModel", "HitTesting", "ReplayEngine", "Baselines", "Audit", "RunResults", "Converters", "BaselineFiles", "HistoryValues", "TraceStore",
            "Pipeline", "Reports",
        ]),
        .library(name: "TapReplayCapture", targets: ["TapReplayCapture"]),
        // Lint (docs/lint.md): `replay-lint` links only the lint modules; the plugins run it in a user's build.
        .executable(name: "replay-lint", targets: ["replay-lint"]),
        .plugin(name: "ReplayLintBuildPlugin", targets: ["ReplayLintBuildPlugin"]),
        .plugin(name: "ReplayLintCommandPlugin", targets: ["ReplayLintCommandPlugin"]),
        .library(name: "TapReplayTesting", targets: ["TapReplayTesting"]),
    ],
    traits: [
        .trait(name: "Tool", description: "The replay tool and its libraries, with GRDB, swift-crypto, swift-syntax, Yams and ArgumentParser. On by default; an app that adds the package for TapReplayCapture alone turns it off with traits: []."),
        .default(enabledTraits: ["Tool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),   // lint: .replay-lint.yml
    ],
    targets: [
        // The model: JSON, the rule vocabulary, snapshots and traces. No I/O. (TapJSON, which every module
        // builds on, also holds `Background`, the package's one thread future.)
        .target(name: "TapJSON"),
        .target(name: "TapRules"),
        .target(name: "TapModel", dependencies: ["TapJSON"]),
        // The engine: hit testing (S, U), replay and probes, regressions (R) with baselines as values (their
        // encoding, record modes, comparison), audit (A). No files, no database.
        .target(name: "HitTesting", dependencies: ["TapJSON", "TapModel", "TapRules"]),
        .target(name: "ReplayEngine", dependencies: ["TapJSON", "TapModel", "HitTesting"]),
        .target(name: "Baselines", dependencies: ["TapJSON", "TapModel", "TapRules", "HitTesting", "ReplayEngine"]),
        .target(name: "Audit", dependencies: ["TapJSON", "TapModel", "TapRules", "HitTesting", "ReplayEngine"]),
        // The audit as documents: its findings' JSON and its map (SVG), for replay's reports and assertTappable's attachments.
        .target(name: "AuditDocuments", dependencies: ["TapJSON", "TapModel", "Audit"]),
        // What a run produced: outcomes, findings, causes and their JSON; Pipeline makes them, Reports reads them.
        .target(name: "RunResults", dependencies: ["TapJSON", "TapModel", "HitTesting", "ReplayEngine", "Baselines", "Audit"]),
        // Inputs and storage: the dump readers of `replay convert`, the baselines folder (read, written
        // atomically), the SQLite store.
        .target(name: "Converters", dependencies: ["TapJSON", "TapModel"]),
        // Production session recordings (PostHog, Datadog, Measure; docs/field-report.md), compressed ones inflated with
        // the system's zlib (macOS SDK, Linux zlib1g-dev). Apart from Converters, which the test library builds for iOS.
        .target(name: "SessionRecordings", dependencies: ["TapJSON", "TapModel", "CZlib"]),
        .systemLibrary(name: "CZlib"),
        .target(name: "BaselineFiles", dependencies: ["TapJSON", "Baselines"]),
        // What history holds as plain values (runs, trends, flaky presses, query values): TraceStore reads them
        // back, Reports writes them out without the database.
        .target(name: "HistoryValues"),
        .target(name: "TraceStore", dependencies: [
            "TapJSON", "TapModel", "HistoryValues",
            tool("GRDB", "GRDB.swift"),
            tool("GRDBSQLite", "GRDB.swift"),
            tool("Crypto", "swift-crypto"),
        ]),
        // The run: inputs → engine → baselines → history.
        .target(name: "Pipeline", dependencies: [
            "TapJSON", "TapModel", "HitTesting", "ReplayEngine", "Baselines", "BaselineFiles", "Audit", "AuditDocuments", "RunResults", "HistoryValues", "TraceStore", "Converters",
            "SessionRecordings",
        ]),
        .target(name: "Reports", dependencies: [
            "TapJSON", "TapModel", "HitTesting", "ReplayEngine", "Baselines", "Audit", "AuditDocuments", "RunResults", "HistoryValues", "CodeScanning",
        ]),
        // `replay lint`: swift-syntax only, so nothing but the CLI waits for its build.
        .target(name: "SourceLint", dependencies: [
            "TapJSON", "TapRules",
            tool("SwiftSyntax", "swift-syntax"),
            tool("SwiftParser", "swift-syntax"),
            tool("Yams", "Yams"),
        ]),
        .target(name: "SourceLintReports", dependencies: ["TapJSON", "SourceLint", "CodeScanning", tool("ArgumentParser", "swift-argument-parser")]),
        // SARIF 2.1.0 and GitHub workflow annotations, written for lint, run, merge and audit alike. No I/O.
        .target(name: "CodeScanning", dependencies: ["TapJSON"]),
        // Lint's own executable and the SwiftPM plugins that run it (a build-tool plugin: every build; a command plugin:
        // `swift package replay-lint`). Only swift-syntax, Yams and the argument parser are built for them.
        .executableTarget(name: "replay-lint", dependencies: ["SourceLint", "SourceLintReports", "CodeScanning", tool("ArgumentParser", "swift-argument-parser")],
                          path: "Sources/ReplayLintTool"),
        .plugin(name: "ReplayLintBuildPlugin", capability: .buildTool(), dependencies: ["replay-lint"]),
        .plugin(name: "ReplayLintCommandPlugin",
                capability: .command(intent: .custom(verb: "replay-lint", description: "Find the hit-testing traps in SwiftUI source (L1–L8)")),
                dependencies: ["replay-lint"]),
        // The in-app capture kit: no dependency at all.
        .target(name: "TapReplayCapture"),
        // assertTappable in an app's XCTest or Swift Testing tests: the engine and the kit, nothing of the tool (docs/testing.md).
        .target(name: "TapReplayTesting", dependencies: ["TapJSON", "TapModel", "HitTesting", "Audit", "AuditDocuments", "Baselines", "BaselineFiles", "Converters", "TapReplayCapture"]),
        .executableTarget(name: "ReplayCLI", dependencies: [
            "TapJSON", "TapModel", "HitTesting", "ReplayEngine", "Baselines", "BaselineFiles", "Audit", "RunResults", "Converters", "HistoryValues", "TraceStore",
            "Pipeline", "Reports", "SourceLint", "SourceLintReports", "CodeScanning",
            tool("ArgumentParser", "swift-argument-parser"),
        ]),
        .target(name: "TestSupport", dependencies: ["TapModel", "TapReplayCapture"], path: "Tests/TestSupport"),
        .testTarget(name: "AuditTests", dependencies: ["Audit", "AuditDocuments", "HitTesting", "ReplayEngine", "Reports", "TapJSON", "TapModel", "TestSupport"]),
        .testTarget(name: "BaselinesTests", dependencies: ["BaselineFiles", "Baselines", "HitTesting", "ReplayEngine", "TapJSON", "TapModel", "TestSupport"]),
        .testTarget(name: "ConvertersTests", dependencies: ["Converters", "SessionRecordings", "HitTesting", "TapJSON", "TapModel", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "EndToEndTests", dependencies: ["ReplayCLI", "Reports", "TapJSON", "TapModel", "TestSupport"]),
        .testTarget(name: "HitTestingTests", dependencies: ["HitTesting", "TapJSON", "TapModel", "TestSupport"]),
        .testTarget(name: "PipelineTests", dependencies: ["Audit", "Baselines", "HistoryValues", "HitTesting", "Pipeline", "ReplayEngine", "Reports", "RunResults", "TapModel", "TestSupport", "TraceStore", tool("GRDB", "GRDB.swift")]),
        .testTarget(name: "ReplayEngineTests", dependencies: ["HitTesting", "ReplayEngine", "TapJSON", "TapModel", "TestSupport"]),
        .testTarget(name: "ReportsTests", dependencies: ["Audit", "AuditDocuments", "Baselines", "CodeScanning", "HitTesting", "Pipeline", "ReplayEngine", "Reports", "RunResults", "TapJSON", "TapModel", "TestSupport"]),
        .testTarget(name: "SourceLintTests", dependencies: ["SourceLint", "SourceLintReports", "TapJSON", "TapModel", "HitTesting", "TestSupport"],
                    resources: [.copy("Resources")]),
        .testTarget(name: "TapJSONTests", dependencies: ["TapJSON"]),
        .testTarget(name: "TapModelTests", dependencies: ["TapModel", "TestSupport"]),
        .testTarget(name: "TapReplayCaptureTests", dependencies: ["Converters", "TapModel", "TapReplayCapture", "TestSupport"]),
        .testTarget(name: "TapReplayTestingTests", dependencies: ["Audit", "BaselineFiles", "Baselines", "Converters", "TapJSON", "TapModel", "TapReplayCapture", "TapReplayTesting", "TestSupport"]),
        .testTarget(name: "TraceStoreTests", dependencies: ["HistoryValues", "TapJSON", "TapModel", "TraceStore", tool("GRDB", "GRDB.swift")]),
    ]
)
