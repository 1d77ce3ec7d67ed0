import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S18Toggle.swift.
@Suite("S18 toggle")
struct S18ToggleTests {
    static func toggle(_ style: String, action: String? = nil, switchChild: Bool = true) -> JSONValue {
        var extra: [String: JSONValue] = ["style": .string(style)]
        if let action { extra["action"] = .string(action) }
        var children: [JSONValue] = [node("alerts.title", "Text", [36, 175, 60, 22])]
        if switchChild {
            children.append(uikit("alerts.switch", "UISwitch", [306, 170, 51, 31], ["role": "switch", "control": ["kind": "switch", "action": "toggleAlerts"]]))
        }
        return node("alerts", "Toggle", [36, 164, 321, 44], children: children, extra)
    }

    @Test("S18 a switch-style Toggle responds on its switch only")
    func s18Switch() throws {
        let t = try tester(Self.toggle("switch"), radius: 20)
        #expect(t.tap(60, 186).outcome == .miss)
        #expect(t.reason(for: t.resolve(at: Point(60, 186))).hasSuffix("its label does not flip it (S18)"))
        #expect(t.tap(330, 186).action == "toggleAlerts")
    }

    @Test("S18 a button-style Toggle fires over its frame")
    func s18Button() throws {
        let t = try tester(Self.toggle("button", action: "flip", switchChild: false), radius: 0)
        #expect(t.tap(200, 186).action == "flip")
    }

    @Test("S18 an action on a switch-style Toggle is an error; a switch needs a Toggle")
    func s18Errors() throws {
        #expect(throws: SnapshotError.self) { try snapshot(Self.toggle("switch", action: "flip")) }
        #expect(throws: SnapshotError.self) {
            try snapshot(node("v", "VStack", [0, 0, 100, 100], children: [uikit("s", "UISwitch", [0, 0, 51, 31], ["role": "switch"])]))
        }
    }
}
