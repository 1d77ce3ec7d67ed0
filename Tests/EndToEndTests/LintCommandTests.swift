import Foundation
import TapModel
import Testing

@Suite("replay lint, end to end")
struct LintCommandTests {
    let example = Replay.root + "/Traces/source/SettingsRow.swift"

    /// The regular expression Xcode's issue matcher applies to a build log (and SwiftLint's output relies on).
    static var xcodeIssue: Regex<(Substring, Substring, Substring, Substring, Substring, Substring)> {
        #/^(.+):(\d+):(\d+): (warning|error): (.+)$/#
    }

    @Test("lint Traces/source reports exactly L1 and L2 on the two bad tiers, as path:line:column: error: message [rule], and exits 1")
    func exampleFolder() throws {
        let r = try Replay.run(["lint", "Traces/source"], cwd: Replay.root)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("Traces/source/SettingsRow.swift:49:10: error: hollow tap target: ") == true)
        #expect(lines.last?.hasPrefix("Traces/source/SettingsRow.swift:66:10: error: shape after gesture: ") == true)
        #expect(lines.first?.hasSuffix("; fix: write .contentShape(Rectangle()) before .onTapGesture [L1]") == true)
        #expect(lines.last?.hasSuffix(" [L2]") == true)
        #expect(r.stderr.contains("2 findings"))
    }

    @Test("lint's text is accepted by Xcode's issue matcher: every line parses as path, line, column, warning|error, message")
    func xcodeIssueMatcher() throws {
        let dir = Scratch()
        let file = dir.file("Rows.swift", """
            import SwiftUI
            struct Rows: View {
                var body: some View {
                    VStack {
                        HStack { Text("Alerts"); Spacer() }.onTapGesture { open() }
                        Photo().onTapGesture(count: 2) { like() }.onTapGesture { select() }
                        Image("a").onTapGesture { open() }.overlay { Image(systemName: "star") }
                    }
                }
            }

            """)
        let r = try Replay.run(["lint", file])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        var severities: [String: String] = [:]
        for line in lines {
            let match = try #require(line.wholeMatch(of: Self.xcodeIssue), "Xcode would not show: \(line)")
            #expect(String(match.1) == file)
            #expect(Int(match.2) != nil && Int(match.3) != nil)
            let rule = String(match.5.suffix(4).dropFirst().dropLast())
            severities[rule] = String(match.4)
        }
        #expect(severities == ["L1": "error", "L5": "warning", "L4": "warning"])
    }

    @Test("lint --json prints only JSON: files and findings with file, line, column, rule, message, fix")
    func json() throws {
        let r = try Replay.run(["lint", example, "--json"])
        #expect(r.status == 1)
        let doc = try #require(r.json)
        #expect(doc.keys() == ["files", "findings"])
        #expect(doc.number("files") == 1 && doc.count("findings") == 2)
        #expect(doc.string("findings.0.rule") == "L1" && doc.number("findings.0.line") == 49 && doc.number("findings.0.column") == 10)
        #expect(doc.string("findings.1.rule") == "L2" && doc.string("findings.1.severity") == "error")
        #expect(doc.string("findings.1.fix") == "move .contentShape(…) before .onTapGesture")
    }

    @Test("lint --sarif prints SARIF 2.1.0 with relative URIs; --disable leaves rules out")
    func sarifAndDisable() throws {
        let r = try Replay.run(["lint", "Traces/source", "--sarif", "--disable", "L2"], cwd: Replay.root)
        #expect(r.status == 1)
        let doc = try #require(r.json)
        #expect(doc.string("version") == "2.1.0")
        #expect(doc.count("runs.0.results") == 1)
        #expect(doc.string("runs.0.results.0.ruleId") == "L1")
        #expect(doc.string("runs.0.results.0.locations.0.physicalLocation.artifactLocation.uri") == "Traces/source/SettingsRow.swift")
        let none = try Replay.run(["lint", "Traces/source", "--disable", "l1,L2"], cwd: Replay.root)
        #expect(none.status == 0 && none.stdout.isEmpty)
    }

    @Test("lint exit statuses: 2 for a missing path or a non-Swift file, 64 for usage errors")
    func statuses() throws {
        let missing = try Replay.run(["lint", "no/such/folder"])
        #expect(missing.status == 2 && missing.stderr.contains("no/such/folder"))
        let notSwift = try Replay.run(["lint", Replay.root + "/README.md"])
        #expect(notSwift.status == 2 && notSwift.stderr.contains("not a Swift file"))
        #expect(try Replay.run(["lint", example, "--json", "--sarif"]).status == 64)
        #expect(try Replay.run(["lint", example, "--disable", "L9"]).status == 64)
        #expect(try Replay.run(["lint"]).status == 64)
    }

    @Test("lint --fix rewrites L1 and L2 in place; the file then lints clean and nothing else changed")
    func fix() throws {
        let scratch = Scratch()
        let original = try String(contentsOfFile: example, encoding: .utf8)
        let copy = scratch.file("SettingsRow.swift", original)
        let r = try Replay.run(["lint", copy, "--fix"])
        #expect(r.status == 0, "nothing is left after the fix: \(r.stdout)")
        #expect(r.stderr.contains("fixed 2 findings in 1 file"))
        let fixed = try String(contentsOfFile: copy, encoding: .utf8)
        #expect(fixed != original)
        let clean = try Replay.run(["lint", copy])
        #expect(clean.status == 0 && clean.stdout.isEmpty)
        func withoutShapes(_ text: String) -> String {
            text.replacingOccurrences(of: #"\n *\.contentShape\(Rectangle\(\)\)"#, with: "", options: .regularExpression)
        }
        #expect(withoutShapes(fixed) == withoutShapes(original))
    }
}

