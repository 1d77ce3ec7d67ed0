import Converters
import Foundation
import HitTesting
import TapJSON
import TapModel
import Testing

/// What a user reads when converting real dumps (issue 41): each pattern on a fixture written by us
/// in the real format, or a few lines of one.
@Suite("Real dumps: what convert says and writes")
struct ReadableDumpTests {
    func fixture(_ name: String) throws -> Conversion {
        try Converter.convert(try Files.fixture(name), fallbackScreen: "S")
    }

    @Test("Three equal trees: the warning says it was a tie, and that the first in the dump was taken")
    func tie() throws {
        let tree = """
        <UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>
           | <UIButton: 0x3; frame = (20 20; 100 44); opaque = NO; layer = <CALayer: 0x4>>
        """
        let c = try convert("(lldb) po a\n\(tree)\n(lldb) po b\n\(tree)\n(lldb) po c\n\(tree)\n")
        let warning = try #require(c.warnings.first { $0.hasPrefix("the dump holds 3 view trees") })
        #expect(warning.contains("3 well-formed trees tie as the largest (2 views each): converted the first in the dump, lines 2–3"))
        #expect(warning.contains("not converted: lines 5–6 (2 views); lines 8–9 (2 views)"))
        // A larger tree is no tie.
        let larger = try convert("\(tree)\n(lldb) po b\n\(tree)\n   | <UIView: 0x5; frame = (0 0; 10 10); layer = <CALayer: 0x6>>\n")
        #expect(larger.warnings.contains { $0.contains("converted the largest well-formed one, lines 4–6 (3 views)") && !$0.contains("tie") })
    }

    @Test("Cycript: \\uXXXX and \\xXX escapes are decoded in texts, so labels and action names read as the app shows them")
    func cycriptEscapes() throws {
        let c = try fixture("cycript-signin.recursive.txt")
        let s = c.snapshot
        #expect(s.nodes[0].type == "UIWindow" && s.device.width == 375 && s.device.height == 667)
        #expect(s.nodes.contains { $0.label == "登录 Flow\u{a0}Meter" })
        #expect(s.nodes.first { $0.type == "FLPrimaryButton" }?.uikit.control?.action == "登录")
        #expect(s.nodes.first { $0.type == "_UIButtonBarButton" }?.uikit.control?.action == "取消")
        #expect(s.nodes.first { $0.type == "UITextField" }?.uikit.control?.action == "手机号")
        #expect(!s.nodes.contains { $0.label?.contains("\\u") == true || $0.uikit.control?.action?.contains("\\u") == true })
        // A Cycript string literal (`@"…\\n…"`) is read the same way.
        let literal = #"@"<UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>\n   | <UIButton: 0x3; frame = (20 20; 100 44); layer = <CALayer: 0x4>>\n   |    | <UIButtonLabel: 0x5; frame = (10 10; 80 20); text = '\u53d6\u6d88'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x6>>""#
        #expect(try convert(literal).snapshot.nodes(ofType: "UIButton").first?.uikit.control?.action == "取消")
    }

    @Test("Off screen is its own state, never hidden: WebDriverAgent's visible=\"false\" rows and XCUITest elements outside the screen are no targets, and a warning names them")
    func offScreen() throws {
        let wda = try fixture("settings-rows.wda.xml")
        #expect(wda.snapshot.nodes.allSatisfy { !$0.uikit.hidden && !$0.modifiers.contains(.hidden(true)) })
        let rows = wda.snapshot.nodes(ofType: "Cell")
        #expect(rows.count == 6 && rows.filter { $0.uikit.control != nil }.count == 4)
        let warning = try #require(wda.warnings.first { $0.contains("off screen") })
        #expect(warning.hasPrefix("2 actionable elements are off screen") && warning.contains("not hidden"))
        // A cell's label is its first text when the page source gives it none of its own.
        #expect(wda.snapshot.nodes.contains { $0.type == "Cell" && $0.uikit.control == nil && $0.frame.y == 862 })
        let xcui = try fixture("call-tabs.xcuitest.txt")
        #expect(xcui.snapshot.node("recent.0")?.uikit.control == nil)
        #expect(xcui.warnings.contains { $0.contains("1 actionable element is off screen") && $0.contains("Cell") })
    }

