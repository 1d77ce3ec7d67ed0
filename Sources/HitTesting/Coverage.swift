import Dispatch
import TapJSON
import TapModel

/// Dead-zone coverage of one target: the fraction of its frame, sampled at
/// cell centres, where a tap fires it (`own`), fires another target
/// (`stolen`), or ends `blocked`, `ambiguous`, `disabled` or in a `miss`.
public struct TargetCoverage: Sendable, Equatable {
    public var node: String
    public var action: String?
    public var samples: Int
    public var own: Double
    public var stolen: Double
    public var blocked: Double
    public var ambiguous: Double
    public var disabled: Double
    public var miss: Double
    /// The target that takes most of the `stolen` samples (nil when nothing is stolen).
    public var stolenBy: String?
    /// Predicted first-try success (the human touch model), when asked for.
    public var predicted: TargetPrediction?

    public init(node: String, action: String?, samples: Int, own: Double, stolen: Double, blocked: Double,
                ambiguous: Double, disabled: Double, miss: Double, stolenBy: String? = nil) {
        self.node = node; self.action = action; self.samples = samples
        self.own = own; self.stolen = stolen; self.blocked = blocked
        self.ambiguous = ambiguous; self.disabled = disabled; self.miss = miss; self.stolenBy = stolenBy
    }

    /// The six fractions by name, in the order the spec lists them.
    public var fractions: [(name: String, value: Double)] {
        [("own", own), ("stolen", stolen), ("blocked", blocked), ("ambiguous", ambiguous), ("disabled", disabled), ("miss", miss)]
    }
}

/// How one sample of a target's frame turned out.
public enum SampleKind: String, Sendable, CaseIterable {
    case own, stolen, blocked, ambiguous, disabled, miss

    /// Its position in `allCases`.
    var index: Int {
        switch self {
        case .own: return 0
        case .stolen: return 1
        case .blocked: return 2
        case .ambiguous: return 3
        case .disabled: return 4
        case .miss: return 5
        }
    }

    public init(_ result: TouchResult, target: Int) {
        switch result.outcome {
        // A target that fires alongside the winner (a simultaneous gesture, a raw-touch handler a
        // recognizer does not cancel: U9) fires: its own sample, not a stolen one.
        case .hit, .expanded:
            self = result.handler?.node == target || result.simultaneous.contains(where: { $0.node == target }) ? .own : .stolen
        case .ambiguous: self = .ambiguous
        case .blocked: self = .blocked
        case .disabled: self = .disabled
        case .miss: self = .miss
        }
    }
}

extension HitTester {
    /// Cell centres of a grid of `step` over `frame`; a last, narrower cell
    /// covers any remainder (its centre is the middle of what is left).
    public static func sampleCentres(of frame: Rect, step: Double) -> (xs: [Double], ys: [Double]) {
        func axis(_ start: Double, _ length: Double) -> [Double] {
            if length <= 0 { return [start] }
            var result: [Double] = []
            var a = start
            let end = start + length
            while a < end - 1e-9 {
                let b = min(a + step, end)
                result.append((a + b) / 2)
                a = b
            }
            return result
        }
        return (axis(frame.minX, frame.width), axis(frame.minY, frame.height))
    }

