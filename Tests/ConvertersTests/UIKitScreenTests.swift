import Converters
import Foundation
import HitTesting
import TapModel
import Testing

/// Real UIKit screens: cells that select, ids that survive rebuilds (issue 19, item 6).
@Suite("UIKit screens: cells and stable ids")
struct UIKitScreenTests {
    static func bundle(_ windows: String) -> String {
        #"{"format":"tapreplay-capture","version":1,"screen":"S","device":{"width":390,"height":844,"os":"iOS 18.1"},"windows":\#(windows)}"#
    }

    /// A settings table: its cells listed in subview order, not row order (cells are reused).
    static let table = """
    <UIWindow: 0x1; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x2>>
       | 'SettingsViewController:0x3' <UIView: 0x4; frame = (0 0; 390 844); layer = <CALayer: 0x5>>
       |    | <UITableView: 0x6; frame = (0 0; 390 844); clipsToBounds = YES; layer = <CALayer: 0x7>; contentOffset: {0, 0}; contentSize: {390, 200}>
       |    |    | <UITableViewCell: 0x8; frame = (0 144; 390 44); text = 'About'; layer = <CALayer: 0x9>>
       |    |    |    | <UITableViewCellContentView: 0xa; frame = (0 0; 390 43.5); layer = <CALayer: 0xb>>
       |    |    |    |    | <UISwitch: 0xc; frame = (320 6; 51 31); layer = <CALayer: 0xd>>
       |    |    | <UITableViewCell: 0xe; frame = (0 100; 390 44); text = 'Units'; layer = <CALayer: 0xf>>
       |    |    |    | <UITableViewCellContentView: 0x10; frame = (0 0; 390 43.5); layer = <CALayer: 0x11>>
    """

    @Test("Table and collection view cells are selectable targets: a tap selects, a control inside takes its own taps (a stated limit)")
    func cellsSelect() throws {
        let c = try convert(Self.table)
        let tester = HitTester(c.snapshot)
        let units = try #require(c.snapshot.nodes.first { $0.label == "Units" })
        let r = tester.resolve(at: Point(100, 120))
        #expect(r.outcome == .hit && r.handler?.node == tester.index(ofID: units.id) && r.handler?.action == "select Units")
        // The switch in the About cell is hit, not the cell's selection.
        let onSwitch = tester.resolve(at: Point(340, 165))
        #expect(c.snapshot.nodes[onSwitch.handler!.node].type == "UISwitch")
        #expect(c.limits.contains { $0.contains("assumed selectable") })
        // SwiftUI's own list cells are not: their rows act through their Buttons.
        let swiftUI = try convert("""
        <UICollectionView: 0x1; frame = (0 0; 390 844); layer = <CALayer: 0x2>>
           | <SwiftUI.ListCollectionViewCell: 0x3; frame = (0 0; 390 44); layer = <CALayer: 0x4>>
        """)
        #expect(swiftUI.snapshot.nodes[1].uikit.gestureRecognizers.isEmpty && swiftUI.snapshot.nodes[1].uikit.touchAction == nil)
    }

    @Test("Cells are numbered top to bottom, whatever their subview order; the view controller anchors the path")
    func cellIds() throws {
        let s = try convert(Self.table).snapshot
        #expect(s.nodes[1].id == "SettingsViewController")
        let units = try #require(s.nodes.first { $0.label == "Units" })
        let about = try #require(s.nodes.first { $0.label == "About" })
        #expect(units.id == "SettingsViewController/UITableView/UITableViewCell")
        #expect(about.id == "SettingsViewController/UITableView/UITableViewCell[1]")
    }

    @Test("Ids prefer accessibility identifiers, then the owning view controller and a path of class names: a view added elsewhere renames nothing")
    func stableIds() throws {
        func ids(_ extra: String) throws -> [String: String] {
            let c = try convert(Self.bundle(#"""
            [{"class":"UIWindow","frame":[0,0,390,844],"subviews":[
              {"class":"UILayoutContainerView","frame":[0,0,390,844],"subviews":[
                \#(extra)
                {"class":"UIView","frame":[0,0,390,844],"viewController":"Flow.SettingsViewController","subviews":[
                  {"class":"UITableView","frame":[0,0,390,844],"subviews":[
                    {"class":"UITableViewCell","frame":[0,100,390,44],"subviews":[{"class":"UILabel","frame":[16,0,100,44],"accessibilityLabel":"Units"}]},
                    {"class":"UITableViewCell","frame":[0,144,390,44],"accessibilityIdentifier":"row.about"}
                  ]}
                ]}
              ]}
            ]}]
            """#))
            var out: [String: String] = [:]
            for n in c.snapshot.nodes { out[n.label ?? n.id] = n.id }
            return out
        }
        let before = try ids("")
        #expect(before["Units"] == "SettingsViewController/UITableView/UITableViewCell/UILabel")
        #expect(before["row.about"] == "row.about")
        // A banner view added before the controller's view (elsewhere in the window) renames nothing under it.
        let after = try ids(#"{"class":"UIView","frame":[0,0,390,40]},"#)
        #expect(after["Units"] == before["Units"] && after["row.about"] == "row.about")
    }

    @Test("A bundle's viewController names the view; cells of a bundle's table select")
    func bundleViewController() throws {
        let c = try convert(Self.bundle(#"""
        [{"class":"UIWindow","frame":[0,0,390,844],"subviews":[
          {"class":"UIView","frame":[0,0,390,844],"viewController":"_TtC4Flow14MetersListView","subviews":[
            {"class":"UICollectionView","frame":[0,0,390,844],"subviews":[
              {"class":"Flow.MeterCell","frame":[0,50,390,60],"subviews":[{"class":"UILabel","frame":[0,0,100,20],"accessibilityLabel":"Kitchen"}]},
              {"class":"UIButton","frame":[0,200,390,60],"control":{"enabled":true,"actions":["add:"]}}
            ]}
          ]}
        ]}]
        """#))
        let s = c.snapshot
        #expect(s.nodes[1].id == "MetersListView")
        let cell = try #require(s.node("MetersListView/UICollectionView/Flow.MeterCell"))
        #expect(cell.uikit.touchAction == UIKitProperties.TouchAction(action: "select Kitchen") && cell.uikit.gestureRecognizers.isEmpty)
        #expect(s.node("MetersListView/UICollectionView/UIButton")?.uikit.touchAction == nil)
        #expect(s.node("MetersListView/UICollectionView/UIButton")?.uikit.control?.kind == .button)
        #expect(captureError(Self.bundle(#"[{"class":"UIWindow","frame":[0,0,1,1],"viewController":7}]"#))?.path == "windows[0].viewController")
    }
}
