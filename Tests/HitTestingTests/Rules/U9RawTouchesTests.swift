import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/U9RawTouches.swift.
@Suite("U9 raw touches")
struct U9RawTouchesTests {
    func card(cancels: Bool) throws -> HitTester {
        try tester(uikit("card", "UIView", [0, 0, 390, 400], children: [
            uikit("order", "UITableViewCell", [0, 200, 390, 44], children: [uikit("order.title", "UILabel", [16, 210, 200, 24])],
                  ["touchAction": ["action": "openOrder"]]),
        ], ["gestureRecognizers": [["type": "tap", "action": "dismiss", "cancelsTouchesInView": .bool(cancels)]]]), radius: 0)
    }

    @Test("U9 a cancelling tap recognizer cancels the cell's selection; a non-cancelling one leaves it")
    func u9() throws {
        let cancelling = try card(cancels: true).resolve(at: Point(100, 222))
        #expect(cancelling.handler?.action == "dismiss" && cancelling.simultaneous.isEmpty)
        let keeping = try card(cancels: false).resolve(at: Point(100, 222))
        #expect(keeping.handler?.action == "dismiss" && keeping.simultaneous.map(\.action) == ["openOrder"])
        #expect(keeping.rule == "U9")
        // Both say what became of the selection (real-screens E4: "dismiss; selection cancelled").
        let cancellingCard = try card(cancels: true)
        #expect(cancelling.rule == "U9")
        #expect(cancellingCard.reason(for: cancelling).hasSuffix("order's touchAction (openOrder) is cancelled (U9)"), "\(cancellingCard.reason(for: cancelling))")
        #expect(try card(cancels: false).reason(for: keeping).contains("(openOrder) fires as well"))
        // A recognizer on a view inside the cell cancels the cell's selection around it: named too.
        let inner = try tester(uikit("order", "UITableViewCell", [0, 200, 390, 44], children: [
            uikit("thumb", "UIView", [16, 204, 36, 36], ["gestureRecognizers": [["type": "tap", "action": "zoom"]]]),
        ], ["touchAction": ["action": "openOrder"]]), radius: 0)
        let zoom = inner.resolve(at: Point(30, 220))
        #expect(zoom.handler?.action == "zoom" && zoom.rule == "U9")
        #expect(inner.reason(for: zoom).hasSuffix("order's touchAction (openOrder) is cancelled (U9)"), "\(inner.reason(for: zoom))")
    }

    @Test("U9 a SwiftUI gesture in a row's content cancels the row's selection")
    func u9SwiftUICancels() throws {
        let t = try tester(S12CellIsTargetTests.list([S12CellIsTargetTests.row("row", 100, children: [
            node("title", "Text", [36, 111, 80, 22], modifiers: [onTap("copy")]),
        ], ["rowAction": "select"])]), radius: 0)
        #expect(t.tap(60, 122).action == "copy")
        #expect(t.tap(300, 122).action == "select")
    }
}
