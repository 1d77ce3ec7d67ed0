import TapModel

/// How one touch bound in one SwiftUI tree (docs/snapshot.md, S9 "Responders").
///
/// Made once per binding and then only read: a class, so the locations and results
/// that carry it move a reference instead of two levels' worth of bytes.
public final class Binding: Sendable {
    /// One level of the bound path: a responder, its own score, and the best and
    /// runner-up among its children (what decided whether the touch went further down).
    public struct Level: Sendable {
        public let responder: Int32
        public let score: Double
        /// The child that scored best, the responder it bound, and its score.
        public let best: (child: Int32, bound: Int32, score: Double)?
        public let runnerUp: (child: Int32, bound: Int32, score: Double)?
        /// Whether the best child took the touch (it met the profile's threshold).
        public let passed: Bool
    }

    /// The touch's centre.
    public let point: Point
    /// The responder the touch is bound to; -1 when nothing in the tree scored
    /// (or, on `ios26-sdk`, every container passed it through).
    public let bound: Int32
    /// The bound responder's own score.
    public let score: Double
    /// The tree's root responded itself: no gesture in the tree receives the touch.
    public let rootBound: Bool
    /// The centre sample counted in the bound responder's score (`hit`): in its region, not taken by a view in front,
    /// not hidden by a gate above it. Else it won on ring samples only (`expanded`).
    public let centre: Bool
    /// Root first, down to the bound responder (when recorded).
    public let levels: [Level]
    /// The level where the binding stopped: the bound responder's own, when it responded
    /// itself although a child scored (no child met the threshold).
    public let stop: Level?
    /// The deepest level below the bound responder where the best child also fell short
    /// (the Text that covered 3 of the 8 it needed, inside the row that then responded itself).
    public let deepestShortfall: Level?

    init(point: Point, bound: Int32, score: Double, rootBound: Bool, centre: Bool, levels: [Level], stop: Level?, deepestShortfall: Level?) {
        self.point = point; self.bound = bound; self.score = score; self.rootBound = rootBound; self.centre = centre
        self.levels = levels; self.stop = stop; self.deepestShortfall = deepestShortfall
    }
}

/// A fixed-size column of per-responder values, written in place. The binder writes a
/// few dozen of them per touch; an array's copy-on-write check on every write cost more
/// than the writes. Freed with its last copy; each `BindBuffers` (one per thread of work)
/// has its own. Unlike an array, a copy shares the values: the `HitScratch` holding them
/// is passed `inout` and never copied for use elsewhere.
struct Column<T> {
    private final class Storage {
        let base: UnsafeMutablePointer<T>
        let count: Int
        init(_ value: T, _ count: Int) {
            base = .allocate(capacity: max(count, 1))
            base.initialize(repeating: value, count: count)
            self.count = count
        }
        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }
    private let storage: Storage
    private let base: UnsafeMutablePointer<T>

    init(repeating value: T, count: Int) {
        storage = Storage(value, count)
        base = storage.base
    }

    var count: Int { storage.count }

    subscript(i: Int) -> T {
        @inline(__always) get {
            assert(i >= 0 && i < storage.count)
            return base[i]
        }
        @inline(__always) nonmutating set {
            assert(i >= 0 && i < storage.count)
            base[i] = newValue
        }
    }
}

/// Reusable per-thread buffers for binding (no allocation on the hot path).
struct BindBuffers {
    /// Per responder: the samples its region holds (bit i: sample i), for this touch.
    var region = Column<UInt64>(repeating: 0, count: 0)
    /// Per responder: whether it is linked into its parent's relevant children, and those children.
    var linked = Column<Bool>(repeating: false, count: 0)
    var firstKid = Column<Int32>(repeating: -1, count: 0)
    var nextKid = Column<Int32>(repeating: -1, count: 0)
    /// Per responder, filled when its test ends: its score, and its decision.
    var score = Column<Double>(repeating: 0, count: 0)
    var bestChild = Column<Int32>(repeating: -1, count: 0)
    var bestBound = Column<Int32>(repeating: -1, count: 0)
    var bestScore = Column<Double>(repeating: 0, count: 0)
    var runnerChild = Column<Int32>(repeating: -1, count: 0)
    var runnerBound = Column<Int32>(repeating: -1, count: 0)
    var runnerScore = Column<Double>(repeating: 0, count: 0)
    var passed = Column<Bool>(repeating: false, count: 0)
    /// The centre sample was free (in the responder's region and not taken or hidden) when it was tested.
    var centreFree = Column<Bool>(repeating: false, count: 0)
    var touched: [Int32] = []
    var frames: [Frame] = []
    var kids: [Int32] = []

    struct Frame {
        var r: Int32
        var covered: UInt64
        var childMask: UInt64
        var score: Double
        /// This frame's children in `kids`, front to back, and the next to visit.
        var kidsStart: Int
        var kidsEnd: Int
        var next: Int
        var best: (child: Int32, bound: Int32, score: Double)?
        var runnerUp: (child: Int32, bound: Int32, score: Double)?
    }

