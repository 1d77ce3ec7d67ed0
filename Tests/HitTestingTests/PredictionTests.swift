import Foundation
import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Human: the human touch model, the density table, and the
/// predicted first-try success through the engine.
@Suite("People miss: predicted first-try success")
struct PredictionTests {
    /// One square target with a tap gesture, alone in the middle of a 1000 × 1000 pt screen.
    func isolated(side: Double, radius: Double, mmPerPoint: Double = 0.166) throws -> (HitTester, Int) {
        let root = node("screen", "ZStack", [0, 0, 1000, 1000], children: [
            node("button", "Color", [500 - side / 2, 500 - side / 2, side, side], modifiers: [onTap("go")]),
        ])
        let doc: JSONValue = ["format": "tapreplay-snapshot", "version": 1, "screen": "Test",
                              "device": ["width": 1000, "height": 1000], "root": root]
        let t = HitTester(try Snapshot(json: doc.serialized(.compact)), settings: HitSettings(touchRadius: radius, mmPerPoint: mmPerPoint))
        return (t, try #require(t.index(ofID: "button")))
    }

    @Test("An isolated, fully live square under exact binding on a 0.166 mm/pt screen fails 22.7 % at 24 pt, 8.9 % at 32 pt, 1.9 % at 44 pt")
    func isolatedSquare() throws {
        for (side, expected, tolerance) in [(24.0, 0.227, 0.005), (32, 0.089, 0.005), (44, 0.019, 0.003)] {
            let (t, i) = try isolated(side: side, radius: 0)
            let p = t.prediction(of: i)
            #expect(abs(p.failure - expected) <= tolerance, "\(side) pt: predicted failure \(p.failure)")
            // Everything that fails lands beyond its edges: its size is the cause.
            #expect(abs(p.miss - p.failure) < 1e-12 && p.missInside == 0 && p.mainCause?.kind == .size)
            // The quadrature is exact for a target whose edges are cell boundaries: it matches the closed form.
            #expect(abs(p.failure - t.humanModel.isolatedExactFailure(width: side, height: side)) < 1e-9)
        }
    }

    @Test("The default 20 pt touch rescues near misses of an isolated target (the cloud binds to it from outside)")
    func bindingRescues() throws {
        let (exact, i) = try isolated(side: 24, radius: 0)
        let (cloud, j) = try isolated(side: 24, radius: 20)
        #expect(cloud.prediction(of: j).failure < exact.prediction(of: i).failure / 2)
    }

    @Test("The quadrature converges: on the example screens the default grid is within 1 point of one three times finer")
    func converges() throws {
        for file in ["Traces/builds/Settings.no-content-shape.json", "Traces/snapshots/Checkout.json"] {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(file)
            let t = HitTester(try Snapshot(json: try Data(contentsOf: url)))
            let fine = t.predictions(cells: 72, refine: 4)
            for (p, q) in zip(t.predictions(), fine) {
                #expect(abs(p.success - q.success) < 0.01, "\(file) \(p.node): \(p.success) against \(q.success)")
            }
        }
    }

    @Test("Weights sum to 1; a target at the screen's edge keeps the touches the bezel stops")
    func axis() {
        let m = HumanTouchModel(mmPerPoint: 0.16)
        let a = m.axis(start: 100, length: 24, sigma: 8, screen: nil)
        #expect(abs(a.reduce(0) { $0 + $1.weight } - 1) < 1e-12)
        #expect(a.count <= HumanTouchModel.cellsPerAxis + 4 && a.first?.isTail == true && a.last?.isTail == true)
        // Cells of equal probability inside ±3σ: narrow at the aimed point, wide towards the tails.
        let inner = a.filter { !$0.isTail }
        #expect(inner.map { $0.hi - $0.lo }.min()! < inner.map { $0.hi - $0.lo }.max()! / 3)
        #expect(a.contains { $0.lo == 100 } && a.contains { $0.hi == 124 })  // the target's edges are boundaries
        // A cell split in pieces keeps its weight.
        let cell = inner[inner.count / 2]
        #expect(abs(m.split(cell, into: 4, centre: 112, sigma: 8).reduce(0) { $0 + $1.weight } - cell.weight) < 1e-15)
        let edge = m.axis(start: 0, length: 24, sigma: 8, screen: (0, 393))
        #expect(abs(edge.reduce(0) { $0 + $1.weight } - 1) < 1e-12 && edge.allSatisfy { $0.at >= 0 })
    }

    @Test("Density from device.model (identifier or name), --mm-per-point first, 0.16 when unknown")
    func density() {
        let pro = ScreenDensity(requested: nil, model: "iPhone16,1")
        #expect(abs(pro.mmPerPoint - 0.1657) < 0.0005 && pro.because.contains("iPhone 15 Pro"))
        #expect(abs(ScreenDensity(requested: nil, model: "iphone 15 pro").mmPerPoint - pro.mmPerPoint) < 1e-12)
        #expect(abs(ScreenDensity(requested: nil, model: "iPhone12,8").mmPerPoint - 0.1558) < 0.0005)
        #expect(ScreenDensity(requested: nil, model: "iPad13,1").mmPerPoint == 0.16)
        #expect(ScreenDensity(requested: nil, model: nil).mmPerPoint == 0.16)
        #expect(ScreenDensity(requested: 0.2, model: "iPhone16,1").mmPerPoint == 0.2)
    }

    @Test("The seeded generator gives the same numbers every time, and draws match the model's spread")
    func sampling() {
        var a = SplitMix64(seed: 42), b = SplitMix64(seed: 42)
        #expect((0..<5).map { _ in a.next() } == (0..<5).map { _ in b.next() })
        var rng = SplitMix64(seed: SplitMix64.derivedSeed(1, for: "row"))
        let m = HumanTouchModel(mmPerPoint: 0.16)
        let frame = Rect(100, 100, 40, 40)
        let xs: [Double] = (0..<4000).map { _ in m.sample(aimingAt: frame, screen: nil, using: &rng).x }
        let mean: Double = xs.reduce(0, +) / 4000
        let variance: Double = xs.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 4000
        let sigma = m.sigma(of: frame).x
        #expect(abs(mean - 120) < 0.6 && abs(variance.squareRoot() - sigma) / sigma < 0.05)
    }
}
