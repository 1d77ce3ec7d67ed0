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

    @Test("A chain nested deeper than the linter walks is refused with its line, not a crash")
    func tooDeep() throws {
        let folder = TemporaryFolder("lint-deep")
        let file = folder.file("Deep.swift", "import SwiftUI\nlet v = Text(\"a\")" + String(repeating: ".padding()", count: 12_000) + "\n")
        #expect(throws: LintInputError.self) { try SourceFiles.lint(file, with: Linter()) }
        let shallow = folder.file("Shallow.swift", "let v = Text(\"a\")" + String(repeating: ".padding()", count: 3_000) + "\n")
        #expect(try SourceFiles.onLargeStack { try SourceFiles.lint(shallow, with: Linter()) }.isEmpty)
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
        #expect(try SourceFiles.fix(file, with: Linter()) == 1)
        let after = try #require(FileManager.default.contents(atPath: file))
        #expect(Array(after) == bom + Array("let v = HStack { Text(\"a\"); Spacer() }.contentShape(Rectangle()).onTapGesture { }\n".utf8))
    }
}
