import Converters
import TapModel
import Testing

@Suite("recursive-description: UIKit recursiveDescription dumps")
struct RecursiveDescriptionTests {
    @Test("Relative frames are summed into window coordinates; a root window sits at the origin")
    func summedFrames() throws {
        let s = try convert("""
        <UIWindow: 0x1; frame = (20 20; 300 400); layer = <UIWindowLayer: 0x2>>
           | <UIView: 0x3; frame = (10 20; 200 200); layer = <CALayer: 0x4>>
           |    | <UIButton: 0x5; frame = (5 6; 50 30); opaque = NO; layer = <CALayer: 0x6>>
        """).snapshot
        #expect(s.nodes.map(\.frame) == [Rect(0, 0, 300, 400), Rect(10, 20, 200, 200), Rect(15, 26, 50, 30)])
        #expect(s.nodes.map(\.system) == [.uikit, .uikit, .uikit])
    }

    @Test("A scroll view's contentOffset (and a bounds origin) is subtracted from its subviews' frames")
    func scrollOffset() throws {
        let s = try convert("""
        <UITableView; frame = (0 0; 390 700); clipsToBounds = YES; layer = <CALayer>; contentOffset: {0, -24}; contentSize: {390, 900}>
           | <UITableViewCell; frame = (0 50; 390 50); text = 'Units'; layer = <CALayer>>
           |    | <UILabel; frame = (20 0; 300 49.5); text = 'Units'; userInteractionEnabled = NO; layer = <_UILabelLayer>>
        <UIView; frame = (0 0; 10 10); bounds = {{0, 100}, {10, 10}}; layer = <CALayer>>
        """).snapshot
        #expect(s.nodes[1].frame == Rect(0, 74, 390, 50))
        #expect(s.nodes[2].frame == Rect(20, 74, 300, 49.5))
    }

    @Test("alpha, hidden, userInteractionEnabled = NO and clipsToBounds are read; labels stay interactive unless NO")
    func flags() throws {
        let s = try convert("""
        <UIView: 0x1; frame = (0 0; 100 100); layer = <CALayer: 0x2>>
          | <UILabel: 0x3; frame = (12 30; 60 8); alpha = 0; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x4>>
          | <UILabel: 0x5; frame = (12 40; 70 9); alpha = 0.5; layer = <_UILabelLayer: 0x6>>
          | <UIView: 0x7; frame = (0 0; 1 1); hidden = YES; clipsToBounds = YES; layer = <CALayer: 0x8>>
        """).snapshot
        #expect(s.nodes[1].uikit.alpha == 0 && !s.nodes[1].uikit.userInteractionEnabled)
        #expect(s.nodes[2].uikit.alpha == 0.5 && s.nodes[2].uikit.userInteractionEnabled)
        #expect(s.nodes[3].uikit.hidden && s.nodes[3].uikit.clipsToBounds)
    }

