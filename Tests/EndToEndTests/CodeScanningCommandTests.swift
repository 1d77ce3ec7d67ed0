import Foundation
import TapJSON
import TestSupport
import Testing

@Suite("run, merge and audit as GitHub annotations and SARIF, end to end")
struct CodeScanningCommandTests {
    let hollow = "Traces/builds/Settings.no-content-shape.json"

    static var command: Regex<(Substring, Substring)> { #/^::(error|warning|notice) (?:file=[^,:\n]+,(?:line=\d+,)?)?title=[^,:\n]*::[^\n]*$/# }

    /// Each annotation's file and line, checking that the line holds the node the title names.
    func places(_ text: String, cwd: String) throws -> [(level: String, file: String?, line: Int?, title: String)] {
        try text.split(separator: "\n").map { line in
            let match = try #require(line.wholeMatch(of: Self.command), "not a workflow command: \(line)")
            let props = line.dropFirst(2 + match.1.count + 1)
            let head = props[..<props.range(of: "::")!.lowerBound]
            var fields: [String: String] = [:]
            for part in head.split(separator: ",") {
                let kv = part.split(separator: "=", maxSplits: 1)
                fields[String(kv[0])] = String(kv[1])
            }
            return (String(match.1), fields["file"], fields["line"].flatMap { Int($0) }, fields["title"] ?? "")
        }
    }

    /// The node a title names: `A1 hollow target%3A row.flowMeter (Settings)`, `Settings%3A row.flowMeter (R6 ×5)`.
    static func node(_ title: String) -> String {
        let afterColon = title[title.range(of: "%3A ")!.upperBound...]
        return String(afterColon.prefix { $0 != " " })
    }

    func validateSARIF(_ file: String) throws {
        guard SchemaValidator.available else { return }
        let result = try SchemaValidator.validate(file, schema: SchemaValidator.sarifSchema)
        #expect(result.status == 0, "schema errors:\n\(result.output)")
    }

    @Test("audit --annotations - --sarif: one annotation per cause at its node's line in the snapshot; SARIF 2.1.0 valid")
    func audit() throws {
        let dir = Scratch()
        let sarif = dir.path + "/audit.sarif"
        let r = try Replay.run(["audit", hollow, "--annotations", "-", "--sarif", sarif], cwd: Replay.root)
        #expect(r.status == 1)
        let annotations = r.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }.joined(separator: "\n")
        let found = try places(annotations, cwd: Replay.root)
        #expect(!found.isEmpty)
        let snapshotLines = try String(contentsOfFile: Replay.root + "/" + hollow, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        for a in found where a.file != nil {
            #expect(a.file == hollow)
            let line = try #require(a.line)
            let node = Self.node(a.title)
            #expect(snapshotLines[line - 1].contains("\"id\"") && snapshotLines[line - 1].contains("\"\(node)\""), "line \(line) of the snapshot: \(snapshotLines[line - 1])")
        }
        #expect(found.contains { $0.level == "error" && $0.title.hasPrefix("A1 hollow target%3A row.") })
        // Every output names the profile and radius it used: each message ends with them.
        #expect(annotations.split(separator: "\n").allSatisfy { $0.hasSuffix("(ios18, 20 pt touch)") }, "\(annotations)")
        for level in ["error", "warning", "notice"] { #expect(found.filter { $0.level == level }.count <= 10) }
        try validateSARIF(sarif)
        let doc = try JSONDocument(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: sarif))))
        #expect(doc.string("version") == "2.1.0" && doc.string("runs.0.tool.driver.name") == "replay audit")
        #expect(doc.string("runs.0.results.0.locations.0.physicalLocation.artifactLocation.uri") == hollow)
        #expect(doc.number("runs.0.results.0.locations.0.physicalLocation.region.startLine") ?? 0 > 1)
        #expect(try Replay.run(["audit", hollow, "--json", "--annotations", "-"], cwd: Replay.root).status == 64)
    }

    @Test("run --annotations FILE --sarif FILE: the causes of the hollow build at their nodes' lines; SARIF 2.1.0 valid")
    func run() throws {
        let dir = Scratch()
        let annotations = dir.path + "/run.annotations", sarif = dir.path + "/run.sarif"
        let r = try Replay.run(["run", "--db", dir.db, "--snapshots", hollow, "--probe", "edges", "--no-history",
                                "--annotations", annotations, "--sarif", sarif], cwd: Replay.root)
        #expect(r.status == 1)
        let text = try String(contentsOfFile: annotations, encoding: .utf8)
        let found = try places(text, cwd: Replay.root)
        #expect(!found.isEmpty && found.allSatisfy { $0.level == "error" && $0.file == hollow && $0.line != nil })
        let snapshotLines = try String(contentsOfFile: Replay.root + "/" + hollow, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        for a in found {
            let node = Self.node(a.title)
            #expect(snapshotLines[a.line! - 1].contains("\"\(node)\""), "line \(a.line!): \(snapshotLines[a.line! - 1])")
        }
        try validateSARIF(sarif)
        let doc = try JSONDocument(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: sarif))))
        #expect(doc.string("runs.0.tool.driver.name") == "replay run")
        #expect(doc.count("runs.0.results") == found.count)
        #expect(doc.string("runs.0.results.0.ruleId")?.hasPrefix("R") == true)
        // Every output names the profile and radius it used.
        #expect(text.split(separator: "\n").allSatisfy { $0.hasSuffix("(ios18, 20 pt touch)") }, "\(text)")
        #expect(doc.string("runs.0.results.0.message.text")?.hasSuffix("(ios18, 20 pt touch)") == true)
    }
}
