import Converters
import Foundation
import HitTesting
import TapModel
import Testing

@Suite("Accessibility trees: containers are not superviews")
struct AccessibilityContainerTests {
    @Test("xcuitest: an element outside its accessibility parent still takes taps (no U2 from a container)")
    func containerDoesNotCutOff() throws {
        let dump = """
            Element subtree:
             →Application, 0x1, pid: 42, label: 'App'
                Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                  Other, 0x3, {{0.0, 100.0}, {200.0, 50.0}}
                    Button, 0x4, {{150.0, 100.0}, {100.0, 50.0}}, identifier: 'buy', label: 'Buy'
            """
        let converted = try Converter.convert(Data(dump.utf8))
        let tester = HitTester(converted.snapshot)
        let r = tester.resolve(at: Point(230, 125))
        #expect(r.outcome == .hit)
        #expect(r.handler.map { converted.snapshot.nodes[$0.node].id } == "buy")
        // The container is hollow: it takes no tap of its own.
        #expect(tester.resolve(at: Point(20, 125)).outcome == .miss)
    }

    @Test("wda-xml: visible=false is each element's own state (off screen), never hidden: what it holds answers for itself")
    func invisibleContainer() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" label="App" enabled="true" visible="true" x="0" y="0" width="390" height="844">
              <XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="false" x="0" y="100" width="390" height="50">
                <XCUIElementTypeButton type="XCUIElementTypeButton" name="go" label="Go" enabled="true" visible="true" x="10" y="100" width="100" height="50"/>
                <XCUIElementTypeButton type="XCUIElementTypeButton" name="gone" label="Gone" enabled="true" visible="false" x="200" y="100" width="100" height="50"/>
              </XCUIElementTypeOther>
            </XCUIElementTypeApplication>
            """
        let converted = try Converter.convert(Data(xml.utf8))
        let s = converted.snapshot
        #expect(s.nodes.allSatisfy { !$0.uikit.hidden && !$0.modifiers.contains(.hidden(true)) })
        // The visible button fires; the one not visible is no target, and a tap there fires nothing.
        #expect(HitTester(s).resolve(at: Point(50, 125)).outcome == .hit)
        #expect(s.node("gone")?.uikit.control == nil && HitTester(s).resolve(at: Point(250, 125)).outcome == .miss)
        #expect(converted.warnings.contains { $0.contains("Button 'Gone'") && $0.contains("off screen") && $0.contains("not hidden") })
    }

    @Test("An element that cannot be mapped is skipped with a warning naming it (recursiveDescription, xcuitest, Appium)")
    func skippedElementsAreNamed() throws {
        let rd = """
            <UIWindow: 0x1; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x2>>
               | <UIButton: 0x3; layer = <CALayer: 0x4>>
               | <UIButton: 0x5; frame = (10 10; 100 44); layer = <CALayer: 0x6>>
            """
        let a = try Converter.convert(Data(rd.utf8), format: .recursiveDescription)
        #expect(a.warnings.contains { $0.contains("line 2: UIButton has no frame: skipped") })
        let xc = """
            Element subtree:
             →Application, 0x1, pid: 42, label: 'App'
                Other, 0xb, {{abc}}, label: 'weird'
                Button, 0x4, {{10.0, 10.0}, {100.0, 50.0}}, label: 'Buy'
            """
        let b = try Converter.convert(Data(xc.utf8), format: .xcuitest)
        #expect(b.warnings.contains { $0.contains("line 3: unreadable element") })
        // A stray character before an element, and a frame that cannot be read: named too, never silently lost or made up.
        let stray = """
            Element subtree:
             →Application, 0x1, pid: 42, label: 'App'
              [  Button, 0x7, {{2.0, 770.0}, {75.0, 48.0}}, label: 'News'
                Other, 0x8, ={203.5, 71.8}, {20.0, 20.0}}, label: 'garbled'
                  Button, 0x4, {{10.0, 10.0}, {100.0, 50.0}}, label: 'Buy'
            """
        let s = try Converter.convert(Data(stray.utf8), format: .xcuitest)
        #expect(s.warnings.contains { $0.contains("line 3: unreadable element") }, "\(s.warnings)")
        #expect(s.warnings.contains { $0.contains("line 4: unreadable frame of Other") }, "\(s.warnings)")
        // A label that holds braces is no frame.
        let template = """
            Element subtree:
             →Application, 0x1, pid: 42, label: 'App'
                StaticText, 0x9, label: '{{count}} items'
                Button, 0x4, {{10.0, 10.0}, {100.0, 50.0}}, label: 'Buy'
            """
        let t = try Converter.convert(Data(template.utf8), format: .xcuitest)
        #expect(!t.warnings.contains { $0.contains("unreadable frame") }, "\(t.warnings)")
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" x="0" y="0" width="390" height="844">
              <XCUIElementTypeButton type="XCUIElementTypeButton" label="NoFrame" enabled="true"/>
            </XCUIElementTypeApplication>
            """
        let c = try Converter.convert(Data(xml.utf8), format: .wdaXML)
        #expect(c.warnings.contains { $0.contains("has no frame") })
    }

    @Test("A capture bundle with one unreadable subview keeps the rest, with a warning naming it")
    func bundleSkipsBadSubview() throws {
        let bundle = """
            {"format":"tapreplay-capture","version":1,"screen":"S","device":{"width":390,"height":844},
             "windows":[{"class":"UIWindow","frame":[0,0,390,844],"subviews":[
               {"class":"UIView","frame":[0,0,"bad",44]},
               {"class":"UIButton","frame":[10,100,100,44],"accessibilityIdentifier":"ok","control":{"enabled":true,"actions":["tap:"]}}]}]}
            """
        let c = try Converter.convert(Data(bundle.utf8), format: .tapreplayCapture)
        #expect(c.warnings.contains { $0.contains("windows[0].subviews[0]") && $0.contains("skipped") })
        #expect(c.snapshot.nodes.contains { $0.id == "ok" })
    }
}
