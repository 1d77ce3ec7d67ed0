// swift-tools-version: 6.0
// A package that uses TapReplay's lint plugins, as a team's app package would.
// Tests/EndToEndTests/LintPluginTests.swift builds it: the build-tool plugin
// lints Rows on every build, and `swift package replay-lint` lints on demand.
import PackageDescription

let package = Package(
    name: "LintPluginSample",
    dependencies: [
        .package(name: "TapReplay", path: "../.."),
    ],
    targets: [
        .target(name: "Rows", plugins: [.plugin(name: "ReplayLintBuildPlugin", package: "TapReplay")]),
    ]
)
