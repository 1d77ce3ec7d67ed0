import Foundation
import SourceLint
import Testing
import TestSupport

/// List and Form rows (S12–S16 in docs/snapshot.md's real-screens rules), the
/// false alarms of issue 42 fixed by their cause, and `#if`/`#available` read
/// for the deployment target. Each from a snippet written for it.
@Suite("Lint: List and Form rows, false alarms, #if and #available")
struct RowsAndBuildTests {
    func findings(_ source: String, build: BuildConfiguration = .default) -> [LintFinding] {
        Linter().lint(source: "import SwiftUI\n" + source, file: "Example.swift", configuration: build)
    }

    func rules(_ source: String, build: BuildConfiguration = .default) -> [String] { findings(source, build: build).map(\.rule) }

    func screen(_ body: String) -> String { "struct Screen: View {\n    var body: some View {\n\(body)\n    }\n}\n" }

    // MARK: - Rows

    /// E1 of the real-screens rules: a settings Form row, an HStack with a gap, under each style.
    func settingsRow(style: String, shape: Bool = false) -> String {
        screen("""
            Form {
                Section("General") {
                    Button { openAppearance() } label: {
                        HStack { Image(systemName: "paintbrush"); Text("Appearance"); Spacer(); Image(systemName: "chevron.right") }\(shape ? ".contentShape(Rectangle())" : "")
                    }\(style)
                }
            }
            """)
    }

    @Test("E1: a plain Button row with a gap is L1; the automatic style is the whole row (S12); foam's contentShape fixes it")
    func formRowE1() {
        #expect(rules(settingsRow(style: ".buttonStyle(.plain)")) == ["L1"])
        #expect(rules(settingsRow(style: ".buttonStyle(.borderless)")) == ["L1"])
        #expect(rules(settingsRow(style: "")).isEmpty, "a default-style Button row takes its whole cell")
        #expect(rules(settingsRow(style: ".buttonStyle(.plain)", shape: true)).isEmpty)
    }

    @Test("A NavigationLink row is the whole row, whatever its style (the List selects it); outside a List, .plain leaves its gaps dead")
    func navigationLinkRow() {
        let link = "NavigationLink { Detail() } label: { HStack { Text(\"Account\"); Spacer(); Text(\"3\") } }%@"
        #expect(rules(screen("List { " + link.replacingOccurrences(of: "%@", with: "") + " }")).isEmpty)
        #expect(rules(screen("List { " + link.replacingOccurrences(of: "%@", with: ".buttonStyle(.plain)") + " }")).isEmpty)
        #expect(rules(screen("ScrollView { " + link.replacingOccurrences(of: "%@", with: ".buttonStyle(.plain)") + " }")) == ["L1"])
    }

    @Test("A tap of three or more is a hidden gesture (debug), not a target: no L1")
    func hiddenGesture() {
        #expect(rules(screen("VStack { Text(\"a\"); Spacer() }.onTapGesture(count: 5) { debug() }")).isEmpty)
        #expect(rules(screen("VStack { Text(\"a\"); Spacer() }.onTapGesture(count: 2) { like() }")) == ["L1"])
    }