    @Test("An element the dump gives no frame (a macOS menu bar item) is no target, with a warning; macOS titles name elements")
    func frameless() throws {
        let c = try fixture("macos-menubar.xcuitest.txt")
        let items = c.snapshot.nodes(ofType: "MenuBarItem")
        #expect(items.map(\.label) == ["Apple", "Flow", "File", "Edit"])
        #expect(items[0].uikit.control == nil && items.dropFirst().allSatisfy { $0.uikit.control != nil })
        #expect(c.warnings.contains { $0.contains("1 actionable element has no frame in the dump") && $0.contains("MenuBarItem 'Apple' (line 13)") })
        #expect(c.snapshot.nodes.first { $0.label == "Read now" }?.uikit.control?.action == "Read now")
    }

    @Test("Truncation in any number of dots is reported as elided, like ... and …")
    func elisionDots() throws {
        for dots in ["...", "....", ".......", "…", "……"] {
            let c = try convert("""
            <UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>
               | <UIView: 0x3; frame = (0 0; 320 480); layer = <CALayer: 0x4>>
               |    | \(dots)
            """)
            #expect(c.limits.contains("1 elided line (...): the views there are missing"), "\(dots)")
            let x = try convert("""
            Element subtree:
             →Application, 0x1, pid: 1, label: 'A'
                Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                  \(dots)
            """)
            #expect(x.limits.contains("1 elided line (...): the elements there are missing"), "\(dots)")
        }
        // Two dots are text, not elision.
        #expect(try convert("<UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>\n..").limits.allSatisfy { !$0.contains("elided") })
    }

    @Test("A screen size guessed from an elided dump (no window: the union of what it shows) is a warning; --size settles it")
    func guessedScreen() throws {
        let c = try fixture("tvos-elided.xcuitest.txt")
        #expect(c.snapshot.device.width == 1453 && c.snapshot.device.height == 603)
        let warning = try #require(c.warnings.first { $0.contains("is a guess") })
        #expect(warning.contains("the screen size 1453 × 603 is a guess") && warning.contains("elided") && warning.contains("--size"))
        let sized = try Converter.convert(try Files.fixture("tvos-elided.xcuitest.txt"), options: ConversionOptions(size: (1920, 1080)))
        #expect(sized.snapshot.device.width == 1920 && !sized.warnings.contains { $0.contains("is a guess") })
        // A window sizes the screen: no guess.
        #expect(!(try fixture("call-tabs.xcuitest.txt")).warnings.contains { $0.contains("is a guess") })
    }

    @Test("Swift-mangled class names are read: generic wrappers keep their own name, nested ones their path, private ones lose the discriminator")
    func typeNames() throws {
        let c = try fixture("swiftui-hosted.recursive.txt")
        let types = c.snapshot.nodes.map(\.type)
        #expect(!types.contains { $0.hasPrefix("_Tt") })
        #expect(types.contains("UIHostingView") && types.contains("CellHostingView") && types.contains("PlatformViewHost"))
        #expect(types.contains("DisplayList.ViewUpdater.Platform.CGDrawingView") && types.contains("ListCollectionViewCell"))
        // SwiftUI's own list cells are not made selectable; the UIKit switch and button inside are controls.
        #expect(c.snapshot.nodes(ofType: "ListCollectionViewCell").allSatisfy { $0.uikit.touchAction == nil })
        #expect(c.snapshot.node("meter.scan")?.uikit.control?.action == "Scan")
        #expect(c.snapshot.nodes(ofType: "UISwitch").first?.uikit.control != nil)
        let lldb = try fixture("lldb-settings-table.recursive.txt")
        #expect(lldb.snapshot.node("history.export")?.type == "Flow.FlowButton")
    }

    @Test("Readable ids: a path too long keeps its anchor and its last segments, stable when the middle changes")
    func readableIds() throws {
        func deep(_ levels: Int, extra: Bool) -> String {
            var lines = ["<UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>"]
            for d in 1...levels {
                let bars = String(repeating: "   |", count: d)
                lines.append("\(bars) <UIView: 0x\(d + 10); frame = (0 0; 320 480); layer = <CALayer: 0x9>>")
                if extra && d == 5 { lines.append("\(bars) <UIImageView: 0xff; frame = (0 0; 1 1); userInteractionEnabled = NO; layer = <CALayer: 0x9>>") }
            }
            let bars = String(repeating: "   |", count: levels + 1)
            lines.append("\(bars) <UICollectionView: 0x99; frame = (0 0; 320 480); layer = <CALayer: 0x9>>")
            lines.append("\(bars)    | <UICollectionViewListCell: 0x98; frame = (0 0; 320 44); layer = <CALayer: 0x9>>")
            return lines.joined(separator: "\n")
        }
        let c = try convert(deep(40, extra: false))
        let cell = try #require(c.snapshot.nodes(ofType: "UICollectionViewListCell").first)
        #expect(cell.id.hasPrefix("UIWindow/...(") && cell.id.hasSuffix(")/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UIView/UICollectionView/UICollectionViewListCell"))
        #expect(c.snapshot.nodes.allSatisfy { $0.id.utf8.count <= 240 && !$0.id.hasPrefix("~") })
        #expect(Set(c.snapshot.nodes.map(\.id)).count == c.snapshot.nodes.count)
        // A view added high up, in the elided part, renames nothing below.
        let again = try convert(deep(40, extra: true))
        #expect(again.snapshot.nodes(ofType: "UICollectionViewListCell").first?.id == cell.id)
    }

