import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S15AllFire.swift.
@Suite("S15 all fire")
struct S15AllFireTests {
    func row(_ controls: [JSONValue], rowAction: String? = nil) throws -> HitTester {
        var extra: [String: JSONValue] = [:]
        if let rowAction { extra["rowAction"] = .string(rowAction) }
        return try tester(S12CellIsTargetTests.list([S12CellIsTargetTests.row("row", 100, children: [
            node("stack", "HStack", [36, 100, 328, 44], children: controls),
        ], extra)]), radius: 0)
    }
    func button(_ id: String, _ x: Double, _ extra: [String: JSONValue] = [:]) -> JSONValue {
        var e = extra
        e["action"] = .string(id)
        return node(id, extra["type"].flatMap { if case .string(let s) = $0 { return s }; return nil } ?? "Button", [x, 110, 60, 24],
                    children: [node("\(id).label", "Text", [x, 110, 60, 24])], e.filter { $0.key != "type" })
    }

    @Test("S15 every row-level Button fires, in document order, wherever the row is tapped")
    func s15All() throws {
        let t = try row([button("reply", 40), button("forward", 150), button("share", 300)])
        for x in [50.0, 200, 330, 20] {
            let r = t.resolve(at: Point(x, 122))
            #expect(r.handler?.rowActions == ["reply", "forward", "share"], "at \(x)")
        }
        #expect(t.reason(for: t.resolve(at: Point(200, 122))).hasSuffix("reply, forward, share fire together (S15)"))
    }

    @Test("S15 the row's own action comes first; a disabled control does not fire; all disabled is disabled")
    func s15Selection() throws {
        let t = try row([button("reply", 40), button("share", 300, ["modifiers": [["disabled": true]]])], rowAction: "select")
        #expect(t.resolve(at: Point(200, 122)).handler?.rowActions == ["select", "reply"])
        let off = try row([button("reply", 40, ["modifiers": [["disabled": true]]])])
        #expect(off.tap(200, 122).outcome == .disabled)
    }

    @Test("S15 a row-level Picker among other row-level controls takes the row alone")
    func s15Picker() throws {
        let t = try row([button("reply", 40), button("pick", 300, ["type": "Picker"])])
        #expect(t.resolve(at: Point(60, 122)).handler?.rowActions == ["pick"])
    }
}
