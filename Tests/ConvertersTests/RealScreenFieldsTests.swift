import Converters
import Foundation
import HitTesting
import TapModel
import TestSupport
import Testing

/// What a capture fills of the real-screens fields (docs/capture.md, "Lists, rows and styles"):
/// SwiftUI's own Lists and Forms as lists of rows, a Button's resolved style, recognizers'
/// `cancelsTouchesInView` and scroll views' touch delays.
@Suite("Capture and convert fill the real-screens fields")
struct RealScreenFieldsTests {
    /// A SwiftUI view node of a debug-data payload: type, position and size in the hosting view.
    static func view(_ type: String, _ readable: String, _ frame: [Double], children: [String] = [], flags: Int = 1) -> String {
        #"{"properties":[{"id":0,"attribute":{"type":"\#(type)","readableType":"\#(readable)","flags":\#(flags)}},"#
            + #"{"id":3,"attribute":{"value":[\#(frame[0]),\#(frame[1])]}},{"id":4,"attribute":{"value":[\#(frame[2]),\#(frame[3])]}}],"#
            + #""children":[\#(children.joined(separator: ","))]}"#
    }

    /// A settings row as SwiftUI hosts it in a list cell: a Button around HStack { Text, Spacer, chevron },
    /// its resolved style body named `style` (none when nil). Children of a view are listed last-first.
    static func rowPayload(style: String?) -> String {
        let text = view("SwiftUI.Text", "Text", [20, 11, 90, 22])
        let spacer = view("SwiftUI.Spacer", "Spacer", [110, 0, 213, 44])
        let chevron = view("SwiftUI.Image", "Image", [331, 15, 10, 14])
        let stack = view("SwiftUI.HStack<…>", "HStack<TupleView<(Text, Spacer, Image)>>", [20, 0, 321, 44], children: [chevron, spacer, text])
        let body = style.map { view("SwiftUI.VStack<SwiftUI.ResolvedButtonStyleBody<\($0)>>", "VStack<ResolvedButtonStyleBody<\($0.split(separator: ".").last!)>>",
                                    [20, 0, 321, 44], children: [stack]) } ?? stack
        return "[" + view("SwiftUI.Button<…>", "Button<HStack<TupleView<(Text, Spacer, Image)>>>", [20, 0, 321, 44], children: [body]) + "]"
    }

