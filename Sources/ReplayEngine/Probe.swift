import HitTesting
import TapJSON
import TapModel

/// The manual check for hollow rows, automated: single taps on every target
/// of a snapshot at fixed spots, each expecting that target to fire.
///
/// `edges` taps each target at its leading edge, centre and trailing edge on
/// its vertical middle, then at its top and bottom edge on its horizontal
/// middle, each `inset` inside the frame; `grid` taps the 3 × 3 grid of those
/// lines (rows top to bottom, leading to trailing). `human` taps each target
/// `taps` times where a person aiming at its centre would: drawn from Bi and
/// Zhai's touch model at the screen's density (`HumanTouchModel`), seeded per
/// target by `seed` and its node id. Targets come in document order; taps are
/// `spacing` apart, further than the multi-tap window (so no two form a double
/// tap) and the retry window (so misses do not read as retry bursts). The same
/// snapshot (and seed) always gives the same taps.
public struct Probe: Sendable, Equatable {
    public enum Pattern: String, Sendable, CaseIterable {
        case edges, grid, human
    }

    /// One synthesized tap.
    public struct Tap: Sendable, Equatable {
        /// The target's node id (`expect`).
        public var target: String
        /// Which spot: `leading`, `centre`, `trailing`, `top`, `bottom`; on the grid `top-leading` … `bottom-trailing`.
        public var spot: String
        public var point: Point
    }

    public var pattern: Pattern
    /// How far inside the frame the edge taps land (points) [4].
    public var inset: Double
    /// From one tap's touch-down to the next's (seconds) [2].
    public var spacing: Double
    /// How long each finger stays down (seconds) [0.05].
    public var tapDuration: Double
    /// `human`: taps per target [50], the seed [1], and the screen's mm per point (nil: from `device.model`).
    public var taps: Int
    public var seed: UInt64
    public var mmPerPoint: Double?

    public static let defaultHumanTaps = 50
    /// The human probe's seed when none is given: the same seed gives the same touches.
    public static let defaultHumanSeed: UInt64 = 1

    public init(pattern: Pattern = .edges, inset: Double = 4, spacing: Double = 2, tapDuration: Double = 0.05,
                taps: Int = Probe.defaultHumanTaps, seed: UInt64 = Probe.defaultHumanSeed, mmPerPoint: Double? = nil) {
        self.pattern = pattern; self.inset = inset; self.spacing = spacing; self.tapDuration = tapDuration
        self.taps = taps; self.seed = seed; self.mmPerPoint = mmPerPoint
    }

    /// The taps for every target of `snapshot` (views carrying a tap handler,
    /// as the engine compiles them), in document order.
    public func taps(for snapshot: Snapshot) -> [Tap] {
        taps(targets: HitTester(snapshot).targets, in: snapshot)
    }

    func taps(targets: [Int], in snapshot: Snapshot) -> [Tap] {
        if pattern == .human {
            let model = HumanTouchModel(mmPerPoint: ScreenDensity(requested: mmPerPoint, model: snapshot.device.model).mmPerPoint)
            let canvas = snapshot.canvas
            return targets.flatMap { target in
                let node = snapshot.nodes[target]
                var rng = SplitMix64(seed: SplitMix64.derivedSeed(seed, for: node.id))
                return (0..<max(taps, 0)).map { k in
                    let p = model.sample(aimingAt: node.frame, screen: canvas, using: &rng)
                    return Tap(target: node.id, spot: "human-\(k + 1)", point: Point(round(p.x), round(p.y)))
                }
            }
        }
        return targets.flatMap { target in
            spots(in: snapshot.nodes[target].frame).map { Tap(target: snapshot.nodes[target].id, spot: $0.name, point: $0.point) }
        }
    }

    /// The spots on one frame (`edges`, `grid`; `human` has none fixed). An inset larger
    /// than half a side puts that side's edge taps on the middle line.
    public func spots(in frame: Rect) -> [(name: String, point: Point)] {
        let dx = min(inset, frame.width / 2), dy = min(inset, frame.height / 2)
        let xs = [("leading", frame.minX + dx), ("centre", frame.midX), ("trailing", frame.maxX - dx)]
        let ys = [("top", frame.minY + dy), ("centre", frame.midY), ("bottom", frame.maxY - dy)]
        switch pattern {
        case .edges:
            return xs.map { ($0.0, Point(round($0.1), round(frame.midY))) }
                + [ys[0], ys[2]].map { ($0.0, Point(round(frame.midX), round($0.1))) }
        case .grid:
            return ys.flatMap { y in
                xs.map { x in
                    (y.0 == "centre" && x.0 == "centre" ? "centre" : "\(y.0)-\(x.0)", Point(round(x.1), round(y.1)))
                }
            }
        case .human:
            return []
        }
    }

