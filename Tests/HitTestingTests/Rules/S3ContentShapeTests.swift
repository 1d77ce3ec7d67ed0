import HitTesting
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S3ContentShape.swift, on tiny view trees.
@Suite("S3 content shape")
struct S3ContentShapeTests {
    @Test("S3 contentShape widens the region to the whole row")
    func s3Widen() throws {
        let t = try tester(node("row", "HStack", [0, 0, 300, 44], modifiers: [rectangleShape, onTap("open")], children: [
            node("row.title", "Text", [16, 10, 80, 24]),
        ]), radius: 0)
        #expect(t.tap(200, 20) == Tapped(outcome: .hit, node: "row", handler: "row", action: "open"))
        #expect(t.coverage(ofID: "row").own == 1)
    }

    @Test("S3 contentShape scaled 0.7 narrows the region about the centre")
    func s3Scaled() throws {
        let t = try tester(node("pad", "ZStack", [0, 0, 100, 100],
                                modifiers: [["contentShape": ["shape": "rectangle", "scale": [0.7, 0.7]]], onTap("press")],
                                children: [node("pad.fill", "Color", [0, 0, 100, 100])]), radius: 0)
        #expect(t.tap(50, 50).action == "press")
        #expect(t.tap(10, 10).outcome == .miss)  // the fill is there, but outside the shape the view takes nothing
        #expect(t.tap(16, 16).action == "press")
        let c = t.coverage(ofID: "pad")
        #expect(abs(c.own - 0.49) < 1e-9)
        #expect(abs(c.miss - 0.51) < 1e-9)
    }

    @Test("S3 contentShape offset (40, 40) moves the region, even outside the frame")
    func s3Offset() throws {
        let t = try tester(node("pad", "ZStack", [0, 0, 100, 100],
                                modifiers: [["contentShape": ["shape": "rectangle", "offset": [40, 40]]], onTap("press")],
                                children: [node("pad.fill", "Color", [0, 0, 100, 100])]), radius: 0)
        #expect(t.tap(20, 20).outcome == .miss)
        #expect(t.tap(120, 120).action == "press")
        #expect(abs(t.coverage(ofID: "pad").own - 0.36) < 1e-9)
    }

    @Test("S3 preview, hover, focus and accessibility shapes do not change hit testing")
    func s3PreviewKindsIgnored() throws {
        for kind in ["dragPreview", "contextMenuPreview", "hoverEffect", "focusEffect", "accessibility"] {
            let t = try tester(node("row", "HStack", [0, 0, 300, 44],
                                    modifiers: [["contentShape": ["shape": "rectangle", "kind": .string(kind)]], onTap("open")],
                                    children: [node("row.title", "Text", [16, 10, 80, 24])]), radius: 0)
            #expect(t.tap(200, 20).outcome == .miss, "kind \(kind)")
            #expect(t.tap(20, 20).action == "open", "kind \(kind)")
        }
    }

    @Test("S3 a circle contentShape covers π/4 of its square frame")
    func s3CircleCoverage() throws {
        let t = try tester(node("knob", "ZStack", [0, 0, 100, 100],
                                modifiers: [["contentShape": ["shape": "circle"]], onTap("turn")],
                                children: [node("knob.fill", "Color", [0, 0, 100, 100])]), radius: 0)
        let c = t.coverage(ofID: "knob")
        #expect(abs(c.own - Double.pi / 4) < 0.002)
        #expect(abs(c.own + c.miss - 1) < 1e-9)
    }
}
