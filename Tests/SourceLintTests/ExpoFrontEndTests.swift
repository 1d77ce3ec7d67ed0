import Foundation
import SourceLint
import TestSupport
import Testing

/// Node and TypeScript are here (CI installs them: .ci/run); elsewhere these tests wait for them.
let expoToolchain: Bool = {
    if ProcessInfo.processInfo.environment["CI"] != nil { return true }
    if case .success = ExpoToolchain.find(for: []) { return true }
    return false
}()

/// Lints one TSX file in a fresh folder (with `--fix` when asked) and returns the findings and its text after.
func lintTSX(_ code: String, name: String = "Row.tsx", fix: Bool = false) throws -> (findings: [LintFinding], text: String, result: LintResult) {
    let dir = TemporaryFolder("expo")
    let file = dir.file(name, code)
    let result = try LintRun().run([file], fix: fix)
    #expect(result.warnings.isEmpty, "the TSX of a test is valid: \(result.warnings.map(\.message))")
    return (result.findings, try String(contentsOfFile: file, encoding: .utf8), result)
}

/// The 1-based line and UTF-8 column of the first `needle` in `text`.
func place(of needle: String, in text: String) -> (line: Int, column: Int) {
    let before = text[..<text.range(of: needle)!.lowerBound]
    let line = before.filter { $0 == "\n" }.count + 1
    let column = (before.split(separator: "\n", omittingEmptySubsequences: false).last.map { $0.utf8.count } ?? 0) + 1
    return (line, column)
}

@Suite("Expo: TSX of @expo/ui/swift-ui, linted by the same rules", .enabled(if: expoToolchain))
struct ExpoFrontEndTests {
    static let imports = """
        import { Host, HStack, LabeledContent, Label, Image, Text, Spacer, Button, Form } from '@expo/ui/swift-ui';
        import { onTapGesture, contentShape, shapes, padding, buttonStyle } from '@expo/ui/swift-ui/modifiers';

        """

    /// The row from issue 43: a LabeledContent whose tap gesture is pushed when there is a handler.
    static let flowMeter = """
        import { Host, LabeledContent, Label, Image } from '@expo/ui/swift-ui';
        import { onTapGesture } from '@expo/ui/swift-ui/modifiers';

        export function FlowMeterRow({ onPress }: { onPress?: () => void }) {
          const modifiers = []
          if (onPress) modifiers.push(onTapGesture(onPress))          // only the label and the chevron respond
          return (
            <Host>
              <LabeledContent label={<Label title="Flow Meter" systemImage="gauge" />} modifiers={modifiers}>
                <Image systemName="chevron.right" />
              </LabeledContent>
            </Host>
          )
        }

        """

    static func row(_ body: String, modifiers: String = "modifiers") -> String {
        imports + """
        export function Row({ open, selected, more }: { open: () => void, selected: boolean, more: boolean }) {
        \(body)
          return (
            <HStack modifiers={\(modifiers)}>
              <Text>Units</Text>
              <Spacer />
              <Text>Metric</Text>
            </HStack>
          )
        }

        """
    }

    @Test("L1 on the issue's row: onTapGesture pushed onto a LabeledContent's modifiers, reported at onTapGesture in the TSX")
    func issueExampleIsL1() throws {
        let (findings, _, result) = try lintTSX(Self.flowMeter)
        #expect(result.files.count == 1 && result.skipped.isEmpty)
        #expect(findings.map(\.rule) == ["L1"])
        let at = place(of: "onTapGesture(onPress)", in: Self.flowMeter)
        #expect(findings.first?.line == at.line && findings.first?.column == at.column)
        #expect(findings.first?.file.hasSuffix("Row.tsx") == true)
        #expect(findings.first?.message.contains("LabeledContent's onTapGesture") == true)
        #expect(findings.first?.fix == "write contentShape(shapes.rectangle()) before onTapGesture(…) in its modifiers array")
    }

