import Dispatch
import TapJSON
import TapModel

/// What happens to a person's first try at a target: the probability that a touch
/// aimed at the centre of its frame fires it, fires another target (which), is
/// blocked, ambiguous, disabled, or fires nothing — the human touch model
/// (`HumanTouchModel`) integrated through the engine's own touch binding.
public struct TargetPrediction: Sendable, Equatable {
    /// A share of the touches that went to one other view.
    public struct Share: Sendable, Equatable {
        public var node: String
        public var p: Double
        public init(node: String, p: Double) { self.node = node; self.p = p }
    }

    /// Why touches aimed at a target fail, one reason with its share.
    public struct Cause: Sendable, Equatable {
        public enum Kind: String, Sendable {
            /// Touches inside its own frame where nothing fires (a hollow row).
            case deadArea
            /// Touches a neighbour takes: it fires, intercepts, or is too close to call.
            case neighbour
            /// Touches beyond its edges where nothing fires: the target is small for a finger.
            case size
            /// Touches that would fire it, but it is disabled.
            case disabled
        }
        public var kind: Kind
        /// The neighbour (`neighbour` only).
        public var node: String?
        public var p: Double
    }

    public var node: String
    /// Fires this target (its handler fires: `hit` or `expanded`).
    public var success: Double
    /// Fires another target, by node, largest first.
    public var stolen: [Share]
    /// Nothing fires (`miss`), and the part of it that lands inside the target's own frame.
    public var miss: Double
    public var missInside: Double
    /// Something intercepts the tap; by the view that does, largest first.
    public var blocked: Double
    public var blockedBy: [Share]
    /// Two candidates within 20 % of each other; by the other candidate's target, largest first.
    public var ambiguous: Double
    public var ambiguousWith: [Share]
    public var disabled: Double
    /// The density and the spread (points) the prediction was made with.
    public var mmPerPoint: Double
    public var sigma: (x: Double, y: Double)
    /// Touches resolved (quadrature cells).
    public var cells: Int

    public var failure: Double { 1 - success }

    public static func == (a: TargetPrediction, b: TargetPrediction) -> Bool {
        a.node == b.node && a.success == b.success && a.stolen == b.stolen && a.miss == b.miss && a.missInside == b.missInside
            && a.blocked == b.blocked && a.blockedBy == b.blockedBy && a.ambiguous == b.ambiguous && a.ambiguousWith == b.ambiguousWith
            && a.disabled == b.disabled && a.mmPerPoint == b.mmPerPoint && a.sigma == b.sigma && a.cells == b.cells
    }

    public init(node: String, success: Double, stolen: [Share] = [], miss: Double = 0, missInside: Double = 0, blocked: Double = 0,
                blockedBy: [Share] = [], ambiguous: Double = 0, ambiguousWith: [Share] = [], disabled: Double = 0,
                mmPerPoint: Double = ScreenDensity.unknown, sigma: (x: Double, y: Double) = (0, 0), cells: Int = 0) {
        self.node = node; self.success = success; self.stolen = stolen; self.miss = miss; self.missInside = missInside
        self.blocked = blocked; self.blockedBy = blockedBy; self.ambiguous = ambiguous; self.ambiguousWith = ambiguousWith
        self.disabled = disabled; self.mmPerPoint = mmPerPoint; self.sigma = sigma; self.cells = cells
    }

    /// Every reason touches fail, largest first: its own dead area, each neighbour (what it
    /// steals, intercepts and leaves ambiguous together), its size (misses beyond its edges), disabled.
    public var causes: [Cause] {
        var byNode: [String: Double] = [:]
        for s in stolen + blockedBy + ambiguousWith { byNode[s.node, default: 0] += s.p }
        var out = [Cause(kind: .deadArea, node: nil, p: missInside)]
        out += byNode.sorted { $0.key < $1.key }.map { Cause(kind: .neighbour, node: $0.key, p: $0.value) }
        out += [Cause(kind: .size, node: nil, p: max(0, miss - missInside)), Cause(kind: .disabled, node: nil, p: disabled)]
        return out.filter { $0.p > 0 }.enumerated().sorted { a, b in
            a.element.p != b.element.p ? a.element.p > b.element.p : a.offset < b.offset
        }.map(\.element)
    }

    /// The largest reason, or nil when nothing fails.
    public var mainCause: Cause? { causes.first }

