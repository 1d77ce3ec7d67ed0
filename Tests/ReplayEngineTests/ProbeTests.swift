import HitTesting
import ReplayEngine
import TapModel
import Testing
import TestSupport

/// A stand-in for the store's content hash (FNV-1a, hex): the probe only needs a digest of its taps.
private func fnv(_ bytes: [UInt8]) -> String {
    var h: UInt32 = 2_166_136_261
    for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
    return String(h, radix: 16)
}

@Suite("Probe")
struct ProbeTests {
    @Test("edges: leading, centre, trailing on the vertical middle, then top and bottom on the horizontal middle, 4 pt inside")
    func edges() {
        let spots = Probe().spots(in: Rect(0, 100, 393, 44))
        #expect(spots.map(\.name) == ["leading", "centre", "trailing", "top", "bottom"])
        #expect(spots.map(\.point) == [Point(4, 122), Point(196.5, 122), Point(389, 122), Point(196.5, 104), Point(196.5, 140)])
        // An inset beyond half a side lands on the middle line.
        #expect(Probe(inset: 30).spots(in: Rect(0, 0, 40, 40)).allSatisfy { $0.point == Point(20, 20) })
    }

    @Test("grid: the 3 × 3 grid of the same lines, rows top to bottom")
    func grid() {
        let spots = Probe(pattern: .grid, inset: 2).spots(in: Rect(0, 0, 100, 20))
        #expect(spots.count == 9)
        #expect(spots.map(\.name) == ["top-leading", "top-centre", "top-trailing", "centre-leading", "centre", "centre-trailing",
                                      "bottom-leading", "bottom-centre", "bottom-trailing"])
        #expect(spots[0].point == Point(2, 2) && spots[4].point == Point(50, 10) && spots[8].point == Point(98, 18))
    }

    @Test("The trace: targets in document order, single taps expecting their target, spaced beyond the multi-tap window, deterministic")
    func trace() throws {
        let snap = try Examples.snapshot("Traces/snapshots/Settings.json")
        let probe = Probe()
        let (header, events) = probe.trace(for: snap, digest: fnv)
        #expect(header.source == "probe" && header.screen == "Settings" && header.trace.hasPrefix("probe-edges-Settings-"))
        let targets = HitTester(snap).targets.map { snap.nodes[$0].id }
        let expects = events.compactMap(\.expect)
        #expect(expects.count == targets.count * 5)
        #expect(stride(from: 0, to: expects.count, by: 5).map { expects[$0] } == targets)
        let presses = Press.presses(from: events)
        #expect(presses.count == targets.count * 5)
        for (a, b) in zip(presses, presses.dropFirst()) {
            #expect(b.endTime - a.endTime > ReplaySettings().multiTapWindow && b.startTime - a.startTime > ReplaySettings().retryWindow)
        }
        #expect(probe.jsonl(for: snap, digest: fnv) == probe.jsonl(for: snap, digest: fnv))
        #expect(Probe(pattern: .grid).trace(for: snap, digest: fnv).header.trace != header.trace)
    }

    @Test("The JSONL reads back with the trace reader: header with source probe, every event valid")
    func readsBack() throws {
        let text = Probe().jsonl(for: try Examples.snapshot("Traces/snapshots/Checkout.json"), digest: fnv)
        var reader = JSONLTraceReader()
        var events: [TouchEvent] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (i, line) in lines.enumerated() where !line.isEmpty {
            let bytes = Array(line.utf8)
            if let e = try bytes.withUnsafeBufferPointer({ try reader.read(line: $0, number: i + 1) }) { events.append(e) }
        }
        try reader.finish(lastLine: lines.count)
        #expect(reader.header?.source == "probe" && reader.header?.screen == "Checkout")
        #expect(events == Probe().trace(for: try Examples.snapshot("Traces/snapshots/Checkout.json"), digest: fnv).events)
    }

    @Test("Replayed against the hollow build, the leading and centre probes of every row miss (the gap between its leaves); on the good build every probe fires its target")
    func findsHollowRows() throws {
        let snap = try Examples.snapshot("Traces/builds/Settings.no-content-shape.json")
        let results = Replayer(tester: HitTester(snap)).replay(trace: "probe", events: Probe().trace(for: snap, digest: fnv).events)
        for row in Examples.rows {
            let mine = results.filter { $0.expect == row }
            #expect(mine.count == 5)
            for press in mine[0...1] {
                #expect(press.met == false && press.outcome == .miss, "\(row): \(press.reason)")
            }
            // The centre lies in the gap; the leading edge is 12 pt from the icon, which covers too little of a 20-pt touch.
            #expect(mine[1].reason.contains("gap between its leaves"), "\(row): \(mine[1].reason)")
            #expect(mine[0].reason.contains("of the 8 it needed") || mine[0].reason.contains("gap between its leaves"), "\(row): \(mine[0].reason)")
        }
        let good = try Examples.snapshot("Traces/snapshots/Settings.json")
        let fine = Replayer(tester: HitTester(good)).replay(trace: "probe", events: Probe().trace(for: good, digest: fnv).events)
        #expect(fine.allSatisfy { $0.met == true }, "\(fine.filter { $0.met != true }.map { "\($0.expect ?? "") at \($0.at): \($0.reason)" })")
    }

    @Test("For run --probe: one trace per target named probe:<pattern>:<node>, so keys follow the node when layouts move")
    func traceInputs() throws {
        let snap = try Examples.snapshot("Traces/snapshots/Settings.json")
        let inputs = Probe().traceInputs(for: snap)
        #expect(inputs.map(\.name) == HitTester(snap).targets.map { "probe:edges:\(snap.nodes[$0].id)" })
        #expect(inputs.allSatisfy { Probe.isProbeTrace($0.name) && $0.events.count == 10 })
        #expect(inputs.allSatisfy { input in input.events.allSatisfy { $0.expect == nil || "probe:edges:\($0.expect!)" == input.name } })
    }
}