    @Test("No finding on the issue's fixed row: modifiers.push(contentShape(shapes.rectangle()), onTapGesture(onPress))")
    func issueFixedFormIsClean() throws {
        let fixed = Self.flowMeter
            .replacingOccurrences(of: "import { onTapGesture }", with: "import { onTapGesture, contentShape, shapes }")
            .replacingOccurrences(of: "modifiers.push(onTapGesture(onPress))", with: "modifiers.push(contentShape(shapes.rectangle()), onTapGesture(onPress))")
        #expect(try lintTSX(fixed).findings.isEmpty)
    }

    @Test("A modifiers array literal: onTapGesture alone is L1; contentShape first is clean; contentShape after is L2")
    func arrayLiteral() throws {
        #expect(try lintTSX(Self.row("", modifiers: "[onTapGesture(open)]")).findings.map(\.rule) == ["L1"])
        #expect(try lintTSX(Self.row("", modifiers: "[contentShape(shapes.rectangle()), onTapGesture(open)]")).findings.isEmpty)
        #expect(try lintTSX(Self.row("", modifiers: "[onTapGesture(open), contentShape(shapes.rectangle())]")).findings.map(\.rule) == ["L2"])
    }

    @Test("Built with push: each push appends in order; a shape pushed after the gesture is L2")
    func push() throws {
        #expect(try lintTSX(Self.row("  const modifiers = [padding({ all: 8 })]\n  modifiers.push(onTapGesture(open))")).findings.map(\.rule) == ["L1"])
        #expect(try lintTSX(Self.row("  const modifiers = []\n  modifiers.push(contentShape(shapes.rectangle()))\n  modifiers.push(onTapGesture(open))")).findings.isEmpty)
        #expect(try lintTSX(Self.row("  const modifiers = []\n  modifiers.push(onTapGesture(open))\n  modifiers.push(contentShape(shapes.rectangle()))")).findings.map(\.rule) == ["L2"])
    }

    @Test("Built with spread: ...a variable's modifiers stand where they are spread")
    func spread() throws {
        #expect(try lintTSX(Self.row("  const base = [padding({ all: 8 })]", modifiers: "[...base, onTapGesture(open)]")).findings.map(\.rule) == ["L1"])
        #expect(try lintTSX(Self.row("  const shape = [contentShape(shapes.rectangle())]", modifiers: "[...shape, onTapGesture(open)]")).findings.isEmpty)
        #expect(try lintTSX(Self.row("  let modifiers = [padding({ all: 8 })]\n  modifiers = [...modifiers, onTapGesture(open)]")).findings.map(\.rule) == ["L1"])
    }

    @Test("Built with concat: the array's items, then the arguments' in order")
    func concat() throws {
        #expect(try lintTSX(Self.row("  const base = [padding({ all: 8 })]", modifiers: "base.concat([onTapGesture(open)])")).findings.map(\.rule) == ["L1"])
        #expect(try lintTSX(Self.row("  const base = [contentShape(shapes.rectangle())]", modifiers: "base.concat(onTapGesture(open))")).findings.isEmpty)
        #expect(try lintTSX(Self.row("  let modifiers = []\n  modifiers = modifiers.concat([onTapGesture(open)])")).findings.map(\.rule) == ["L1"])
    }

