import Converters
import Foundation
import TapJSON
import TapModel
import TestSupport
import Testing

/// Hostile input (issue 26): integers that do not fit, XML that crashed FoundationXML.
@Suite("Hostile input: checked integers, XML that cannot crash")
struct HostileInputTests {
    @Test("The checked integer accessor: whole numbers within the range pass; fractions, negatives for counts and numbers beyond Int are errors with path and line")
    func checkedInteger() throws {
        let r = try JSONReader(parsing: Array("{\"a\": [3, 1.5, -2, 1e300, 500, -9.3e18]}".utf8))
        let items = try r.array(r.document.member("a", of: r.root)!)
        #expect(try r.integer(items[0], in: 1...100) == 3)
        #expect(try r.count(items[0]) == 3)
        func problem(_ i: Int, _ range: ClosedRange<Int>) -> JSONReadError? {
            do { _ = try r.integer(items[i], in: range); return nil } catch { return error }
        }
        #expect(problem(1, 0...Int.max)?.message == "expected a whole number from 0 up, found 1.5")
        #expect(problem(2, 0...Int.max)?.message == "must not be negative, found -2")
        #expect(problem(3, Int.min...Int.max)?.message == "1e+300 is beyond the range of a whole number")
        #expect(problem(4, 1...100)?.message == "expected a whole number from 1 to 100, found 500")
        #expect(problem(5, Int.min...Int.max)?.message == "-9.3e+18 is beyond the range of a whole number")
        #expect(problem(1, 0...Int.max)?.path == "a[1]" && problem(1, 0...Int.max)?.line == 1)
        #expect(JSONReader.integerProblem(.nan) != nil && JSONReader.integerProblem(.infinity) != nil)
    }

    static func swiftUI(flags: String = "1", value: String? = nil) -> String {
        let v = value.map { #",{"id":1,"attribute":\#($0)}"# } ?? ""
        return #"[{"properties":[{"id":0,"attribute":{"type":"SwiftUI.X","readableType":"TapGestureModifier","flags":\#(flags)}}\#(v)],"children":[]}]"#
    }

    /// An `AddGestureModifier` whose gesture value holds a `count` (a tap gesture's, not `TapGestureModifier`'s).
    static func gesturePayload(_ gesture: String, _ own: String, count: String) -> String {
        let g = gesture == own ? Raw.attr("gesture", own, [Raw.attr("count", "Int", value: count)])
            : Raw.attr("gesture", gesture, [Raw.attr("content", own, [Raw.attr("count", "Int", value: count)])])
        return Raw.payload(Raw.modifier("AddGestureModifier<\(gesture), DefaultGestureCombiner>", value: Raw.attr("", "M", [g]),
                                        [Raw.view("Color", [0, 0, 10, 10])]))
    }

    @Test("SwiftUI debug data: flags, TapGestureModifier and tap gesture counts, kind bits and masks that are no whole number stop the conversion with line and JSON path (they trapped before)", arguments: [
        (swiftUI(flags: "1e300"), "flags"),
        (swiftUI(flags: "2", value: #"{"type":"T","readableType":"T","flags":0,"subattributes":[{"name":"count","readableType":"Int","flags":0,"value":1e300}]}"#), "count"),
        (swiftUI(flags: "2", value: #"{"type":"T","readableType":"T","flags":0,"subattributes":[{"name":"count","readableType":"Int","flags":0,"value":-3}]}"#), "count"),
        (Raw.payload(Raw.modifier("AddGestureModifier<TapGesture, DefaultGestureCombiner>", value: Raw.attr("", "M", [Raw.attr("gestureMask", "GestureMask", [Raw.attr("rawValue", "UInt32", value: "1.5")])]), [Raw.view("Color", [0, 0, 10, 10])])), "rawValue"),
        (Raw.payload(Raw.modifier("_ContentShapeKindModifier<Rectangle>", value: Raw.attr("", "M", [Raw.attr("kind", "ContentShapeKinds", [Raw.attr("rawValue", "Int", value: "9e99")])]), [Raw.view("Color", [0, 0, 10, 10])])), "rawValue"),
        (gesturePayload("_EndedGesture<TapGesture>", "TapGesture", count: "1e300"), "count"),
        (gesturePayload("SpatialTapGesture", "SpatialTapGesture", count: "-1"), "count"),
    ])
    func swiftUIIntegers(payload: String, name: String) throws {
        let e = try #require(captureError(payload, .swiftuiDebug))
        #expect(e.line == 1 && e.path.hasPrefix("[0].") && e.message.hasPrefix("\(name): "))
        #expect(e.message.contains("whole number") || e.message.contains("negative"))
    }

    @Test("A capture bundle's tap count that is no whole number stops the conversion with its line and path, even in a subview")
    func bundleIntegers() throws {
        let bundle = #"""
        {"format":"tapreplay-capture","version":1,"screen":"S","windows":[
          {"class":"UIWindow","frame":[0,0,10,10],"subviews":[
            {"class":"UIView","frame":[0,0,10,10],"gestureRecognizers":[{"class":"UITapGestureRecognizer","numberOfTapsRequired":1e300}]}]}]}
        """#
        let e = try #require(captureError(bundle))
        #expect(e.line == 3 && e.path == "windows[0].subviews[0].gestureRecognizers[0].numberOfTapsRequired")
        let version = try #require(captureError(#"{"format":"tapreplay-capture","version":1e300,"windows":[]}"#))
        #expect(version.path == "version")
    }

    @Test("WebDriverAgent XML: a processing instruction without data (which crashed FoundationXML) is skipped; DTDs and entities are refused")
    func xmlThatCrashed() throws {
        for xml in ["<?pi?><AppiumAUT><XCUIElementTypeButton x=\"0\" y=\"0\" width=\"10\" height=\"10\"/></AppiumAUT>",
                    "<AppiumAUT><XCUIElementTypeButton x=\"0\" y=\"0\" width=\"10\" height=\"10\"><?pi?></XCUIElementTypeButton></AppiumAUT>",
                    "<?xml-stylesheet?><XCUIElementTypeButton x=\"0\" y=\"0\" width=\"10\" height=\"10\"/>"] {
            #expect(try convert(xml, .wdaXML).snapshot.nodes.count == 1)
        }
        let laughs = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
        <AppiumAUT><XCUIElementTypeButton label="&lol2;" x="0" y="0" width="1" height="1"/></AppiumAUT>
        """
        let e = try #require(captureError(laughs, .wdaXML))
        #expect(e.line == 2 && e.message.contains("DOCTYPE"))
        #expect(captureError(#"<AppiumAUT><XCUIElementTypeButton label="&foo;"/></AppiumAUT>"#, .wdaXML)?.message.contains("unknown entity") == true)
    }
}