    /// What a neighbour does to the touches it takes, in words: `fires it 3.1%, too close to call 1.2%`.
    public func neighbourDetail(_ node: String) -> String {
        var parts: [String] = []
        if let s = stolen.first(where: { $0.node == node }) { parts.append("fires it \(Self.percent(s.p))") }
        if let s = ambiguousWith.first(where: { $0.node == node }) { parts.append("too close to call \(Self.percent(s.p))") }
        if let s = blockedBy.first(where: { $0.node == node }) { parts.append("intercepts \(Self.percent(s.p))") }
        return parts.joined(separator: ", ")
    }

    /// A cause in words: `35.1% land in its own dead area`, `row.units takes 4.2% (fires it 4.2%)`,
    /// `3% land beyond its edges`.
    public func describe(_ cause: Cause) -> String {
        let p = Self.percent(cause.p)
        switch cause.kind {
        case .deadArea: return "\(p) land inside its frame where nothing fires (its own dead area)"
        case .neighbour: return "\(cause.node ?? "a neighbour") takes \(p) (\(neighbourDetail(cause.node ?? "")))"
        case .size: return "\(p) land beyond its edges where nothing fires (its size)"
        case .disabled: return "\(p) would fire it but it is disabled"
        }
    }

    /// `12.3%`; `<0.1%` for a share too small to show but not nothing.
    public static func percent(_ fraction: Double) -> String {
        if fraction > 0 && fraction < 0.0005 { return "<0.1%" }
        return JSONValue.format(JSONValue.round(fraction * 100, places: 1)) + "%"
    }

    /// `{ success, stolen: [{node, p}], miss, blocked, ambiguous, disabled }`, 4 decimals
    /// (keys sorted when `sorted`, for baseline files).
    public func write(to w: inout JSONWriter, sorted: Bool = false) {
        func shares(_ w: inout JSONWriter) {
            w.key("stolen")
            w.array(stolen) { w, s in w.object { w in w.field("node", s.node); w.field("p", rounded: s.p) } }
        }
        w.object { w in
            if sorted {
                w.field("ambiguous", rounded: ambiguous)
                w.field("blocked", rounded: blocked)
                w.field("disabled", rounded: disabled)
                w.field("miss", rounded: miss)
                shares(&w)
                w.field("success", rounded: success)
            } else {
                w.field("success", rounded: success)
                shares(&w)
                w.field("miss", rounded: miss)
                w.field("blocked", rounded: blocked)
                w.field("ambiguous", rounded: ambiguous)
                w.field("disabled", rounded: disabled)
            }
        }
    }
}

extension HitTester {
    /// The human touch model on this snapshot's screen.
    public var humanModel: HumanTouchModel { HumanTouchModel(mmPerPoint: density.mmPerPoint) }

