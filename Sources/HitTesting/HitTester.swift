import TapModel

/// Tunables of hit testing, each with its documented default.
public struct HitSettings: Sendable, Equatable {
    /// S9: a touch is a disk of this radius (points); 0 turns tolerance off.
    public var touchRadius: Double
    /// Find the view that takes a touch through the R-tree (default) or by
    /// walking the whole tree (the reference implementation; for tests and the benchmark).
    public var spatialIndex: Bool
    public init(touchRadius: Double = 10, spatialIndex: Bool = true) {
        self.touchRadius = touchRadius
        self.spatialIndex = spatialIndex
    }
}

/// Reusable buffers for the hot paths: one per thread of work, passed `inout`.
public struct HitScratch {
    var candidates: [Int32] = []
    var failedGates: [Int] = []
    var segment: [Int] = []
    /// Filled by `competitors(at:hitView:scratch:)`.
    public internal(set) var ordered: [Handler] = []
    public internal(set) var simultaneous: [Handler] = []

    public init() {
        candidates.reserveCapacity(32)
        segment.reserveCapacity(32)
        ordered.reserveCapacity(8)
    }
}

/// A snapshot compiled for hit testing: per-view regions, gates and handlers,
/// and a spatial index, built once and then only read (safe to share across threads).
///
/// The model, in one paragraph: every view has a *self shape* where it takes a
/// touch itself (a leaf's drawn shape, its outermost interaction `contentShape`,
/// a UIKit view's inset bounds) and possibly a *gate* its subtree must pass
/// (the outermost `contentShape`; a UIKit view's bounds, U1/U2). Views that
/// can never take a touch (S5, U1's hidden/alpha/interaction) are pruned. The
/// view that takes a touch at p is the one latest in document order whose self
/// shape holds p and all of whose gated ancestors hold p: that is exactly the
/// front-to-back walk of S2, S8, U1 and U5, answered from an R-tree instead of a walk.
public final class HitTester: Sendable {
    public let snapshot: Snapshot
    public let settings: HitSettings

    /// Can take touches at all: no S5 modifier and U1-visible, up through every ancestor.
    let alive: [Bool]
    let selfShape: [Int32]      // index into `shapes`, -1 none
    let gateShape: [Int32]      // index into `shapes`, -1 none
    let baseShape: [Int32]      // leaf's own shape (for gestures attached before a contentShape), -1 none
    let gateAncestor: [Int32]   // nearest strict ancestor with a gate, -1 none
    let shapes: [HitShape]
    let shapeOwner: [Int32]
    /// UIKit views that host SwiftUI content (U5).
    let hosting: [Bool]
    public let handlers: [[Handler]]
    /// Views with a highPriorityGesture (a quick skip in arbitration).
    let hasHighPriority: [Bool]
    /// `describe(_:)` and `firesReason(_:)` of every handler, worked out once.
    let descriptions: [[String]]
    let firesReasons: [[String]]
    /// Views carrying a tap-like handler, in document order.
    public let targets: [Int]
    let selfIndex: RTree
    let shapeIndex: RTree
    let ids: [String: Int]

    /// Compiles the snapshot, one step per rule (Rules/Compilation.swift), and builds the indexes.
    /// - Complexity: O(n log n) in the number of views and shapes.
    public init(_ snapshot: Snapshot, settings: HitSettings = HitSettings()) {
        self.snapshot = snapshot
        self.settings = settings
        let nodes = snapshot.nodes
        var c = Compilation(nodes)
        c.compileAll()
        self.alive = c.alive
        self.selfShape = c.selfShape
        self.gateShape = c.gateShape
        self.baseShape = c.baseShape
        self.gateAncestor = c.gateAncestor
        self.shapes = c.shapes
        self.shapeOwner = c.shapeOwner
        self.hosting = c.hosting
        self.handlers = c.handlers
        self.hasHighPriority = c.handlers.map { $0.contains { $0.priority == .high } }
        self.descriptions = c.handlers.map { $0.map { HitTester.describe($0, in: nodes) } }
        self.firesReasons = descriptions.map { $0.map { $0 + " fires" } }
        self.targets = c.targets
        var selfItems: [(box: Rect, payload: Int32)] = []
        var shapeItems: [(box: Rect, payload: Int32)] = []
        for i in 0..<nodes.count where c.alive[i] && c.selfShape[i] >= 0 {
            let s = c.shapes[Int(c.selfShape[i])]
            if !s.isEmpty { selfItems.append((s.bounds, Int32(i))) }
        }
        for (k, s) in c.shapes.enumerated() where c.alive[Int(c.shapeOwner[k])] && !s.isEmpty {
            shapeItems.append((s.bounds, Int32(k)))
        }
        var ids: [String: Int] = [:]
        for (i, node) in nodes.enumerated() { ids[node.id] = i }
        self.ids = ids
        self.selfIndex = RTree(selfItems)
        self.shapeIndex = RTree(shapeItems)
    }

    /// The index of the node with this id.
    public func index(ofID id: String) -> Int? { ids[id] }

    /// Indices from the root down to `node`.
    public func path(to node: Int) -> [Int] {
        var path: [Int] = []
        var i = node
        while i >= 0 { path.append(i); i = snapshot.nodes[i].parent }
        return path.reversed()
    }

}
