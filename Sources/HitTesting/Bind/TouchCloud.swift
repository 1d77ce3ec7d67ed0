import Foundation
import TapModel

/// The weighted cloud of samples a touch is tested with (docs/snapshot.md, S9 "The cloud"):
/// the centre (weight 24) and up to five rings, ring k holding 4k samples of
/// weight 24 / 4k at distance k × s. Directions come from rotating the
/// previous one by a 2 × 2 matrix, as SwiftUI does: on exact edges the
/// rounding of that recurrence decides, so it is followed to the letter.
///
/// The offsets depend on the radius only, so a cloud is built once per radius
/// and laid around each touch by one addition per coordinate. A class: every press
/// uses its radius's cloud, and a reference costs one retain where a copy of the
/// arrays cost one each.
public final class TouchCloud: Sendable, Equatable {
    /// The radius as given, and as used (clamped to 1…60; NaN counts as 1).
    public let radius: Double
    public let effectiveRadius: Double
    /// `d × direction` of each sample (the centre's is (0, 0)).
    public let dx: [Double]
    public let dy: [Double]
    public let weights: [Double]
    /// The farthest sample's distance from the centre.
    public let reach: Double
    /// Bit i: sample i, per ring (ring 0 is the centre), and each ring's sample weight.
    let ringMasks: [UInt64]
    let ringWeights: [Double]
    /// Every weight is a multiple of 1/64 (24, 6, 3, 2, 1.5 up to r = 20): any sum of them is
    /// exact, so it may be taken ring by ring (a count times a weight) instead of sample by sample.
    let exactSums: Bool
    /// The offsets in increasing order, and per rank k the samples whose offset is among the k
    /// smallest (`xBelow[k]`, k = 0…count): a box edge splits the samples of a touch by rank.
    let xOrder: [Double]
    let xBelow: [UInt64]
    let yOrder: [Double]
    let yBelow: [UInt64]

    public var count: Int { weights.count }

    public static func == (a: TouchCloud, b: TouchCloud) -> Bool {
        a.radius == b.radius && a.dx == b.dx && a.dy == b.dy && a.weights == b.weights
    }

    /// The cloud of a touch of radius `r` (`UITouch.majorRadius`, points).
    public init(radius r: Double) {
        radius = r
        let R = r.isNaN ? 1 : min(max(abs(r), 1), 60)
        effectiveRadius = R
        let step = max(R / 6, 4)
        let n = min(Int((R / step).rounded(.up)), 6)
        var dx: [Double] = [0], dy: [Double] = [0], weights: [Double] = [24]
        var d = step
        var reach = 0.0
        if n > 1 {
            for k in 1..<n {
                let count = 4 * k
                let angle = 2 * Double.pi / Double(count)
                let s = sin(angle), c = cos(angle)
                let weight = 24 / Double(count)
                var x = 1.0, y = 0.0
                for _ in 0..<count {
                    dx.append(x * d)
                    dy.append(y * d)
                    weights.append(weight)
                    let nx = c * x - s * y
                    let ny = s * x + c * y
                    x = nx
                    y = ny
                }
                reach = d
                d += step
            }
        }
        self.dx = dx
        self.dy = dy
        self.weights = weights
        self.reach = reach
        var masks: [UInt64] = [1], ringWeights: [Double] = [24]
        var first = 1
        if n > 1 {
            for k in 1..<n {
                let count = 4 * k
                masks.append(((1 << UInt64(count)) - 1) << UInt64(first))
                ringWeights.append(weights[first])
                first += count
            }
        }
        self.ringMasks = masks
        self.ringWeights = ringWeights
        self.exactSums = weights.allSatisfy { ($0 * 64).rounded() == $0 * 64 }
        func ranked(_ offsets: [Double]) -> ([Double], [UInt64]) {
            let order = offsets.indices.sorted { (offsets[$0], $0) < (offsets[$1], $1) }
            var below: [UInt64] = [0]
            for i in order { below.append(below.last! | 1 << UInt64(i)) }
            return (order.map { offsets[$0] }, below)
        }
        (xOrder, xBelow) = ranked(dx)
        (yOrder, yBelow) = ranked(dy)
    }