    /// Predicted first-try success of every target, in document order, shared out across the cores.
    public func predictions(cells: Int = HumanTouchModel.cellsPerAxis, refine: Int = HumanTouchModel.refinement) -> [TargetPrediction] {
        let targets = self.targets
        var results = [TargetPrediction?](repeating: nil, count: targets.count)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: targets.count) { i in
                out[i] = prediction(of: targets[i], cells: cells, refine: refine)
            }
        }
        return results.map { $0! }
    }

    /// Predicted first-try success of one target: touches aimed at the centre of its frame,
    /// spread by the human touch model, each resolved as `resolve(at:)` does (binding at the
    /// default radius, arbitration), weighted by the model's probability of landing there.
    ///
    /// Deterministic quadrature: a grid of cells of equal probability on each axis (the
    /// target's edges among their boundaries, each tail one more cell), one touch resolved per
    /// cell; a cell whose outcome differs from a neighbour's holds a boundary, and is resolved
    /// again as `refine` × `refine` pieces, so boundaries are placed `refine` times finer.
    ///
    /// - Parameters:
    ///   - cells: cells per axis over ±3σ [24].
    ///   - refine: pieces per axis of a cell on a boundary [4]; 1 turns refinement off.
    /// - Complexity: about (cells + 4)² resolves, plus refine² for each cell on a boundary.
    public func prediction(of target: Int, cells: Int = HumanTouchModel.cellsPerAxis,
                           refine: Int = HumanTouchModel.refinement) -> TargetPrediction {
        let nodes = snapshot.nodes
        let frame = nodes[target].frame
        let model = humanModel
        let sigma = model.sigma(of: frame)
        let canvas = snapshot.canvas
        let xs = model.axis(start: frame.minX, length: frame.width, sigma: sigma.x,
                            screen: canvas.width > 0 ? (canvas.minX, canvas.maxX) : nil, cells: cells)
        let ys = model.axis(start: frame.minY, length: frame.height, sigma: sigma.y,
                            screen: canvas.height > 0 ? (canvas.minY, canvas.maxY) : nil, cells: cells)
        var scratch = HitScratch()
        var tally: [Outcome: Double] = [:]
        var resolved = 0
        func outcome(_ p: Point) -> Outcome {
            resolved += 1
            let r = resolve(at: p, scratch: &scratch)
            switch SampleKind(r, target: target) {
            case .own: return Outcome(.own)
            case .stolen: return Outcome(.stolen, r.handler?.node ?? -1)
            case .blocked: return Outcome(.blocked, r.interceptor)
            case .ambiguous:
                let other = r.candidates.first { $0.handler?.node != target }?.handler?.node ?? r.candidates.first?.handler?.node ?? -1
                return Outcome(.ambiguous, other)
            case .disabled: return Outcome(.disabled)
            case .miss: return Outcome(frame.contains(p) ? .missInside : .miss)
            }
        }
        // The grid.
        var grid: [Outcome] = []
        grid.reserveCapacity(xs.count * ys.count)
        for y in ys {
            for x in xs {
                let o = outcome(Point(x.at, y.at))
                grid.append(o)
                tally[o, default: 0] += x.weight * y.weight
            }
        }
        // Cells on a boundary, again in pieces.
        if refine > 1 {
            let nx = xs.count, ny = ys.count
            for j in 0..<ny where !ys[j].isTail {
                for i in 0..<nx where !xs[i].isTail {
                    let o = grid[j * nx + i]
                    let differs = (i > 0 && grid[j * nx + i - 1] != o) || (i + 1 < nx && grid[j * nx + i + 1] != o)
                        || (j > 0 && grid[(j - 1) * nx + i] != o) || (j + 1 < ny && grid[(j + 1) * nx + i] != o)
                    guard differs else { continue }
                    tally[o, default: 0] -= xs[i].weight * ys[j].weight
                    let subX = model.split(xs[i], into: refine, centre: frame.midX, sigma: sigma.x)
                    let subY = model.split(ys[j], into: refine, centre: frame.midY, sigma: sigma.y)
                    for sy in subY {
                        for sx in subX { tally[outcome(Point(sx.at, sy.at)), default: 0] += sx.weight * sy.weight }
                    }
                }
            }
        }
        var success = 0.0, miss = 0.0, missInside = 0.0, blocked = 0.0, ambiguous = 0.0, disabled = 0.0
        var stolen: [Int: Double] = [:], blockers: [Int: Double] = [:], rivals: [Int: Double] = [:]
        for (o, w) in tally {
            let w = max(w, 0)
            switch o.kind {
            case .own: success += w
            case .stolen: stolen[o.node, default: 0] += w
            case .blocked: blocked += w; blockers[o.node, default: 0] += w
            case .ambiguous: ambiguous += w; rivals[o.node, default: 0] += w
            case .disabled: disabled += w
            case .missInside: miss += w; missInside += w
            case .miss: miss += w
            }
        }
        // Largest first as written (4 decimals), then by id: a symmetric layout gives the same order on every platform.
        func shares(_ d: [Int: Double]) -> [TargetPrediction.Share] {
            d.filter { $0.value > 0 }.map { TargetPrediction.Share(node: $0.key >= 0 ? nodes[$0.key].id : "?", p: $0.value) }
                .sorted { a, b in
                    let x = JSONValue.round(a.p), y = JSONValue.round(b.p)
                    return x != y ? x > y : a.node.utf8.lexicographicallyPrecedes(b.node.utf8)
                }
        }
        return TargetPrediction(node: nodes[target].id, success: success, stolen: shares(stolen), miss: miss, missInside: missInside,
                                blocked: blocked, blockedBy: shares(blockers), ambiguous: ambiguous, ambiguousWith: shares(rivals),
                                disabled: disabled, mmPerPoint: model.mmPerPoint, sigma: sigma, cells: resolved)
    }
}

/// What one resolved touch did to a target, for the quadrature's tally.
private struct Outcome: Hashable {
    enum Kind: UInt8 { case own, stolen, blocked, ambiguous, disabled, missInside, miss }
    let kind: Kind
    /// The other target (stolen, ambiguous) or the view that intercepts (blocked); -1 otherwise.
    let node: Int
    init(_ kind: Kind, _ node: Int = -1) { self.kind = kind; self.node = node }
}
