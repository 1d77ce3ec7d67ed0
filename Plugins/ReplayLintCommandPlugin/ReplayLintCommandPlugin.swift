import Foundation
import PackagePlugin

/// `swift package replay-lint [--target NAME]... [replay-lint options]`: lints
/// the Swift sources of the package's targets (all of them, or those named)
/// and prints what `replay lint` prints. Other arguments (`--json`, `--sarif`,
/// `--disable L4`, `--config FILE`, `--fail-on error`) go to `replay-lint`.
/// Exits non-zero when it finds something, as `replay lint` does. The same
/// file is ReplayLintPrebuiltCommandPlugin of the ReplayLintPlugins package.
@main
struct ReplayLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let files = targets.compactMap { $0 as? SourceModuleTarget }.flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) }
        try run(tool: context.tool(named: "replay-lint").url, files: files, options: extractor.remainingArguments,
                in: context.package.directoryURL)
    }
}

/// Runs `replay-lint` with its output on the plugin's own, and fails when it does.
func run(tool: URL, files: [URL], options: [String], in directory: URL) throws {
    guard !files.isEmpty else {
        Diagnostics.remark("replay-lint: no Swift sources in the targets named")
        return
    }
    let process = Process()
    process.executableURL = tool
    process.arguments = options + files.map(\.path)
    process.currentDirectoryURL = directory
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
        throw LintFailed(status: process.terminationStatus)
    }
}

struct LintFailed: Error, CustomStringConvertible {
    let status: Int32
    var description: String {
        status == 1 ? "replay-lint found hit-testing traps (exit status 1)" : "replay-lint failed (exit status \(status))"
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension ReplayLintCommandPlugin: XcodeCommandPlugin {
    /// The same for an Xcode project (right-click the project → replay-lint).
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = Set(extractor.extractOption(named: "target"))
        let targets = context.xcodeProject.targets.filter { names.isEmpty || names.contains($0.displayName) }
        let files = targets.flatMap { $0.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url) }
        try run(tool: context.tool(named: "replay-lint").url, files: files, options: extractor.remainingArguments,
                in: context.xcodeProject.directoryURL)
    }
}
#endif
