import Converters
import Foundation
import HitTesting
import TapModel
import TestSupport
import Testing

@Suite("tapreplay-capture bundles, ids, format detection")
struct CaptureBundleTests {
    static func bundle(_ windows: String, device: String = #"{"width":393,"height":852,"os":"iOS 18.1"}"#) -> String {
        #"{"format":"tapreplay-capture","version":1,"screen":"S","device":\#(device),"windows":\#(windows)}"#
    }

    @Test("The example capture bundle of the settings screen gives the hand-written snapshot's coverage for every target")
    func settingsExample() throws {
        let converted = try Converter.convert(try Files.repo("Traces/builds/Settings.capture.json"))
        let hand = try Snapshot(json: try Files.repo("Traces/snapshots/Settings.json"))
        #expect(converted.from == .tapreplayCapture && converted.snapshot.screen == "Settings")
        func coverage(_ s: Snapshot, radius: Double = 0) -> [String: [Double]] {
            let tester = HitTester(s, settings: HitSettings(touchRadius: radius))
            var out: [String: [Double]] = [:]
            for t in tester.coverage() {
                let f = s.nodes.first { $0.id == t.node }!.frame
                out["\(f)"] = [t.own, t.stolen, t.blocked, t.ambiguous, t.disabled, t.miss]
            }
            return out
        }
        #expect(coverage(converted.snapshot) == coverage(hand))
        #expect(coverage(hand).count == 5)
        // With a 20-pt touch the converted toggle (drawn by the debug data's own shapes) differs from the
        // hand-written one only at its corners, within a point of its frame.
        let near = coverage(converted.snapshot, radius: 20), handNear = coverage(hand, radius: 20)
        #expect(near.keys == handNear.keys)
        for (k, v) in near { #expect(zip(v, handNear[k]!).allSatisfy { abs($0 - $1) <= 0.01 }, "\(k): \(v) vs \(handNear[k]!)") }
        // The identifiers in its SwiftUI data give the targets the hand-written ids the traces expect.
        let targets = HitTester(converted.snapshot).coverage().map(\.node).sorted()
        #expect(targets == ["row.about", "row.alerts.toggle", "row.flowMeter", "row.units", "save"])
        // It reads back as a valid snapshot with its capture block.
        let reread = try Snapshot(json: converted.snapshot.encoded())
        #expect(reread.capture?.from == "tapreplay-capture")
    }

    @Test("UIKit views: window frames, flags, controls, recognizers by class (subclasses by name), hit-test overrides as limits")
    func uikitViews() throws {
        let c = try convert(Self.bundle(#"""
        [{"class":"UIWindow","frame":[0,0,393,852],"subviews":[
          {"class":"UIButton","frame":[10,10,100,44],"accessibilityIdentifier":"save","control":{"enabled":false,"actions":["save:"]}},
          {"class":"MyRowView","frame":[0,60,393,44],"alpha":0.5,"clipsToBounds":true,"overridesHitTest":true,
           "gestureRecognizers":[{"class":"FlowTapGestureRecognizer","enabled":true,"numberOfTapsRequired":2},{"class":"_UISystemGate"},{"class":"MysteryRecognizer"}]},
          {"class":"UILabel","frame":[0,0,10,10],"userInteractionEnabled":false,"hidden":true}
        ]}]
        """#))
        let s = c.snapshot
        #expect(s.node("save")?.uikit.control == .init(action: "save", enabled: false, kind: .button))
        let row = try #require(s.node("UIWindow/MyRowView"))
        #expect(row.uikit.alpha == 0.5 && row.uikit.clipsToBounds)
        #expect(row.uikit.gestureRecognizers.map(\.kind) == [.tap] && row.uikit.gestureRecognizers[0].numberOfTapsRequired == 2)
        #expect(c.warnings.contains { $0.contains("MysteryRecognizer") } && !c.warnings.contains { $0.contains("_UISystemGate") })
        #expect(c.limits.contains { $0.contains("MyRowView") && $0.contains("hitTest") })
        #expect(s.node("UIWindow/UILabel")?.uikit.hidden == true)
    }

    @Test("A hosting view's swiftUI payload is converted at the hosting view's origin; without one it is a limit")
    func hostingViews() throws {
        let payload = Raw.payload(Raw.view("VStack<TupleView>", [0, 0, 100, 50], [Raw.text("hi", [10, 10, 20, 20])]))
        let c = try convert(Self.bundle(#"""
        [{"class":"UIWindow","frame":[0,0,393,852],"subviews":[
          {"class":"_TtGC7SwiftUI14_UIHostingViewVS_4Text_","frame":[0,100,393,200],"swiftUI":\#(payload)},
          {"class":"_TtGC7SwiftUI14_UIHostingViewVS_4Text_","frame":[0,300,393,200]}
        ]}]
        """#))
        let text = try #require(c.snapshot.nodes(ofType: "Text").first)
        #expect(text.frame == Rect(10, 110, 20, 20) && text.system == .swiftui)
        #expect(c.snapshot.nodes(ofType: "UIHostingView").count == 2)
        #expect(c.limits.contains { $0.contains("without debug data") })
    }

    @Test("Several windows sit under one screen root; a subview missing a field is skipped with its JSON path and line; a bad window is an error")
    func windowsAndErrors() throws {
        let c = try convert(Self.bundle(#"[{"class":"UIWindow","frame":[0,0,393,852]},{"class":"UITextEffectsWindow","frame":[0,0,393,852]}]"#))
        #expect(c.snapshot.nodes.map(\.type) == ["UIScreen", "UIWindow", "UITextEffectsWindow"])
        let skipped = try convert(Self.bundle("""
        [{"class":"UIWindow","frame":[0,0,393,852],"subviews":[
          {"frame":[0,0,1,1]}]}]
        """))
        #expect(skipped.warnings.contains { $0.contains("line 2: windows[0].subviews[0]") && $0.contains("skipped") })
        #expect(skipped.snapshot.nodes.map(\.type) == ["UIWindow"])
        let e = captureError(Self.bundle(#"[{"frame":[0,0,1,1]}]"#))
        #expect(e?.path == "windows[0]")
        #expect(captureError(#"{"format":"tapreplay-capture","version":2,"windows":[]}"#)?.path == "version")
    }

    @Test("Ids: the accessibility identifier, else a type path with [k] among same-typed siblings; repeats get #2")
    func ids() throws {
        let s = try convert(Self.bundle(#"""
        [{"class":"UIWindow","frame":[0,0,10,10],"subviews":[
          {"class":"UITableView","frame":[0,0,10,10],"subviews":[
            {"class":"UITableViewCell","frame":[0,0,10,1]},
            {"class":"UIView","frame":[0,0,10,1]},
            {"class":"UITableViewCell","frame":[0,1,10,1],"subviews":[{"class":"UIButton","frame":[0,1,1,1]}]},
            {"class":"UITableViewCell","frame":[0,2,10,1],"accessibilityIdentifier":"cell"},
            {"class":"UITableViewCell","frame":[0,3,10,1],"accessibilityIdentifier":"cell"}
          ]}]}]
        """#)).snapshot
        #expect(s.nodes.map(\.id) == ["UIWindow", "UIWindow/UITableView", "UIWindow/UITableView/UITableViewCell", "UIWindow/UITableView/UIView",
                                      "UIWindow/UITableView/UITableViewCell[1]", "UIWindow/UITableView/UITableViewCell[1]/UIButton", "cell", "cell#2"])
    }

    @Test("The format is detected from the content; options set the screen and size; limits go into capture")
    func detection() throws {
        #expect(try convert(Self.bundle(#"[{"class":"UIWindow","frame":[0,0,1,1]}]"#)).from == .tapreplayCapture)
        #expect(try convert(Raw.payload(Raw.view("Color", [0, 0, 1, 1]))).from == .swiftuiDebug)
        #expect(try convert("<UIView; frame = (0 0; 1 1); layer = <CALayer>>").from == .recursiveDescription)
        #expect(try convert("Other, {{0.0, 0.0}, {1.0, 1.0}}").from == .xcuitest)
        #expect(try convert(#"<AppiumAUT><XCUIElementTypeApplication x="0" y="0" width="1" height="1"/></AppiumAUT>"#).from == .wdaXML)
        #expect(captureError(#"{"format":"tapreplay-snapshot","version":1}"#)?.message.contains("already a snapshot") == true)
        #expect(captureError("hello") != nil)
        let c = try convert("<UIView; frame = (0 0; 1 1); layer = <CALayer>>", options: ConversionOptions(screen: "Home", size: (393, 852)))
        #expect(c.snapshot.screen == "Home" && c.snapshot.device.width == 393 && c.snapshot.device.height == 852)
        #expect(c.snapshot.capture?.from == "recursive-description" && c.snapshot.capture?.limits == c.limits)
        // A SwiftUI fragment without positions: the root takes --size.
        let fragment = try convert(Raw.payload(Raw.view("AnyView")), options: ConversionOptions(size: (393, 852)))
        #expect(fragment.snapshot.nodes[0].frame == Rect(0, 0, 393, 852))
    }
}