    /// Coverage of every target, in document order, sampled on a grid of `step`
    /// points. The rows of every target's grid are shared out across the machine's
    /// cores in bands (a screen's few targets would leave a core idle at the end).
    /// - Parameter predict: also predict each target's first-try success (`prediction(of:)`).
    public func coverage(step: Double = 1, predict: Bool = false) -> [TargetCoverage] {
        let targets = self.targets
        let grids = targets.map { target in
            let frame = snapshot.nodes[target].frame
            return HitTester.sampleCentres(of: frame, step: HitTester.effectiveStep(for: frame, step: step))
        }
        // Bands of about 4,000 samples each, in target order.
        var bands: [(target: Int, rows: Range<Int>)] = []
        for (k, grid) in grids.enumerated() {
            let rowsPerBand = max(1, 4_000 / max(grid.xs.count, 1))
            var start = 0
            while start < grid.ys.count {
                let end = min(grid.ys.count, start + rowsPerBand)
                bands.append((k, start..<end))
                start = end
            }
        }
        let work = bands
        var tallies = [SampleTally?](repeating: nil, count: work.count)
        tallies.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: work.count) { i in
                let (k, rows) = work[i]
                var scratch = HitScratch()
                out[i] = tally(targets[k], xs: grids[k].xs, ys: grids[k].ys[rows], scratch: &scratch)
            }
        }
        var perTarget = [SampleTally](repeating: SampleTally(), count: targets.count)
        for (i, band) in work.enumerated() { perTarget[band.target].add(tallies[i]!) }
        var results = targets.indices.map { k in
            coverage(of: targets[k], samples: grids[k].xs.count * grids[k].ys.count, tally: perTarget[k])
        }
        guard predict else { return results }
        var predictions = [TargetPrediction?](repeating: nil, count: targets.count)
        predictions.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: targets.count) { k in out[k] = prediction(of: targets[k]) }
        }
        for k in results.indices { results[k].predicted = predictions[k] }
        return results
    }

    /// At most this many samples per target (2M keeps a 1366 × 1024 pt screen at 1 pt, as the audit does):
    /// a larger frame is sampled on a coarser grid,
    /// so coverage work is bounded whatever the snapshot says (a 100,000 pt button).
    public static let maxSamplesPerTarget = 2_000_000.0

    /// The grid step actually used for a frame: `step`, or coarser for a huge frame.
    public static func effectiveStep(for frame: Rect, step: Double) -> Double {
        let cells = (max(frame.width, step) / step) * (max(frame.height, step) / step)
        guard cells > maxSamplesPerTarget else { return step }
        return step * (cells / maxSamplesPerTarget).squareRoot()
    }

    /// Coverage of one target node.
    public func coverage(of target: Int, step: Double = 1) -> TargetCoverage {
        let node = snapshot.nodes[target]
        let (xs, ys) = HitTester.sampleCentres(of: node.frame, step: HitTester.effectiveStep(for: node.frame, step: step))
        var scratch = HitScratch()
        return coverage(of: target, samples: xs.count * ys.count, tally: tally(target, xs: xs, ys: ys[...], scratch: &scratch))
    }

    /// How the samples of some rows of a target's grid turned out.
    struct SampleTally {
        var counts = [Int](repeating: 0, count: SampleKind.allCases.count)
        /// Per target that takes `stolen` samples: how many.
        var thieves: [Int: Int] = [:]

        mutating func add(_ other: SampleTally) {
            for k in counts.indices { counts[k] += other.counts[k] }
            thieves.merge(other.thieves, uniquingKeysWith: +)
        }
    }

    private func tally(_ target: Int, xs: [Double], ys: ArraySlice<Double>, scratch: inout HitScratch) -> SampleTally {
        var t = SampleTally()
        for y in ys {
            for x in xs {
                let r = resolve(at: Point(x, y), scratch: &scratch)
                let kind = SampleKind(r, target: target)
                t.counts[kind.index] += 1
                if kind == .stolen, let thief = r.handler?.node { t.thieves[thief, default: 0] += 1 }
            }
        }
        return t
    }

    private func coverage(of target: Int, samples: Int, tally: SampleTally) -> TargetCoverage {
        let node = snapshot.nodes[target]
        let thief = tally.thieves.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
        let total = Double(samples)
        func f(_ k: SampleKind) -> Double { total > 0 ? Double(tally.counts[k.index]) / total : 0 }
        let action = handlers[target].targetAction
        return TargetCoverage(node: node.id, action: action, samples: samples,
                              own: f(.own), stolen: f(.stolen), blocked: f(.blocked),
                              ambiguous: f(.ambiguous), disabled: f(.disabled), miss: f(.miss),
                              stolenBy: thief.map { snapshot.nodes[$0].id })
    }
}

/// What a tap does at every cell of a grid over the screen: the engine's own
/// sampling, from which pictures of regions and dead zones are drawn.
public struct ScreenMap: Sendable {
    public let origin: Point
    public let step: Double
    public let columns: Int
    public let rows: Int
    /// Row-major outcomes.
    public let outcomes: [TouchResult.Outcome]
    /// Row-major: the node whose handler fires (or would, for blocked/disabled/ambiguous), -1 for none.
    public let nodes: [Int32]

    public func index(column: Int, row: Int) -> Int { row * columns + column }
}

