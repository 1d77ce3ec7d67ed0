// swift-tools-version: 6.1
// An app's package whose tests use TapReplayTesting (assertTappable), as a team
// adds it (docs/testing.md). TestingOnlyAppTests copies it, points the path at
// the repository and checks what SwiftPM resolves and builds: the engine
// modules and the kit, never GRDB, swift-crypto, swift-syntax or ArgumentParser.
import PackageDescription

let package = Package(
    name: "TestingOnlyApp",
    platforms: [.iOS(.v15), .macOS(.v13)],
    dependencies: [
        // A team writes: .package(url: "https://github.com/<you>/TapReplay", from: "1.0.0", traits: []),
        .package(name: "TapReplay", path: "../../..", traits: []),
    ],
    targets: [
        .target(name: "TestingOnlyApp", dependencies: [.product(name: "TapReplayCapture", package: "TapReplay")]),
        .testTarget(name: "TestingOnlyAppTests", dependencies: [
            "TestingOnlyApp",
            .product(name: "TapReplayTesting", package: "TapReplay"),
        ]),
    ]
)
