import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/U11ScrollHitTesting.swift, U12NoAddedLatency.swift and U13ScrollSlop.swift.
@Suite("U11–U13 scroll views")
struct U11ScrollHitTestingTests {
    func list(_ extra: [String: JSONValue]) throws -> HitTester {
        try tester(S12CellIsTargetTests.list([S12CellIsTargetTests.row("row", 100, children: [S12CellIsTargetTests.link("a", 100, action: "openA")])], extra), radius: 20)
    }

    @Test("U11 delaysContentTouches and canCancelContentTouches change no tap's outcome")
    func u11() throws {
        let plain = try list([:])
        for extra in [["delaysContentTouches": false], ["canCancelContentTouches": false]] as [[String: JSONValue]] {
            let other = try list(extra)
            for x in stride(from: 0.0, to: 400, by: 25) {
                for y in stride(from: 80.0, to: 180, by: 10) {
                    #expect(other.tap(x, y) == plain.tap(x, y))
                }
            }
        }
    }

    @Test("U13 a press moving past 10 pt in a list scrolls; a control keeps tracking a late move")
    func u13() throws {
        let t = try list([:])
        let row = try #require(t.index(ofID: "a.title"))
        #expect(t.scrollContainer(taking: row, distance: 12, early: 12) == 0)
        #expect(t.scrollContainer(taking: row, distance: 8, early: 8) == nil)
        #expect(t.scrollContainer(taking: row, distance: 30, early: 2) == 0)
        let fixed = try list(["canCancelContentTouches": false])
        #expect(fixed.scrollContainer(taking: row, distance: 30, early: 2) == nil)
        #expect(fixed.scrollContainer(taking: row, distance: 30, early: 30) == 0)
        // Outside any scroll container nothing scrolls.
        let flat = try tester(node("v", "VStack", [0, 0, 400, 400], children: [node("t", "Text", [0, 0, 100, 20])]))
        #expect(flat.scrollContainer(taking: 1, distance: 50, early: 50) == nil)
    }
}