    @Test("Buttons in a helper that returns ToolbarContent are the system's: no L1 from the ScrollView that uses it")
    func toolbarHelper() {
        #expect(rules("""
            struct S: View {
                var body: some View { ScrollView { Text("a") }.toolbar(content: toolbar) }
                func toolbar() -> some ToolbarContent {
                    ToolbarItem { Menu("More") { Button { } label: { Label("Share", systemImage: "square.and.arrow.up") } } }
                }
            }
            """).isEmpty)
    }

    @Test("E2: two style-less Buttons in one row all fire (L8); with one borderless, each fires alone")
    func twoButtonsE2() throws {
        let row = "List { HStack { Button(\"Reply\") { reply() }; Spacer(); Button(\"Share\") { share() }%@ } }"
        let found = findings(screen(row.replacingOccurrences(of: "%@", with: "")))
        #expect(found.map(\.rule) == ["L8"])
        let f = try #require(found.first)
        #expect(f.message.contains("Button \"Reply\", Button \"Share\"") && f.snapshotRule == "S15" && f.fixable)
        #expect(rules(screen(row.replacingOccurrences(of: "%@", with: ".buttonStyle(.borderless)"))).isEmpty,
                "one row-level control left: the row fires it alone")
    }

    @Test("L8 follows a row's custom view across the ForEach, and leaves a row with a row-level Picker alone")
    func rowOfCustomView() {
        let row = "struct MessageRow: View { var body: some View { HStack { Button(\"Read\") { }; Button(\"Archive\") { } } } }\n"
        #expect(rules(row + screen("List { ForEach(0..<3) { _ in MessageRow() } }")) == ["L8"])
        #expect(rules(screen("Form { HStack { Picker(\"Unit\", selection: $unit) { Text(\"m\") }; Button(\"Reset\") { } } }")).isEmpty)
        // A custom view whose body is several views is several rows, one control each.
        let sections = "struct SettingsLinks: View { var body: some View { NavigationLink(\"Boot\") { Boot() }; NavigationLink(\"Drives\") { Drives() } } }\n"
        #expect(rules(sections + screen("List { SettingsLinks() }")).isEmpty)
    }

    // MARK: - False alarms fixed by their cause

    @Test("Capsule().fill(…).stroke(…) is filled and outlined, not an outline only")
    func fillThenStroke() {
        #expect(rules(screen("ZStack { Capsule().fill(Color.blue).stroke(Color.white, lineWidth: 1); Text(\"Go\") }.onTapGesture { }")).isEmpty)
        #expect(rules(screen("ZStack { Capsule().stroke(Color.white, lineWidth: 1); Text(\"Go\") }.onTapGesture { }")) == ["L1"])
    }

    @Test("Padding after a filled background is room outside the card a person sees: not hollow")
    func paddingAfterFilledBackground() {
        #expect(rules(screen("HStack { Text(\"a\"); Spacer() }.padding().background(Color.white).padding(2).onTapGesture { }")).isEmpty)
        #expect(rules(screen("HStack { Text(\"a\"); Spacer() }.padding().onTapGesture { }")) == ["L1"])
    }

    @Test("Spacers that position one painted tip view: the tip responds everywhere it is seen")
    func positioningSpacers() {
        #expect(rules(screen("VStack { Spacer(); Text(\"Tip\").padding().background(Color.yellow); Spacer() }.onTapGesture { }")).isEmpty)
        #expect(rules(screen("VStack { Spacer(); Text(\"Tip\"); Spacer() }.onTapGesture { }")) == ["L1"])
    }

    @Test("Padding around a GeometryReader or a ScrollView inside a tapped container is dead")
    func paddingAroundScrollView() {
        #expect(rules(screen("ZStack { GeometryReader { g in Text(\"a\") }.padding() }.onTapGesture { }")) == ["L1"])
        #expect(rules(screen("VStack(spacing: 0) { ScrollView { Text(\"a\") }.padding(8) }.onTapGesture { }")) == ["L1"])
        #expect(rules(screen("VStack(spacing: 0) { ScrollView { Text(\"a\") } }.onTapGesture { }")).isEmpty)
    }

    // MARK: - #if and #available

    @Test("A #if in a modifier chain is read for the build: os(iOS) is compiled for iOS, not for macOS")
    func ifConfigInChain() {
        let code = screen("HStack { Text(\"a\"); Spacer() }\n#if os(iOS)\n.onTapGesture { }\n#endif")
        #expect(rules(code) == ["L1"])
        #expect(rules(code, build: BuildConfiguration(targets: ["macOS": .init(13)])).isEmpty, "not compiled for macOS")
    }

    @Test("A #if among a builder's views: the compiled clause's views count")
    func ifConfigInBuilder() {
        let code = screen("HStack {\nText(\"a\")\n#if os(iOS)\nSpacer()\n#endif\n}.onTapGesture { }")
        #expect(rules(code) == ["L1"])
        #expect(rules(code, build: BuildConfiguration(targets: ["macOS": .init(13)])).isEmpty, "one Text alone fills its stack")
    }

    @Test("An if #available branch no supported device runs is not reported")
    func availabilityBranch() {
        let code = screen("""
            if #available(iOS 15, *) {
                Text("new")
            } else {
                HStack { Text("old"); Spacer() }.onTapGesture { }
            }
            """)
        #expect(rules(code).isEmpty, "iOS 15 is the deployment target: the else never runs")
        #expect(rules(code, build: BuildConfiguration(targets: ["iOS": .init(14)])) == ["L1"])
    }

    @Test("A condition replay lint cannot tell is said once per file, and every clause is read")
    func unknownConditionSaidOnce() throws {
        let folder = TemporaryFolder("lint-unknown-condition")
        let file = folder.file("Flags.swift", """
            import SwiftUI
            struct Flags: View {
                var body: some View {
                    VStack {
                        #if FEATURE_CARDS
                        HStack { Text("a"); Spacer() }.onTapGesture { }
                        #endif
                        #if FEATURE_CARDS
                        Text("b")
                        #elseif DEBUG
                        Text("c")
                        #endif
                    }
                }
            }

            """)
        let result = try LintRun().run([folder.path])
        #expect(result.findings.map(\.rule) == ["L1"], "the clause is read")
        #expect(result.warnings.count == 1 && result.warnings.first?.file == file && result.warnings.first?.line == 5)
        #expect(result.warnings.first?.message.contains("`#if FEATURE_CARDS`") == true)
        #expect(result.warnings.first?.message.contains("DEBUG") == false, "DEBUG is built both ways: no note")
    }

    @Test("deployment_target in .replay-lint.yml, else the package's declared platforms")
    func deploymentTarget() throws {
        let config = try LintConfiguration.parse("deployment_target:\n  iOS: \"16.0\"\n", file: "/x/.replay-lint.yml")
        #expect(config.build == BuildConfiguration(targets: ["iOS": .init(16)]))
        #expect(throws: LintInputError.self) { try LintConfiguration.parse("deployment_target: Android 14\n", file: "/x/.replay-lint.yml") }
        let folder = TemporaryFolder("lint-package-platforms")
        folder.file("Package.swift", "let package = Package(name: \"A\", platforms: [.iOS(.v16), .macOS(\"13.0\")])\n")
        folder.file("Sources/A/View.swift", "import SwiftUI\n")
        let declared = BuildConfiguration.declared(above: folder.path + "/Sources/A")
        #expect(declared == BuildConfiguration(targets: ["iOS": .init(16), "macOS": .init(13)]))
    }
}
