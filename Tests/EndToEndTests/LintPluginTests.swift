import Foundation
import Testing
import TestSupport

/// The package plugins, from a package that uses them as a team's would:
/// Tests/LintPluginSample depends on TapReplay by path and applies
/// ReplayLintBuildPlugin to its target. Building it compiles `replay-lint`
/// (swift-syntax, Yams, the argument parser: a few minutes the first time);
/// the build folder is kept under .build/lint-plugin-sample, so later runs are incremental.
@Suite("replay lint's package plugins", .serialized)
struct LintPluginTests {
    /// `swift` from PATH, or nil: the only reason these tests do not run.
    static let swift: String? = {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(dir)/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    static let sample = repositoryRoot + "/Tests/LintPluginSample"
    static let scratch = repositoryRoot + "/.build/lint-plugin-sample"
    static let rows = sample + "/Sources/Rows/Rows.swift"

    static func swift(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: swift!)
        p.arguments = Array(arguments.prefix(1)) + ["--package-path", sample, "--scratch-path", scratch] + Array(arguments.dropFirst())
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The lines Xcode's issue matcher would show, as (file, line, column, severity, message).
    static func issues(_ output: String) -> [(String, Int, Int, String, String)] {
        output.split(separator: "\n").compactMap { line in
            guard let m = String(line).wholeMatch(of: #/^(.+):(\d+):(\d+): (warning|error): (.+)$/#) else { return nil }
            return (String(m.1), Int(m.2)!, Int(m.3)!, String(m.4), String(m.5))
        }
    }

    @Test("The build-tool plugin lints the target on swift build: its findings are issues Xcode shows; .replay-lint.yml applies",
          .enabled(if: LintPluginTests.swift != nil, "swift is not on PATH, so the sample package cannot be built"))
    func buildToolPlugin() throws {
        let r = try Self.swift(["build"])
        #expect(r.status == 0, "the sample builds: its findings are warnings (.replay-lint.yml makes L1 one)\n\(r.output.suffix(3000))")
        let found = Self.issues(r.output).filter { $0.0.hasSuffix("/Rows.swift") || $0.0.hasSuffix("/Generated.swift") }
        #expect(found.map { "\(($0.0 as NSString).lastPathComponent):\($0.1):\($0.2) \($0.3) \($0.4.suffix(4))" }
                == ["Rows.swift:16:10 warning [L1]", "Rows.swift:25:14 warning [L5]"],
                "Generated/ is excluded by the sample's .replay-lint.yml\n\(r.output.suffix(3000))")
        #expect(found.allSatisfy { $0.0 == Self.rows }, "absolute paths, which Xcode opens")
    }

    @Test("The command plugin, swift package replay-lint, prints the same findings and fails on them; --fail-on error lets warnings pass",
          .enabled(if: LintPluginTests.swift != nil, "swift is not on PATH, so the sample package cannot be built"))
    func commandPlugin() throws {
        let r = try Self.swift(["package", "replay-lint"])
        #expect(r.status != 0, "findings fail the command, as replay lint's exit status 1 does")
        #expect(Self.issues(r.output).map { "\($0.1):\($0.2) \($0.3)" } == ["16:10 warning", "25:14 warning"], "\(r.output.suffix(3000))")
        let json = try Self.swift(["package", "replay-lint", "--target", "Rows", "--json", "--fail-on", "error"])
        #expect(json.status == 0, "\(json.output.suffix(3000))")
        #expect(json.output.contains("\"rule\" : \"L1\"") || json.output.contains("\"rule\": \"L1\""))
    }
}