extension HitTester {
    /// Resolves a tap at the centre of every `step` cell of `area` (default: the
    /// snapshot's canvas), rows shared out across the machine's cores.
    ///
    /// - Complexity: one `resolve` per cell.
    public func screenMap(step: Double = 1, area: Rect? = nil) -> ScreenMap {
        let rect = area ?? snapshot.canvas
        let columns = max(1, Int((rect.width / step).rounded(.up)))
        let rows = max(1, Int((rect.height / step).rounded(.up)))
        var outcomes = [TouchResult.Outcome](repeating: .miss, count: columns * rows)
        var nodes = [Int32](repeating: -1, count: columns * rows)
        outcomes.withUnsafeMutableBufferPointer { ob in
            nodes.withUnsafeMutableBufferPointer { nb in
                nonisolated(unsafe) let o = ob, n = nb
                DispatchQueue.concurrentPerform(iterations: rows) { row in
                    var scratch = HitScratch()
                    for column in 0..<columns {
                        let p = Point(rect.minX + (Double(column) + 0.5) * step, rect.minY + (Double(row) + 0.5) * step)
                        let r = resolve(at: p, scratch: &scratch)
                        let i = row * columns + column
                        o[i] = r.outcome
                        let h = r.handler ?? r.meantFor ?? r.disabledHandler
                        n[i] = Int32(h?.node ?? -1)
                    }
                }
            }
        }
        return ScreenMap(origin: Point(rect.minX, rect.minY), step: step, columns: columns, rows: rows, outcomes: outcomes, nodes: nodes)
    }
}

/// What a picture of a screen needs, sampled once by the engine: the screen
/// map and the targets' ids, frames and actions. A run attaches it to a
/// suite's outcome only when a picture is asked for (`--html`, `--svg`), so
/// reports draw from results and never sample again.
public struct ScreenPicture: Sendable {
    public struct Target: Sendable {
        public let node: Int
        public let id: String
        public let action: String?
        public let frame: Rect
    }

    public let screen: String
    public let canvas: Rect
    public let map: ScreenMap
    /// Targets in node-id order.
    public let targets: [Target]

    /// Samples `tester`'s screen.
    /// - Parameter maxCells: the grid is coarsened above this many cells (very tall captures).
    public init(_ tester: HitTester, step requested: Double = 1, maxCells: Int = 1_500_000) {
        let canvas = tester.snapshot.canvas
        var step = requested
        let cells = (canvas.width / step) * (canvas.height / step)
        if cells > Double(maxCells) { step = (step * (cells / Double(maxCells)).squareRoot()).rounded(.up) }
        self.screen = tester.snapshot.screen
        self.canvas = canvas
        self.map = tester.screenMap(step: step, area: canvas)
        let nodes = tester.snapshot.nodes
        self.targets = tester.targets
            .map { i in Target(node: i, id: nodes[i].id, action: tester.handlers[i].targetAction, frame: nodes[i].frame) }
            .sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
    }
}

extension TargetCoverage {
    /// The target's fields as baselines, `deadzones --json` and the run JSON write them
    /// (inside an object the caller opens): node, action and the six fractions, 4 decimals,
    /// and `predicted` when there is a prediction.
    /// - Parameter sorted: keys in sorted order (canonical baseline files); else node, action,
    ///   then the fractions in the order the spec lists them.
    public func writeFields(to w: inout JSONWriter, sorted: Bool = false) {
        if sorted {
            w.field("action", action)
            w.field("ambiguous", rounded: ambiguous)
            w.field("blocked", rounded: blocked)
            w.field("disabled", rounded: disabled)
            w.field("miss", rounded: miss)
            w.field("node", node)
            w.field("own", rounded: own)
            if let predicted { w.key("predicted"); predicted.write(to: &w, sorted: true) }
            w.field("stolen", rounded: stolen)
        } else {
            w.field("node", node)
            w.field("action", action)
            for (name, value) in fractions { w.field(name, rounded: value) }
            if let predicted { w.key("predicted"); predicted.write(to: &w) }
        }
    }
}

extension HitTester {
    /// Why a target does not fire everywhere in its frame: the engine's reason at the
    /// first sample (row by row) where a tap does not fire it; nil when it fires everywhere
    /// or is not a target of this snapshot. Used to name the cause of a coverage loss.
    public func coverageLossReason(_ id: String, step: Double = 1) -> String? {
        guard let target = index(ofID: id), targets.contains(target) else { return nil }
        let frame = snapshot.nodes[target].frame
        let (xs, ys) = HitTester.sampleCentres(of: frame, step: HitTester.effectiveStep(for: frame, step: step))
        var scratch = HitScratch()
        for y in ys {
            for x in xs {
                let r = resolve(at: Point(x, y), scratch: &scratch)
                if SampleKind(r, target: target) != .own { return reason(for: r) }
            }
        }
        return nil
    }
}
