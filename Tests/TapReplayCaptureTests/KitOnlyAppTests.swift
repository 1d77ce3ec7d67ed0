import Foundation
import TestSupport
import Testing

/// Runs `swift` with `arguments` in `directory`; nil when it did not finish within `timeout` seconds.
func runSwift(_ arguments: [String], in directory: String, timeout: TimeInterval = 900) throws -> (status: Int32, output: String)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let log = URL(fileURLWithPath: directory).appendingPathComponent("swift-\(arguments.first ?? "run").log")
    FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning {
        if Date() > deadline {
            process.terminate()
            process.waitUntilExit()
            return nil
        }
        Thread.sleep(forTimeInterval: 0.2)
    }
    return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
}

@Suite("Light for apps: a package that adds TapReplay for the kit resolves and builds nothing but the kit")
struct KitOnlyAppTests {
    /// Tests/Fixtures/KitOnlyApp copied into a temporary folder, its path dependency pointed at this repository.
    static func sampleApp(in temp: TemporaryFolder) throws -> String {
        let source = repositoryRoot + "/Tests/Fixtures/KitOnlyApp"
        let app = temp.path + "/KitOnlyApp"
        try FileManager.default.copyItem(atPath: source, toPath: app)
        try? FileManager.default.removeItem(atPath: app + "/.build")
        let manifest = try String(contentsOfFile: app + "/Package.swift", encoding: .utf8)
        let pointed = manifest.replacingOccurrences(of: "path: \"../../..\"", with: "path: \"\(repositoryRoot)\"")
        #expect(pointed != manifest, "the fixture's path dependency is no longer `path: \"../../..\"`")
        try pointed.write(toFile: app + "/Package.swift", atomically: true, encoding: .utf8)
        return app
    }

    @Test("KitOnlyApp resolves TapReplay and no other package, and builds only TapReplayCapture and its own module")
    func kitOnlyApp() throws {
        let temp = TemporaryFolder("tapreplay-kitonly")
        defer { withExtendedLifetime(temp) {} }
        let app = try Self.sampleApp(in: temp)

        let shown = try #require(try runSwift(["package", "show-dependencies", "--format", "json"], in: app), "swift package show-dependencies timed out")
        #expect(shown.status == 0, "\(shown.output)")
        let json = shown.output[(shown.output.firstIndex(of: "{") ?? shown.output.startIndex)...]
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let deps = try #require(root["dependencies"] as? [[String: Any]])
        #expect(deps.map { $0["name"] as? String } == ["TapReplay"])
        let transitive = (deps.first?["dependencies"] as? [[String: Any]]) ?? []
        #expect(transitive.isEmpty, "the kit pulls in \(transitive.compactMap { $0["identity"] as? String })")

        let built = try #require(try runSwift(["build", "-v"], in: app), "swift build timed out")
        #expect(built.status == 0, "\(built.output.suffix(3000))")
        var modules = Set<String>()
        for line in built.output.split(separator: "\n") {
            let words = line.split(separator: " ")
            for (i, w) in words.enumerated() where w == "-module-name" && i + 1 < words.count { modules.insert(String(words[i + 1])) }
        }
        modules.remove("main")  // the manifests, compiled when not cached
        // SwiftPM compiles the package's plugin scripts (a few lines each against PackagePlugin); nothing
        // of replay-lint or its dependencies is built unless a target uses the plugin.
        modules.subtract(["ReplayLintBuildPlugin", "ReplayLintCommandPlugin"])
        #expect(modules == ["KitOnlyApp", "TapReplayCapture"])
        let checkouts = (try? FileManager.default.contentsOfDirectory(atPath: app + "/.build/checkouts")) ?? []
        #expect(checkouts.isEmpty, "checked out: \(checkouts)")
    }
}
