import Foundation
import TapModel

/// Where people's fingers land when they aim at a target: Bi and Zhai's
/// dual-Gaussian model ("Bayesian Touch: A Statistical Criterion of Target
/// Selection with Finger Touch", UIST 2013), fitted on finger touches in a lab.
/// Touches aimed at the centre of a W × H mm target land around it, independently
/// in x and y, with
///
///     σx² = 0.0075·W² + 1.68 mm²,   σy² = 0.0108·H² + 1.33 mm²
///
/// (the constants as the public BayesianTouchCriterion project implements them,
/// citing the paper): a part that grows with the target (people aim less
/// carefully at large targets) and an absolute part (the finger's own imprecision).
///
/// The model is used in two ways, consistently: `axis(…)` integrates it
/// (deterministic quadrature over ±3σ, each tail beyond as one more cell, for
/// predictions) and `sample(…)` draws from it (`probe --pattern human`). Both put
/// a touch that would land beyond the screen's edge on the edge (a finger stopped
/// by the bezel).
public struct HumanTouchModel: Sendable, Equatable {
    /// σx² = ax·W² + bx, σy² = ay·H² + by (mm², W and H in mm).
    public static let ax = 0.0075, bx = 1.68, ay = 0.0108, by = 1.33
    /// The quadrature's grid covers ±`span` σ on each axis; each tail beyond is one cell.
    public static let span = 3.0
    /// The mass of one tail beyond `span` σ, and where its mean lies (in σ): the inverse Mills ratio φ(3) / Q(3).
    static let tailMass = erfc(span / 2.0.squareRoot()) / 2
    static let tailMean = exp(-span * span / 2) / (2 * Double.pi).squareRoot() / tailMass
    /// Quadrature cells of equal probability per axis across ±3σ (plus the target's edges and the tails).
    public static let cellsPerAxis = 24
    /// A cell whose outcome differs from a neighbour's is cut into this many pieces per axis.
    public static let refinement = 4

    /// Millimetres per point of the screen.
    public let mmPerPoint: Double

    public init(mmPerPoint: Double) { self.mmPerPoint = mmPerPoint }

    /// The spread of touches aimed at the centre of `frame`, in points.
    public func sigma(of frame: Rect) -> (x: Double, y: Double) {
        let w = max(frame.width, 0) * mmPerPoint, h = max(frame.height, 0) * mmPerPoint
        let sx = (Self.ax * w * w + Self.bx).squareRoot(), sy = (Self.ay * h * h + Self.by).squareRoot()
        return (sx / mmPerPoint, sy / mmPerPoint)
    }

    /// The failure of an isolated, fully live `width` × `height` pt target under exact binding
    /// (radius 0), aimed at its centre, in closed form: 1 − erf(W/2 / σx√2) · erf(H/2 / σy√2).
    /// What `axis` integrates for such a target; a yardstick for the size a target needs.
    public func isolatedExactFailure(width: Double, height: Double) -> Double {
        let s = sigma(of: Rect(0, 0, width, height))
        func inside(_ half: Double, _ sigma: Double) -> Double { erf(max(half, 0) / (sigma * 2.0.squareRoot())) }
        return 1 - inside(width / 2, s.x) * inside(height / 2, s.y)
    }

    /// The side of the smallest isolated square target whose exact failure is below `failure`
    /// (points, to 0.5 pt): the size to suggest when a target is too small.
    public func sideNeeded(forFailureBelow failure: Double) -> Double {
        var lo = 0.0, hi = 1.0
        while isolatedExactFailure(width: hi, height: hi) >= failure && hi < 4096 { hi *= 2 }
        while hi - lo > 0.25 {
            let mid = (lo + hi) / 2
            if isolatedExactFailure(width: mid, height: mid) < failure { hi = mid } else { lo = mid }
        }
        return (hi * 2).rounded(.up) / 2
    }

    /// One cell of an axis of the quadrature: the interval it covers, where a touch in it is
    /// resolved, and the probability that a touch lands in it.
    public struct Cell: Sendable, Equatable {
        public var lo: Double
        public var hi: Double
        public var at: Double
        public var weight: Double
        /// A tail beyond ±3σ: resolved once at its mean, never subdivided.
        public var isTail: Bool
    }

    /// Boundaries of `cells` cells of equal mass over ±3σ of a standard normal (in σ).
    static func equalMassBoundaries(_ cells: Int) -> [Double] {
        let n = max(cells, 1)
        let edge = erf(span / 2.0.squareRoot())
        return (0...n).map { k -> Double in
            if k == 0 { return -span }
            if k == n { return span }
            // erf(q / √2) = −edge + 2·edge·k / n, solved by bisection (erf is increasing).
            let target = edge * (2 * Double(k) / Double(n) - 1)
            var a = -span, b = span
            for _ in 0..<60 {
                let m = (a + b) / 2
                if erf(m / 2.0.squareRoot()) < target { a = m } else { b = m }
            }
            return (a + b) / 2
        }
    }

