import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S20SwitchFirst.swift.
@Suite("S20 switch first")
struct S20SwitchFirstTests {
    @Test("S20 a switch under a SwiftUI tap gesture fires alone; a UISwitch of unknown kind too")
    func s20() throws {
        for control in [["kind": "switch", "action": "toggle"], ["action": "toggle"]] as [JSONValue] {
            let t = try tester(node("row", "HStack", [0, 0, 393, 44], modifiers: [rectangleShape, onTap("open")], children: [
                node("title", "Text", [16, 11, 80, 22]),
                uikit("switch", "UISwitch", [326, 6, 51, 31], ["control": control]),
            ]), radius: 0)
            #expect(t.tap(340, 20).action == "toggle")
            #expect(t.resolve(at: Point(340, 20)).simultaneous.isEmpty)
            #expect(t.tap(200, 20).action == "open")
        }
    }
}
