import HitTesting
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S7Clipping.swift, on tiny view trees.
@Suite("S7 clipping does not clip hits")
struct S7ClippingTests {
    @Test("S7 clipped changes drawing only: overflowing content still takes taps")
    func s7() throws {
        let t = try tester(node("thumb", "ZStack", [0, 0, 100, 100], modifiers: [["clipped": true], onTap("open")], children: [
            node("thumb.image", "Image", [-50, -50, 200, 200]),
        ]), radius: 0)
        #expect(t.tap(140, 140).action == "open")
        #expect(t.tap(-40, -40).action == "open")
    }
}