    @Test("Frames summed from relative ones are rounded to the decimals the dump printed: no binary noise")
    func roundedFrames() throws {
        for name in ["lldb-settings-table.recursive.txt", "swiftui-hosted.recursive.txt", "cycript-signin.recursive.txt", "gdb-delete-confirmation.recursive.txt"] {
            let s = try fixture(name).snapshot
            for n in s.nodes {
                for v in [n.frame.x, n.frame.y, n.frame.width, n.frame.height] {
                    let text = JSONValue.format(v)
                    let decimals = text.split(separator: ".").dropFirst().first?.count ?? 0
                    #expect(decimals <= 10, "\(name): \(n.id) has \(text)")
                }
            }
        }
        // 103 + 79.3333 + 6.66667 is 188.99997000000002 in binary; the dump printed at most 5 decimals.
        let s = try fixture("lldb-settings-table.recursive.txt").snapshot
        let toggle = try #require(s.nodes(ofType: "UISwitch").first)
        #expect(toggle.frame == Rect(310, 188.99997, 51, 31))
        #expect(JSONValue.format(toggle.frame.y) == "188.99997")
    }

    @Test("A dump with running animations (`animations = { … }`) says it was captured mid-transition, in its limits")
    func midTransition() throws {
        let c = try fixture("mid-transition.recursive.txt")
        let limit = try #require(c.limits.first { $0.hasPrefix("captured mid-transition") })
        #expect(limit.contains("4 views carry running animations") && limit.contains("first at line 5") && limit.contains("capture the screen again"))
        #expect(c.snapshot.capture?.limits.contains(limit) == true)
        #expect(!(try fixture("lldb-settings-table.recursive.txt")).limits.contains { $0.contains("mid-transition") })
    }

    @Test("Controls and cells read as their title: the label a report names them by")
    func titledControls() throws {
        let s = try fixture("gdb-delete-confirmation.recursive.txt").snapshot
        #expect(s.nodes(ofType: "UINavigationButton").first?.label == "Done")
        #expect(s.nodes(ofType: "UIRoundedRectButton").first?.label == "Add meter")
        #expect(s.nodes(ofType: "MeterCell").map(\.label) == ["Kitchen tap", "Garden hose"])
    }

    @Test("What a converted accessibility element claims: actionable ones are UIKit controls, the rest hollow SwiftUI containers, and the limits say so")
    func accessibilitySystem() throws {
        for name in ["call-tabs.xcuitest.txt", "settings-rows.wda.xml"] {
            let c = try fixture(name)
            for n in c.snapshot.nodes {
                if n.uikit.control != nil { #expect(n.system == .uikit) } else { #expect(n.system == .swiftui && !n.isLeaf, "\(n.id)") }
            }
            #expect(c.limits.contains { $0.hasPrefix("which framework drew each element is unknown") })
        }
    }
}

/// What a dump tells of real-screen fields (issue 40): control kinds from UIKit class names, cells'
/// selection as a raw-touch handler, accessibility Cells as the rows of a list; what it cannot tell stays
/// absent, and the limits say so.
@Suite("Real dumps: control kinds, cell selection and rows")
struct RealScreenFieldTests {
    func fixture(_ name: String) throws -> Conversion {
        try Converter.convert(try Files.fixture(name), fallbackScreen: "S")
    }