    /// A window with a SwiftUI Form: its collection view (a private SwiftUI class, as NSStringFromClass
    /// names it) holding one cell whose hosting view carries `payload`.
    static func form(_ payload: String, extra: String = "") -> String {
        CaptureBundleTests.bundle(#"""
        [{"class":"UIWindow","frame":[0,0,393,852],"subviews":[
          {"class":"_TtGC7SwiftUI14_UIHostingViewVS_7AnyView_","frame":[0,0,393,852],"subviews":[
            {"class":"_TtC7SwiftUIP33_8825E9EF2A6D9FB4F0E0F4D5C8A2B3C830UpdateCoalescingCollectionView","frame":[0,0,393,852],
             "scroll":{"delaysContentTouches":true,"canCancelContentTouches":true},"subviews":[
              {"class":"SwiftUI.ListCollectionViewCell","frame":[16,120,361,44],"subviews":[
                {"class":"_TtGC7SwiftUI15CellHostingViewGVS_15ModifiedContent__","frame":[16,120,361,44],"swiftUI":\#(payload)}
              ]}\#(extra)
            ]}
          ]}
        ]}]
        """#)
    }

    @Test("A SwiftUI Form's collection view is a list and its cells rows: a style-less Button's row is the target in its Spacer gap (S12)")
    func swiftUIListRows() throws {
        let c = try convert(Self.form(Self.rowPayload(style: nil)))
        let s = c.snapshot
        #expect(s.nodes.filter { $0.role == .list }.map(\.type) == ["UpdateCoalescingCollectionView"])
        #expect(s.nodes.filter { $0.role == .row }.map(\.type) == ["ListCollectionViewCell"])
        // Default touch delays are not written.
        #expect(s.nodes.allSatisfy { $0.delaysContentTouches == nil && $0.canCancelContentTouches == nil })
        let tester = HitTester(s, settings: HitSettings(touchRadius: 0))
        let gap = tester.resolve(at: Point(250, 142))
        #expect(gap.outcome == .hit && gap.rule == "S12")
        // Outside the cell (the section inset) nothing fires.
        #expect(tester.resolve(at: Point(8, 142)).outcome == .miss)
        // It reads back as a valid snapshot (a row inside a list).
        _ = try Snapshot(json: s.encoded())
    }

    @Test("A Button's resolved style body names its style: plain keeps the Spacer gap dead in a row; an app's own style is custom")
    func resolvedButtonStyles() throws {
        func style(_ body: String?) throws -> String? {
            try convert(Self.form(Self.rowPayload(style: body))).snapshot.nodes(ofType: "Button").first?.style
        }
        #expect(try style("SwiftUI.PlainButtonStyle") == "plain")
        #expect(try style("SwiftUI.BorderlessButtonStyleBase") == "borderless")
        #expect(try style("SwiftUI.BorderedButtonStyle_Phone") == "bordered")
        #expect(try style("SwiftUI.BorderedProminentButtonStyle") == "borderedProminent")
        #expect(try style("SwiftUI.DefaultListButtonStyle") == "automatic")
        #expect(try style("Flow.PillButtonStyle") == "custom")
        #expect(try style("SwiftUI._UnheardOfButtonStyle") == nil)
        #expect(try style(nil) == nil)
        // A plain Button is no row-level control (S13): the gap is dead, the label fires.
        let plain = HitTester(try convert(Self.form(Self.rowPayload(style: "SwiftUI.PlainButtonStyle"))).snapshot,
                              settings: HitSettings(touchRadius: 0))
        #expect(plain.resolve(at: Point(250, 142)).outcome == .miss)
        #expect(plain.resolve(at: Point(50, 142)).outcome == .hit)
    }

    @Test("A cell outside a SwiftUI list is no row; UIKit's own cells stay selectable cells, not rows")
    func rowsNeedAList() throws {
        let c = try convert(CaptureBundleTests.bundle(#"""
        [{"class":"UIWindow","frame":[0,0,393,852],"subviews":[
          {"class":"SwiftUI.ListCollectionViewCell","frame":[0,0,393,44]},
          {"class":"UITableView","frame":[0,100,393,400],"subviews":[{"class":"UITableViewCell","frame":[0,100,393,44]}]}
        ]}]
        """#))
        #expect(c.snapshot.nodes.allSatisfy { $0.role == nil })
        #expect(c.snapshot.nodes(ofType: "UITableViewCell").first?.uikit.touchAction != nil)
        _ = try Snapshot(json: c.snapshot.encoded())
    }

    @Test("Recognizers keep cancelsTouchesInView; a scroll view's touch delays are kept where they differ from UIKit's defaults")
    func recognizersAndScrollViews() throws {
        let c = try convert(CaptureBundleTests.bundle(#"""
        [{"class":"UIWindow","frame":[0,0,393,852],"subviews":[
          {"class":"UIScrollView","frame":[0,0,393,852],"scroll":{"delaysContentTouches":false,"canCancelContentTouches":true},
           "gestureRecognizers":[{"class":"UITapGestureRecognizer","cancelsTouchesInView":false}]}
        ]}]
        """#))
        let scroll = try #require(c.snapshot.nodes(ofType: "UIScrollView").first)
        #expect(scroll.delaysContentTouches == false && scroll.canCancelContentTouches == nil)
        #expect(scroll.uikit.gestureRecognizers.first?.cancelsTouchesInView == false)
        #expect(try Snapshot(json: c.snapshot.encoded()).nodes(ofType: "UIScrollView").first?.delaysContentTouches == false)
    }

    @Test("recursiveDescription of a SwiftUI Form: UpdateCoalescingCollectionView is a list, its ListCollectionViewCells rows")
    func recursiveDescriptionRows() throws {
        let c = try Converter.convert(try Files.fixture("swiftui-hosted.recursive.txt"))
        #expect(c.snapshot.nodes.filter { $0.role == .list }.map(\.type) == ["UpdateCoalescingCollectionView"])
        let rows = c.snapshot.nodes.filter { $0.role == .row }
        #expect(rows.count == 2 && rows.allSatisfy { $0.type == "ListCollectionViewCell" && $0.uikit.touchAction == nil })
        _ = try Snapshot(json: c.snapshot.encoded())
    }
}