    /// Six decimals: trace files carry no binary noise (0.1 + 0.2).
    private func round(_ v: Double) -> Double { JSONValue.round(v, places: 6) }

    /// The touch events of `taps`: one finger down and up per tap, without
    /// movement, `expect` on each `began`.
    public func events(_ taps: [Tap]) -> [TouchEvent] {
        var events: [TouchEvent] = []
        events.reserveCapacity(taps.count * 2)
        for (k, tap) in taps.enumerated() {
            let t = round(Double(k) * spacing)
            events.append(TouchEvent(t: t, touch: k + 1, phase: .began, x: tap.point.x, y: tap.point.y, expect: tap.target))
            events.append(TouchEvent(t: round(t + tapDuration), touch: k + 1, phase: .ended, x: tap.point.x, y: tap.point.y))
        }
        return events
    }

    /// The probe of `snapshot` as one trace: its header (`source: "probe"`,
    /// id `probe-<pattern>-<screen>-<digest>`, the digest over the taps' event
    /// lines, so the same probe imports as a no-op and a changed one as a new
    /// trace) and events.
    /// - Parameter digest: a short hex digest of the event lines (the store's content hash).
    public func trace(for snapshot: Snapshot, digest: ([UInt8]) -> String) -> (header: TraceHeader, events: [TouchEvent]) {
        let events = events(taps(for: snapshot))
        var lines: [UInt8] = []
        for e in events { lines += Array((TraceWriter.eventLine(e) + "\n").utf8) }
        let header = TraceHeader(trace: "probe-\(pattern.rawValue)-\(snapshot.screen)-\(digest(lines))", screen: snapshot.screen,
                                 deviceModel: snapshot.device.model, os: snapshot.device.os,
                                 appVersion: snapshot.app.version, appBuild: snapshot.app.build,
                                 recordedAt: snapshot.capturedAt, source: "probe")
        return (header, events)
    }

    /// The probe as trace JSON Lines (header line, then one event a line), ready for `replay import`.
    public func jsonl(for snapshot: Snapshot, digest: ([UInt8]) -> String) -> String {
        let (header, events) = trace(for: snapshot, digest: digest)
        return TraceWriter.jsonl(header, events)
    }

    /// For `replay run --probe`: one trace per target, named
    /// `probe:<pattern>:<node id>`, so a press key `(trace, press)` stays with
    /// its target when layouts move between builds. Synthesize from each
    /// snapshot the run replays (baseline and new builds alike).
    public func traceInputs(for snapshot: Snapshot) -> [TraceInput] {
        let tester = HitTester(snapshot)
        return tester.targets.map { target in
            let taps = taps(targets: [target], in: snapshot)
            return TraceInput(name: Probe.traceName(pattern: pattern, node: snapshot.nodes[target].id), events: events(taps))
        }
    }

    /// `probe:edges:row.flowMeter`.
    public static func traceName(pattern: Pattern, node: String) -> String { "probe:\(pattern.rawValue):\(node)" }

    /// Whether a trace name is one `traceInputs(for:)` made (reports label these presses as probes).
    public static func isProbeTrace(_ name: String) -> Bool { name.hasPrefix("probe:") }
}

/// A rate sampled from trials (`probe --pattern human`: touches that fired their
/// target out of those aimed at it), with its 95 % interval.
public struct SampledRate: Sendable, Equatable {
    public var trials: Int
    public var successes: Int

    public init(trials: Int, successes: Int) { self.trials = trials; self.successes = successes }

    public var rate: Double { trials > 0 ? Double(successes) / Double(trials) : 0 }

    /// The Wilson score interval at `z` [1.96: 95 %]: unlike rate ± z·√(p(1−p)/n) it stays within
    /// 0…1 and is not empty at 0 or n successes.
    public func interval(z: Double = 1.959964) -> (low: Double, high: Double) {
        guard trials > 0 else { return (0, 1) }
        let n = Double(trials), p = rate, z2 = z * z
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot() / (1 + z2 / n)
        return (max(0, centre - half), min(1, centre + half))
    }

    /// Whether `p` lies within the 95 % interval.
    public func admits(_ p: Double) -> Bool {
        let i = interval()
        return p >= i.low - 1e-12 && p <= i.high + 1e-12
    }
}
