import Foundation
import TapReplayTesting
import TestSupport
import Testing

/// docs/testing.md held to what it shows: the files it quotes, every option,
/// the modules the product builds. (Its outputs of `swift test` are held to a
/// real run by `DependencyGraphTests.testingOnlyApp`.)
@Suite("docs/testing.md quotes the example and the fixture as written, and names every option and module")
struct TestingDocsTests {
    static let doc = "docs/testing.md"

    @Test("Each block taken from the example app or the fixture is in that file, line for line")
    func quotes() throws {
        let blocks = try DocQuotes.blocks(in: Self.doc)
        #expect(Set(blocks.map(\.source)).isSuperset(of: [
            "Examples/FlowSettings/FlowSettingsUITests/SettingsTappableUITests.swift",
            "Examples/FlowSettings/FlowSettings/TapReplaySupport.swift",
            "Examples/FlowSettings/FlowSettings/FlowSettingsApp.swift",
            "Tests/Fixtures/TestingOnlyApp/Tests/TestingOnlyAppTests/SettingsTests.swift",
        ]))
        for block in blocks {
            let problem = try DocQuotes.mismatch(block, doc: Self.doc)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }

    @Test("The options table has a row for every property of TappableOptions")
    func everyOption() throws {
        let text = try String(contentsOfFile: repositoryRoot + "/" + Self.doc, encoding: .utf8)
        let options = Mirror(reflecting: TappableOptions()).children.compactMap(\.label)
        #expect(options.count == 10)
        for option in options { #expect(text.contains("| `\(option): "), "docs/testing.md has no row for \(option)") }
    }

    @Test("Section 1 names every module the product builds into a test target")
    func modules() throws {
        let text = try String(contentsOfFile: repositoryRoot + "/" + Self.doc, encoding: .utf8)
        for module in DependencyGraphTests.allowed { #expect(text.contains("`\(module)`"), "docs/testing.md does not name \(module)") }
    }
}