    /// One axis of the quadrature: cells, where a touch in each is resolved, and the probability of each.
    ///
    /// The range c ± 3σ is cut into `cells` cells of equal probability (narrow near the aimed
    /// point, where touches are dense; wide towards ±3σ), and the target's own edges (`start`
    /// and `start + length`) are added as boundaries: for a target that fires exactly over its
    /// frame the sum is then exact. Each cell weighs the Gaussian's mass over it (a difference
    /// of the error function), and is resolved at its middle. Each tail beyond ±3σ (0.13 % of
    /// touches) is one more cell, resolved where its mean lies (3.28σ out). Cells beyond the
    /// screen (`screen`: its min and max on this axis) give their weight to the nearest cell on
    /// it. Weights sum to 1.
    public func axis(start: Double, length: Double, sigma: Double, screen: (min: Double, max: Double)?,
                     cells: Int = HumanTouchModel.cellsPerAxis) -> [Cell] {
        let c = start + max(length, 0) / 2
        let lo = c - Self.span * sigma, hi = c + Self.span * sigma
        var bounds = Self.equalMassBoundaries(cells).map { c + $0 * sigma }
        for edge in [start, start + max(length, 0)] where edge > lo && edge < hi {
            let nearest = bounds.map { abs($0 - edge) }.min() ?? .infinity
            if nearest > 1e-9 * sigma { bounds.append(edge) }
        }
        bounds.sort()
        var out: [Cell] = []
        out.reserveCapacity(bounds.count + 1)
        out.append(Cell(lo: -.infinity, hi: lo, at: c - Self.tailMean * sigma, weight: Self.tailMass, isTail: true))
        for (a, b) in zip(bounds, bounds.dropFirst()) where b > a {
            out.append(Cell(lo: a, hi: b, at: (a + b) / 2, weight: gaussianMass(a, b, centre: c, sigma: sigma), isTail: false))
        }
        out.append(Cell(lo: hi, hi: .infinity, at: c + Self.tailMean * sigma, weight: Self.tailMass, isTail: true))
        guard let screen, screen.max > screen.min else { return out }
        // Beyond the edge, on the edge: fold outside cells into the first and last cell on the screen.
        guard let first = out.firstIndex(where: { $0.at >= screen.min && $0.at < screen.max }),
              let last = out.lastIndex(where: { $0.at >= screen.min && $0.at < screen.max }) else { return out }
        var kept = Array(out[first...last])
        kept[0].weight += out[..<first].reduce(0) { $0 + $1.weight }
        kept[kept.count - 1].weight += out[(last + 1)...].reduce(0) { $0 + $1.weight }
        return kept
    }

    /// The mass of N(centre, σ²) over [a, b].
    public func gaussianMass(_ a: Double, _ b: Double, centre: Double, sigma: Double) -> Double {
        let k = sigma * 2.0.squareRoot()
        return (erf((b - centre) / k) - erf((a - centre) / k)) / 2
    }

    /// `cell` cut into `parts` equal pieces, each with its share of the cell's weight (by the
    /// Gaussian's mass over it, so a cell that took the weight beyond the screen's edge keeps it).
    public func split(_ cell: Cell, into parts: Int, centre: Double, sigma: Double) -> [Cell] {
        guard !cell.isTail, parts > 1, cell.hi > cell.lo else { return [cell] }
        let whole = gaussianMass(cell.lo, cell.hi, centre: centre, sigma: sigma)
        let width = (cell.hi - cell.lo) / Double(parts)
        return (0..<parts).map { k in
            let a = cell.lo + Double(k) * width, b = k == parts - 1 ? cell.hi : a + width
            let share = whole > 0 ? gaussianMass(a, b, centre: centre, sigma: sigma) / whole : 1 / Double(parts)
            return Cell(lo: a, hi: b, at: (a + b) / 2, weight: cell.weight * share, isTail: false)
        }
    }

    /// One touch aimed at the centre of `frame`, drawn from the model (beyond the screen's edge, on it:
    /// within 0.01 pt of it, so that the point stays on the screen when written with 6 decimals).
    public func sample(aimingAt frame: Rect, screen: Rect?, using rng: inout SplitMix64) -> Point {
        let s = sigma(of: frame)
        var x = frame.midX + s.x * rng.normal()
        var y = frame.midY + s.y * rng.normal()
        if let screen, screen.width > 0, screen.height > 0 {
            x = min(max(x, screen.minX), screen.maxX - 0.01)
            y = min(max(y, screen.minY), screen.maxY - 0.01)
        }
        return Point(x, y)
    }
}

/// A small seeded generator (SplitMix64, Steele, Lea and Flood 2014): the same
/// seed gives the same numbers on every platform, so a seeded probe is the same
/// file every time.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in (0, 1): 53 random bits, never 0.
    public mutating func unit() -> Double {
        (Double(next() >> 11) + 0.5) / 9_007_199_254_740_992
    }

    /// A standard normal draw (Box–Muller, the cosine half).
    public mutating func normal() -> Double {
        let u = unit(), v = unit()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }

    /// A seed for one item of a seeded run: `seed` mixed with `name` (FNV-1a), so an item
    /// keeps its numbers when others are added, removed or reordered.
    public static func derivedSeed(_ seed: UInt64, for name: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in name.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        var mix = SplitMix64(seed: seed ^ h)
        return mix.next()
    }
}
