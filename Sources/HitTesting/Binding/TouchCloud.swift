import Foundation
import TapModel

/// The weighted cloud of samples a touch is tested with (touch-binding.md §2):
/// the centre (weight 24) and up to five rings, ring k holding 4k samples of
/// weight 24 / 4k at distance k × s. Directions come from rotating the
/// previous one by a 2 × 2 matrix, as SwiftUI does: on exact edges the
/// rounding of that recurrence decides, so it is followed to the letter.
///
/// The offsets depend on the radius only, so a cloud is built once per radius
/// and laid around each touch by one addition per coordinate.
public struct TouchCloud: Sendable, Equatable {
    /// The radius as given, and as used (clamped to 1…60; NaN counts as 1).
    public let radius: Double
    public let effectiveRadius: Double
    /// `d × direction` of each sample (the centre's is (0, 0)).
    public let dx: [Double]
    public let dy: [Double]
    public let weights: [Double]
    /// The farthest sample's distance from the centre.
    public let reach: Double

    public var count: Int { weights.count }

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
