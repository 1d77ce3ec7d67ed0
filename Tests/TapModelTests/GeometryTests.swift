import TapModel
import Testing

@Suite("Geometry")
struct GeometryTests {
    @Test("Rectangles are half-open like CGRect")
    func rectContainment() {
        let r = Rect(0, 0, 10, 10)
        #expect(r.contains(Point(0, 0)))
        #expect(!r.contains(Point(10, 5)))
        #expect(!Rect(0, 0, 0, 10).contains(Point(0, 5)))
    }

    @Test("Distance from a point to each shape")
    func distances() {
        let rect = HitShape.rect(Rect(0, 0, 10, 10))
        #expect(rect.distance(to: Point(13, 14)) == 5)
        #expect(rect.distance(to: Point(5, 5)) == 0)
        let circle = HitShape.ellipse(Rect(0, 0, 20, 20))
        #expect(abs(circle.distance(to: Point(10, 40)) - 20) < 1e-9)
        #expect(abs(circle.distance(to: Point(30, 30)) - (800.0.squareRoot() - 10)) < 1e-9)
        let ellipse = HitShape.ellipse(Rect(-20, -10, 40, 20))
        #expect(abs(ellipse.distance(to: Point(0, 15)) - 5) < 1e-9)
        #expect(abs(ellipse.distance(to: Point(25, 0)) - 5) < 1e-9)
        let capsule = HitShape.rounded(Rect(0, 0, 100, 20), rx: 10, ry: 10)
        #expect(abs(capsule.distance(to: Point(-5, 10)) - 5) < 1e-9)
        #expect(!capsule.contains(Point(1, 1)))
        #expect(capsule.contains(Point(50, 1)))
        let triangle = HitShape.polygon([Point(0, 0), Point(10, 0), Point(0, 10)])
        #expect(triangle.contains(Point(2, 2)))
        #expect(!triangle.contains(Point(8, 8)))
        #expect(abs(triangle.distance(to: Point(10, 10)) - 50.0.squareRoot()) < 1e-9)
    }

    @Test("The nearest point on an ellipse is found from every quadrant")
    func ellipseNearest() {
        let e = HitShape.ellipse(Rect(0, 0, 60, 20))
        for (x, y) in [(70.0, 30.0), (-10.0, -5.0), (30.0, -40.0), (65.0, 10.0)] {
            let q = e.closestPoint(to: Point(x, y))
            let dx = (q.x - 30) / 30, dy = (q.y - 10) / 10
            #expect(abs(dx * dx + dy * dy - 1) < 1e-9, "on the ellipse from (\(x), \(y))")
            // No point of a dense outline is nearer.
            let best = e.outline(segmentsPerQuarter: 2000).map { $0.distance(to: Point(x, y)) }.min()!
            #expect(q.distance(to: Point(x, y)) <= best + 1e-9)
        }
    }
}
