import Foundation
import TestSupport
import Testing

@Suite("Nothing heavy in an app's test target: TapReplayTesting is the engine and the kit, never GRDB, swift-crypto, swift-syntax, ArgumentParser or the CLI")
struct DependencyGraphTests {
    /// What TapReplayTesting may build: the engine modules (no database), the baselines folder it reads and writes
    /// (BaselineFiles), and the capture kit.
    static let allowed: Set<String> = ["TapReplayTesting", "TapJSON", "TapModel", "TapRules", "HitTesting", "ReplayEngine", "Audit", "AuditDocuments",
                                       "Baselines", "BaselineFiles", "Converters", "TapReplayCapture"]

    @Test("In Package.swift, TapReplayTesting's targets are the engine and the kit, and none of them uses a product of another package, even under the trait Tool")
    func manifestClosure() throws {
        let temp = TemporaryFolder("tapreplay-graph")
        let dumped = try #require(try SwiftPackages.run(["package", "--package-path", repositoryRoot, "--scratch-path", temp.path + "/scratch",
                                                         "dump-package"], in: temp.path), "swift package dump-package timed out")
        #expect(dumped.status == 0, "\(dumped.output)")
        let package = try SwiftPackages.json(dumped.output)
        let targets = Dictionary(uniqueKeysWithValues: try #require(package["targets"] as? [[String: Any]]).map { ($0["name"] as? String ?? "", $0) })
        let product = try #require((package["products"] as? [[String: Any]])?.first { $0["name"] as? String == "TapReplayTesting" })
        var closure = Set<String>(), products: [String] = []
        var pending = try #require(product["targets"] as? [String])
        while let name = pending.popLast() {
            guard closure.insert(name).inserted, let target = targets[name] else { continue }
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let byName = dependency["byName"] as? [Any], let d = byName.first as? String { pending.append(d) }
                if let t = dependency["target"] as? [Any], let d = t.first as? String { pending.append(d) }
                if let p = dependency["product"] as? [Any] { products.append("\(name) → \(p.prefix(2).compactMap { $0 as? String }.joined(separator: " of "))") }
            }
        }
        #expect(closure == Self.allowed, "TapReplayTesting's targets: \(closure.sorted())")
        #expect(products.isEmpty, "products of other packages in TapReplayTesting's graph: \(products)")
    }

    @Test("""
        TestingOnlyApp (an app's package whose tests use TapReplayTesting, traits: []) resolves no other package and builds only \
        the engine, the kit, TapReplayTesting and its own modules; its test fails on the hollow Flow Meter row and passes once \
        the row has its contentShape, printing what docs/testing.md shows
        """)
    func testingOnlyApp() throws {
        let temp = TemporaryFolder("tapreplay-testingonly")
        let app = try SwiftPackages.fixture("TestingOnlyApp", in: temp)
        let shown = try #require(try SwiftPackages.run(["package", "show-dependencies", "--format", "json"], in: app), "show-dependencies timed out")
        #expect(shown.status == 0, "\(shown.output)")
        let deps = try #require(try SwiftPackages.json(shown.output)["dependencies"] as? [[String: Any]])
        #expect(deps.map { $0["name"] as? String } == ["TapReplay"])
        let transitive = (deps.first?["dependencies"] as? [[String: Any]]) ?? []
        #expect(transitive.isEmpty, "TapReplayTesting pulls in \(transitive.compactMap { $0["identity"] as? String })")

        let built = try #require(try SwiftPackages.run(["build", "--build-tests", "-v"], in: app), "swift build timed out")
        #expect(built.status == 0, "\(built.output.suffix(3000))")
        var modules = Set<String>()
        for line in built.output.split(separator: "\n") {
            let words = line.split(separator: " ")
            for (i, w) in words.enumerated() where w == "-module-name" && i + 1 < words.count { modules.insert(String(words[i + 1])) }
        }
        // SwiftPM compiles the package's two lint plugin scripts (a few lines against PackagePlugin), nothing of replay-lint.
        let own = modules.filter { $0.hasPrefix("TestingOnlyApp") || $0 == "main" || $0.hasPrefix("ReplayLint") }
        #expect(modules.subtracting(own) == Self.allowed, "built: \(modules.sorted())")
        let checkouts = (try? FileManager.default.contentsOfDirectory(atPath: app + "/.build/checkouts")) ?? []
        #expect(checkouts.isEmpty, "checked out: \(checkouts)")

        // The app's test as docs/testing.md runs it: the README's settings screen as the kit captured it,
        // without the Flow Meter row's contentShape (exit 1), then with it (exit 0).
        let outputs = try DocQuotes.outputBlocks(in: "docs/testing.md", command: "swift test")
        try #require(outputs.count == 2, "docs/testing.md shows \(outputs.count) outputs of swift test, not 2")
        for (hollow, block) in zip([true, false], outputs) {
            try SettingsCapture.data(hollowFlowMeter: hollow).write(to: URL(fileURLWithPath: app + "/Tests/TestingOnlyAppTests/Settings.capture.json"))
            let run = try #require(try SwiftPackages.run(["test", "--skip-build"], in: app), "swift test timed out")
            #expect(run.status == (hollow ? 1 : 0), "\(run.output.suffix(3000))")
            let printed: [String] = run.output.components(separatedBy: "\n").map(Self.withoutTimes)
            #expect(Self.contains(printed, block.map(Self.withoutTimes)),
                    "docs/testing.md's output of the \(hollow ? "hollow" : "fixed") screen is not what swift test printed:\n\(run.output)")
        }
    }

    /// A line of Swift Testing's output without its durations (`after 2.990 seconds`).
    static func withoutTimes(_ line: String) -> String {
        line.replacing(#/after \d+\.\d+ seconds/#, with: "after … seconds")
    }

    /// Whether `lines` holds `run`, one line after the other.
    static func contains(_ lines: [String], _ run: [String]) -> Bool {
        guard run.count <= lines.count else { return false }
        return (0...(lines.count - run.count)).contains { start in Array(lines[start..<(start + run.count)]) == run }
    }
}