    /// The box of the samples of a touch at `c`, as computed: rounding is monotone, so the
    /// smallest `c.x + dx[i]` is `c.x` plus the smallest offset (and so on), bit for bit.
    @inline(__always) func sampleBox(around c: Point) -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
        (c.x + xOrder[0], c.x + xOrder[xOrder.count - 1], c.y + yOrder[0], c.y + yOrder[yOrder.count - 1])
    }

    /// The samples of a touch at `c` inside the half-open box `[minX, maxX) × [minY, maxY)`, each
    /// tested as `Rect.contains` tests `c + offset`, bit for bit. Because `c.x + dx` never decreases
    /// as `dx` grows, the samples with `x >= minX` are those ranked from some k up: an edge outside
    /// the samples' box (`box`, from `sampleBox`) decides alone, one inside takes a binary search.
    @inline(__always) func samples(inMinX minX: Double, maxX: Double, minY: Double, maxY: Double, around c: Point,
                                   box: (minX: Double, maxX: Double, minY: Double, maxY: Double)) -> UInt64 {
        /// How many of the offsets, smallest first, put the sample on the near side of `edge`: `!(x >= edge)`
        /// for a low edge, `x < edge` for a high one, exactly as the test reads (they differ only for NaN).
        /// Either holds for a run of the smallest offsets, so a fixed number of halvings finds its end,
        /// each a conditional move rather than a branch.
        @inline(__always) func rank(_ order: UnsafeBufferPointer<Double>, _ c: Double, _ edge: Double, high: Bool) -> Int {
            @inline(__always) func near(_ k: Int) -> Bool { high ? c + order[k] < edge : !(c + order[k] >= edge) }
            var lo = 0, n = order.count
            while n > 1 {
                let half = n >> 1
                lo = near(lo + half - 1) ? lo + half : lo
                n -= half
            }
            return near(lo) ? lo + 1 : lo
        }
        let n = count
        let xs = xOrder.withUnsafeBufferPointer { o in
            let low = box.minX >= minX ? 0 : rank(o, c.x, minX, high: false)  // every sample is at or right of minX
            let high = box.maxX < maxX ? n : rank(o, c.x, maxX, high: true)   // every sample is left of maxX
            return high > low ? xBelow[high] & ~xBelow[low] : 0
        }
        guard xs != 0 else { return 0 }
        return yOrder.withUnsafeBufferPointer { o in
            let low = box.minY >= minY ? 0 : rank(o, c.y, minY, high: false)
            let high = box.maxY < maxY ? n : rank(o, c.y, maxY, high: true)
            return high > low ? xs & yBelow[high] & ~yBelow[low] : 0
        }
    }

    /// The total weight of the samples in `mask`, summed in sample order (what the binding's
    /// scores are made of), or ring by ring when that gives the same sum bit for bit.
    @inline(__always) func weight(of mask: UInt64) -> Double {
        var weight = 0.0
        if exactSums {
            for k in 0..<ringMasks.count {
                let c = (mask & ringMasks[k]).nonzeroBitCount
                if c != 0 { weight += Double(c) * ringWeights[k] }
            }
            return weight
        }
        var bits = mask
        while bits != 0 {
            weight += weights[bits.trailingZeroBitCount]
            bits &= bits - 1
        }
        return weight
    }

    /// Sample `i` of a touch at `c`.
    @inline(__always) public func sample(_ i: Int, around c: Point) -> Point {
        Point(c.x + dx[i], c.y + dy[i])
    }

    /// The samples of a touch at `c`, in order.
    public func samples(around c: Point) -> [Point] {
        (0..<count).map { sample($0, around: c) }
    }
}
