import Foundation
import TestSupport
import Testing

@Suite("Light for apps: a package that adds TapReplay for the kit resolves and builds nothing but the kit")
struct KitOnlyAppTests {
    @Test("KitOnlyApp resolves TapReplay and no other package, and builds only TapReplayCapture and its own module")
    func kitOnlyApp() throws {
        let temp = TemporaryFolder("tapreplay-kitonly")
        defer { withExtendedLifetime(temp) {} }
        let app = try SwiftPackages.fixture("KitOnlyApp", in: temp)

        let shown = try #require(try SwiftPackages.run(["package", "show-dependencies", "--format", "json"], in: app), "swift package show-dependencies timed out")
        #expect(shown.status == 0, "\(shown.output)")
        let root = try SwiftPackages.json(shown.output)
        let deps = try #require(root["dependencies"] as? [[String: Any]])
        #expect(deps.map { $0["name"] as? String } == ["TapReplay"])
        let transitive = (deps.first?["dependencies"] as? [[String: Any]]) ?? []
        #expect(transitive.isEmpty, "the kit pulls in \(transitive.compactMap { $0["identity"] as? String })")

        let built = try #require(try SwiftPackages.run(["build", "-v"], in: app), "swift build timed out")
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
