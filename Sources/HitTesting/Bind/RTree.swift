import TapModel

/// A static R-tree over rectangles, bulk-loaded with Sort-Tile-Recursive
/// packing (Leutenegger et al., 1997). Built once per snapshot, then only read.
///
/// STR cuts the entries into vertical slices, then packs each slice bottom to
/// top. The number of slices follows the data's aspect ratio rather than a
/// square root alone: a snapshot of a long scrolling list is hundreds of times
/// taller than wide, and square-root slicing would make every slice span the
/// whole height (a point query would then visit every slice).
///
/// - Complexity: building is O(n log n); a point query visits O(log n + k)
///   nodes for k results when boxes overlap little.
struct RTree: Sendable {
    private static let fanout = 16

    /// Every node's box, 4 numbers each (minX, minY, maxX, maxY): the entries first, then each level above.
    private var boxes: [Double] = []
    /// For entries: the payload. For inner nodes: the index of their first child.
    private var first: [Int32] = []
    /// For inner nodes: one past their last child (unused for entries).
    private var last: [Int32] = []
    private var entryCount = 0
    private var root = -1

    var isEmpty: Bool { root < 0 }

    init(_ items: [(box: Rect, payload: Int32)]) {
        guard !items.isEmpty else { return }
        let n = items.count
        var extent = items[0].box
        for item in items { extent = extent.union(item.box) }
        let leafCount = (n + RTree.fanout - 1) / RTree.fanout
        let aspect = extent.height > 0 ? max(extent.width, 1e-9) / extent.height : 1
        let sliceCount = min(leafCount, max(1, Int((Double(leafCount) * aspect).squareRoot().rounded(.up))))
        let sliceSize = ((leafCount + sliceCount - 1) / sliceCount) * RTree.fanout
        var order = Array(0..<n)
        order.sort { items[$0].box.midX < items[$1].box.midX }
        var start = 0
        while start < n {
            let end = min(start + sliceSize, n)
            order[start..<end].sort { items[$0].box.midY < items[$1].box.midY }
            start = end
        }
        boxes.reserveCapacity(n * 4 * 17 / 16 + 64)
        for i in order {
            let b = items[i].box
            boxes.append(contentsOf: [b.minX, b.minY, b.maxX, b.maxY])
            first.append(items[i].payload)
            last.append(0)
        }
        entryCount = n
        // Group consecutive runs of `fanout` nodes into parents until one root remains.
        var levelStart = 0, levelCount = n
        while levelCount > 1 {
            let parentsStart = first.count
            var s = levelStart
            let levelEnd = levelStart + levelCount
            while s < levelEnd {
                let e = min(s + RTree.fanout, levelEnd)
                var a = Double.infinity, b = Double.infinity, c = -Double.infinity, d = -Double.infinity
                for j in s..<e {
                    a = min(a, boxes[4 * j]); b = min(b, boxes[4 * j + 1])
                    c = max(c, boxes[4 * j + 2]); d = max(d, boxes[4 * j + 3])
                }
                boxes.append(contentsOf: [a, b, c, d])
                first.append(Int32(s))
                last.append(Int32(e))
                s = e
            }
            levelStart = parentsStart
            levelCount = first.count - parentsStart
        }
        root = first.count - 1
    }

    /// Calls `visit` with the payload of every entry whose box intersects
    /// `[x0, x1] × [y0, y1]` (closed on all sides).
    func query(x0: Double, y0: Double, x1: Double, y1: Double, _ visit: (Int32) -> Void) {
        guard root >= 0 else { return }
        boxes.withUnsafeBufferPointer { box in
            first.withUnsafeBufferPointer { first in
                last.withUnsafeBufferPointer { last in
                    // Each inner level adds at most 15 entries to the stack (one popped, 16 pushed): 16 × 15
                    // holds 15 levels (16^15 entries) and stays under the 1 KiB that Swift puts on the stack
                    // (a larger buffer is a heap allocation per query).
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 16 * 15) { stack in
                        var top = 0
                        stack[0] = Int32(root)
                        top = 1
                        while top > 0 {
                            top -= 1
                            let node = Int(stack[top])
                            if box[4 * node] > x1 || box[4 * node + 2] < x0 || box[4 * node + 1] > y1 || box[4 * node + 3] < y0 { continue }
                            if node < entryCount {
                                visit(first[node])
                            } else {
                                for child in Int(first[node])..<Int(last[node]) {
                                    stack[top] = Int32(child)
                                    top += 1
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    func query(point p: Point, _ visit: (Int32) -> Void) {
        query(x0: p.x, y0: p.y, x1: p.x, y1: p.y, visit)
    }
}
