import Foundation
import Testing
import TestSupport

/// The prebuilt lint plugins (docs/lint.md, "The prebuilt plugins"): `.ci/lint-artifact-bundle` packs
/// `replay-lint` as an artifact bundle and renders ReplayLintPlugins, whose plugins run it from a
/// `.binaryTarget`. Here the bundle holds the `replay-lint` built beside the tests, so nothing is
/// downloaded and swift-syntax is never built: a sample app's first build takes seconds.
@Suite("The prebuilt lint plugins: artifact bundle and ReplayLintPlugins", .serialized)
struct LintArtifactBundleTests {
    static let script = repositoryRoot + "/.ci/lint-artifact-bundle"
    /// The `replay-lint` built beside `replay` (swift build builds every product).
    static let tool = Replay.executable.deletingLastPathComponent().appendingPathComponent("replay-lint").path
    static let canRun = LintPluginTests.swift != nil && FileManager.default.isExecutableFile(atPath: tool)

    /// This machine's option and triple in the bundle.
    #if os(macOS)
    static let hostOption = "--macos"
    #elseif arch(arm64)
    static let hostOption = "--linux-aarch64"
    #else
    static let hostOption = "--linux-x86_64"
    #endif

    /// Runs a command; stderr goes through a file, so a chatty build cannot fill a pipe and stall.
    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("lint-bundle-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errFile) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = try FileHandle(forWritingTo: errFile)
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self), (try? String(contentsOf: errFile, encoding: .utf8)) ?? "")
    }

    static func temporaryDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lint-bundle-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The bundle's info.json, read from the zip as SwiftPM unpacks it, checked as SE-0305 and the
    /// docs describe it; returns each variant's triples.
    static func validateManifest(zip: String, version: String) throws -> [[String]] {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let unzip = try run("/usr/bin/env", ["unzip", "-q", zip, "-d", dir])
        try #require(unzip.status == 0, "unzip \(zip): \(unzip.stderr)")
        let bundle = dir + "/replay-lint.artifactbundle"
        let data = try Data(contentsOf: URL(fileURLWithPath: bundle + "/info.json"))
        let info = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(info["schemaVersion"] as? String == "1.0")
        let artifacts = try #require(info["artifacts"] as? [String: Any])
        #expect(Array(artifacts.keys) == ["replay-lint"], "one artifact, named as the plugins ask for it: context.tool(named: \"replay-lint\")")
        let artifact = try #require(artifacts["replay-lint"] as? [String: Any])
        #expect(artifact["type"] as? String == "executable")
        #expect(artifact["version"] as? String == version)
        let variants = try #require(artifact["variants"] as? [[String: Any]])
        #expect(!variants.isEmpty)
        var all: [[String]] = []
        for variant in variants {
            let path = try #require(variant["path"] as? String)
            #expect(!path.hasPrefix("/") && !path.contains(".."), "a path inside the bundle: \(path)")
            #expect(FileManager.default.isExecutableFile(atPath: bundle + "/" + path), "\(path) is in the bundle and executable")
            let triples = try #require(variant["supportedTriples"] as? [String])
            for triple in triples {
                #expect(triple.wholeMatch(of: #/(x86_64|aarch64|arm64)-(unknown-linux-gnu|apple-macosx)/#) != nil,
                        "\(triple) is a triple SwiftPM matches against a host")
            }
            all.append(triples)
        }
        #expect(Set(all.flatMap { $0 }).count == all.flatMap { $0 }.count, "no triple in two variants")
        return all
    }

    static func sha256(_ file: String) throws -> String {
        let r = try run("/usr/bin/env", ["swift", "package", "compute-checksum", file])
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("The bundle's info.json lists every platform given: schema 1.0, an executable, a path and well-formed triples each; the checksum is SwiftPM's",
          .enabled(if: LintArtifactBundleTests.canRun, "swift is not on PATH or replay-lint is not built"))
    func manifestOfEveryPlatform() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Stand-ins for the three release binaries: the manifest is what is checked here.
        let fake = dir + "/fake-replay-lint"
        try "#!/bin/sh\necho replay-lint\n".write(toFile: fake, atomically: true, encoding: .utf8)
        var arguments = ["--version", "v1.2.0", "--out", dir + "/out", "--linux-x86_64", fake, "--linux-aarch64", fake,
                         "--url", "https://github.com/tapreplay/TapReplay/releases/download/v1.2.0/replay-lint.artifactbundle.zip"]
        #if os(Linux)
        arguments += ["--macos", fake]   // macOS's lipo would refuse a script; on Linux a --macos binary is taken as universal
        #endif
        let r = try Self.run(Self.script, arguments)
        try #require(r.status == 0, "\(r.stderr)")
        let zip = dir + "/out/replay-lint.artifactbundle.zip"
        let triples = try Self.validateManifest(zip: zip, version: "1.2.0")
        var expected: Set<String> = ["x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu"]
        #if os(Linux)
        expected.formUnion(["arm64-apple-macosx", "x86_64-apple-macosx"])
        #endif
        #expect(Set(triples.flatMap { $0 }) == expected)

        // Checksums: stdout is SwiftPM's compute-checksum of the zip, and so are the .sha256 file and the rendered manifest's.
        let checksum = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(checksum == (try Self.sha256(zip)))
        #expect((try String(contentsOfFile: zip + ".sha256", encoding: .utf8)) == "\(checksum)  replay-lint.artifactbundle.zip\n")
        let manifest = try String(contentsOfFile: dir + "/out/ReplayLintPlugins/Package.swift", encoding: .utf8)
        #expect(manifest.contains(#".binaryTarget(name: "ReplayLintBinary", url: "https://github.com/tapreplay/TapReplay/releases/download/v1.2.0/replay-lint.artifactbundle.zip", checksum: "\#(checksum)")"#))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/ReplayLintPlugins/replay-lint.artifactbundle.zip"), "a release package downloads the zip")
        // The rendered release manifest is one SwiftPM reads (dump-package downloads nothing).
        let dump = try Self.run(LintPluginTests.swift!, ["package", "dump-package"], in: dir + "/out/ReplayLintPlugins")
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(dump.stdout.contains("\"ReplayLintPrebuiltBuildPlugin\"") && dump.stdout.contains("\"ReplayLintPrebuiltCommandPlugin\""))

        // The same binaries make the same bytes, so a rebuilt release keeps its checksum.
        let again = try Self.run(Self.script, arguments)
        #expect(again.stdout == r.stdout)

        // Bad input: a clear line and nothing written.
        let bad = try Self.run(Self.script, ["--version", "1.2", "--out", dir + "/bad", "--linux-x86_64", fake])
        #expect(bad.status == 1 && bad.stderr.contains("--version 1.2 is not a semantic version"))
        let missing = try Self.run(Self.script, ["--version", "1.2.0", "--out", dir + "/bad", "--linux-x86_64", dir + "/nothing"])
        #expect(missing.status == 1 && missing.stderr.contains("/nothing: no such file"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/bad/replay-lint.artifactbundle.zip"))
    }

    @Test("A sample app resolves ReplayLintPlugins from a local bundle, its build lints a hollow row without building swift-syntax, and the command plugin runs",
          .enabled(if: LintArtifactBundleTests.canRun, "swift is not on PATH or replay-lint is not built"))
    func sampleAppUsesTheBinaryPlugin() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let made = try Self.run(Self.script, ["--version", "0.0.1", "--out", dir, Self.hostOption, Self.tool])
        try #require(made.status == 0, "\(made.stderr)")
        _ = try Self.validateManifest(zip: dir + "/replay-lint.artifactbundle.zip", version: "0.0.1")
        let manifest = try String(contentsOfFile: dir + "/ReplayLintPlugins/Package.swift", encoding: .utf8)
        #expect(manifest.contains(#".binaryTarget(name: "ReplayLintBinary", path: "replay-lint.artifactbundle.zip")"#))

        // The app: a package that applies the prebuilt build plugin, as docs/lint.md tells a team to.
        let app = dir + "/App"
        try FileManager.default.createDirectory(atPath: app + "/Sources/Rows", withIntermediateDirectories: true)
        try """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "App",
            dependencies: [.package(path: "../ReplayLintPlugins")],
            targets: [
                .target(name: "Rows", plugins: [.plugin(name: "ReplayLintPrebuiltBuildPlugin", package: "ReplayLintPlugins")]),
            ]
        )
        """.write(toFile: app + "/Package.swift", atomically: true, encoding: .utf8)
        let hollow = """
        #if canImport(SwiftUI)
        import SwiftUI

        struct AlertsRow: View {
            var body: some View {
                HStack {
                    Text("Alerts")
                    Spacer()
                }
                .onTapGesture { }
            }
        }
        #endif
        public let rows = 1

        """
        let rows = app + "/Sources/Rows/Rows.swift"
        try hollow.write(toFile: rows, atomically: true, encoding: .utf8)
        let swift = LintPluginTests.swift!
        let scratch = ["--scratch-path", dir + "/build"]

        let deps = try Self.run(swift, ["package"] + scratch + ["show-dependencies", "--format", "json"], in: app)
        #expect(deps.status == 0, "\(deps.stderr)")
        #expect(deps.stdout.contains("\"replaylintplugins\"") && !deps.stdout.lowercased().contains("swift-syntax"),
                "the app's graph is ReplayLintPlugins alone:\n\(deps.stdout)")

        // The hollow row is an error: the build reports it at its line and fails.
        let build = try Self.run(swift, ["build"] + scratch, in: app)
        let output = build.stdout + build.stderr
        #expect(build.status != 0, "an L1 error fails the build\n\(output.suffix(3000))")
        #expect(output.contains("Rows.swift:10:10: error: hollow tap target") && output.contains("[L1]"), "\(output.suffix(3000))")
        #expect(!FileManager.default.fileExists(atPath: dir + "/build/checkouts/swift-syntax"), "swift-syntax is never fetched")
        let built = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/build/debug")) ?? []
        #expect(!built.contains { $0.hasPrefix("SwiftSyntax") || $0.hasPrefix("SwiftParser") }, "nor built: \(built)")

        // The fix makes the build pass.
        try hollow.replacingOccurrences(of: ".onTapGesture { }", with: ".contentShape(Rectangle())\n            .onTapGesture { }")
            .write(toFile: rows, atomically: true, encoding: .utf8)
        let fixed = try Self.run(swift, ["build"] + scratch, in: app)
        #expect(fixed.status == 0, "\((fixed.stdout + fixed.stderr).suffix(3000))")

        // The command plugin runs the same binary on demand.
        let command = try Self.run(swift, ["package"] + scratch + ["replay-lint", "--json"], in: app)
        #expect(command.status == 0, "nothing left to find\n\(command.stdout)\(command.stderr)")
        #expect(command.stdout.contains("\"findings\""))
    }

    @Test("The release workflow builds replay-lint on every platform, packs what it uploaded with .ci/lint-artifact-bundle, and publishes the zip, its sum and ReplayLintPlugins")
    func releaseWorkflow() throws {
        let text = try repoFile(".github/workflows/release.yml")
        #expect(text.contains("swift build -c release --product replay-lint --static-swift-stdlib"))
        #expect(text.contains("swift build -c release --product replay-lint --arch arm64 --arch x86_64"))
        #expect(text.contains("/releases/download/${GITHUB_REF_NAME}/replay-lint.artifactbundle.zip"))
        #expect(text.contains("secrets.REPLAY_LINT_PLUGINS_TOKEN"))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", "import sys, json, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout, default=str)",
                       repositoryRoot + "/.github/workflows/release.yml"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0, let workflow = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            print("note: python3's yaml is not installed; the release workflow was checked as text only")
            return
        }
        let jobs = try #require(workflow["jobs"] as? [String: [String: Any]])
        func steps(_ job: String) -> [[String: Any]] { jobs[job]?["steps"] as? [[String: Any]] ?? [] }
        func uploads(_ job: String) -> [String] {
            steps(job).filter { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact") == true }
                .compactMap { ($0["with"] as? [String: Any])?["path"] as? String }
        }
        // Every binary the build jobs upload is one the publish job hands the script.
        let arches = ((jobs["linux"]?["strategy"] as? [String: Any])?["matrix"] as? [String: Any])?["include"] as? [[String: Any]] ?? []
        #expect(arches.compactMap { $0["arch"] as? String } == ["x86_64", "arm64"])
        let linuxBinaries = arches.compactMap { $0["arch"] as? String }.flatMap { arch in
            uploads("linux").filter { $0.contains("replay-lint") }.map { $0.replacingOccurrences(of: "${{ matrix.arch }}", with: arch) }
        }
        let binaries = linuxBinaries + uploads("macos").filter { $0.contains("replay-lint") }
        #expect(binaries == ["lint/replay-lint-linux-x86_64", "lint/replay-lint-linux-arm64", "lint/replay-lint-macos"])
        let publish = steps("publish")
        let bundleStep = try #require(publish.first { $0["name"] as? String == "replay-lint artifact bundle" })
        let script = try #require(bundleStep["run"] as? String)
        for (option, binary) in zip(["--linux-x86_64", "--linux-aarch64", "--macos"], binaries) {
            #expect(script.contains("\(option) \(binary)"), "the publish job packs \(binary) as \(option)")
        }
        #expect(script.contains(".ci/lint-artifact-bundle --version \"$GITHUB_REF_NAME\" --out lint-out --url \"$url\""))
        #expect(script.contains("cp lint-out/replay-lint.artifactbundle.zip lint-out/replay-lint.artifactbundle.zip.sha256 dist/"))
        #expect(script.contains("dist/ReplayLintPlugins-${GITHUB_REF_NAME}.tar.gz"))
        // The bundle is made before the release upload, and the package pushed after it (its URL must answer).
        let names = publish.compactMap { $0["name"] as? String }
        #expect(names == ["replay-lint artifact bundle", "attach the binaries to the release", "ReplayLintPlugins repository", "formula pull request"])
    }
}
