import Converters
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
            Button, 0x4, {{16.0, 64.0}, {48.0, 44.0}}, label: 'Back'
              Image, 0x5, {{16.0, 64.0}, {30.0, 44.0}}
            Button, 0x6, {{100.0, 790.0}, {90.0, 50.0}}, identifier: 'tab.meters', label: 'Meters, 2 new', Selected
            Button, 0x7, {{200.0, 790.0}, {90.0, 50.0}}, label: 'Alerts', Disabled
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
        #expect(s.nodes[3].frame == Rect(16, 64, 48, 44))
        #expect(s.nodes[3].uikit.control == .init(action: "Back", enabled: true))
        #expect(s.nodes[5].id == "tab.meters" && s.nodes[5].label == "Meters, 2 new")
        #expect(s.nodes[6].uikit.control?.enabled == false)
        #expect(!c.limits.isEmpty)
    }

    @Test("XCUITest: an escaped debugDescription string after log lines, and a snapshot-testing subtree without header")
    func xcuitestVariants() throws {
        let escaped = #"""
            t =    12.05s Waiting for the app to idle
        "Attributes: Application, 0x1, pid: 501, label: \'Flow\'\nElement subtree:\n →Application, 0x1, pid: 501, label: \'Flow\'\n    Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}\n      StaticText, 0x3, {{20.0, 100.0}, {200.0, 30.0}}, identifier: \'meter.title\', label: \'Today\'s flow \'\nPath to element:\n"
        """#
        let s = try convert(escaped).snapshot
        #expect(s.nodes.count == 3 && s.node("meter.title")?.frame == Rect(20, 100, 200, 30))
        #expect(s.node("meter.title")?.label == "Today's flow ")
        let bare = try convert("""
        Other, {{0.0, 50.0}, {390.0, 700.0}}, identifier: 'v1'
         Button, {{150.0, 300.0}, {60.0, 44.0}}, identifier: 'b', label: 'b'
        """).snapshot
        #expect(bare.nodes.map(\.id) == ["v1", "b"])
    }

    static let wda = """
    val page = \"\"\"
    <?xml version="1.0" encoding="UTF-8"?>
    <AppiumAUT>
      <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Flow" label="Flow" enabled="true" visible="true" x="0" y="0" width="390" height="844">
        <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="390" height="844">
          <XCUIElementTypeCell type="XCUIElementTypeCell" enabled="true" visible="true" x="0" y="300" width="390" height="52" name="Units" label="Units">
            <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="Units" name="Units" label="Units" enabled="true" visible="true" x="20" y="314" width="50" height="24"/>
            <XCUIElementTypeButton type="XCUIElementTypeButton" enabled="false" visible="false" x="360" y="318" width="10" height="16" name="more" label="more"/>
          </XCUIElementTypeCell>
          <XCUIElementTypeButton type="XCUIElementTypeButton" name="save.button" label="Save" enabled="true" visible="true" accessible="true" x="16" y="770" width="358" height="50" index="1"/>
        </XCUIElementTypeWindow>
      </XCUIElementTypeApplication>
    </AppiumAUT>
    \"\"\"
    """

    @Test("wda-xml: integer absolute frames, enabled, visible=false off screen (no target, never hidden), name as id when it differs from the label, text around the XML ignored")
    func wda() throws {
        let c = try convert(Self.wda)
        let s = c.snapshot
        #expect(c.from == .wdaXML)
        #expect(s.nodes.map(\.type) == ["Application", "Window", "Cell", "StaticText", "Button", "Button"])
        #expect(s.nodes[2].frame == Rect(0, 300, 390, 52) && s.nodes[2].uikit.control?.action == "Units")
        // visible="false": off screen, not hidden. It stays, with its label, but is no target.
        #expect(!s.nodes[4].uikit.hidden && s.nodes[4].uikit.control == nil && s.nodes[4].label == "more")
        #expect(c.warnings.contains { $0.contains("1 actionable element is off screen") && $0.contains("Button 'more'") })
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
