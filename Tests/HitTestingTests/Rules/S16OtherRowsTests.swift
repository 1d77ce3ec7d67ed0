import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S16OtherRows.swift.
@Suite("S16 other rows")
struct S16OtherRowsTests {
    @Test("S16 a row without row-level actions responds only where its content does; headers never")
    func s16() throws {
        let t = try tester(S12CellIsTargetTests.list([
            node("hdr", "Text", [36, 70, 80, 18], ["role": "header"]),
            S12CellIsTargetTests.row("row", 100, children: [
                node("label", "LabeledContent", [36, 100, 328, 44], modifiers: [onTap("openRow")], children: [
                    node("label.title", "Text", [36, 111, 80, 22]), node("label.value", "Text", [300, 111, 64, 22]),
                ]),
            ]),
        ]), radius: 20)
        #expect(t.tap(200, 122).outcome == .miss)
        #expect(t.tap(60, 122).action == "openRow")
        #expect(t.tap(60, 79).outcome == .miss)
        #expect(t.targets.map { t.snapshot.nodes[$0].id } == ["label"])
    }
}
