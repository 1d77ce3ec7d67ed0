import Converters
import Foundation
import HitTesting
import TapModel
import Testing

/// The patterns real dumps showed (issue 19), each on a fixture written in the real format.
@Suite("Real dumps: the patterns people paste")
struct RealDumpPatternTests {
    func fixture(_ name: String, _ format: CaptureFormat? = nil) throws -> Conversion {
        try Converter.convert(try Files.fixture(name), format: format, fallbackScreen: "S")
    }

    @Test("Xcode 26 XCUITest layout: no pointers, frames as {x, y, w, h} before or after the attributes, detected and with --format")
    func xcode26Layout() throws {
        for format in [nil, CaptureFormat.xcuitest] {
            let c = try fixture("xcode26-settings.xcuitest.txt", format)
            let s = c.snapshot
            #expect(c.from == .xcuitest)
            #expect(s.node("Settings")?.frame == Rect(0, 62, 402, 54))
            #expect(s.node("BackButton")?.frame == Rect(16, 62, 44, 44))
            #expect(s.node("BackButton")?.uikit.control == .init(action: "BackButton", enabled: true))
            #expect(s.node("alerts.toggle")?.frame == Rect(333, 188, 51, 31))
            #expect(s.node("save")?.uikit.control?.enabled == false)
            #expect(s.node("Settings/StaticText")?.label == "Settings")
            #expect(c.limits.contains { $0.contains("elided") })
        }
    }

    @Test("XCUITest root: the Application is sized by its main window, not by the union of what it holds")
    func rootSizedByWindow() throws {
        let c = try fixture("xcode26-settings.xcuitest.txt")
        // A cell far below the screen (y 2390) does not stretch the screen.
        #expect(c.snapshot.nodes[0].type == "Application" && c.snapshot.nodes[0].frame == Rect(0, 0, 402, 874))
        #expect(c.snapshot.device.width == 402 && c.snapshot.device.height == 874)
        let two = try convert("""
        Element subtree:
         →Application, label: 'Flow'
            Window, {0.0, 0.0, 200.0, 400.0}
            Window (Main), {0.0, 0.0, 375.0, 812.0}
              Button, {0.0, 2000.0, 10.0, 10.0}, label: 'Far'
        """)
        #expect(two.snapshot.nodes[0].frame == Rect(0, 0, 375, 812))
    }

    @Test("Several trees: the largest well-formed one is converted (a window echoed before the dump, a fragment above it); the others' lines are named")
    func largestTree() throws {
        let echo = try fixture("echo-then-window.recursive.txt")
        #expect(echo.snapshot.nodes.count == 13)
        #expect(echo.snapshot.nodes[0].type == "UIWindow" && echo.snapshot.node("UIWindow/UITransitionView") != nil)
        #expect(echo.warnings.contains { $0.contains("lines 5–17 (13 views)") && $0.contains("not converted: line 2 (1 view)") })
        let fragment = try fixture("fragment-then-tree.recursive.txt")
        #expect(fragment.snapshot.nodes.count == 8)
        #expect(fragment.snapshot.nodes[0].frame == Rect(0, 0, 320, 568))
        #expect(fragment.warnings.contains { $0.contains("not converted: lines 2–4 (2 views)") })
        // The scroll view's offset (40) is taken off its content: the button sits at 84.5 + 150 - 40.
        #expect(fragment.snapshot.nodes(ofType: "UIButton").first?.frame == Rect(16, 194.5, 288, 44))
    }

    @Test("Several trees: a larger tree that is not well-formed is named, the well-formed one converted; all malformed is an error")
    func malformedTree() throws {
        let c = try convert("""
        <UIView: 0x1; frame = (0 0; 10 10); layer = <CALayer: 0x2>>
        <UIWindow: 0x3; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x4>>
           | <UIView: 0x5; frame = (0 0; x 10); layer = <CALayer: 0x6>>
           | <UIView: 0x7; frame = (0 0; 10 10); layer = <CALayer: 0x8>>
        """)
        #expect(c.snapshot.nodes.count == 1)
        #expect(c.warnings.contains { $0.contains("not well-formed: line 3: unreadable frame") })
        #expect(captureError("<UIView: 0x5; frame = (0 0; x 10); layer = <CALayer: 0x6>>")?.line == 1)
    }

    @Test("Tab bar buttons, bar button items and segmented control segments are controls, named after their titles")
    func barControls() throws {
        let c = try fixture("tabbar-segments.recursive.txt")
        let tester = HitTester(c.snapshot)
        let actions = Set(tester.coverage().compactMap(\.action))
        #expect(actions == ["Meters", "Alerts", "Settings", "Export", "Daily", "Weekly"])
        // A segmented control is modelled by its segments, so none of them steals from it.
        #expect(c.snapshot.nodes(ofType: "UISegmentedControl").first?.uikit.control == nil)
        // A tap on a tab's icon fires the tab.
        let icon = try #require(c.snapshot.nodes(ofType: "UITabBarSwappableImageView").first)
        let r = tester.resolve(at: Point(icon.frame.midX, icon.frame.midY))
        #expect(r.outcome == .hit && r.handler?.action == "Meters")
    }

