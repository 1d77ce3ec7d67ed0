import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S21Glass.swift.
@Suite("S21 glass")
struct S21GlassTests {
    @Test("S21 glass written as a background leaf outside a plain Button's label fires nothing")
    func s21() throws {
        let t = try tester(node("chip", "ZStack", [20, 100, 120, 44], children: [
            node("chip.glass", "Capsule", [20, 100, 120, 44]),
            node("chip.button", "Button", [50, 111, 60, 22], children: [node("chip.title", "Text", [50, 111, 60, 22])],
                 ["action": "filter", "style": "plain"]),
        ]), radius: 0)
        #expect(t.tap(30, 122).outcome == .miss)
        #expect(t.tap(80, 122).action == "filter")
    }
}
