import Foundation
import TapJSON

/// A point in window coordinates (points).
public struct Point: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    public func distance(to other: Point) -> Double { ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot() }
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    public var length: Double { (x * x + y * y).squareRoot() }
    public var description: String { "(\(JSONValue.format(x)), \(JSONValue.format(y)))" }
}

/// An axis-aligned rectangle. Containment is half-open like `CGRect.contains`:
/// the left and top edges belong to the rectangle, the right and bottom ones do not.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public static let null = Rect(0, 0, -1, -1)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Point { Point(midX, midY) }
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    @inline(__always) public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < x + width && p.y >= y && p.y < y + height
    }

    /// Closed containment, for bounding-box tests where boundaries must be kept.
    @inline(__always) public func containsClosed(_ p: Point) -> Bool {
        p.x >= x && p.x <= x + width && p.y >= y && p.y <= y + height
    }

    public func union(_ o: Rect) -> Rect {
        if width < 0 { return o }
        if o.width < 0 { return self }
        let nx = Swift.min(x, o.x), ny = Swift.min(y, o.y)
        return Rect(nx, ny, Swift.max(maxX, o.maxX) - nx, Swift.max(maxY, o.maxY) - ny)
    }

    /// Insets each edge; negative values grow the rectangle. A rectangle inset past
    /// its size becomes empty (zero size at its centre).
    public func inset(top: Double, left: Double, bottom: Double, right: Double) -> Rect {
        let w = width - left - right, h = height - top - bottom
        if w < 0 || h < 0 {
            let cx = x + left + w / 2, cy = y + top + h / 2
            return Rect(w < 0 ? cx : x + left, h < 0 ? cy : y + top, Swift.max(w, 0), Swift.max(h, 0))
        }
        return Rect(x + left, y + top, w, h)
    }

    public func inset(by d: Double) -> Rect { inset(top: d, left: d, bottom: d, right: d) }

    /// The nearest point of the closed rectangle to `p` (p itself when inside).
    public func clamp(_ p: Point) -> Point {
        Point(Swift.min(Swift.max(p.x, x), maxX), Swift.min(Swift.max(p.y, y), maxY))
    }

    public func distance(to p: Point) -> Double { clamp(p).distance(to: p) }

    public var description: String {
        "[\(JSONValue.format(x)), \(JSONValue.format(y)), \(JSONValue.format(width)), \(JSONValue.format(height))]"
    }
}

/// A hit region laid out in window coordinates: what a leaf draws, a
/// `contentShape`, or a UIKit view's (inset) bounds.
///
/// Rectangles, capsules, circles, ellipses and rounded rectangles are all a
/// rounded rectangle with elliptical corners (scaling a circle unevenly gives an
/// ellipse); polygons are kept as their points.
public enum HitShape: Sendable, Equatable {
    /// `rx` ≤ width/2 and `ry` ≤ height/2; (0, 0) is a plain rectangle and
    /// (width/2, height/2) an ellipse.
    case rounded(Rect, rx: Double, ry: Double)
    case polygon([Point])

    public static func rect(_ r: Rect) -> HitShape { .rounded(r, rx: 0, ry: 0) }
    public static func ellipse(_ r: Rect) -> HitShape { .rounded(r, rx: r.width / 2, ry: r.height / 2) }

    public var bounds: Rect {
        switch self {
        case .rounded(let r, _, _): return r
        case .polygon(let pts):
            guard var minX = pts.first?.x, var minY = pts.first?.y else { return Rect(0, 0, 0, 0) }
            var maxX = minX, maxY = minY
            for p in pts {
                minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
                minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
            }
            return Rect(minX, minY, maxX - minX, maxY - minY)
        }
    }

    public var isEmpty: Bool {
        switch self {
        case .rounded(let r, _, _): return r.isEmpty
        case .polygon(let pts): return pts.count < 3 || bounds.isEmpty
        }
    }

    /// Whether the region holds `p`. Rectangles are half-open (as `CGRect`);
    /// curved edges and polygons (nonzero winding, as `Path.contains`) are closed.
    public func contains(_ p: Point) -> Bool {
        switch self {
        case .rounded(let r, let rx, let ry):
            guard r.contains(p) else { return false }
            if rx <= 0 || ry <= 0 { return true }
            // Inside the straight bands: in. Otherwise test the corner ellipse.
            let ix0 = r.x + rx, ix1 = r.maxX - rx, iy0 = r.y + ry, iy1 = r.maxY - ry
            let cx = p.x < ix0 ? ix0 : (p.x > ix1 ? ix1 : p.x)
            let cy = p.y < iy0 ? iy0 : (p.y > iy1 ? iy1 : p.y)
            let dx = (p.x - cx) / rx, dy = (p.y - cy) / ry
            return dx * dx + dy * dy <= 1 + 1e-12
        case .polygon(let pts):
            return HitShape.winding(pts, p) != 0
        }
    }

    /// The nearest point of the closed region to `p` (`p` itself when inside).
    public func closestPoint(to p: Point) -> Point {
        switch self {
        case .rounded(let r, let rx, let ry):
            if rx <= 0 || ry <= 0 { return r.clamp(p) }
            let ix0 = r.x + rx, ix1 = r.maxX - rx, iy0 = r.y + ry, iy1 = r.maxY - ry
            let inBandX = p.x >= ix0 && p.x <= ix1
            let inBandY = p.y >= iy0 && p.y <= iy1
            if inBandX || inBandY { return r.clamp(p) }
            let c = Point(p.x < ix0 ? ix0 : ix1, p.y < iy0 ? iy0 : iy1)
            let d = p - c
            if (d.x / rx) * (d.x / rx) + (d.y / ry) * (d.y / ry) <= 1 { return p }
            let q = HitShape.closestOnEllipse(rx, ry, d)
            return c + q
        case .polygon(let pts):
            if contains(p) { return p }
            return HitShape.closestOnPolyline(pts, p)
        }
    }

