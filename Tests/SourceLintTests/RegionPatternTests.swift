import Foundation
import SourceLint
import Testing
import TestSupport

/// What fills a frame, what a modifier does to the region, what `if`, `Group`
/// and `ForEach` contribute, custom views and Buttons: one test per pattern
/// seen on real app code (issue 20), each from a snippet written for it.
@Suite("Lint: regions read by their cause")
struct RegionPatternTests {
    /// The rules found in a file's source (its own declarations resolve).
    func rules(_ source: String) -> [String] {
        Linter().lint(source: "import SwiftUI\n" + source, file: "Example.swift").map(\.rule)
    }

    /// The rules of a snippet written as a view's body.
    func body(_ code: String) -> [String] { lint(code).map(\.rule) }

    // MARK: - What fills a frame

    @Test("A layer that fills the frame through a custom modifier (ViewModifier or View extension) fills the container")
    func fillingCustomModifier() {
        let card = """
            struct Card: ViewModifier {
                func body(content: Content) -> some View { content.padding().background(Color.white) }
            }
            extension View { func card() -> some View { modifier(Card()) } }
            struct Padded: ViewModifier {
                func body(content: Content) -> some View { content.font(.body).padding(4) }
            }

            """
        #expect(rules(card + "let a = HStack { Text(\"a\"); Spacer() }.modifier(Card()).onTapGesture { }") == [])
        #expect(rules(card + "let a = HStack { Text(\"a\"); Spacer() }.card().onTapGesture { }") == [])
        #expect(rules(card + "let a = HStack { Text(\"a\"); Spacer() }.modifier(Padded()).onTapGesture { }") == ["L1"],
                "a modifier that only pads leaves the Spacer dead")
    }

    @Test("A frame written before the gesture: a shape or colour layer fills it; a Text does not")
    func frameBeforeGesture() {
        #expect(body("ZStack { Rectangle().fill(.blue); Text(\"x\") }.frame(width: 40, height: 40).onTapGesture { }") == [])
        #expect(body("ZStack { Color.gray; Image(systemName: \"play\") }.frame(maxWidth: .infinity).onTapGesture { }") == [])
        #expect(body("VStack { Text(\"a\") }.frame(maxWidth: .infinity).onTapGesture { }") == ["L1"])
    }

    @Test("Color.black.opacity(0.001) takes taps (the minimum, S5); 0.0001 does not, and the message says why")
    func nearlyClearLayer() throws {
        #expect(body("ZStack { Color.black.opacity(0.001); VStack { Text(\"a\"); Spacer() } }.onTapGesture { }") == [])
        #expect(body("HStack { Text(\"a\"); Spacer() }.background(Color.black.opacity(0.001)).onTapGesture { }") == [])
        let f = try #require(lint("HStack { Text(\"a\"); Spacer() }.background(Color.white.opacity(0.0001)).onTapGesture { }").first)
        #expect(f.rule == "L1" && f.message.contains("below the 0.001 SwiftUI hit-tests"))
    }

    @Test("ZStack { Color.black; Spacer() }: the colour layer covers the stack, the Spacer adds no gap")
    func colourLayerOverSpacer() {
        #expect(body("ZStack { Color.black; Spacer() }.onTapGesture { }") == [])
        #expect(body("ZStack { Color.clear; Text(\"a\") }.frame(width: 80, height: 80).onTapGesture { }") == ["L1"])
    }

    @Test("A Group whose views all fill their frame (a resizable image, a filled shape) is not hollow; one whose view is, is")
    func groupOfFillingViews() {
        #expect(body("Group { Image(\"a\").resizable().scaledToFill(); RoundedRectangle(cornerRadius: 8).fill(.blue) }.frame(width: 40, height: 40).onTapGesture { }") == [])
        #expect(body("Group { if big { Image(\"a\").resizable() } else { Image(\"b\").resizable() } }.frame(width: 36, height: 36).onTapGesture { }") == [])
    }

    @Test("A filled Circle with a fitted icon: the visible bubble responds everywhere")
    func bubble() {
        #expect(body("ZStack { Circle().foregroundColor(.blue).frame(width: 44, height: 44); Image(systemName: \"plus\") }.onTapGesture { }") == [])
        #expect(body("ZStack { Circle().stroke(.blue).frame(width: 44, height: 44); Image(systemName: \"plus\") }.onTapGesture { }") == ["L1"],
                "an outline is not a surface: its inside is dead")
    }

    @Test("Label(\"\", image:): an empty title leaves the icon as the only part, and it is live")
    func labelWithEmptyTitle() {
        #expect(body("Label(\"\", image: \"gear\").onTapGesture { }") == [])
        #expect(body("Label(\"Gear\", image: \"gear\").onTapGesture { }") == ["L1"])
    }

    @Test("A label style declared in the sources is read: one that draws a filled capsule fills; .iconOnly set around the Label too")
    func labelStyleInForce() {
        let style = """
            struct CapsuleLabelStyle: LabelStyle {
                func makeBody(configuration: Configuration) -> some View {
                    HStack { configuration.icon; configuration.title }.padding(8).background(Capsule().fill(.blue))
                }
            }
            extension LabelStyle where Self == CapsuleLabelStyle { static var capsule: CapsuleLabelStyle { .init() } }
            struct BareLabelStyle: LabelStyle {
                func makeBody(configuration: Configuration) -> some View { HStack { configuration.icon; configuration.title } }
            }

            """
        #expect(rules(style + "let a = Label(\"Wi-Fi\", systemImage: \"wifi\").labelStyle(CapsuleLabelStyle()).onTapGesture { }") == [])
        #expect(rules(style + "let a = Label(\"Wi-Fi\", systemImage: \"wifi\").onTapGesture { }.labelStyle(.capsule)") == [])
        #expect(rules(style + "let a = Label(\"Wi-Fi\", systemImage: \"wifi\").labelStyle(BareLabelStyle()).onTapGesture { }") == ["L1"])
        #expect(body("VStack { Label(\"Wi-Fi\", systemImage: \"wifi\").onTapGesture { } }.labelStyle(.iconOnly)") == [])
    }

    // MARK: - What a modifier does, what if / Group / ForEach contribute

    @Test(".fixedSize() keeps the region: the Spacer is still dead")
    func fixedSize() {
        #expect(body("HStack { Text(\"a\"); Spacer() }.fixedSize().onTapGesture { }") == ["L1"])
    }

    @Test("An .opacity(x) the source does not fix keeps a hollow region hollow (whenever it is visible)")
    func opacityExpression() {
        #expect(body("HStack { Text(\"a\"); Spacer() }.opacity(isOn ? 1 : 0.5).onTapGesture { }") == ["L1"])
        #expect(body("HStack { Text(\"a\"); Spacer() }.background(Color.blue.opacity(level)).onTapGesture { }") == [],
                "a layer whose opacity the source does not tell may fill: unknown, silent")
        // Both outcomes told (issue 42): the one where the layer vanishes is reported, and named.
        #expect(lint("HStack { Text(\"a\"); Spacer() }.background(Color.blue.opacity(dim ? 0.3 : 0)).onTapGesture { }")
            .map(\.message).first?.contains("when `dim` is false") == true)
    }

    @Test("A Group whose content sits inside an if hands the gesture to that content")
    func groupWithIf() {
        #expect(body("Group { if compact { HStack { Text(\"a\"); Spacer() } } }.onTapGesture { }") == ["L1"])
        #expect(body("Group { if compact { Text(\"a\") } else { Text(\"b\") } }.onTapGesture { }") == [])
    }

    @Test("An if/else branch holding Text(\"\") does not hide the other branch's gap")
    func branchWithEmptyText() {
        #expect(body("VStack { if loading { Text(\"\") } else { HStack { Text(\"a\"); Spacer() } } }.onTapGesture { }") == ["L1"])
        #expect(body("HStack { if let t = title { Text(t); Image(systemName: \"x\") } else { Text(\"\") } }.onTapGesture { }") == ["L1"])
        #expect(body("HStack { if loading { Text(\"\") } else { Text(\"Done\") } }.onTapGesture { }") == [])
    }

    @Test("ForEach inside a stack counts as several views: the spacing between them is dead")
    func forEachInStack() {
        #expect(body("HStack { ForEach(tags) { Text($0) } }.onTapGesture { }") == ["L1"])
        #expect(body("HStack(spacing: 0) { ForEach(colors) { Color($0) } }.onTapGesture { }") == [])
    }

    // MARK: - Custom views

    @Test("A custom view declared in another linted file resolves to its body, with its own modifiers")
    func customViewAcrossFiles() throws {
        let folder = TemporaryFolder("lint-custom-views")
        folder.file("SettingsRow.swift", """
            import SwiftUI
            struct SettingsRow: View {
                let title: String
                var body: some View {
                    HStack { Text(title); Spacer(); Image(systemName: "chevron.right") }
                }
            }
            struct CardRow: View {
                let title: String
                var body: some View {
                    HStack { Text(title); Spacer() }.padding().background(.regularMaterial)
                }
            }

            """)
        let screen = folder.file("Settings.swift", """
            import SwiftUI
            struct Settings: View {
                var body: some View {
                    VStack {
                        SettingsRow(title: "Alerts").onTapGesture { }
                        CardRow(title: "About").onTapGesture { }
                        UnknownRow().onTapGesture { }
                    }
                }
            }

            """)
        let result = try LintRun().run([folder.path])
        let found = result.findings.filter { $0.file == screen }
        #expect(found.map(\.line) == [5], "SettingsRow is hollow; CardRow fills; UnknownRow is not in the sources")
        #expect(found.first?.message.contains("SettingsRow (its body's HStack)") == true)
        // Alone, the screen cannot see SettingsRow's body: unknown, silent.
        #expect(try LintRun().run([screen]).findings.isEmpty)
    }

    @Test("A configuration's filling_views silences a custom view the team knows fills its frame")
    func fillingViewsConfiguration() throws {
        let folder = TemporaryFolder("lint-filling-views")
        folder.file(".replay-lint.yml", "filling_views: [SettingsRow]\n")
        folder.file("Views.swift", """
            import SwiftUI
            struct SettingsRow: View {
                var body: some View { HStack { Text("a"); Spacer() } }
            }
            let row = SettingsRow().onTapGesture { }

            """)
        #expect(try LintRun().run([folder.path]).findings.isEmpty)
    }

    // MARK: - Buttons

    static let rowLabel = "label: { HStack { Text(\"Alerts\"); Spacer(); Image(systemName: \"chevron.right\") } }"

    @Test("A Button under .plain or .borderless responds only on its label's leaves: L1 at the Button, fixed on the label")
    func plainButton() throws {
        let f = try #require(lint("Button { open() } \(Self.rowLabel)\n.buttonStyle(.plain)").first)
        #expect(f.rule == "L1" && f.message.contains("Button's label, HStack,") && f.message.contains(".plain button style"))
        #expect(f.fixable)
        #expect(body("Button { open() } \(Self.rowLabel)\n.buttonStyle(.borderless)") == ["L1"])
        #expect(body("VStack { Button { open() } \(Self.rowLabel) }.buttonStyle(PlainButtonStyle())") == ["L1"], "a style set around the button")
        let fixed = try SourceFiles.fixed(source: Snippet("Button { open() } \(Self.rowLabel)\n.buttonStyle(.plain)").source, file: "a.swift", with: Linter())
        #expect(fixed.text.contains("Image(systemName: \"chevron.right\") }.contentShape(Rectangle()) }"))
    }

    @Test("A Button whose label fills, or whose style draws a background, is not hollow")
    func filledButtons() {
        #expect(body("Button { open() } label: { HStack { Text(\"a\"); Spacer() }.contentShape(Rectangle()) }.buttonStyle(.plain)") == [])
        #expect(body("Button { open() } \(Self.rowLabel)\n.buttonStyle(.bordered)") == [])
        #expect(body("Button(\"Save\") { save() }.buttonStyle(.plain)") == [])
    }

    @Test("The automatic style: borderless on iOS outside a List (L1), the whole row in a List, untold elsewhere")
    func automaticStyle() {
        let iOS = "import UIKit\nimport SwiftUI\n"
        func file(_ body: String) -> [String] {
            Linter().lint(source: iOS + "struct S: View { var body: some View { \(body) } }\n", file: "S.swift").map(\.rule)
        }
        #expect(file("ScrollView { Button { open() } \(Self.rowLabel) }") == ["L1"])
        #expect(file("List { Button { open() } \(Self.rowLabel) }") == [])
        #expect(file("VStack { Button { open() } \(Self.rowLabel) }") == [], "the VStack may be a List row elsewhere")
        #expect(file("ScrollView { Text(\"a\") }.toolbar { Button { open() } \(Self.rowLabel) }") == [], "the system draws toolbar buttons")
        #expect(body("ScrollView { Button { open() } \(Self.rowLabel) }") == [], "not known to build for iOS: macOS draws a bordered button")
    }

    @Test("A ButtonStyle of the sources is read: a makeBody that draws a background fills, one that does not leaves the label hollow")
    func customButtonStyle() {
        let styles = """
            struct PillStyle: ButtonStyle {
                func makeBody(configuration: Configuration) -> some View {
                    configuration.label.padding().background(Capsule().fill(.blue))
                }
            }
            struct PressedStyle: ButtonStyle {
                func makeBody(configuration: Configuration) -> some View {
                    configuration.label.opacity(configuration.isPressed ? 0.5 : 1)
                }
            }
            extension ButtonStyle where Self == PressedStyle { static var pressed: PressedStyle { .init() } }

            """
        #expect(rules(styles + "let a = Button { } \(Self.rowLabel).buttonStyle(PillStyle())") == [])
        #expect(rules(styles + "let a = Button { } \(Self.rowLabel).buttonStyle(.pressed)") == ["L1"])
    }
}
