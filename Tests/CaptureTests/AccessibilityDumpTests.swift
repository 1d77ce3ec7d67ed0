import Capture
import TapModel
import Testing

@Suite("xcuitest and wda-xml: accessibility trees")
struct AccessibilityDumpTests {
    static let xcuitest = """
    Attributes: Application, 0x1, pid: 41, label: 'Flow'
    Element subtree:
     →Application, 0x1, pid: 41, label: 'Flow'
        Window (Main), 0x2, {{0.0, 0.0}, {393.0, 852.0}}
          Other, 0x3, {{0.0, 0.0}, {393.0, 852.0}}
            Button, 0x4, {{20.0, 59.0}, {55.0, 40.0}}, label: 'Menu'
              Image, 0x5, {{20.0, 59.0}, {40.0, 40.0}}
            Button, 0x6, {{81.0, 770.0}, {74.0, 48.0}}, identifier: 'tab.explore', label: 'Explore, now', Selected
            Button, 0x7, {{160.0, 770.0}, {74.0, 48.0}}, label: 'Saved', Disabled
    Path to element:
     →Application, 0x1, pid: 41, label: 'Flow'
    """

    @Test("XCUITest: absolute frames, nesting by indentation, identifiers as ids, Disabled, the Application spans its children")
    func xcuitest() throws {
        let c = try convert(Self.xcuitest)
        let s = c.snapshot
        #expect(c.from == .xcuitest)
        #expect(s.nodes.map(\.type) == ["Application", "Window", "Other", "Button", "Image", "Button", "Button"])
        #expect(s.nodes.map(\.parent) == [-1, 0, 1, 2, 3, 2, 2])
        #expect(s.nodes[0].frame == Rect(0, 0, 393, 852))
        #expect(s.nodes[3].frame == Rect(20, 59, 55, 40))
        #expect(s.nodes[3].uikit.control == .init(action: "Menu", enabled: true))
        #expect(s.nodes[5].id == "tab.explore" && s.nodes[5].label == "Explore, now")
        #expect(s.nodes[6].uikit.control?.enabled == false)
        #expect(!c.limits.isEmpty)
    }

    @Test("XCUITest: an escaped debugDescription string after log lines, and a snapshot-testing subtree without header")
    func xcuitestVariants() throws {
        let escaped = #"""
            t =   109.84s Requesting snapshot of accessibility hierarchy for app with pid 8736
        "Attributes: Application, 0x1, pid: 8736, label: \'Study\'\nElement subtree:\n →Application, 0x1, pid: 8736, label: \'Study\'\n    Window (Main), 0x2, {{0.0, 0.0}, {414.0, 896.0}}\n      StaticText, 0x3, {{68.0, 224.5}, {285.5, 26.5}}, identifier: \'welcome\', label: \'Welcome \'\nPath to element:\n"
        """#
        let s = try convert(escaped).snapshot
        #expect(s.nodes.count == 3 && s.node("welcome")?.frame == Rect(68, 224.5, 285.5, 26.5))
        let bare = try convert("""
        Other, {{0.0, 44.0}, {414.0, 818.0}}, identifier: 'v1'
         Button, {{184.0, 438.0}, {46.0, 30.0}}, identifier: 'b', label: 'b'
        """).snapshot
        #expect(bare.nodes.map(\.id) == ["v1", "b"])
    }

    static let wda = """
    val page = \"\"\"
    <?xml version="1.0" encoding="UTF-8"?>
    <AppiumAUT>
      <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Settings" label="Settings" enabled="true" visible="true" x="0" y="0" width="390" height="844">
        <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="390" height="844">
          <XCUIElementTypeCell type="XCUIElementTypeCell" enabled="true" visible="true" x="0" y="248" width="390" height="45" name="General" label="General">
            <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="General" name="General" label="General" enabled="true" visible="true" x="64" y="260" width="60" height="21"/>
            <XCUIElementTypeButton type="XCUIElementTypeButton" enabled="false" visible="false" x="358" y="263" width="12" height="15" name="chevron" label="chevron"/>
          </XCUIElementTypeCell>
          <XCUIElementTypeButton type="XCUIElementTypeButton" name="save.button" label="Save" enabled="true" visible="true" accessible="true" x="16" y="770" width="358" height="50" index="1"/>
        </XCUIElementTypeWindow>
      </XCUIElementTypeApplication>
    </AppiumAUT>
    \"\"\"
    """

    @Test("wda-xml: integer absolute frames, enabled, visible=false hidden, name as id when it differs from the label, text around the XML ignored")
    func wda() throws {
        let c = try convert(Self.wda)
        let s = c.snapshot
        #expect(c.from == .wdaXML)
        #expect(s.nodes.map(\.type) == ["Application", "Window", "Cell", "StaticText", "Button", "Button"])
        #expect(s.nodes[2].frame == Rect(0, 248, 390, 45) && s.nodes[2].uikit.control?.action == "General")
        #expect(s.nodes[4].uikit.hidden && s.nodes[4].uikit.control?.enabled == false)
        #expect(s.node("save.button")?.frame == Rect(16, 770, 358, 50))
    }

    @Test("wda-xml: malformed XML is an error with the line in the file")
    func wdaError() {
        let e = captureError("""
        <?xml version="1.0"?>
        <AppiumAUT>
          <XCUIElementTypeApplication x="0" y="0" width="10" height="10">
            <XCUIElementTypeButton x="0" y="0" width="10" height="10">
          </XCUIElementTypeApplication>
        </AppiumAUT>
        """, .wdaXML)
        #expect(e != nil && (e?.line ?? 0) >= 4)
        let frame = captureError("""
        <AppiumAUT><XCUIElementTypeApplication x="0" y="0" width="-10" height="10"/></AppiumAUT>
        """)
        #expect(frame?.line == 1)
    }
}
