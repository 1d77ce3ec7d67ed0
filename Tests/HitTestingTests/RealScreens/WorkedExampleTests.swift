import HitTesting
import TapJSON
import TapModel
import Testing

/// The five worked examples of docs/snapshot.md ("Real screens: worked examples"), each a test named
/// after it, resolved as written there (profile ios18, 20-pt touch).
@Suite("Real screens: the worked examples")
struct WorkedExampleTests {
    func tester(_ root: String, radius: Double = 20) throws -> HitTester {
        let json = #"{"format":"tapreplay-snapshot","version":1,"screen":"Settings","device":{"os":"iOS 18.1"},"root":"# + root + "}"
        return HitTester(try Snapshot(json: json), settings: HitSettings(touchRadius: radius))
    }

    func tap(_ t: HitTester, _ x: Double, _ y: Double) -> (TouchResult.Outcome, String?) {
        let r = t.resolve(at: Point(x, y))
        return (r.outcome, r.handler?.action)
    }

    static func e1(style: String, stackModifiers: String = "") -> String {
        #"{"id":"form","type":"Form","role":"list","frame":[0,0,393,852],"children":["#
            + #"{"id":"hdr","type":"Text","role":"header","frame":[36,96,70,18]},"#
            + #"{"id":"row.app","type":"ListRow","role":"row","frame":[16,120,361,44],"children":["#
            + #"{"id":"app","type":"Button","style":""# + style + #"","action":"openAppearance","frame":[36,120,321,44],"children":["#
            + #"{"id":"app.stack","type":"HStack","frame":[36,120,321,44]"# + stackModifiers + #","children":["#
            + #"{"id":"app.icon","type":"Image","frame":[36,131,22,22]},"#
            + #"{"id":"app.title","type":"Text","frame":[66,131,100,22]},"#
            + #"{"id":"app.chevron","type":"Image","frame":[349,135,8,14]}]}]}]}]}"#
    }

