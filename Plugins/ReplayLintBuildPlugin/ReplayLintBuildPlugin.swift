import Foundation
import PackagePlugin

/// Lints a target's Swift sources on every build with `replay-lint`, printing
/// `path:line:column: warning|error: …` lines that Xcode's issue navigator and
/// `swift build` show at their lines. Findings of severity error fail the build
/// (`--fail-on error`); warnings do not. `.replay-lint.yml` (found walking up
/// from each file) sets rules, severities, exclusions and filling views.
///
/// A build command without outputs runs on every build (SwiftPM 5.11 and later,
/// Xcode alike), and unlike a prebuild command it may run an executable built
/// from source. The same file is ReplayLintPrebuiltBuildPlugin of the
/// ReplayLintPlugins package, where `replay-lint` comes prebuilt from an
/// artifact bundle (docs/lint.md, "The prebuilt plugins").
@main
struct ReplayLintBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles(withSuffix: "swift").map(\.url)
        return [try lintCommand(tool: context.tool(named: "replay-lint").url, files: files, target: target.name)].compactMap { $0 }
    }
}

/// The build command that lints `files`, or nil when there are none.
func lintCommand(tool: URL, files: [URL], target: String) -> Command? {
    guard !files.isEmpty else { return nil }
    return .buildCommand(
        displayName: "replay-lint \(target)",
        executable: tool,
        arguments: ["--fail-on", "error"] + files.map(\.path),
        inputFiles: files,
        outputFiles: [])
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension ReplayLintBuildPlugin: XcodeBuildToolPlugin {
    /// The same for a target of an Xcode project (Build Phases → Run Build Tool Plug-ins).
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        return [try lintCommand(tool: context.tool(named: "replay-lint").url, files: files, target: target.displayName)].compactMap { $0 }
    }
}
#endif
