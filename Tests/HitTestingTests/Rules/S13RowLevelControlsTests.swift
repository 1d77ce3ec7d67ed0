import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S13RowLevelControls.swift.
@Suite("S13 row-level controls")
struct S13RowLevelControlsTests {
    func row(_ control: JSONValue) throws -> HitTester {
        try tester(S12CellIsTargetTests.list([S12CellIsTargetTests.row("row", 100, children: [control])]), radius: 20)
    }
    func button(_ type: String, _ extra: [String: JSONValue]) -> JSONValue {
        var e = extra
        e["action"] = "act"
        return node("c", type, [36, 100, 328, 44], children: [node("c.title", "Text", [36, 111, 80, 22])], e)
    }

    @Test("S13 automatic and style-less Buttons, NavigationLinks, Links and ShareLinks are row-level", arguments: ["Button", "NavigationLink", "Link", "ShareLink"])
    func s13RowLevel(_ type: String) throws {
        #expect(try row(button(type, [:])).tap(300, 122).action == "act")
        #expect(try row(button(type, ["style": "automatic"])).tap(300, 122).action == "act")
        #expect(try row(button(type, ["style": "plain"])).tap(300, 122).outcome == .miss)
    }

    @Test("S13 Pickers: automatic and navigationLink are row-level, menu is not")
    func s13Pickers() throws {
        #expect(try row(button("Picker", ["style": "navigationLink"])).tap(300, 122).action == "act")
        // A menu Picker responds on its own frame (S17), not over the cell's inset.
        let menu = try row(button("Picker", ["style": "menu"]))
        #expect(menu.tap(300, 122).action == "act")
        #expect(menu.tap(20, 122).outcome == .miss)
    }

    @Test("S13 hidden unregisters a row-level control; opacity 0 does not; disabled gives disabled")
    func s13Registration() throws {
        #expect(try row(button("NavigationLink", [:]).adding(modifiers: [["hidden": true]])).tap(300, 122).outcome == .miss)
        #expect(try row(button("NavigationLink", [:]).adding(modifiers: [["opacity": 0]])).tap(300, 122).action == "act")
        #expect(try row(button("NavigationLink", [:]).adding(modifiers: [["disabled": true]])).tap(300, 122).outcome == .disabled)
    }

    @Test("S13 a row is one target; its row-level controls are none")
    func s13Targets() throws {
        let t = try row(button("Button", [:]))
        #expect(t.targets.map { t.snapshot.nodes[$0].id } == ["row"])
        let c = t.coverage(ofID: "row")
        #expect(c.own > 0.99)
    }
}

extension JSONValue {
    /// The node with `modifiers` appended.
    func adding(modifiers: [JSONValue]) -> JSONValue {
        guard case .object(var pairs) = self else { return self }
        if let i = pairs.firstIndex(where: { $0.key == "modifiers" }), case .array(let existing) = pairs[i].value {
            pairs[i] = .init("modifiers", .array(existing + modifiers))
        } else {
            pairs.append(.init("modifiers", .array(modifiers)))
        }
        return .object(pairs)
    }
}