    @Test("Prefixes before the tree are ignored: comment markers, log timestamps, ivar names, controller tags")
    func prefixes() throws {
        let s = try convert("""
        2026-11-20 10:00:00.123 Flow[123:456] <Notice> // <UIWindow: 0x1; frame = (0 0; 320 568); layer = <UIWindowLayer: 0x2>>
        2026-11-20 10:00:00.123 Flow[123:456] //   | 'FlowSettingsController:0x9' <UIView: 0x3; frame = (0 0; 320 568); layer = <CALayer: 0x4>>
        2026-11-20 10:00:00.123 Flow[123:456] //   |    | _saveButton, _primary <UIButton: 0x5; frame = (30 400; 260 48); layer = <CALayer: 0x6>>-><UIImage: 0x7 size:{2, 2}> - (null)
        """).snapshot
        #expect(s.nodes.map(\.type) == ["UIWindow", "UIView", "UIButton"])
        #expect(s.nodes[2].frame == Rect(30, 400, 260, 48))
        // The same dump with its pointers purged gives the same ids: the controller tag still names the view.
        let dump = """
            <UIWindow: 0x1; frame = (0 0; 320 568); layer = <UIWindowLayer: 0x2>>
               | 'FlowSettingsController:0x9' <UIView: 0x3; frame = (0 0; 320 568); layer = <CALayer: 0x4>>
               |    | _saveButton <UIButton: 0x5; frame = (30 400; 260 48); layer = <CALayer: 0x6>>
            """
        let purged = dump.replacingOccurrences(of: #":0x[0-9a-f]+"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #": 0x[0-9a-f]+"#, with: "", options: .regularExpression)
        #expect(!purged.contains("0x"))
        let ids = try convert(dump).snapshot.nodes.map(\.id)
        #expect(try convert(purged).snapshot.nodes.map(\.id) == ids)
        #expect(ids.contains { $0.hasPrefix("FlowSettingsController") }, "\(ids)")
        // The tag is the quoted token nearest the view: a quote earlier in a log margin does not hide it.
        let margin = purged.replacingOccurrences(of: "   | 'FlowSettingsController'", with: "can't see it   | 'FlowSettingsController'")
        #expect(try convert(margin).snapshot.nodes.map(\.id) == ids)
    }

    @Test("An escaped Swift string (po of a String) is unescaped: \\n, \\'")
    func escapedString() throws {
        let s = try convert(#"""
        "<UIView: 0x1; frame = (0 0; 100 100); layer = <CALayer: 0x2>>\n   | <UILabel: 0x3; frame = (1 2; 3 4); text = \'It\'s\'; layer = <CALayer: 0x4>>\n"
        """#).snapshot
        #expect(s.nodes.count == 2)
        #expect(s.nodes[1].label == "It's")
    }

    @Test("(layer) lines are skipped; elided ... lines are skipped and stated as a limit")
    func layerAndElided() throws {
        let c = try convert("""
        <UIView: 0x1; frame = (0 0; 100 100); layer = <CALayer: 0x2>>
           | <CALayer: 0x600000ceccf0> (layer)
        ...
           | <UIView: 0x3; frame = (1 1; 2 2); layer = <CALayer: 0x4>>
        """)
        #expect(c.snapshot.nodes.count == 2)
        #expect(c.limits.contains { $0.contains("elided") })
    }

    @Test("Nested <…> values with ; inside and quoted texts with apostrophes do not split properties")
    func nestedValues() throws {
        let s = try convert("""
        <UIView: 0x1; frame = (0 0; 100 100); layer = <CALayer: 0x2>>
          | <UIImageView: 0x3; frame = (8 12; 30 30); userInteractionEnabled = NO; image = <UIImage:0x6 symbol "gear"; (24 23)@2{1}>; animations = { opacity=<CABasicAnimation: 0x9>; }; layer = <CALayer: 0x4>>
          | <UILabel; frame = (100.5 60; 70.25 21); text = 'Don't'; hidden = YES; layer = <_UILabelLayer>>
        """).snapshot
        #expect(s.nodes[1].frame == Rect(8, 12, 30, 30) && !s.nodes[1].uikit.userInteractionEnabled)
        #expect(s.nodes[2].label == "Don't" && s.nodes[2].uikit.hidden)
    }

    @Test("CRLF line ends and a byte-order mark are accepted")
    func crlfAndBOM() throws {
        let text = "\u{FEFF}<UIView; frame = (0 0; 10 10); layer = <CALayer>>\r\n   | <UIView; frame = (1 1; 2 2); layer = <CALayer>>\r\n"
        let s = try convert(text).snapshot
        #expect(s.nodes.count == 2 && s.nodes[1].frame == Rect(1, 1, 2, 2))
    }

    @Test("UIControls get a control named after their title; a hosting view is one opaque view (a limit)")
    func controlsAndHosting() throws {
        let c = try convert("""
        <UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>
           | <UIButton: 0x3; frame = (0 0; 100 30); layer = <CALayer: 0x4>>
           |    | <UIButtonLabel: 0x5; frame = (10 5; 80 20); text = 'Save'; userInteractionEnabled = NO; layer = <CALayer: 0x6>>
           | <FlowSwitch: 0x7; baseClass = UISwitch; frame = (0 40; 51 31); layer = <CALayer: 0x8>>
           | <_TtGC7SwiftUI14_UIHostingViewVS_4Text_: 0x9; frame = (0 100; 320 300); layer = <CALayer: 0xa>>
        """)
        #expect(c.snapshot.nodes[1].uikit.control == .init(action: "Save", enabled: true, kind: .button))
        #expect(c.snapshot.nodes[3].uikit.control != nil)
        #expect(c.snapshot.nodes[4].type == "UIHostingView")
        #expect(c.limits.contains { $0.contains("SwiftUI content") })
    }

    @Test("Of several trees of equal size the first is converted, with a warning that says it was a tie and names the other's line")
    func secondTree() throws {
        let c = try convert("""
        // before the change:
        // <UIWindow: 0x1; frame = (0 0; 10 10); layer = <UIWindowLayer: 0x2>>
        // after the change:
        // <UIWindow: 0x3; frame = (0 0; 20 20); layer = <UIWindowLayer: 0x4>>
        """)
        #expect(c.snapshot.nodes.count == 1 && c.snapshot.nodes[0].frame == Rect(0, 0, 10, 10))
        #expect(c.warnings.contains {
            $0.contains("2 well-formed trees tie as the largest (1 view each): converted the first in the dump, line 2")
                && $0.contains("not converted: line 4 (1 view)")
        })
    }

    @Test("An unreadable frame is an error naming its line; a view-controller hierarchy is rejected")
    func errors() {
        let e = captureError("""
        <UIView; frame = (0 0; 10 10); layer = <CALayer>>
           | <UIView; frame = (0 0; ten 10); layer = <CALayer>>
        """)
        #expect(e?.line == 2)
        let vc = captureError("""
        <UITabBarController>, state: appeared, view: <UILayoutContainerView>
           | <UINavigationController>, state: appeared, view: <UILayoutContainerView>
        """)
        #expect(vc?.message.contains("view-controller hierarchy") == true)
    }
}
