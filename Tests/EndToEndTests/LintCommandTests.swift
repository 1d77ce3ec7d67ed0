import Foundation
import TapModel
import Testing

@Suite("replay lint, end to end")
struct LintCommandTests {
    let example = Replay.root + "/Traces/source/SettingsRow.swift"

    @Test("lint Traces/source reports exactly L1 and L2 on the two bad tiers, with file:line:column, and exits 1")
    func exampleFolder() throws {
        let r = try Replay.run(["lint", "Traces/source"], cwd: Replay.root)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("Traces/source/SettingsRow.swift:49:10: L1: hollow tap target: ") == true)
        #expect(lines.last?.hasPrefix("Traces/source/SettingsRow.swift:66:10: L2: shape after gesture: ") == true)
        #expect(lines.allSatisfy { $0.contains(" (fix: ") && $0.hasSuffix(")") })
        #expect(r.stderr.contains("2 findings"))
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

@Suite("replay lint on a file that is not valid Swift")
struct LintSyntaxErrorTests {
    @Test("A file that does not parse is linted as far as it goes, with a warning on stderr")
    func notValidSwift() throws {
        let dir = Scratch()
        let file = dir.file("Broken.swift", "struct { {{{ (((\n")
        let r = try Replay.run(["lint", file])
        #expect(r.status == 0)
        #expect(r.stderr.contains("\(file) is not valid Swift"))
    }
}
