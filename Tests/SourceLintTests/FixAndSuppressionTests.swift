import Foundation
import SourceLint
import Testing
import TestSupport

@Suite("Lint fixes and suppression")
struct FixAndSuppressionTests {
    static let example = """
        import SwiftUI

        struct Rows: View {
            var body: some View {
                VStack {
                    HStack { Text("Alerts"); Spacer() }
                        // opens the alerts screen
                        .onTapGesture { open() }
                    HStack { Text("About"); Spacer() }.onTapGesture { about() }
                    HStack {
                        Text("Units")
                        Spacer()
                    }
                    .onTapGesture { units() }
                    .contentShape(Rectangle()) // widen the row
                    .padding()
                    Text("Leaf").onTapGesture { leaf() }
                }
            }
        }

        """

    @Test("--fix never applies edits that overlap: a chain inside the argument of a shape another fix removes waits for the next run (the fuzzer's crash)")
    func overlappingEdits() throws {
        let source = """
            import SwiftUI

            struct Rows: View {
                var body: some View {
                    HStack { Text("A"); Spacer() }
                        .onTapGesture { a() }
                        .contentShape(HStack { Text("B"); Spacer() }.onTapGesture { b() }.contentShape(Rectangle()))
                }
            }

            """
        let linter = Linter()
        #expect(linter.lint(source: source, file: "Rows.swift").map(\.rule) == ["L2", "L2"])
        let (once, first) = try SourceFiles.fixed(source: source, file: "Rows.swift", with: linter)
        #expect(first == 1)
        #expect(once == source.replacingOccurrences(of: ".onTapGesture { b() }.contentShape(Rectangle())",
                                                    with: ".contentShape(Rectangle()).onTapGesture { b() }"))
        let (twice, second) = try SourceFiles.fixed(source: once, file: "Rows.swift", with: linter)
        #expect(second == 1)
        #expect(linter.lint(source: twice, file: "Rows.swift").filter { ["L1", "L2"].contains($0.rule) }.isEmpty)
    }

    @Test("--fix round-trips: afterwards no L1 or L2 remain, and every byte outside the edits is unchanged")
    func fixRoundTrips() throws {
        let linter = Linter()
        let before = linter.lint(source: Self.example, file: "Rows.swift")
        #expect(before.map(\.rule) == ["L1", "L1", "L2"])
        let (fixed, count) = try SourceFiles.fixed(source: Self.example, file: "Rows.swift", with: linter)
        #expect(count == 3)
        #expect(linter.lint(source: fixed, file: "Rows.swift").filter { ["L1", "L2"].contains($0.rule) }.isEmpty)
        #expect(fixed == """
            import SwiftUI

            struct Rows: View {
                var body: some View {
                    VStack {
                        HStack { Text("Alerts"); Spacer() }
                            // opens the alerts screen
                            .contentShape(Rectangle())
                            .onTapGesture { open() }
                        HStack { Text("About"); Spacer() }.contentShape(Rectangle()).onTapGesture { about() }
                        HStack {
                            Text("Units")
                            Spacer()
                        }
                        .contentShape(Rectangle())
                        .onTapGesture { units() } // widen the row
                        .padding()
                        Text("Leaf").onTapGesture { leaf() }
                    }
                }
            }

            """)
        // Without the shapes (inserted or moved), both texts are the same, byte for byte.
        func withoutShapes(_ text: String) -> String {
            text.replacingOccurrences(of: #"\n *\.contentShape\(Rectangle\(\)\)"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: ".contentShape(Rectangle())", with: "")
        }
        #expect(Array(withoutShapes(fixed).utf8) == Array(withoutShapes(Self.example).utf8))
        // A second run changes nothing.
        #expect(try SourceFiles.fixed(source: fixed, file: "Rows.swift", with: linter).fixed == 0)
    }

    @Test("--fix leaves suppressed and disabled findings alone")
    func fixRespectsSuppression() throws {
        let source = "let v = HStack { Text(\"a\"); Spacer() }.onTapGesture { } // replay-lint:disable L1\n"
        #expect(try SourceFiles.fixed(source: source, file: "a.swift", with: Linter()).fixed == 0)
        #expect(try SourceFiles.fixed(source: source.replacingOccurrences(of: " // replay-lint:disable L1", with: ""),
                                  file: "a.swift", with: Linter(disabled: ["L1"])).fixed == 0)
    }

    @Test("// replay-lint:disable Ln silences one finding: at the end of its line or alone on the line before")
    func suppression() {
        let code = """
            HStack { Text("a"); Spacer() }.onTapGesture { } // replay-lint:disable L1
            // replay-lint:disable L1
            HStack { Text("b"); Spacer() }.onTapGesture { }
            HStack { Text("c"); Spacer() }.onTapGesture { }
            HStack { Text("d"); Spacer() }.onTapGesture { } // replay-lint:disable L2
            /* replay-lint:disable L5, L1 */ HStack { Text("e"); Spacer() }.onTapGesture { }
            """
        let found = lint(code)
        #expect(found.map(\.rule) == ["L1", "L1"])
        #expect(found.map(\.line) == [8, 9], "only the unsuppressed rows c and d remain")
    }

    @Test("Files: folders are searched for .swift files, hidden folders skipped; a missing path or a non-Swift file is an input error")
    func files() throws {
        let folder = TemporaryFolder("lint-files")
        let dir = folder.path
        for f in ["B.swift", "Sub/A.swift", "Sub/.build/C.swift", "notes.md"] { folder.file(f, "let x = 1\n") }
        #expect(try SourceFiles.collect([dir]) == [dir + "/B.swift", dir + "/Sub/A.swift"])
        #expect(throws: LintInputError.self) { try SourceFiles.collect([dir + "/missing"]) }
        #expect(throws: LintInputError.self) { try SourceFiles.collect([dir + "/notes.md"]) }
    }

    @Test("Locations: line and column of the modifier's name; UTF-16 columns count code units")
    func locations() throws {
        let f = try #require(Linter().lint(source: "let v = HStack { Text(\"é🙂\"); Spacer() }.onTapGesture { }\n", file: "x.swift").first)
        #expect(f.line == 1)
        #expect(f.column == 45, "UTF-8 bytes, as compilers count")
        #expect(f.utf16Column == 42)
    }

    @Test("A file nested deeper than the linter walks is one warning with its line; the other files are still linted")
    func tooDeepIsOneWarning() throws {
        let folder = TemporaryFolder("lint-deep")
        let deep = folder.file("Deep.swift", "import SwiftUI\nlet v = Text(\"a\")" + String(repeating: ".padding()", count: 12_000) + "\n")
        folder.file("Row.swift", "let v = HStack { Text(\"a\"); Spacer() }.onTapGesture { }\n")
        let shallow = folder.file("Shallow.swift", "let v = Text(\"a\")" + String(repeating: ".padding()", count: 3_000) + "\n")
        let result = try SourceFiles.onLargeStack { try LintRun().run([folder.path]) }
        #expect(result.files.count == 3)
        #expect(result.warnings.map(\.file) == [deep])
        #expect(result.warnings.first?.line == 2 && result.warnings.first?.message.contains("nested more than 20000 levels deep") == true)
        #expect(result.findings.map(\.rule) == ["L1"], "Row.swift's finding is still reported")
        #expect(!result.findings.contains { $0.file == shallow })
    }

    @Test("A file nested deeper than the parser's limit, and one that is not Swift, are warnings naming the file and line")
    func parserLimitIsOneWarning() throws {
        let folder = TemporaryFolder("lint-parser-limit")
        let nested = folder.file("Nested.swift", "let v = " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300) + "\n")
        let broken = folder.file("Broken.swift", "struct {\n  {{{ (((\n")
        folder.file("Row.swift", "let v = HStack { Text(\"a\"); Spacer() }.onTapGesture { }\n")
        let result = try SourceFiles.onLargeStack { try LintRun().run([folder.path]) }
        #expect(Set(result.warnings.map(\.file)) == [nested, broken])
        #expect(result.warnings.allSatisfy { $0.message.contains("not valid Swift") })
        #expect(result.findings.map(\.rule) == ["L1"])
    }

    @Test("Square brackets nested past what the parser takes in reasonable time are one warning, not a hang")
    func bracketsNestedTooDeep() throws {
        let folder = TemporaryFolder("lint-brackets")
        let deep = folder.file("Matrix.swift", "let ok = [[1, 2], [3, 4]]\nlet v = " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "\n")
        let result = try SourceFiles.onLargeStack { try LintRun().run([deep]) }
        #expect(result.warnings.map(\.line) == [2])
        #expect(result.warnings.first?.message.contains("square brackets nested 40 deep") == true)
        #expect(try SourceFiles.onLargeStack { try LintRun().run([folder.file("Fine.swift", "let m = [[[\"a\": [1]]]]\n")]) }.warnings.isEmpty)
        // Found by the fuzzer: an unclosed quote ends at its line, so it cannot hide the brackets after it (20 levels took 20 s).
        let unclosed = folder.file("Unclosed.swift", "struct Row: View\"{\n    var body: some View {\n        HSt" + String(repeating: "[", count: 20)
                                   + "ack {\n            Label(\"Flow pick() }\n        }\n    }\n}\n")
        let skipped = try SourceFiles.onLargeStack { try LintRun().run([unclosed]) }
        #expect(skipped.warnings.map(\.line) == [3] && skipped.warnings.first?.message.contains("square brackets nested 20 deep") == true)
        // A multi-line string keeps its brackets to itself; a one-line string its own.
        let strings = folder.file("Strings.swift", "let a = \"\"\"\n" + String(repeating: "[", count: 20) + "\n\"\"\"\nlet b = \"" + String(repeating: "[", count: 20) + "\"\n")
        #expect(try SourceFiles.onLargeStack { try LintRun().run([strings]) }.warnings.isEmpty)
    }

    @Test("@Environment (\\.colorScheme), a space before the key path, is valid Swift (the compiler accepts it)")
    func attributeWithSpaceIsValidSwift() throws {
        let folder = TemporaryFolder("lint-attribute-space")
        folder.file("Theme.swift", """
            import SwiftUI
            struct Themed: View {
                @Environment (\\.colorScheme) var colorScheme
                @AppStorage ("tint") var tint = "blue"
                var body: some View {
                    HStack { Text("a"); Spacer() }.onTapGesture { }
                }
            }

            """)
        let result = try SourceFiles.onLargeStack { try LintRun().run([folder.path]) }
        #expect(result.warnings.isEmpty, "no warning: \(result.warnings)")
        #expect(result.findings.map(\.rule) == ["L1"])
    }

    @Test("--fix keeps the file's line breaks (CRLF) and its byte-order mark")
    func fixKeepsLineBreaksAndBOM() throws {
        let crlf = "import SwiftUI\r\nlet v = HStack { Text(\"a\"); Spacer() }\r\n    .onTapGesture { }\r\n"
        let fixed = try SourceFiles.fixed(source: crlf, file: "a.swift", with: Linter()).text
        #expect(fixed == "import SwiftUI\r\nlet v = HStack { Text(\"a\"); Spacer() }\r\n    .contentShape(Rectangle())\r\n    .onTapGesture { }\r\n")
        let folder = TemporaryFolder("lint-bom")
        let file = folder.file("B.swift", "")
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        try Data(bom + Array("let v = HStack { Text(\"a\"); Spacer() }.onTapGesture { }\n".utf8)).write(to: URL(fileURLWithPath: file))
        #expect(try LintRun().run([file], fix: true).fixed == 1)
        let after = try #require(FileManager.default.contents(atPath: file))
        #expect(Array(after) == bom + Array("let v = HStack { Text(\"a\"); Spacer() }.contentShape(Rectangle()).onTapGesture { }\n".utf8))
    }
}
