// swift-tools-version: 6.1
// An app's package that adds TapReplay for the capture kit alone, as a team
// does (docs/capture.md). KitOnlyAppTests copies it, points the path at the
// repository and checks what SwiftPM resolves and builds: nothing but the kit.
import PackageDescription

let package = Package(
    name: "KitOnlyApp",
    platforms: [.iOS(.v15)],
    dependencies: [
        // A team writes: .package(url: "https://github.com/<you>/TapReplay", from: "1.0.0", traits: []),
        .package(name: "TapReplay", path: "../../..", traits: []),
    ],
    targets: [
        .target(name: "KitOnlyApp", dependencies: [.product(name: "TapReplayCapture", package: "TapReplay")]),
    ]
)
