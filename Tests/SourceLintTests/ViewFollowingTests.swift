import Foundation
import SourceLint
import Testing
import TestSupport

/// Views followed as the compiler does (issue 42): helpers with parameters,
/// computed properties, `@ViewBuilder` members, extensions, other files; button
/// styles written as closures, custom and primitive, set on an ancestor;
/// `Text + Text`; ternaries read once per outcome. Each from a snippet written for it.
@Suite("Lint: views followed as the compiler does")
struct ViewFollowingTests {
    /// The findings of a file's source (its own declarations resolve).
    func findings(_ source: String) -> [LintFinding] {
        Linter().lint(source: "import SwiftUI\n" + source, file: "Example.swift")
    }

    func rules(_ source: String) -> [String] { findings(source).map(\.rule) }

    @Test("A helper function with parameters: tag(\"x\").onTapGesture reads tag's HStack")
    func helperWithParameters() throws {
        let f = try #require(findings("""
            struct Tags: View {
                var body: some View { tag("Swift").onTapGesture { } }
                func tag(_ name: String) -> some View { HStack { Image(systemName: "tag"); Text(name) } }
            }
            """).first)
        #expect(f.rule == "L1" && f.message.contains("the spacing between its views"))
        #expect(rules("""
            struct Tags: View {
                var body: some View { tag("Swift").onTapGesture { } }
                func tag(_ name: String) -> some View { HStack { Image(systemName: "tag"); Text(name) }.contentShape(Rectangle()) }
            }
            """).isEmpty)
    }

    @Test("A builder argument is bound to its parameter: card { … } reads what the helper wraps around it")
    func builderArgument() {
        let helper = """
            func card<C: View>(@ViewBuilder _ content: () -> C) -> some View { VStack(spacing: 0) { content() }.padding() }

            """
        #expect(rules(helper + "struct S: View { var body: some View { card { Text(\"a\") }.onTapGesture { } } }") == ["L1"],
                "a file-level helper's padding around its content is dead")
        #expect(rules(helper.replacingOccurrences(of: ".padding()", with: ".padding().background(Color.white)")
                      + "struct S: View { var body: some View { card { Text(\"a\") }.onTapGesture { } } }").isEmpty)
    }

    @Test("A computed property and a @ViewBuilder member used as row.onTapGesture")
    func computedProperty() {
        #expect(rules("""
            struct S: View {
                var body: some View { row.onTapGesture { } }
                var row: some View { HStack { Text("a"); Spacer() } }
            }
            """) == ["L1"])
        #expect(rules("""
            struct S: View {
                var body: some View { VStack { self.row(compact: true).onLongPressGesture { } } }
            }
            extension S {
                @ViewBuilder func row(compact: Bool) -> some View {
                    if compact { HStack { Text("a"); Spacer() } } else { Text("a") }
                }
            }
            """) == ["L1"], "a member declared in an extension, with an if")
    }

    @Test("A member declared in another file's extension of the view resolves")
    func extensionAcrossFiles() throws {
        let folder = TemporaryFolder("lint-extension-files")
        folder.file("Row+Parts.swift", "import SwiftUI\nextension Row {\n    var content: some View { HStack { Text(title); Spacer() } }\n}\n")
        let row = folder.file("Row.swift", "import SwiftUI\nstruct Row: View {\n    let title: String\n    var body: some View { content.onTapGesture { } }\n}\n")
        let found = try LintRun().run([folder.path]).findings
        #expect(found.map(\.file) == [row] && found.map(\.line) == [4])
    }

    @Test("A closure-based button style: .buttonStyle { configuration in configuration.label } draws only the label")
    func closureButtonStyle() {
        let style = """
            struct ClosureStyle<B: View>: ButtonStyle {
                let make: (Configuration) -> B
                func makeBody(configuration: Configuration) -> some View { make(configuration) }
            }
            extension View {
                func buttonStyle<B: View>(@ViewBuilder _ make: @escaping (ButtonStyleConfiguration) -> B) -> some View { buttonStyle(ClosureStyle(make: make)) }
            }

            """
        let hollow = "struct S: View { var body: some View { Button { } label: { HStack { Text(\"a\"); Spacer() } }.buttonStyle { configuration in configuration.label.opacity(configuration.isPressed ? 0.5 : 1) } } }"
        let f = findings(style + hollow)
        #expect(f.map(\.rule) == ["L1"])
        #expect(f.first?.message.contains("`.buttonStyle { … }`") == true)
        let filled = "struct S: View { var body: some View { Button { } label: { HStack { Text(\"a\"); Spacer() } }.buttonStyle { c in c.label.padding().background(Capsule().fill(.blue)) } } }"
        #expect(rules(style + filled).isEmpty)
    }

    @Test("A ButtonStyle whose makeBody names its parameter otherwise (configuration c) is read")
    func namedConfiguration() {
        #expect(rules("""
            struct Dim: ButtonStyle {
                func makeBody(configuration c: Configuration) -> some View { c.label.opacity(c.isPressed ? 0.4 : 1) }
            }
            struct S: View { var body: some View { Button { } label: { HStack { Text("a"); Spacer() } }.buttonStyle(Dim()) } }
            """) == ["L1"])
    }

    @Test("A PrimitiveButtonStyle fires where its body's tap gesture is attached")
    func primitiveButtonStyle() {
        let button = "struct S: View { var body: some View { Button { } label: { HStack { Text(\"a\"); Spacer() } }.buttonStyle(TapStyle()) } }"
        #expect(rules("""
            struct TapStyle: PrimitiveButtonStyle {
                func makeBody(configuration: Configuration) -> some View { configuration.label.onTapGesture { configuration.trigger() } }
            }
            """ + "\n" + button) == ["L1"])
        #expect(rules("""
            struct TapStyle: PrimitiveButtonStyle {
                func makeBody(configuration: Configuration) -> some View {
                    configuration.label.contentShape(Rectangle()).onTapGesture { configuration.trigger() }
                }
            }
            """ + "\n" + button).isEmpty)
    }

    @Test("A style set on an ancestor where the helper is used: the ScrollView in body sets .plain for row")
    func styleSetWhereUsed() {
        let row = "    var row: some View { Button { } label: { HStack { Text(\"a\"); Spacer() } } }\n}"
        #expect(rules("struct S: View {\n    var body: some View { ScrollView { row }.buttonStyle(.plain) }\n" + row) == ["L1"])
        #expect(rules("struct S: View {\n    var body: some View { ScrollView { row }.buttonStyle(.bordered) }\n" + row).isEmpty)
        // A custom view whose every use sets the style, and one whose uses disagree.
        let view = "struct Row: View { var body: some View { Button { } label: { HStack { Text(\"a\"); Spacer() } } } }\n"
        #expect(rules(view + "struct S: View { var body: some View { VStack { Row(); Row() }.buttonStyle(.plain) } }") == ["L1"])
        #expect(rules(view + "struct S: View { var body: some View { VStack { Row().buttonStyle(.plain); Row().buttonStyle(.bordered) } } }").isEmpty)
    }

    @Test("Text(\"a\") + Text(\"b\") is one Text: it fills its frame")
    func textConcatenation() {
        #expect(rules("struct S: View { var body: some View { VStack { (Text(\"a\") + Text(\"b\")).font(.title) }.frame(maxWidth: .infinity).onTapGesture { } } }") == ["L1"],
                "a Text framed wider than itself: the room the frame adds is dead")
        #expect(rules("struct S: View { var body: some View { HStack { Text(\"a\") + Text(\"b\").bold() }.onTapGesture { } } }").isEmpty)
    }

    @Test("opacity(selected ? 1 : 0): the outcome with opacity 0 is a finding on that outcome, and says so")
    func ternaryOpacity() throws {
        let f = try #require(findings("""
            struct Segment: View {
                let selected: Bool
                var body: some View {
                    ZStack { Capsule().fill(Color.blue).opacity(selected ? 1 : 0); Text("Day") }
                        .frame(width: 80, height: 32)
                        .onTapGesture { }
                }
            }
            """).first)
        #expect(f.rule == "L1" && f.message.contains("when `selected` is false"))
        #expect(rules("struct S: View { let on: Bool; var body: some View { ZStack { Capsule().fill(Color.blue).opacity(on ? 1 : 0.5); Text(\"Day\") }.onTapGesture { } } }").isEmpty,
                "both outcomes paint the capsule")
    }

    @Test("A ternary between a colour and clear in a background: the clear outcome is hollow")
    func ternaryBackground() throws {
        let f = try #require(findings("struct S: View { let on: Bool; var body: some View { HStack { Text(\"a\"); Spacer() }.background(on ? Color.blue : Color.clear).onTapGesture { } } }").first)
        #expect(f.message.contains("when `on` is false"))
    }
}
