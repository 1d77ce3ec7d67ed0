import TapModel

/// A `HitShape` flattened for the binder's inner loop: its box as the very
/// numbers `Rect.contains` compares with, and whether anything but the box
/// decides (curved corners, polygons). Testing a plain rectangle is then four
/// comparisons with no enum copy and no call; anything curved goes to
/// `HitShape.contains`, so every answer is the shape's own, bit for bit.
struct ShapeBox: Sendable {
    let minX: Double
    let minY: Double
    /// `x + width` and `y + height`, computed as `Rect.contains` computes them.
    let maxX: Double
    let maxY: Double
    /// Only the box decides (a rectangle: `rx` or `ry` is 0).
    let plain: Bool
    /// A polygon: its box is not the half-open rectangle test, so nothing is decided from it.
    let polygon: Bool

    init(_ shape: HitShape) {
        switch shape {
        case .rounded(let r, let rx, let ry):
            minX = r.x; minY = r.y; maxX = r.x + r.width; maxY = r.y + r.height
            plain = rx <= 0 || ry <= 0
            polygon = false
        case .polygon:
            minX = 0; minY = 0; maxX = 0; maxY = 0
            plain = false
            polygon = true
        }
    }
}