    mutating func prepare(_ count: Int) {
        guard region.count < count else { return }
        region = Column(repeating: 0, count: count)
        linked = Column(repeating: false, count: count)
        firstKid = Column(repeating: -1, count: count)
        nextKid = Column(repeating: -1, count: count)
        score = Column(repeating: 0, count: count)
        bestChild = Column(repeating: -1, count: count)
        bestBound = Column(repeating: -1, count: count)
        bestScore = Column(repeating: 0, count: count)
        runnerChild = Column(repeating: -1, count: count)
        runnerBound = Column(repeating: -1, count: count)
        runnerScore = Column(repeating: 0, count: count)
        passed = Column(repeating: false, count: count)
        centreFree = Column(repeating: false, count: count)
    }

    mutating func touch(_ r: Int32) {
        if region[Int(r)] == 0 && !linked[Int(r)] && firstKid[Int(r)] < 0 { touched.append(r) }
    }

    mutating func reset() {
        for r in touched {
            let i = Int(r)
            region[i] = 0; linked[i] = false; firstKid[i] = -1; nextKid[i] = -1
            bestChild[i] = -1; runnerChild[i] = -1; score[i] = 0
        }
        touched.clearKeepingCapacity()
    }
}

extension HitTester {
    /// Binds a touch at `c` with `cloud` in the SwiftUI tree whose root responder is `root`
    /// (docs/snapshot.md, S9 "Responders"). Responders of nodes in `excluding` are treated as absent.
    ///
    /// Only responders whose region holds a sample are visited: the atomic regions
    /// (leaves, content shapes, platform views) near the cloud come from the R-tree, and
    /// their samples are carried up to every container whose union includes them.
    ///
    /// - Complexity: O(log n + k · (s + d)) for k regions near the touch, s samples and depth d.
    func bind(at c: Point, cloud: TouchCloud, root: Int32, excluding: Range<Int>?, record: Bool,
              buffers b: inout BindBuffers) -> Binding {
        let rt = responderTable
        b.prepare(rt.tree.count)
        defer { b.reset() }
        let n = cloud.count
        // The box of the samples as computed (a region's box decides for all of them at once).
        var (cx0, cx1, cy0, cy1) = cloud.sampleBox(around: c)
        if !(c.x.isFinite && c.y.isFinite) { cx0 = -.infinity; cy0 = -.infinity; cx1 = .infinity; cy1 = .infinity }  // no box decides
        let all: UInt64 = n == 64 ? ~0 : (1 << UInt64(n)) - 1
        let rootEnd = Int(rt.tree.end[Int(root)])
        let reach = cloud.reach

        // Regions near the cloud: which samples each holds, carried up to the containers whose union includes them.
        // (Without the index, every region of the tree is tried: the reference for the tests and the benchmark.)
        func nearby(_ visit: (Int32) -> Void) {
            if settings.spatialIndex {
                atomIndex.query(x0: c.x - reach, y0: c.y - reach, x1: c.x + reach, y1: c.y + reach, visit)
            } else {
                for a in (Int(root) + 1)..<rootEnd where rt.tree.isAtomic(a) { visit(Int32(a)) }
            }
        }
        nearby { a32 in
            let a = Int(a32)
            guard a > Int(root) && a < rootEnd else { return }
            if let excluding, excluding.contains(Int(rt.tree.node[a])) { return }
            let k = Int(rt.tree.shape[a])
            let box = shapeBoxes[k]
            var mask: UInt64 = 0
            if box.polygon {
                let shape = shapes[k]
                for i in 0..<n where shape.contains(cloud.sample(i, around: c)) { mask |= 1 << UInt64(i) }
            } else if cx1 < box.minX || cx0 >= box.maxX || cy1 < box.minY || cy0 >= box.maxY {
                return  // every sample is outside the box
            } else if box.plain && cx0 >= box.minX && cx1 < box.maxX && cy0 >= box.minY && cy1 < box.maxY {
                mask = all  // every sample is inside the rectangle
            } else {
                mask = cloud.samples(inMinX: box.minX, maxX: box.maxX, minY: box.minY, maxY: box.maxY, around: c, box: (cx0, cx1, cy0, cy1))
                if !box.plain {  // curved corners: the samples in the box that the shape itself holds
                    var bits = mask
                    while bits != 0 {
                        let i = bits.trailingZeroBitCount
                        if !shapes[k].contains(cloud.sample(i, around: c)) { mask &= ~(1 << UInt64(i)) }
                        bits &= bits - 1
                    }
                }
            }
            guard mask != 0 else { return }
            // Its own region, then each ancestor up to (not including) the nearest barrier.
            let barrier = Int(rt.tree.barrierAbove[a])
            var r = a
            b.touch(Int32(r))
            b.region[r] |= mask
            while true {
                let p = Int(rt.tree.parent[r])
                guard p >= 0 else { break }
                b.touch(Int32(p))
                if !b.linked[r] {
                    b.linked[r] = true
                    b.nextKid[r] = b.firstKid[p]
                    b.firstKid[p] = Int32(r)
                }
                if p == barrier { break }
                b.region[p] |= mask
                r = p
            }
        }

        // The test of §3, iteratively (trees may be thousands deep).
        let profile = self.profile
        func enter(_ r: Int32, mask: UInt64, buffers b: inout BindBuffers) -> Bool {
            let i = Int(r)
            guard !rt.tree.silent[i] else { return false }
            let region = b.region[i] & all
            let free = region & ~mask
            guard free != 0 else { return false }
            let weight = cloud.weight(of: free)
            let opacity = rt.tree.kind[i] == .opacity ? (profile.bindingOpacity(rt.tree.opacity[i]) ?? 0) : 1
            let score = rt.tree.priority[i] * opacity * weight
            guard score != 0 else { return false }
            let covered = opacity > 0.5 ? mask | free : mask
            let childMask = mask | (~region & all)
            b.centreFree[i] = free & 1 != 0
            // Relevant children, front to back (later in pre-order is in front).
            let start = b.kids.count
            var k = b.firstKid[i]
            while k >= 0 { b.kids.append(k); k = b.nextKid[Int(k)] }
            b.kids.sortDescendingInPlace(from: start)  // (sorting the slice would copy it)
            b.frames.append(.init(r: r, covered: covered, childMask: childMask, score: score, kidsStart: start, kidsEnd: b.kids.count,
                                  next: start, best: nil, runnerUp: nil))
            return true
        }

        var result: (bound: Int32, score: Double, covered: UInt64)?
        b.frames.clearKeepingCapacity()
        b.kids.clearKeepingCapacity()
        if enter(root, mask: 0, buffers: &b) {
            var pending: (bound: Int32, score: Double, covered: UInt64)?  // a child's result, handed to its parent frame
            var childReturned = false
            while let top = b.frames.last {
                var f = top
                if childReturned {
                    childReturned = false
                    let child = b.kids[f.next - 1]
                    if let r = pending {
                        f.childMask = r.covered
                        let runner = f.runnerUp?.score ?? 0
                        if r.score > runner {
                            if let best = f.best, r.score <= best.score {
                                f.runnerUp = (child, r.bound, r.score)
                            } else {
                                if let best = f.best, best.bound != r.bound { f.runnerUp = best }
                                f.best = (child, r.bound, r.score)
                            }
                        }
                    }
                    pending = nil
                }
                if f.next < f.kidsEnd {
                    let child = b.kids[f.next]
                    f.next += 1
                    b.frames[b.frames.count - 1] = f
                    if enter(child, mask: f.childMask, buffers: &b) { continue }
                    childReturned = true
                    pending = nil
                    continue
                }
                // Every child has answered: the decision of this level.
                b.frames.removeLast()
                while b.kids.count > f.kidsStart { b.kids.removeLast() }
                let i = Int(f.r)
                b.score[i] = f.score
                b.bestChild[i] = f.best?.child ?? -1
                b.bestBound[i] = f.best?.bound ?? -1
                b.bestScore[i] = f.best?.score ?? 0
                b.runnerChild[i] = f.runnerUp?.child ?? -1
                b.runnerBound[i] = f.runnerUp?.bound ?? -1
                b.runnerScore[i] = f.runnerUp?.score ?? 0
                let passes = f.best.map { profile.wins($0.score, over: f.runnerUp?.score ?? 0) } ?? false
                b.passed[i] = passes
                var answer: (bound: Int32, score: Double, covered: UInt64)?
                if passes, let best = f.best {
                    answer = (best.bound, f.score, f.covered)
                } else if profile.containersPassThrough && rt.tree.isContainer(i) {
                    answer = nil
                } else {
                    answer = (f.r, f.score, f.covered)
                }
                if b.frames.isEmpty {
                    result = answer
                } else {
                    pending = answer
                    childReturned = true
                }
            }
        }

        guard let result else {
            return Binding(point: c, bound: -1, score: 0, rootBound: false, centre: false, levels: [], stop: nil, deepestShortfall: nil)
        }
        let bound = result.bound
        func level(_ r: Int32) -> Binding.Level {
            let i = Int(r)
            let best = b.bestChild[i] >= 0 ? (b.bestChild[i], b.bestBound[i], b.bestScore[i]) : nil
            let runner = b.runnerChild[i] >= 0 ? (b.runnerChild[i], b.runnerBound[i], b.runnerScore[i]) : nil
            return .init(responder: r, score: b.score[i], best: best, runnerUp: runner, passed: b.passed[i])
        }
        var levels: [Binding.Level] = []
        if record {
            var r = root
            while true {
                let i = Int(r)
                levels.append(level(r))
                guard b.passed[i], b.bestChild[i] >= 0, r != bound else { break }
                r = b.bestChild[i]
            }
        }
        let stop = b.bestChild[Int(bound)] >= 0 && !b.passed[Int(bound)] ? level(bound) : nil
        var deepest = stop
        var r = bound
        while b.bestChild[Int(r)] >= 0 && !b.passed[Int(r)] {
            deepest = level(r)
            let next = b.bestBound[Int(r)]
            if next == r || next < 0 { break }
            r = next
        }
        return Binding(point: c, bound: bound, score: b.score[Int(bound)], rootBound: bound == root,
                       centre: b.centreFree[Int(bound)], levels: levels, stop: stop, deepestShortfall: deepest)
    }
}