    @Test("Control kinds come from UIKit class names or a baseClass; a class the dump does not trace to UIKit stays unknown")
    func kindsFromClasses() throws {
        let c = try convert("""
        <UIWindow: 0x1; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x2>>
           | <UIButton: 0x3; frame = (0 0; 100 44); layer = <CALayer: 0x4>>
           | <UISwitch: 0x5; frame = (0 50; 51 31); layer = <CALayer: 0x6>>
           | <UIStepper: 0x7; frame = (0 100; 94 32); layer = <CALayer: 0x8>>
           | <UIPageControl: 0x9; frame = (0 150; 100 26); layer = <CALayer: 0xa>>
           | <UISlider: 0xb; frame = (0 200; 200 31); layer = <CALayer: 0xc>>
           | <UITextField: 0xd; frame = (0 250; 200 34); layer = <CALayer: 0xe>>
           | <FLRatingControl: 0xf; baseClass = UIControl; frame = (0 300; 200 40); layer = <CALayer: 0x10>>
           | <FLPrimaryButton: 0x11; baseClass = UIButton; frame = (0 350; 200 50); layer = <CALayer: 0x12>>
           | <FlowStarControl: 0x13; frame = (0 400; 200 40); layer = <CALayer: 0x14>>
           | <_UIButtonBarButton: 0x15; frame = (0 450; 60 44); layer = <CALayer: 0x16>>
        """)
        let kinds = c.snapshot.nodes.dropFirst().map { $0.uikit.control?.kind }
        #expect(kinds == [.button, .switch, .stepper, .pageControl, .slider, .custom, .custom, .button, .unknown, .unknown])
        #expect(c.limits.contains { $0.hasPrefix("control kinds come from class names") && $0.contains("2 of a class the dump does not trace to a UIKit control (FlowStarControl, _UIButtonBarButton)") })
        // A segmented control is modelled by its segments, each of kind segmented.
        let tabs = try fixture("tabbar-segments.recursive.txt")
        #expect(tabs.snapshot.nodes(ofType: "UISegment").allSatisfy { $0.uikit.control?.kind == .segmented })
    }

    @Test("A switch whose inside takes the touches with recognizers the dump does not describe keeps no kind, and still fires at its centre")
    func kindsHandledInside() throws {
        let c = try fixture("lldb-settings-table.recursive.txt")
        let toggle = try #require(c.snapshot.nodes(ofType: "UISwitch").first)
        #expect(toggle.uikit.control?.kind == .unknown)
        #expect(c.limits.contains { $0.contains("1 with views inside that take touches with recognizers the dump does not describe (UISwitch)") })
        #expect(c.snapshot.node("history.export")?.uikit.control?.kind == .button)
        let tester = HitTester(c.snapshot)
        let r = tester.resolve(at: toggle.frame.center)
        #expect(r.outcome.fires && r.handler.map { c.snapshot.nodes[$0.node].type } == "UISwitch")
    }

    @Test("A UIKit table or collection view cell selects through its touchAction, named after its first text; SwiftUI's cells do not")
    func cellsTouchAction() throws {
        let c = try fixture("gdb-delete-confirmation.recursive.txt")
        let cells = c.snapshot.nodes(ofType: "MeterCell")
        #expect(cells.map { $0.uikit.touchAction?.action } == ["select Kitchen tap", "select Garden hose"])
        #expect(cells.allSatisfy { $0.uikit.gestureRecognizers.isEmpty && $0.role == nil })
        let hosted = try fixture("swiftui-hosted.recursive.txt")
        #expect(hosted.snapshot.nodes(ofType: "ListCollectionViewCell").allSatisfy { $0.uikit.touchAction == nil })
    }

    @Test("XCUITest and WebDriverAgent Cells in a Table or CollectionView are rows of a list; no kinds, and the limits say so")
    func accessibilityRows() throws {
        for name in ["settings-rows.wda.xml", "call-tabs.xcuitest.txt", "tvos-elided.xcuitest.txt"] {
            let c = try fixture(name)
            let s = c.snapshot
            let cells = s.nodes(ofType: "Cell")
            #expect(!cells.isEmpty && cells.allSatisfy { $0.role == .row }, "\(name)")
            #expect(s.nodes.filter { $0.role == .list }.allSatisfy { $0.type == "Table" || $0.type == "CollectionView" })
            #expect(s.nodes.allSatisfy { $0.uikit.control?.kind ?? .unknown == .unknown && $0.uikit.touchAction == nil })
            #expect(c.limits.contains { $0.hasPrefix("no control kinds or cell selection") })
            // The snapshot reads back: every row has its list.
            #expect(try Snapshot(json: c.json).nodes.filter { $0.role == .row }.count == cells.count)
        }
        // A Cell outside any Table is no row.
        let loose = try convert("""
        Element subtree:
         →Application, 0x1, pid: 1, label: 'A'
            Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
              Cell, 0x3, {{0.0, 100.0}, {390.0, 44.0}}, label: 'Loose'
        """)
        #expect(loose.snapshot.nodes(ofType: "Cell").first?.role == nil)
    }
}
