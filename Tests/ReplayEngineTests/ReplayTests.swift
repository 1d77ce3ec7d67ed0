import HitTesting
@testable import ReplayEngine

import TapJSON
import TapModel
import Testing
import TestSupport

@Suite("Replay: results, expectations, responsiveness")
struct ReplayTests {
    /// The settings row without contentShape: only its leaves respond.
    let deadRow: JSONValue = ["id": "row.flowMeter", "type": "LabeledContent", "frame": [0, 100, 393, 44],
                              "modifiers": [onTap("openFlowMeter")],
                              "children": [["id": "row.flowMeter.title", "type": "Text", "frame": [48, 111, 78, 22]],
                                           ["id": "row.flowMeter.chevron", "type": "Image", "frame": [367, 115, 10, 14]]]]

    @Test("A retry burst on a dead settings row: three dead taps, then the chevron")
    func retryBurst() throws {
        var t = Touches()
        t.press(300, 118, at: 0, expect: "row.flowMeter")
        t.press(303, 121, at: 0.45)
        t.press(340, 122, at: 0.9)
        t.press(370, 122, at: 1.35)
        t.press(100, 400, at: 5)  // far away and later: not part of it
        let tester = HitTester(try snapshot(deadRow))
        let replayer = Replayer(tester: tester)
        let results = replayer.replay(trace: "t", events: t.events)
        #expect(results.map(\.fired) == [false, false, false, true, false])
        let bursts = Responsiveness.bursts(results, settings: ReplaySettings())
        #expect(bursts == [RetryBurst(trace: "t", presses: [0, 1, 2, 3], at: Point(300, 118), resolved: true, target: "row.flowMeter")])
        // First try failed even though the row fired in the end.
        var stats = SuiteStats()
        stats.add(trace: results)
        let r = stats.responsiveness["row.flowMeter"]!
        #expect(r.expectedTries == 1 && r.firstTryMet == 0 && r.firings == 1)
    }

    @Test("Buffers kept from trace to trace (texts written once) give every press the result and reason a fresh replay gives")
    func keptBuffers() throws {
        // Presses over the whole regressed example screen, at two radii: hits, misses in hollow rows, shortfalls, blocks.
        for path in ["Traces/builds/Settings.no-content-shape.json", "Traces/snapshots/Settings.json"] {
            let tester = HitTester(try Examples.snapshot(path))
            let replayer = Replayer(tester: tester)
            var scratch = HitScratch()
            for (k, y) in stride(from: 60.0, through: 830, by: 11.5).enumerated() {
                var t = Touches()
                for (i, x) in stride(from: 2.0, through: 390, by: 7.25).enumerated() {
                    t.press(x, y, at: Double(i) * 0.5)
                }
                let presses = Press.presses(from: t.events)
                let kept = replayer.replay(trace: "t\(k)", presses: presses, scratch: &scratch)
                #expect(kept == replayer.replay(trace: "t\(k)", presses: presses))
                for p in presses {
                    #expect(tester.reason(for: tester.resolve(at: p.start, radius: p.radius), scratch: &scratch)
                            == tester.reason(for: tester.resolve(at: p.start, radius: p.radius)))
                }
            }
        }
    }

    @Test("An unmet expect: the press fires something else, or nothing")
    func unmetExpect() throws {
        let root: JSONValue = ["id": "list", "type": "VStack", "frame": [0, 0, 393, 300], "children": [
            ["id": "a", "type": "Color", "frame": [0, 0, 393, 44], "modifiers": [onTap("openA")]],
            ["id": "b", "type": "Color", "frame": [0, 44, 393, 44], "modifiers": [onTap("openB")],
             "children": [["id": "b.title", "type": "Text", "frame": [16, 55, 80, 22]]]],
        ]]
        var t = Touches()
        t.press(100, 20, at: 0, expect: "b")        // fires a
        t.press(100, 200, at: 2, expect: "b")       // fires nothing
        t.press(100, 60, at: 4, expect: "b")        // met
        t.press(30, 60, at: 6, expect: "b.title")   // a label without a handler: met by its row
        t.press(100, 20, at: 8, expect: "ghost")    // no such node
        let r = try replay(root, t)
        #expect(r.map(\.met) == [false, false, true, true, false])
        #expect(r[0].node == "a" && r[1].outcome == .miss)
    }

    @Test("A blocked press names what it was meant for")
    func blocked() throws {
        let root: JSONValue = ["id": "z", "type": "ZStack", "frame": [0, 0, 200, 100], "children": [
            tile([onTap("open")]), ["id": "badge", "type": "Circle", "frame": [150, 0, 40, 40]],
        ]]
        var t = Touches()
        t.press(170, 20, at: 0, expect: "tile")
        let r = try replay(root, t)
        #expect(r[0].outcome == .blocked && r[0].node == "tile" && r[0].hitView == "badge" && r[0].met == false)
        #expect(r[0].reason == "badge intercepts the tap meant for tile")
    }

    @Test("An expanded press fires through the tolerance disk and arbitrates at the chosen spot")
    func expanded() throws {
        var t = Touches()
        t.press(130, 122, at: 0)
        let r = try replay(deadRow, t)
        #expect(r[0].outcome == .expanded && r[0].action == "openFlowMeter")
        #expect(try replay(deadRow, t, radius: 0)[0].outcome == .miss)
    }

    @Test("p50/p95 latency per action, nearest rank")
    func percentiles() {
        #expect(Responsiveness.percentile([1, 2, 3, 4], 50) == 2)
        #expect(Responsiveness.percentile([1, 2, 3, 4], 95) == 4)
        #expect(Responsiveness.percentile(Array(1...100).map(Double.init), 95) == 95)
    }

    @Test("A suite replays traces in parallel with a deterministic order")
    func suiteOrder() throws {
        let tester = HitTester(try snapshot(tile([onTap("open")])))
        var traces: [TraceInput] = []
        for k in (0..<20).reversed() {
            var t = Touches()
            for i in 0..<5 { t.press(10 + Double(i), 10, at: Double(i)) }
            traces.append(TraceInput(name: "trace-\(k)", events: t.events))
        }
        let a = Replayer(tester: tester).replayTraces(traces).flatMap { $0 }
        let b = Replayer(tester: tester).replayTraces(traces.shuffled()).flatMap { $0 }
        #expect(a == b)
        #expect(a.first?.trace == "trace-0" && a.count == 100)
        var stats = SuiteStats()
        for k in 0..<20 { stats.add(trace: Array(a[(k * 5)..<(k * 5 + 5)])) }
        #expect(stats.latencies == [ActionLatency(node: "tile", action: "open", count: 100, p50Ms: 0, p95Ms: 0)])
        #expect(stats.presses == 100 && stats.fired == 100)
    }
}

