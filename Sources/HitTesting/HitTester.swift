import TapModel

/// Tunables of hit testing, each with its documented default.
public struct HitSettings: Sendable, Equatable {
    /// The radius of a touch that has none of its own (points): the iOS simulator's
    /// `UITouch.majorRadius` [20]; 0 binds with one sample (exact hit testing).
    public var touchRadius: Double
    /// The touch-binding profile (docs/snapshot.md, S9 "Profiles"); nil: from the snapshot's
    /// `device.os` and `app.sdk`, else `ios18`.
    public var profile: TouchProfile?
    /// Find UIKit views through the R-tree (default) or by walking the whole tree
    /// (the reference implementation; for tests and the benchmark).
    public var spatialIndex: Bool
    /// The screen's millimetres per point for the human touch model (`--mm-per-point`);
    /// nil: from the snapshot's `device.model`, else 0.16 (`ScreenDensity`).
    public var mmPerPoint: Double?

    public static let defaultTouchRadius = 20.0

    public init(touchRadius: Double = HitSettings.defaultTouchRadius, profile: TouchProfile? = nil, spatialIndex: Bool = true,
                mmPerPoint: Double? = nil) {
        self.touchRadius = touchRadius
        self.profile = profile
        self.spatialIndex = spatialIndex
        self.mmPerPoint = mmPerPoint
    }
}

/// Reusable buffers for the hot paths: one per thread of work, passed `inout`.
public struct HitScratch {
    var candidates: [Int32] = []
    var segment: [Int] = []
    var binding = BindBuffers()
    private var clouds: [TouchCloud] = []
    /// Filled by `competitors(for:scratch:)`.
    public internal(set) var ordered: [Handler] = []
    public internal(set) var simultaneous: [Handler] = []
    /// Whose competitors `ordered` and `simultaneous` hold (the tester is kept, so its
    /// identity cannot be reused): asking again for the same ones costs nothing.
    var competitorsOf: (tester: HitTester, responder: Int32, view: Int, row: Int)?
    /// Raw-touch handlers (U9) and a representable's controls waiting behind SwiftUI's taps (S19), during the walk.
    var raw: [Handler] = []
    var pending: [Handler] = []
    /// What the last walk did that a report names: controls put behind SwiftUI taps (S19), ancestors' controls left out (U10).
    public internal(set) var deferredBehindSwiftUI = false
    public internal(set) var skippedByU10 = false
    /// Miss explanations written so far (`reason(for:scratch:)`), by what they say.
    var shortfalls = TextMemo<ShortfallKey>()
    var misses = TextMemo<MissKey>()

    public init() {
        candidates.reserveCapacity(32)
        segment.reserveCapacity(32)
        ordered.reserveCapacity(8)
    }

