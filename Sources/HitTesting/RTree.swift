import TapModel

/// A static R-tree over rectangles, bulk-loaded with Sort-Tile-Recursive
/// packing (Leutenegger et al., 1997). Built once per snapshot, then only read.
///
/// - Complexity: building is O(n log n); a point or box query visits
///   O(log n + k) nodes for k results when boxes overlap little.
struct RTree: Sendable {
    private static let fanout = 16

    // Level 0 holds the entries; each higher level holds boxes of groups of the level below.
    private var minX: [[Double]] = []
    private var minY: [[Double]] = []
    private var maxX: [[Double]] = []
    private var maxY: [[Double]] = []
    /// For level 0: the payload. For higher levels: index of the first child in the level below.
    private var first: [[Int32]] = []
    /// For higher levels: one past the last child.
    private var last: [[Int32]] = []

    var isEmpty: Bool { minX.isEmpty || minX[0].isEmpty }

    init(_ items: [(box: Rect, payload: Int32)]) {
        guard !items.isEmpty else { return }
        // Order entries by STR: slices by x centre, each slice sorted by y centre.
        let n = items.count
        let leafCount = (n + RTree.fanout - 1) / RTree.fanout
        let sliceCount = max(1, Int(Double(leafCount).squareRoot().rounded(.up)))
        let sliceSize = sliceCount * RTree.fanout
        var order = Array(0..<n)
        order.sort { items[$0].box.midX < items[$1].box.midX }
        var start = 0
        while start < n {
            let end = min(start + sliceSize, n)
            order[start..<end].sort { items[$0].box.midY < items[$1].box.midY }
            start = end
        }
        var lx: [Double] = [], ly: [Double] = [], hx: [Double] = [], hy: [Double] = [], pl: [Int32] = []
        lx.reserveCapacity(n); ly.reserveCapacity(n); hx.reserveCapacity(n); hy.reserveCapacity(n); pl.reserveCapacity(n)
        for i in order {
            let b = items[i].box
            lx.append(b.minX); ly.append(b.minY); hx.append(b.maxX); hy.append(b.maxY); pl.append(items[i].payload)
        }
        minX.append(lx); minY.append(ly); maxX.append(hx); maxY.append(hy); first.append(pl); last.append([])
        // Group consecutive runs of `fanout` into parents until one root remains.
        while minX[minX.count - 1].count > 1 {
            let level = minX.count - 1
            let count = minX[level].count
            var px: [Double] = [], py: [Double] = [], qx: [Double] = [], qy: [Double] = [], f: [Int32] = [], l: [Int32] = []
            var s = 0
            while s < count {
                let e = min(s + RTree.fanout, count)
                var a = Double.infinity, b = Double.infinity, c = -Double.infinity, d = -Double.infinity
                for j in s..<e {
                    a = min(a, minX[level][j]); b = min(b, minY[level][j])
                    c = max(c, maxX[level][j]); d = max(d, maxY[level][j])
                }
                px.append(a); py.append(b); qx.append(c); qy.append(d); f.append(Int32(s)); l.append(Int32(e))
                s = e
            }
            minX.append(px); minY.append(py); maxX.append(qx); maxY.append(qy); first.append(f); last.append(l)
        }
    }

    /// Calls `visit` with the payload of every entry whose box intersects
    /// `[x0, x1] × [y0, y1]` (closed on all sides).
    func query(x0: Double, y0: Double, x1: Double, y1: Double, _ visit: (Int32) -> Void) {
        guard !isEmpty else { return }
        let top = minX.count - 1
        // Explicit stack of (level, index).
        var stack: [(Int, Int)] = [(top, 0)]
        stack.reserveCapacity(64)
        while let (level, i) = stack.popLast() {
            if minX[level][i] > x1 || maxX[level][i] < x0 || minY[level][i] > y1 || maxY[level][i] < y0 { continue }
            if level == 0 {
                visit(first[0][i])
            } else {
                for j in Int(first[level][i])..<Int(last[level][i]) { stack.append((level - 1, j)) }
            }
        }
    }

    func query(point p: Point, _ visit: (Int32) -> Void) {
        query(x0: p.x, y0: p.y, x1: p.x, y1: p.y, visit)
    }
}