@Suite("Replay of list rows")
struct ListRowReplayTests {
    @Test("S12 replayed: a press beside a row's title fires the row as a hit (the cell is exact), as `hit` says")
    func rowIsHit() throws {
        let root: JSONValue = ["id": "list", "type": "List", "role": "list", "frame": [0, 0, 400, 800], "children": [
            ["id": "row.a", "type": "ListRow", "role": "row", "frame": [16, 100, 368, 44], "children": [
                ["id": "a", "type": "NavigationLink", "action": "openA", "frame": [36, 100, 328, 44], "children": [
                    ["id": "a.title", "type": "Text", "frame": [36, 111, 80, 22]]]]]]]]
        var t = Touches()
        t.press(120, 122, at: 0)   // 4 pt right of the title: the cloud binds to the Text on ring samples
        t.press(300, 122, at: 2)
        let r = try replay(root, t, radius: 20)
        #expect(r.map(\.outcome) == [.hit, .hit] && r.map(\.action) == ["openA", "openA"], "\(r.map(\.reason))")
        #expect(!r[0].reason.contains("landed"), "\(r[0].reason)")
        let tester = HitTester(try snapshot(root), settings: HitSettings(touchRadius: 20))
        #expect(tester.resolve(at: Point(120, 122)).outcome == r[0].outcome)
    }
}

@Suite("Replay of UIKit controls by kind")
struct ControlKindReplayTests {
    @Test("U8 replayed: a tap on a slider fires the card's recognizer, not the slider (as hit says); a 10 pt drag of it fires the slider")
    func sliderTapIsNoDrag() throws {
        let root: JSONValue = ["id": "card", "type": "UIView", "system": "uikit", "frame": [0, 0, 390, 400],
                               "gestureRecognizers": [["type": "tap", "action": "dismiss"]], "children": [
            ["id": "volume", "type": "UISlider", "frame": [20, 150, 350, 30], "control": ["kind": "slider", "action": "setVolume"]]]]
        var t = Touches()
        t.press(100, 165, at: 0)                                         // a tap
        t.press(100, 165, at: 2, duration: 0.3, moves: [(0.1, 105, 165)])   // 5 pt: still a tap of it
        t.press(100, 165, at: 4, duration: 0.3, moves: [(0.1, 110, 165), (0.2, 130, 165)])  // a drag
        let r = try replay(root, t)
        #expect(r.map(\.action) == ["dismiss", "dismiss", "setVolume"], "\(r.map(\.reason))")
        let tester = HitTester(try snapshot(root), settings: HitSettings(touchRadius: 10))
        #expect(tester.resolve(at: Point(100, 165)).handler?.action == r[0].action)
    }
}
