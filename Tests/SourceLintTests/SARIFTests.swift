import Foundation
import SourceLint
import SourceLintReports
import TapJSON
import TapModel
import Testing
import TestSupport

@Suite("SARIF")
struct SARIFTests {
    static let source = """
        import SwiftUI
        struct Row: View {
            var body: some View {
                HStack { Text("Alerts"); Spacer() }.onTapGesture { open() }
                HStack { Text("About"); Spacer() }.onTapGesture { about() }.contentShape(Rectangle())
                Photo().onTapGesture { a() }.onTapGesture(count: 2) { b() }
            }
        }
        """

    func document(root: String = "/work/app") -> String {
        let findings = Linter().lint(source: Self.source, file: "Sources/App/Row View.swift")
        return LintSARIFReport.json(findings, root: root)
    }

    @Test("SARIF 2.1.0 validates against the OASIS JSON schema (python3 jsonschema)", .enabled(if: SchemaValidator.available))
    func validatesAgainstSchema() throws {
        let schema = try #require(Bundle.module.url(forResource: "sarif-schema-2.1.0", withExtension: "json", subdirectory: "Resources"))
        let folder = TemporaryFolder("lint-sarif")
        let file = folder.file("lint.sarif", document())
        let result = try SchemaValidator.validate(file, schema: schema.path)
        #expect(result.status == 0, "schema errors:\n\(result.output)")
    }

    @Test("What GitHub code scanning reads: tool name, rules, ruleId and level, a relative URI and a region per result")
    func codeScanningFields() throws {
        let doc = try JSONDocument(parsing: document())
        #expect(doc.text("version") == "2.1.0")
        #expect(doc.text("runs.0.tool.driver.name") == "replay lint")
        #expect((0..<LintRules.ids.count).map { doc.text("runs.0.tool.driver.rules.\($0).id") } == LintRules.ids)
        #expect((0..<3).map { doc.text("runs.0.results.\($0).ruleId") } == ["L1", "L2", "L5"])
        #expect((0..<3).map { doc.text("runs.0.results.\($0).level") } == ["error", "error", "error"])
        let location = "runs.0.results.0.locations.0.physicalLocation"
        #expect(doc.text(location + ".artifactLocation.uri") == "Sources/App/Row%20View.swift")
        #expect(doc.text(location + ".artifactLocation.uriBaseId") == "%SRCROOT%")
        if case .number(let line)? = doc.value(location + ".region.startLine") { #expect(line == 4) } else { Issue.record("no startLine") }
        #expect(doc.text("runs.0.originalUriBaseIds.%SRCROOT%.uri") == "file:///work/app/")
    }

    @Test("A file outside the working directory gets a file:// URI")
    func outsideRoot() throws {
        let findings = Linter().lint(source: Self.source, file: "/elsewhere/Row.swift")
        let doc = try JSONDocument(parsing: LintSARIFReport.json(findings, root: "/work/app"))
        #expect(doc.text("runs.0.results.0.locations.0.physicalLocation.artifactLocation.uri") == "file:///elsewhere/Row.swift")
    }
}

extension JSONDocument {
    /// The value at a dotted path (`runs.0.tool.driver.name`).
    func value(_ path: String) -> Value? {
        var index = root
        for key in path.split(separator: ".").map(String.init) {
            switch self[index] {
            case .array(let items):
                guard let i = Int(key), i < items.count else { return nil }
                index = items[i]
            case .object:
                guard let m = member(key, of: index) else { return nil }
                index = m
            default:
                return nil
            }
        }
        return self[index]
    }

    func text(_ path: String) -> String? {
        if case .string(let s)? = value(path) { return s }
        return nil
    }
}
