import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S12CellIsTarget.swift.
@Suite("S12 the cell is the target")
struct S12CellIsTargetTests {
    static func list(_ rows: [JSONValue], _ extra: [String: JSONValue] = [:]) -> JSONValue {
        var e = extra
        e["role"] = "list"
        return node("list", "List", [0, 0, 400, 800], children: rows, e)
    }
    static func row(_ id: String, _ y: Double, children: [JSONValue], _ extra: [String: JSONValue] = [:]) -> JSONValue {
        var e = extra
        e["role"] = "row"
        return node(id, "ListRow", [16, y, 368, 44], children: children, e)
    }
    static func link(_ id: String, _ y: Double, action: String) -> JSONValue {
        node(id, "NavigationLink", [36, y, 328, 44], children: [node("\(id).title", "Text", [36, y + 11, 80, 22])], ["action": .string(action)])
    }

    @Test("S12 a NavigationLink row fires over its whole cell, insets and gaps included")
    func s12WholeCell() throws {
        let t = try tester(Self.list([Self.row("row.a", 100, children: [Self.link("a", 100, action: "openA")])]), radius: 20)
        for x in stride(from: 17.0, to: 384, by: 20) {
            #expect(t.tap(x, 122).action == "openA", "at \(x)")
        }
        #expect(t.tap(10, 122).outcome == .miss)
        #expect(t.tap(200, 150).outcome == .miss)
        #expect(t.reason(for: t.resolve(at: Point(300, 122))) == "row.a takes the tap: the cell is the target of its NavigationLink (S12)")
        // The cell is exact, so the row fires as a `hit` wherever the centre is — beside its title too, where the
        // cloud binds to the Text (which has no handler) on ring samples — and names the view that took the tap.
        for x in [20.0, 120, 125, 300] {
            #expect(t.tap(x, 122).outcome == .hit, "at \(x)")
        }
        #expect(t.tap(300, 122).node == "row.a")
    }

    @Test("S12 the cell is exact: a cloud reaching into the next cell does not fire the content there")
    func s12CellIsExact() throws {
        // Row b's borderless button sits at the top edge of its cell; a touch centred in row a just above does not reach it.
        let t = try tester(Self.list([
            Self.row("row.a", 100, children: [node("a.title", "Text", [36, 111, 80, 22])]),
            Self.row("row.b", 144, children: [node("b.go", "Button", [200, 144, 100, 20], children: [node("b.go.title", "Text", [200, 144, 100, 20])],
                                                   ["action": "go", "style": "borderless"])]),
        ]), radius: 20)
        #expect(t.tap(250, 140).outcome == .miss)
        #expect(t.tap(250, 150).action == "go")
    }

    @Test("S12 a view in front of the list keeps its touches")
    func s12InFront() throws {
        let t = try tester(node("screen", "ZStack", [0, 0, 400, 800], children: [
            Self.list([Self.row("row.a", 100, children: [Self.link("a", 100, action: "openA")])]),
            node("banner", "Color", [0, 90, 400, 30]),
        ]), radius: 0)
        #expect(t.tap(200, 110).outcome != .hit)
        #expect(t.tap(200, 130).action == "openA")
    }
}