    @Test("E1 a settings Form with plain buttons: the gap is dead; automatic style makes the cell the target")
    func e1() throws {
        let plain = try tester(Self.e1(style: "plain"))
        #expect(tap(plain, 100, 142) == (.hit, "openAppearance"))
        #expect(tap(plain, 250, 142) == (.miss, nil))
        let automatic = try tester(Self.e1(style: "automatic"))
        #expect(tap(automatic, 250, 142) == (.hit, "openAppearance"))
        #expect(tap(automatic, 20, 160) == (.hit, "openAppearance"))
        #expect(tap(automatic, 8, 142) == (.miss, nil))
        #expect(tap(automatic, 60, 105) == (.miss, nil))
        #expect(automatic.resolve(at: Point(250, 142)).rule == "S12")
        #expect(automatic.reason(for: automatic.resolve(at: Point(250, 142))) == "row.app takes the tap: the cell is the target of its Button (S12)")
        // The fix that shipped: plain style, contentShape on the stack.
        let fixed = try tester(Self.e1(style: "plain", stackModifiers: #","modifiers":[{"contentShape":{"shape":"rectangle"}}]"#))
        #expect(tap(fixed, 250, 142) == (.hit, "openAppearance"))
        #expect(tap(fixed, 18, 142) == (.miss, nil))
    }

    static func e2(shareStyle: String = "") -> String {
        let style = shareStyle.isEmpty ? "" : #""style":""# + shareStyle + #"","#
        return #"{"id":"list","type":"List","role":"list","frame":[0,0,393,852],"children":["#
            + #"{"id":"row.msg","type":"ListRow","role":"row","frame":[16,240,361,60],"children":["#
            + #"{"id":"msg","type":"HStack","frame":[36,258,321,24],"children":["#
            + #"{"id":"reply","type":"Button","action":"reply","frame":[36,258,60,24],"children":[{"id":"reply.label","type":"Text","frame":[36,258,60,24]}]},"#
            + #"{"id":"share","type":"Button","# + style + #""action":"share","frame":[297,258,60,24],"children":[{"id":"share.label","type":"Text","frame":[297,258,60,24]}]}]}]}]}"#
    }

    @Test("E2 two style-less Buttons in a row both fire; a borderless one fires alone")
    func e2() throws {
        let both = try tester(Self.e2())
        #expect(tap(both, 60, 270) == (.hit, "reply, share"))
        #expect(tap(both, 200, 270) == (.hit, "reply, share"))
        let r = both.resolve(at: Point(60, 270))
        #expect(r.handler?.rowActions == ["reply", "share"] && r.rule == "S15")
        let borderless = try tester(Self.e2(shareStyle: "borderless"))
        #expect(tap(borderless, 320, 270) == (.hit, "share"))
        #expect(tap(borderless, 200, 270) == (.hit, "reply"))
    }

    static func e3(toggleModifiers: String = "") -> String {
        #"{"id":"form","type":"Form","role":"list","frame":[0,0,393,852],"children":["#
            + #"{"id":"row.alerts","type":"ListRow","role":"row","frame":[16,164,361,44],"children":["#
            + #"{"id":"alerts","type":"Toggle","style":"switch","frame":[36,164,321,44]"# + toggleModifiers + #","children":["#
            + #"{"id":"alerts.title","type":"Text","frame":[36,175,60,22]},"#
            + #"{"id":"alerts.switch","type":"UISwitch","system":"uikit","role":"switch","frame":[306,170,51,31],"control":{"kind":"switch","action":"toggleAlerts"}}]}]}]}"#
    }

    @Test("E3 a Toggle row: the label does not flip it; a tap gesture on the Toggle leaves the switch its taps")
    func e3() throws {
        let toggle = try tester(Self.e3())
        #expect(tap(toggle, 60, 186) == (.miss, nil))
        #expect(toggle.resolve(at: Point(60, 186)).rule == "S18")
        #expect(tap(toggle, 330, 186) == (.hit, "toggleAlerts"))
        let tapped = try tester(Self.e3(toggleModifiers: #","modifiers":[{"contentShape":{"shape":"rectangle"}},{"onTapGesture":{"action":"openDevice"}}]"#))
        #expect(tap(tapped, 60, 186) == (.hit, "openDevice"))
        #expect(tap(tapped, 330, 186) == (.hit, "toggleAlerts"))
        let r = tapped.resolve(at: Point(330, 186))
        #expect(r.simultaneous.isEmpty && r.rule == "S20")
    }

    static func e4(cancels: Bool) -> String {
        let flag = cancels ? "" : #","cancelsTouchesInView":false"#
        return #"{"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,390,844],"children":["#
            + #"{"id":"card","type":"UIView","frame":[0,0,390,400],"gestureRecognizers":[{"type":"tap","action":"dismiss""# + flag + #"}],"children":["#
            + #"{"id":"segments","type":"UISegmentedControl","frame":[20,20,350,32],"control":{"kind":"segmented","action":"pick"}},"#
            + #"{"id":"rating","type":"RatingControl","frame":[20,80,200,40],"control":{"kind":"custom","action":"rate"}},"#
            + #"{"id":"volume","type":"UISlider","frame":[20,150,350,30],"control":{"kind":"slider","action":"setVolume"}},"#
            + #"{"id":"order","type":"UITableViewCell","frame":[0,200,390,44],"touchAction":{"action":"openOrder"}}]}]}"#
    }

    /// The action that fires and the ones that fire with it, in order.
    func fired(_ t: HitTester, _ x: Double, _ y: Double) -> [String] {
        let r = t.resolve(at: Point(x, y))
        return (r.handler.map { [$0.action ?? "?"] } ?? []) + r.simultaneous.map { $0.action ?? "?" }
    }

    @Test("E4 a UIKit card: shielded, custom and slider controls and a cell's selection under a tap recognizer")
    func e4() throws {
        let card = try tester(Self.e4(cancels: true), radius: 0)
        #expect(fired(card, 100, 36) == ["pick"])
        #expect(fired(card, 100, 100) == ["dismiss"])
        #expect(fired(card, 100, 165) == ["dismiss"])
        #expect(fired(card, 100, 222) == ["dismiss"])
        #expect(card.resolve(at: Point(100, 100)).rule == "U7")
        let keeps = try tester(Self.e4(cancels: false), radius: 0)
        #expect(fired(keeps, 100, 36) == ["pick"])
        #expect(fired(keeps, 100, 100) == ["dismiss", "rate"])
        #expect(fired(keeps, 100, 165) == ["dismiss"])
        #expect(fired(keeps, 100, 222) == ["dismiss", "openOrder"])
        #expect(keeps.resolve(at: Point(100, 222)).rule == "U9")
    }

    @Test("E5 a popup over a segmented picker: the popup's tap gesture takes the segment's taps")
    func e5() throws {
        let popup = try tester(#"{"id":"popup","type":"VStack","frame":[0,0,393,400],"modifiers":[{"contentShape":{"shape":"rectangle"}},{"onTapGesture":{"action":"closePopup"}}],"children":[{"id":"picker","type":"UISegmentedControl","system":"uikit","frame":[20,20,350,32],"control":{"kind":"segmented","action":"pick"}}]}"#)
        #expect(tap(popup, 100, 36) == (.hit, "closePopup"))
        #expect(popup.resolve(at: Point(100, 36)).rule == "S19")
    }
}