    @Test("The class lists: public controls, bar and tab buttons, …Button and …Control names, baseClass; not labels or views")
    func controlClasses() throws {
        let s = try convert("""
        <UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>
           | <UITabBarButton: 0x3; frame = (0 0; 80 48); layer = <CALayer: 0x4>>
           | <_UIButtonBarButton: 0x5; frame = (0 50; 60 44); layer = <CALayer: 0x6>>
           | <UINavigationButton: 0x7; frame = (0 100; 60 44); layer = <CALayer: 0x8>>
           | <FlowRatingControl: 0x9; frame = (0 150; 100 20); layer = <CALayer: 0xa>>
           | <MMTapArea: 0xb; baseClass = UIControl; frame = (0 200; 10 10); layer = <CALayer: 0xc>>
           | <UITabBarButtonLabel: 0xd; frame = (0 250; 10 10); layer = <CALayer: 0xe>>
           | <UIStackView: 0xf; frame = (0 300; 10 10); layer = <CALayer: 0x10>>
        """).snapshot
        #expect(s.nodes.map { $0.uikit.control != nil } == [false, true, true, true, true, true, false, false])
    }

    @Test("Multi-line labels and values are read to their closing quote (XCUITest, recursiveDescription, WebDriverAgent)")
    func multiLineLabels() throws {
        let x = try fixture("wda-description.json").snapshot
        #expect(x.nodes(ofType: "StaticText").first?.label == "Kitchen tap\nlast read 2 h ago")
        #expect(x.node("read.now")?.frame == Rect(16, 720, 343, 50))
        let r = try fixture("continuation-lines.recursive.txt").snapshot
        #expect(r.nodes(ofType: "UILabel").first?.label == "Flush the meter weekly.\nCheck the seal before winter,\nand again in spring.")
        let v = try convert("""
        Other, {{0.0, 0.0}, {320.0, 480.0}}, identifier: 'notes'
         TextView, {{10.0, 10.0}, {300.0, 60.0}}, identifier: 'note', value: 'first line
        second line'
         Button, {{10.0, 80.0}, {300.0, 44.0}}, label: 'Save'
        """).snapshot
        #expect(v.node("note")?.label == "first line\nsecond line")
        #expect(v.nodes.count == 3 && v.nodes[2].uikit.control?.action == "Save")
        let wda = try fixture("processing-instruction.wda.xml").snapshot
        #expect(wda.nodes(ofType: "StaticText").first?.label == "Kitchen tap\nlast read 2 h ago")
        #expect(wda.node("read.now")?.label == "Read & sync")
    }

    @Test("Continuation lines of a long recursiveDescription entry: no spurious 'has no frame', and a contentOffset there is applied")
    func continuationLines() throws {
        let c = try fixture("continuation-lines.recursive.txt")
        #expect(!c.warnings.contains { $0.contains("has no frame") })
        // The table's contentOffset {0, 300} is on the wrapped line: the cell at 400 sits at 100 on screen.
        #expect(c.snapshot.nodes(ofType: "Flow.NoteCell").first?.frame == Rect(0, 100, 390, 88))
        #expect(c.snapshot.nodes(ofType: "UITableViewCell").first?.frame == Rect(0, 12, 390, 88))
    }

    @Test("A WebDriverAgent response ({\"value\": \"…description…\"}) is detected and converted as XCUITest; its XML page source too")
    func wdaResponse() throws {
        let c = try fixture("wda-description.json")
        #expect(c.from == .xcuitest && c.snapshot.nodes.count == 7)
        #expect(c.snapshot.nodes[0].frame == Rect(0, 0, 375, 812))
        #expect(c.warnings.first?.contains("WebDriverAgent response") == true)
        let xml = String(decoding: try Files.fixture("processing-instruction.wda.xml"), as: UTF8.self)
        let wrapped = String(decoding: try JSONSerialization.data(withJSONObject: ["value": xml, "sessionId": "x"]), as: UTF8.self)
        let w = try convert(wrapped)
        #expect(w.from == .wdaXML && w.snapshot.node("read.now") != nil)
        // An error inside names the value's line in the file and the line inside its text.
        let bad = captureError(#"{"value": "Element subtree:\n →Application, label: 'A'\n    Button, {{0.0, 0.0}, {-5.0, 1.0}}\n"}"#)
        #expect(bad?.line == 1 && bad?.path == "value" && bad?.message.hasPrefix("line 3 of its text:") == true)
    }
}
