import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/U8GesturesByKind.swift.
@Suite("U8 gestures by kind")
struct U8GesturesByKindTests {
    @Test("U8 a tap fires nothing of a slider; a slider is no tap target")
    func u8Slider() throws {
        let t = try tester(uikit("window", "UIWindow", [0, 0, 400, 400], children: [
            uikit("volume", "UISlider", [20, 150, 350, 30], ["control": ["kind": "slider", "action": "setVolume"]]),
        ]), radius: 0)
        #expect(t.tap(100, 165).outcome == .miss)
        #expect(t.targets.isEmpty)
        let h = try #require(t.handlers[1].first)
        #expect(!h.isTapLike && h.gesture.kindName == "drag")
    }
}