    @Test("Conditional branches: a branch (ternary, &&, if) that leaves the gesture without its shape is L1; every branch shaped is clean")
    func conditionalBranches() throws {
        let ternary = "selected ? [contentShape(shapes.rectangle()), onTapGesture(open)] : [onTapGesture(open)]"
        #expect(try lintTSX(Self.row("", modifiers: ternary)).findings.map(\.rule) == ["L1"])
        let both = "selected ? [contentShape(shapes.rectangle()), onTapGesture(open)] : [contentShape(shapes.rectangle())]"
        #expect(try lintTSX(Self.row("", modifiers: both)).findings.isEmpty)
        let and = "[selected && contentShape(shapes.rectangle()), onTapGesture(open)].filter(Boolean)"
        #expect(try lintTSX(Self.row("", modifiers: and)).findings.map(\.rule) == ["L1"])
        let ifElse = "  const modifiers = []\n  if (selected) { modifiers.push(contentShape(shapes.rectangle())) } else { modifiers.push(padding({ all: 4 })) }\n  modifiers.push(onTapGesture(open))"
        #expect(try lintTSX(Self.row(ifElse)).findings.map(\.rule) == ["L1"])
        let shapedBoth = "  const modifiers = [contentShape(shapes.rectangle())]\n  if (more) modifiers.push(padding({ all: 4 }))\n  modifiers.push(onTapGesture(open))"
        #expect(try lintTSX(Self.row(shapedBoth)).findings.isEmpty)
    }

    @Test("The List/Form rules: a plain-style Button around HStack { Text Spacer Text } in a Form is L1 at the Button")
    func plainButtonInForm() throws {
        let code = Self.imports + """
            export function Settings({ open }: { open: () => void }) {
              return (
                <Host>
                  <Form>
                    <Button onPress={open} modifiers={[buttonStyle('plain')]}>
                      <HStack>
                        <Text>Units</Text>
                        <Spacer />
                        <Text>Metric</Text>
                      </HStack>
                    </Button>
                  </Form>
                </Host>
              )
            }

            """
        let findings = try lintTSX(code).findings
        #expect(findings.map(\.rule) == ["L1"])
        let at = place(of: "Button onPress", in: code)
        #expect(findings.first?.line == at.line && findings.first?.column == at.column)
    }

    @Test("List.ForEach rows and a Section's header view are read: a hollow plain Button in either is L1")
    func listForEachAndSectionHeader() throws {
        let code = """
            import { Host, List, Section, Button, HStack, Text, Spacer } from '@expo/ui/swift-ui';
            import { buttonStyle } from '@expo/ui/swift-ui/modifiers';

            export function History({ items, pick, clear }: { items: string[], pick: (s: string) => void, clear: () => void }) {
              return (
                <Host>
                  <List>
                    <Section header={<Button onPress={clear} modifiers={[buttonStyle('plain')]}><HStack><Text>Recent</Text><Spacer /></HStack></Button>}>
                      <List.ForEach>
                        {items.map(item => (
                          <Button key={item} onPress={() => pick(item)} modifiers={[buttonStyle('plain')]}>
                            <HStack><Text>{item}</Text><Spacer /></HStack>
                          </Button>
                        ))}
                      </List.ForEach>
                    </Section>
                  </List>
                </Host>
              )
            }

            """
        let findings = try lintTSX(code).findings
        #expect(findings.map(\.rule) == ["L1", "L1"])
        #expect(findings.map(\.line) == [place(of: "<Button onPress={clear}", in: code).line, place(of: "<Button key", in: code).line])
    }

