import Foundation
import SourceLint
import TestSupport
import Testing

@Suite("The lint baseline: only new findings")
struct LintBaselineTests {
    static let rows = """
        import SwiftUI
        struct Rows: View {
            var body: some View {
                VStack {
                    HStack { Text("Alerts"); Spacer() }.onTapGesture { open() }
                    HStack { Text("About"); Spacer() }.onTapGesture { about() }
                }
            }
        }

        """

    /// Lints `files` (name → text) in one folder, as `replay lint FOLDER` does.
    func run(_ dir: TemporaryFolder, _ files: [String: String], baseline: String? = nil, write: String? = nil) throws -> [LintFinding] {
        for (name, text) in files { _ = dir.file(name, text) }
        let run = LintRun()
        let result = try run.run([dir.path])
        return try LintBaseline.apply(to: result, baseline: baseline, writeBaseline: write, finder: run.finder).findings
    }

    @Test("write then read: nothing is new; moving the code down the file and re-indenting it keeps it known")
    func movedCodeIsKnown() throws {
        let dir = TemporaryFolder()
        let baseline = dir.path + "/lint-baseline.json"
        #expect(try run(dir, ["Rows.swift": Self.rows], write: baseline).count == 2)
        #expect(try run(dir, ["Rows.swift": Self.rows], baseline: baseline).isEmpty)
        let moved = "// a comment\n\n// and another\n" + Self.rows.replacingOccurrences(of: "            HStack", with: "                HStack")
        #expect(try run(dir, ["Rows.swift": moved], baseline: baseline).isEmpty)
    }

    @Test("a hollow row added to the same view is new, and only it is reported, even with its twin's text")
    func addedRowIsNew() throws {
        let dir = TemporaryFolder()
        let baseline = dir.path + "/lint-baseline.json"
        _ = try run(dir, ["Rows.swift": Self.rows], write: baseline)
        let added = Self.rows.replacingOccurrences(of: "            HStack { Text(\"About\")", with: """
                    HStack { Text("Help"); Spacer() }.onTapGesture { help() }
                    HStack { Text("About")
            """)
        let new = try run(dir, ["Rows.swift": added], baseline: baseline)
        #expect(new.map(\.line) == [6])
        #expect(new.first?.rule == "L1")
        // The same line text as a known one, but a third of its kind in this body: new too.
        let twin = Self.rows.replacingOccurrences(of: "            HStack { Text(\"About\")", with: """
                    HStack { Text("Alerts"); Spacer() }.onTapGesture { open() }
                    HStack { Text("About")
            """)
        #expect(try run(dir, ["Rows.swift": twin], baseline: baseline).count == 1)
    }

    @Test("a finding in another view with the same line text is new: the scope is part of the key")
    func scopeIsPartOfTheKey() throws {
        let dir = TemporaryFolder()
        let baseline = dir.path + "/lint-baseline.json"
        _ = try run(dir, ["Rows.swift": Self.rows], write: baseline)
        let other = Self.rows.replacingOccurrences(of: "struct Rows", with: "struct MoreRows")
        let new = try run(dir, ["Rows.swift": Self.rows, "MoreRows.swift": other], baseline: baseline)
        #expect(new.count == 2 && new.allSatisfy { $0.file.hasSuffix("MoreRows.swift") && $0.scope == "MoreRows.body" })
    }

    @Test("the file is sorted, names files relative to its folder, and reads back to the same entries")
    func fileRoundTrips() throws {
        let dir = TemporaryFolder()
        let baseline = dir.path + "/lint-baseline.json"
        _ = try run(dir, ["Sub/Rows.swift": Self.rows], write: baseline)
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.contains("\"file\": \"Sub/Rows.swift\""))
        #expect(text.contains("\"source\": \"HStack { Text(\\\"Alerts\\\"); Spacer() }.onTapGesture { open() }\""))
        let read = try LintBaseline.load(baseline)
        #expect(read.json == text)
        #expect(read.entries.map(\.line) == [5, 6])
    }

    @Test("a baseline that cannot be used names the file and line")
    func badBaseline() throws {
        let dir = TemporaryFolder()
        #expect(throws: LintInputError.self) { try LintBaseline.load(dir.path + "/missing.json") }
        let wrong = dir.file("b.json", "{ \"format\": \"replay-lint-baseline\", \"version\": 1,\n  \"findings\": [ { \"file\": 3 } ] }\n")
        do {
            _ = try LintBaseline.load(wrong)
            Issue.record("read a baseline whose file is a number")
        } catch let e as LintInputError {
            #expect(e.message.hasPrefix("\(wrong):2: findings[0].file is missing or not a string"))
        }
        let notJSON = dir.file("c.json", "{\n  oops\n")
        #expect(throws: LintInputError.self) { try LintBaseline.load(notJSON) }
    }

    @Test("baseline and write_baseline in .replay-lint.yml are relative to it and apply to the files under it")
    func configurationKeys() throws {
        let dir = TemporaryFolder()
        _ = dir.file(".replay-lint.yml", "write_baseline: lint-baseline.json\n")
        #expect(try run(dir, ["App/Rows.swift": Self.rows]).count == 2)
        #expect(FileManager.default.fileExists(atPath: dir.path + "/lint-baseline.json"))
        _ = dir.file(".replay-lint.yml", "baseline: lint-baseline.json\n")
        #expect(try run(dir, ["App/Rows.swift": Self.rows]).isEmpty)
        let config = try LintConfiguration.parse("excluded: [Pods]\nbaseline: 3\n", file: dir.path + "/x.yml")
        #expect(config.baseline?.path == dir.path + "/3" && config.baseline?.line == 2)
    }
}