    /// Distance from `p` to the region (0 inside).
    public func distance(to p: Point) -> Double { closestPoint(to: p).distance(to: p) }

    /// The boundary as a closed polyline: exact for rectangles and polygons,
    /// curved corners approximated by `segmentsPerQuarter` chords whose ends lie on the curve.
    public func outline(segmentsPerQuarter: Int = 32) -> [Point] {
        switch self {
        case .polygon(let pts): return pts
        case .rounded(let r, let rx, let ry):
            if rx <= 0 || ry <= 0 {
                return [Point(r.x, r.y), Point(r.maxX, r.y), Point(r.maxX, r.maxY), Point(r.x, r.maxY)]
            }
            var pts: [Point] = []
            let corners = [
                (Point(r.maxX - rx, r.y + ry), -Double.pi / 2),  // top right, from top edge
                (Point(r.maxX - rx, r.maxY - ry), 0.0),          // bottom right
                (Point(r.x + rx, r.maxY - ry), Double.pi / 2),   // bottom left
                (Point(r.x + rx, r.y + ry), Double.pi),          // top left
            ]
            for (c, start) in corners {
                for i in 0...segmentsPerQuarter {
                    let a = start + Double(i) / Double(segmentsPerQuarter) * (Double.pi / 2)
                    pts.append(Point(c.x + rx * cos(a), c.y + ry * sin(a)))
                }
            }
            return pts
        }
    }

    // MARK: - Helpers

    static func winding(_ pts: [Point], _ p: Point) -> Int {
        var wn = 0
        let n = pts.count
        guard n >= 3 else { return 0 }
        for i in 0..<n {
            let a = pts[i], b = pts[(i + 1) % n]
            let cross = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
            if a.y <= p.y {
                if b.y > p.y && cross > 0 { wn += 1 }
            } else if b.y <= p.y && cross < 0 {
                wn -= 1
            }
            // Points on an edge count as inside (closed polygon).
            if cross == 0 && Swift.min(a.x, b.x) <= p.x && p.x <= Swift.max(a.x, b.x)
                && Swift.min(a.y, b.y) <= p.y && p.y <= Swift.max(a.y, b.y) {
                return 1
            }
        }
        return wn
    }

    /// The foot of `p` on segment ab.
    public static func project(_ p: Point, _ a: Point, _ b: Point) -> Point {
        let dx = b.x - a.x, dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        if len2 == 0 { return a }
        var t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2
        t = Swift.min(Swift.max(t, 0), 1)
        return Point(a.x + t * dx, a.y + t * dy)
    }

    static func closestOnPolyline(_ pts: [Point], _ p: Point) -> Point {
        var best = pts[0], bestD = Double.infinity
        for i in 0..<pts.count {
            let q = project(p, pts[i], pts[(i + 1) % pts.count])
            let d = q.distance(to: p)
            if d < bestD { bestD = d; best = q }
        }
        return best
    }

    /// The point of the ellipse x²/a² + y²/b² = 1 nearest to `d` (relative to its
    /// centre), for `d` outside it. Eberly's robust bisection ("Distance from a
    /// Point to an Ellipse", 2013), folded into the first quadrant.
    static func closestOnEllipse(_ a: Double, _ b: Double, _ d: Point) -> Point {
        let sx: Double = d.x < 0 ? -1 : 1, sy: Double = d.y < 0 ? -1 : 1
        let y0 = abs(d.x), y1 = abs(d.y)
        let swap = a < b
        let e0 = swap ? b : a, e1 = swap ? a : b
        let z0v = swap ? y1 : y0, z1v = swap ? y0 : y1
        var x0: Double, x1: Double
        if z1v > 0 {
            if z0v > 0 {
                let z0 = z0v / e0, z1 = z1v / e1
                let g = z0 * z0 + z1 * z1 - 1
                if g != 0 {
                    let r0 = (e0 / e1) * (e0 / e1)
                    let n0 = r0 * z0
                    var s0 = z1 - 1
                    var s1 = g < 0 ? 0 : (n0 * n0 + z1 * z1).squareRoot() - 1
                    var s = 0.0
                    for _ in 0..<200 {
                        s = (s0 + s1) / 2
                        if s == s0 || s == s1 { break }
                        let ratio0 = n0 / (s + r0), ratio1 = z1 / (s + 1)
                        let gs = ratio0 * ratio0 + ratio1 * ratio1 - 1
                        if gs > 0 { s0 = s } else if gs < 0 { s1 = s } else { break }
                    }
                    x0 = r0 * z0v / (s + r0)
                    x1 = z1v / (s + 1)
                } else {
                    x0 = z0v; x1 = z1v
                }
            } else {
                x0 = 0; x1 = e1
            }
        } else {
            let numer0 = e0 * z0v, denom0 = e0 * e0 - e1 * e1
            if numer0 < denom0 {
                let xde0 = numer0 / denom0
                x0 = e0 * xde0
                x1 = e1 * Swift.max(0, 1 - xde0 * xde0).squareRoot()
            } else {
                x0 = e0; x1 = 0
            }
        }
        let px = swap ? x1 : x0, py = swap ? x0 : x1
        return Point(sx * px, sy * py)
    }
}