    /// The cloud of a radius, built once per radius this scratch meets.
    mutating func cloud(_ radius: Double) -> TouchCloud {
        if let c = clouds.first(where: { $0.radius == radius || ($0.radius.isNaN && radius.isNaN) }) { return c }
        let c = TouchCloud(radius: radius)
        if clouds.count >= 8 { clouds.removeFirst() }
        clouds.append(c)
        return c
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
    /// The touch-binding profile in force, and why it was chosen.
    public let profileChoice: ProfileChoice
    public var profile: TouchProfile { profileChoice.profile }
    /// The screen density the human touch model works in, and why it was chosen.
    public let density: ScreenDensity

    /// Can take touches at all: no S5 modifier and U1-visible, up through every ancestor.
    let alive: [Bool]
    let selfShape: [Int32]      // index into `shapes`, -1 none
    let gateShape: [Int32]      // index into `shapes`, -1 none
    let baseShape: [Int32]      // leaf's own shape (for gestures attached before a contentShape), -1 none
    let gateAncestor: [Int32]   // nearest strict ancestor with a gate, -1 none
    let shapes: [HitShape]
    /// `shapes` flattened for the binder's inner loop (no enum copy, no call per sample).
    let shapeBoxes: [ShapeBox]
    let shapeOwner: [Int32]
    public let handlers: [[Handler]]
    /// Views with a highPriorityGesture (a quick skip in arbitration).
    let hasHighPriority: [Bool]
    /// Per view: some view outside its subtree carries a handler. Without one, nothing can
    /// fire once the view is taken away (a miss is not `blocked` by the view).
    let handlersOutside: [Bool]
    /// `describe(_:)` and `firesReason(_:)` of every handler, worked out once.
    let descriptions: [[String]]
    let firesReasons: [[String]]
    /// Views carrying a tap-like handler, in document order.
    public let targets: [Int]
    /// The responders SwiftUI content binds over (docs/snapshot.md, S9 "Responders").
    let responderTable: ResponderTable
    /// Leaves, content shapes and platform views by their region's box.
    let atomIndex: RTree
    /// UIKit views by their self shape's box, and SwiftUI trees by their hosting view's bounds.
    let uikitIndex: RTree
    let islandIndex: RTree
    /// Per UIKit view: the representable it lies in (-1: the window's own hierarchy).
    let uikitScope: [Int32]
    let ids: [String: Int]
    /// List rows (S12), in document order, and each view's nearest row (itself included), -1 none.
    let rows: [Int]
    let rowOf: [Int32]
    /// List cells (rows, headers, footers), in document order, and each view's nearest cell, -1 none.
    let cells: [Int]
    let cellOf: [Int32]
    /// The screen has a switch-style Toggle (S18): only then does a miss look for one around it.
    let hasSwitchToggle: Bool

    /// Compiles the snapshot, one step per rule (Compile/Compilation.swift), and builds the indexes.
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
        self.handlers = c.handlers
        self.rows = c.rows
        self.rowOf = c.rowOf
        self.cells = c.cells
        self.cellOf = c.cellOf
        self.hasSwitchToggle = nodes.contains { $0.type == "Toggle" && $0.style == "switch" }
        self.hasHighPriority = c.handlers.map { $0.contains { $0.priority == .high } }
        // Views with handlers before each position in document order: a subtree is a range.
        var before = [0]
        before.reserveCapacity(nodes.count + 1)
        for h in c.handlers { before.append(before[before.count - 1] + (h.isEmpty ? 0 : 1)) }
        self.handlersOutside = nodes.indices.map { v in before[nodes.count] - (before[nodes[v].end] - before[v]) > 0 }
        self.descriptions = c.handlers.map { $0.map { HitTester.describe($0, in: nodes) } }
        self.firesReasons = descriptions.map { $0.map { $0 + " fires" } }
        self.targets = c.targets
        let choice = ProfileChoice(requested: settings.profile, os: snapshot.device.os, sdk: snapshot.app.sdk)
        self.profileChoice = choice
        self.density = ScreenDensity(requested: settings.mmPerPoint, model: snapshot.device.model)
        let tree = c.compileResponders(profile: choice.profile)
        self.responderTable = ResponderTable(tree)
        self.shapes = c.shapes
        self.shapeBoxes = c.shapes.map(ShapeBox.init)
        self.shapeOwner = c.shapeOwner
        var atoms: [(box: Rect, payload: Int32)] = []
        for r in 0..<tree.count where tree.isAtomic(r) {
            let s = c.shapes[Int(tree.shape[r])]
            if !s.isEmpty { atoms.append((s.bounds, Int32(r))) }
        }
        var scope = [Int32](repeating: -1, count: nodes.count)
        var uikitItems: [(box: Rect, payload: Int32)] = []
        var islandItems: [(box: Rect, payload: Int32)] = []
        for (i, node) in nodes.enumerated() {
            let p = node.parent
            if node.system == .uikit {
                // A representable scopes itself and its subtree; other views inherit their parent's scope.
                scope[i] = p >= 0 && nodes[p].system == .swiftui ? Int32(i) : (p >= 0 ? scope[p] : -1)
                if c.alive[i] && c.selfShape[i] >= 0 && !(p >= 0 && nodes[p].system == .swiftui) {
                    let s = c.shapes[Int(c.selfShape[i])]
                    if !s.isEmpty { uikitItems.append((s.bounds, Int32(i))) }
                }
            } else if p >= 0 && nodes[p].system == .uikit && c.gateShape[p] >= 0 {
                islandItems.append((c.shapes[Int(c.gateShape[p])].bounds, Int32(i)))
            }
        }
        self.uikitScope = scope
        self.atomIndex = RTree(atoms)
        self.uikitIndex = RTree(uikitItems)
        self.islandIndex = RTree(islandItems)
        var ids: [String: Int] = [:]
        for (i, node) in nodes.enumerated() { ids[node.id] = i }
        self.ids = ids
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