    @Test("TSX that does not parse is one warning naming its file, line and column; what TypeScript recovered is still linted")
    func syntaxErrorIsAWarning() throws {
        let dir = TemporaryFolder("expo")
        let file = dir.file("Broken.tsx", Self.row("", modifiers: "[onTapGesture(open)]") + "export const x = (\n")
        let result = try LintRun().run([file])
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.message.hasPrefix("not valid TSX from here") == true)
        #expect(result.warnings.first?.line == Self.row("", modifiers: "[onTapGesture(open)]").filter { $0 == "\n" }.count + 1)
        #expect(result.findings.map(\.rule) == ["L1"])
    }

    @Test("A file with a byte-order mark: the finding's column is where it is, and --fix keeps the mark")
    func byteOrderMark() throws {
        let dir = TemporaryFolder("expo")
        let path = dir.file("Row.tsx", "")
        try Data([0xEF, 0xBB, 0xBF] + Array(Self.flowMeter.utf8)).write(to: URL(fileURLWithPath: path))
        let at = place(of: "onTapGesture(onPress)", in: Self.flowMeter)
        let found = try LintRun().run([path]).findings
        #expect(found.map(\.rule) == ["L1"] && found.first?.line == at.line && found.first?.column == at.column)
        #expect(try LintRun().run([path], fix: true).findings.isEmpty)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(String(decoding: bytes.dropFirst(3), as: UTF8.self).contains("modifiers.push(contentShape(shapes.rectangle()), onTapGesture(onPress))"))
    }

    @Test("Text from react-native is not SwiftUI's Text, and a file without @expo/ui/swift-ui is not linted")
    func onlyExpoViews() throws {
        let rn = """
            import { View, Text } from 'react-native';
            export function Plain() { return <View><Text>Hi</Text></View> }

            """
        let (findings, _, result) = try lintTSX(rn)
        #expect(findings.isEmpty && result.files.isEmpty && result.skipped.isEmpty)
    }

    @Test("--fix inserts contentShape(shapes.rectangle()) before the gesture and imports it; every other byte is kept; the output lints clean")
    func fixInsertsShapeAndImport() throws {
        let (findings, text, result) = try lintTSX(Self.flowMeter, fix: true)
        #expect(result.fixed == 1 && findings.isEmpty)
        let expected = Self.flowMeter
            .replacingOccurrences(of: "import { onTapGesture }", with: "import { onTapGesture, contentShape, shapes }")
            .replacingOccurrences(of: "modifiers.push(onTapGesture(onPress))", with: "modifiers.push(contentShape(shapes.rectangle()), onTapGesture(onPress))")
        #expect(text == expected)
        #expect(try lintTSX(text).findings.isEmpty)
    }

    @Test("--fix keeps the layout: a gesture on its own line gets the shape on a line of its own; a shape pushed alone after the gesture moves with its line")
    func fixKeepsLayout() throws {
        let multiline = Self.row("", modifiers: "[\n      padding({ all: 8 }),\n      onTapGesture(open),\n    ]")
        let fixed = try lintTSX(multiline, fix: true)
        #expect(fixed.result.fixed == 1 && fixed.findings.isEmpty)
        #expect(fixed.text.contains("      padding({ all: 8 }),\n      contentShape(shapes.rectangle()),\n      onTapGesture(open),\n"))
        let pushed = Self.row("  const modifiers = []\n  modifiers.push(onTapGesture(open))\n  modifiers.push(contentShape(shapes.rectangle()))")
        let moved = try lintTSX(pushed, fix: true)
        #expect(moved.result.fixed == 1 && moved.findings.isEmpty)
        #expect(moved.text == pushed.replacingOccurrences(
            of: "  modifiers.push(onTapGesture(open))\n  modifiers.push(contentShape(shapes.rectangle()))\n",
            with: "  modifiers.push(contentShape(shapes.rectangle()), onTapGesture(open))\n"))
    }

    @Test("--fix on a plain Button's hollow label gives the label modifiers={[contentShape(shapes.rectangle())]} (foam's fix, #827) and imports one name a line")
    func fixButtonLabel() throws {
        let code = """
            import { Button, HStack, Text, Spacer } from '@expo/ui/swift-ui';
            import {
              buttonStyle,
            } from '@expo/ui/swift-ui/modifiers';

            export function Row({ open }: { open: () => void }) {
              return (
                <Button onPress={open} modifiers={[buttonStyle('plain')]}>
                  <HStack>
                    <Text>Units</Text>
                    <Spacer />
                  </HStack>
                </Button>
              )
            }

            """
        let fixed = try lintTSX(code, fix: true)
        #expect(fixed.result.fixed == 1 && fixed.findings.isEmpty)
        #expect(fixed.text == code
            .replacingOccurrences(of: "  buttonStyle,\n", with: "  buttonStyle,\n  contentShape,\n  shapes,\n")
            .replacingOccurrences(of: "      <HStack>", with: "      <HStack modifiers={[contentShape(shapes.rectangle())]}>"))
    }

    @Test("--fix on L8 gives each Button of the List row buttonStyle('borderless'): appended to its array, or a new modifiers prop")
    func fixRowButtons() throws {
        let code = """
            import { Host, List, HStack, Button, Text } from '@expo/ui/swift-ui';

            export function Rows({ edit, remove }: { edit: () => void, remove: () => void }) {
              return (
                <Host>
                  <List>
                    <HStack>
                      <Text>Flow meter</Text>
                      <Button onPress={edit}>Edit</Button>
                      <Button onPress={remove} modifiers={[]}>Delete</Button>
                    </HStack>
                  </List>
                </Host>
              )
            }

            """
        #expect(try lintTSX(code).findings.map(\.rule) == ["L8"])
        let fixed = try lintTSX(code, fix: true)
        #expect(fixed.result.fixed == 1 && fixed.findings.isEmpty)
        #expect(fixed.text == code
            .replacingOccurrences(of: "from '@expo/ui/swift-ui';\n", with: "from '@expo/ui/swift-ui';\nimport { buttonStyle } from '@expo/ui/swift-ui/modifiers';\n")
            .replacingOccurrences(of: "<Button onPress={edit}>", with: "<Button modifiers={[buttonStyle('borderless')]} onPress={edit}>")
            .replacingOccurrences(of: "modifiers={[]}", with: "modifiers={[buttonStyle('borderless')]}"))
    }

    @Test("// replay-lint:disable L1 silences a TSX finding at the end of its line or alone on the line before, {/* … */} in JSX too")
    func suppression() throws {
        let endOfLine = Self.flowMeter.replacingOccurrences(of: "// only the label and the chevron respond", with: "// replay-lint:disable L1")
        #expect(try lintTSX(endOfLine).findings.isEmpty)
        let above = Self.row("", modifiers: "[onTapGesture(open)]").replacingOccurrences(of: "    <HStack", with: "    // replay-lint:disable L1\n    <HStack")
        #expect(try lintTSX(above).findings.isEmpty)
        func hosted(_ comment: String) -> String {
            Self.imports + """
                export const Row = ({ open }: { open: () => void }) => (
                  <Host>
                    \(comment)
                    <HStack modifiers={[onTapGesture(open)]}><Text>A</Text><Spacer /></HStack>
                  </Host>
                );

                """
        }
        #expect(try lintTSX(hosted("{/* replay-lint:disable L1 */}")).findings.isEmpty)
        #expect(try lintTSX(hosted("{/* replay-lint:disable L2 */}")).findings.map(\.rule) == ["L1"])
    }

    @Test("--fix moves a contentShape written after the gesture to before it; an aliased gesture import gets the names added beside it")
    func fixMovesShapeAndWritesImportLine() throws {
        let moved = try lintTSX(Self.row("", modifiers: "[padding({ all: 8 }), onTapGesture(open), contentShape(shapes.rectangle())]"), fix: true)
        #expect(moved.result.fixed == 1 && moved.findings.isEmpty)
        #expect(moved.text.contains("modifiers={[padding({ all: 8 }), contentShape(shapes.rectangle()), onTapGesture(open)]}"))
        let noImport = """
            import { HStack, Text, Spacer } from '@expo/ui/swift-ui';
            import * as M from '@expo/ui/swift-ui/modifiers';
            import { onTapGesture as tap } from '@expo/ui/swift-ui/modifiers';

            export const Row = ({ open }: { open: () => void }) => (
              <HStack modifiers={[tap(open)]}><Text>A</Text><Spacer /></HStack>
            );

            """
        let fixed = try lintTSX(noImport, fix: true)
        #expect(fixed.result.fixed == 1 && fixed.findings.isEmpty)
        #expect(fixed.text == noImport
            .replacingOccurrences(of: "import { onTapGesture as tap }", with: "import { onTapGesture as tap, contentShape, shapes }")
            .replacingOccurrences(of: "[tap(open)]", with: "[contentShape(shapes.rectangle()), tap(open)]"))
    }
}