@Suite("replay lint on files it cannot read")
struct LintSyntaxErrorTests {
    @Test("A file that does not parse is linted as far as it goes, with one warning naming it and its line")
    func notValidSwift() throws {
        let dir = Scratch()
        let file = dir.file("Broken.swift", "struct { {{{ (((\n")
        let r = try Replay.run(["lint", file])
        #expect(r.status == 0)
        #expect(r.stderr.contains("\(file):1:8: warning: not valid Swift from here"))
    }

    /// A folder with a file nested deeper than the linter walks, one the parser gives up on, and one with a finding.
    func folder() -> (Scratch, deep: String, row: String) {
        let dir = Scratch()
        let deep = dir.file("Deep.swift", "import SwiftUI\nlet v = Text(\"a\")" + String(repeating: ".padding()", count: 12_000) + "\n")
        dir.file("Nested.swift", "let v = " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300) + "\n")
        let row = dir.file("Row.swift", "import SwiftUI\nlet v = HStack { Text(\"a\"); Spacer() }.onTapGesture { }\n")
        return (dir, deep, row)
    }

    @Test("A file too deep for the parser never ends the run: the other files' findings are printed, the file is one warning")
    func tooDeepIsOneWarning() throws {
        let (dir, deep, row) = folder()
        let r = try Replay.run(["lint", dir.path])
        #expect(r.status == 1)
        #expect(r.stdout.split(separator: "\n").count == 1 && r.stdout.hasPrefix("\(row):2:"))
        #expect(r.stderr.contains("\(deep):2:1: warning: nested more than 20000 levels deep"))
        #expect(r.stderr.contains("Nested.swift:1:") && r.stderr.contains("nested deeper than the parser's 256 levels"))
    }

    @Test("--json and --sarif stay valid documents with a file that cannot be read: it is listed under warnings / the invocation's notifications")
    func documentsStayValid() throws {
        let (dir, deep, _) = folder()
        let json = try Replay.run(["lint", dir.path, "--json"])
        let doc = try #require(json.json, "stdout is one JSON document")
        #expect(doc.number("files") == 3 && doc.count("findings") == 1 && doc.count("warnings") == 2)
        #expect(doc.string("warnings.0.file") == deep && doc.number("warnings.0.line") == 2)
        let sarif = try Replay.run(["lint", dir.path, "--sarif"], cwd: dir.path)
        let s = try #require(sarif.json, "stdout is one SARIF document")
        #expect(s.count("runs.0.results") == 1)
        #expect(s.count("runs.0.invocations.0.toolExecutionNotifications") == 2)
        #expect(s.string("runs.0.invocations.0.toolExecutionNotifications.0.locations.0.physicalLocation.artifactLocation.uri") == "Deep.swift")
    }
}

@Suite("replay lint configuration (.replay-lint.yml)")
struct LintConfigurationTests {
    static let rows = """
        import SwiftUI
        struct Rows: View {
            var body: some View {
                VStack {
                    HStack { Text("Alerts"); Spacer() }.onTapGesture { open() }
                    Photo().onTapGesture { select() }.onTapGesture(count: 2) { like() }
                    ZStack { Card(); Text("x").padding() }.onTapGesture { open() }
                }
            }
        }

        """

    @Test("Found by walking up from the file: severities, disabled rules, excluded paths and filling views apply")
    func walkingUp() throws {
        let repo = Scratch()
        repo.file(".replay-lint.yml", """
            severity:
              L1: warning
            disabled_rules: [L4]
            excluded:
              - Generated
            filling_views: [Card]

            """)
        let file = repo.file("App/Views/Rows.swift", Self.rows)
        repo.file("Generated/Rows.swift", Self.rows)
        let r = try Replay.run(["lint", repo.path])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "the Generated copy is excluded: \(lines)")
        #expect(lines[0].hasPrefix("\(file):5:") && lines[0].contains(": warning: hollow tap target") && lines[0].hasSuffix("[L1]"))
        #expect(lines[1].hasPrefix("\(file):6:") && lines[1].contains(": error: double tap delays single") && lines[1].hasSuffix("[L5]"))
        // --fail-on error: warnings alone do not fail a build.
        let warnOnly = try Replay.run(["lint", file, "--disable", "L5", "--fail-on", "error"])
        #expect(warnOnly.status == 0 && warnOnly.stdout.contains(": warning: "))
    }

    @Test("A configuration that cannot be used is exit 2, naming the file and line")
    func badConfiguration() throws {
        let repo = Scratch()
        let config = repo.file(".replay-lint.yml", "severity:\n  L1: loud\n")
        let file = repo.file("Rows.swift", Self.rows)
        let r = try Replay.run(["lint", file])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(config):2: severity of L1 is error or warning, not loud"))
        let unknown = try Replay.run(["lint", file, "--config", repo.file("other.yml", "disabled_rulez: [L1]\n")])
        #expect(unknown.status == 2 && unknown.stderr.contains("other.yml:1: unknown key disabled_rulez"))
    }
}

@Suite("replay-lint, the plugins' executable")
struct ReplayLintExecutableTests {
    @Test("replay-lint prints what replay lint prints, with the same exit status")
    func sameAsReplayLint() throws {
        let tool = Replay.executable.deletingLastPathComponent().appendingPathComponent("replay-lint")
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "replay-lint is built beside replay")
        let p = Process()
        p.executableURL = tool
        p.arguments = ["Traces/source"]
        p.currentDirectoryURL = URL(fileURLWithPath: Replay.root)
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let replay = try Replay.run(["lint", "Traces/source"], cwd: Replay.root)
        #expect(p.terminationStatus == replay.status)
        #expect(String(decoding: data, as: UTF8.self) == replay.stdout)
    }
}
