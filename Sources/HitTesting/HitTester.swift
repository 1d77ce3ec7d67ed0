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

    public init(_ snapshot: Snapshot, settings: HitSettings = HitSettings()) {
        self.snapshot = snapshot
        self.settings = settings
        let nodes = snapshot.nodes
        let n = nodes.count
        var alive = [Bool](repeating: false, count: n)
        var selfShape = [Int32](repeating: -1, count: n)
        var gateShape = [Int32](repeating: -1, count: n)
        var baseShape = [Int32](repeating: -1, count: n)
        var gateAncestor = [Int32](repeating: -1, count: n)
        var hosting = [Bool](repeating: false, count: n)
        var shapes: [HitShape] = []
        var shapeOwner: [Int32] = []
        var handlers = [[Handler]](repeating: [], count: n)
        var targets: [Int] = []
        // Inherited state: disabled by an ancestor (S6); gestures inside masked by an ancestor (S11).
        var disabledAbove = [Bool](repeating: false, count: n)
        var maskedAbove = [Bool](repeating: false, count: n)

        func addShape(_ s: HitShape, _ owner: Int) -> Int32 {
            shapes.append(s)
            shapeOwner.append(Int32(owner))
            return Int32(shapes.count - 1)
        }

        for i in 0..<n {
            let node = nodes[i]
            let parent = node.parent
            if parent >= 0 {
                gateAncestor[i] = gateShape[parent] >= 0 ? Int32(parent) : gateAncestor[parent]
                let p = nodes[parent]
                disabledAbove[i] = disabledAbove[parent] || p.modifiers.contains { if case .disabled(true) = $0 { return true }; return false }
                maskedAbove[i] = maskedAbove[parent] || p.modifiers.contains {
                    if case .gesture(let g) = $0 { return g.mask == .gesture || g.mask == .none }
                    return false
                }
                if p.system == .uikit && node.system == .swiftui { hosting[parent] = true }
            }
            let removed = node.modifiers.contains { $0.removesHitTesting }
            let visible = node.system == .swiftui || node.uikit.takesTouches
            alive[i] = (parent < 0 || alive[parent]) && !removed && visible

            // Regions. contentShapes in modifier order; only `interaction` ones count (S3).
            var contentShapes: [(index: Int, shape: Int32)] = []
            for (m, modifier) in node.modifiers.enumerated() {
                if case .contentShape(let spec) = modifier, spec.purpose == .interaction {
                    contentShapes.append((m, addShape(spec.resolve(in: node.frame), i)))
                }
            }
            if node.system == .uikit {
                let bounds = addShape(.rect(node.uikit.hitBounds(node.frame)), i)
                gateShape[i] = bounds
                baseShape[i] = bounds
                selfShape[i] = node.uikit.passThroughSelf ? -1 : bounds
            } else {
                if node.isLeaf && !node.clear {
                    baseShape[i] = addShape(node.shape?.resolve(in: node.frame) ?? .rect(node.frame), i)
                }
                if let outer = contentShapes.last {
                    gateShape[i] = outer.shape
                    selfShape[i] = outer.shape
                } else {
                    selfShape[i] = baseShape[i]
                }
            }

            // Handlers: a Button's action first (innermost), then UIKit's, then gestures in modifier order.
            var list: [Handler] = []
            // S6: disabled(true) anywhere on the view disables every gesture on it and in its subtree.
            let disabledHere = disabledAbove[i] || node.modifiers.contains { if case .disabled(true) = $0 { return true }; return false }
            func maskedAt(_ modifierIndex: Int, own: GestureAttachment.Mask) -> Bool {
                if own == .subviews || own == .none || maskedAbove[i] { return true }
                for (m, modifier) in node.modifiers.enumerated() where m > modifierIndex {
                    if case .gesture(let g) = modifier, g.mask == .gesture || g.mask == .none { return true }
                }
                return false
            }
            func regionFor(_ modifierIndex: Int) -> Handler.Region {
                if let cs = contentShapes.last(where: { $0.index < modifierIndex }) { return .shape(Int(cs.shape)) }
                return .base
            }
            if node.isButton && node.system == .swiftui {
                list.append(Handler(node: i, slot: list.count, source: .swiftUI(modifierIndex: -1), priority: .normal,
                                    gesture: Gesture(.button, action: node.action), action: node.action,
                                    isDisabled: disabledHere, isMasked: maskedAt(-1, own: .all), system: .swiftui,
                                    region: .base, gestureName: "button"))
            }
            if node.system == .uikit {
                for (r, recognizer) in node.uikit.gestureRecognizers.enumerated() {
                    list.append(Handler(node: i, slot: list.count, source: .recognizer(index: r), priority: .normal,
                                        gesture: recognizer.equivalentGesture, action: recognizer.action,
                                        isDisabled: !recognizer.enabled, isMasked: false, system: .uikit,
                                        region: .anywhere, gestureName: recognizer.kind.rawValue))
                }
                if let control = node.uikit.control {
                    list.append(Handler(node: i, slot: list.count, source: .control, priority: .normal,
                                        gesture: Gesture(.button, action: control.action), action: control.action,
                                        isDisabled: !control.enabled, isMasked: false, system: .uikit,
                                        region: .anywhere, gestureName: "control"))
                }
            }
            for (m, modifier) in node.modifiers.enumerated() {
                guard case .gesture(let attachment) = modifier else { continue }
                list.append(Handler(node: i, slot: list.count, source: .swiftUI(modifierIndex: m), priority: attachment.priority,
                                    gesture: attachment.gesture, action: attachment.action,
                                    isDisabled: disabledHere, isMasked: maskedAt(m, own: attachment.mask), system: node.system,
                                    region: node.system == .uikit ? .anywhere : regionFor(m), gestureName: attachment.gesture.kindName))
            }
            handlers[i] = list
            if list.contains(where: { $0.isTapLike }) { targets.append(i) }
        }

        self.alive = alive
        self.selfShape = selfShape
        self.gateShape = gateShape
        self.baseShape = baseShape
        self.gateAncestor = gateAncestor
        self.shapes = shapes
        self.shapeOwner = shapeOwner
        self.hosting = hosting
        self.handlers = handlers
        self.hasHighPriority = handlers.map { $0.contains { $0.priority == .high } }
        self.descriptions = handlers.map { $0.map { HitTester.describe($0, in: nodes) } }
        self.firesReasons = descriptions.map { $0.map { $0 + " fires" } }
        self.targets = targets
        var selfItems: [(box: Rect, payload: Int32)] = []
        var shapeItems: [(box: Rect, payload: Int32)] = []
        for i in 0..<n where alive[i] && selfShape[i] >= 0 {
            let s = shapes[Int(selfShape[i])]
            if !s.isEmpty { selfItems.append((s.bounds, Int32(i))) }
        }
        for (k, s) in shapes.enumerated() where alive[Int(shapeOwner[k])] && !s.isEmpty {
            shapeItems.append((s.bounds, Int32(k)))
        }
        var ids: [String: Int] = [:]
        for (i, node) in nodes.enumerated() { ids[node.id] = i }
        self.ids = ids
        self.selfIndex = RTree(selfItems)
        self.shapeIndex = RTree(shapeItems)
    }

    // MARK: - Landing: which view takes the touch

    /// The view that takes a touch at `p` exactly (no tolerance), or -1.
    /// With `excluding`, the views in that index range (a subtree) are treated
    /// as absent: what would have taken the touch had they not been there.
    ///
    /// - Complexity: O(log n + k log k + d) for k views whose boxes hold p and
    ///   gate depth d.
    public func land(at p: Point, excluding: Range<Int>? = nil) -> Int {
        var scratch = HitScratch()
        return land(at: p, excluding: excluding, scratch: &scratch)
    }

    /// `land(at:excluding:)` with reusable buffers (no allocation on the hot path).
    public func land(at p: Point, excluding: Range<Int>? = nil, scratch: inout HitScratch) -> Int {
        if !settings.spatialIndex { return landByWalking(at: p, excluding: excluding) }
        scratch.candidates.removeAll(keepingCapacity: true)
        scratch.failedGates.removeAll(keepingCapacity: true)  // gated subtrees known not to hold p
        selfIndex.query(point: p) { scratch.candidates.append($0) }
        if scratch.candidates.count > 1 { scratch.candidates.sort(by: >) }
        outer: for c in scratch.candidates {
            let node = Int(c)
            if let excluding, excluding.contains(node) { continue }
            for g in scratch.failedGates where node >= g && node < snapshot.nodes[g].end { continue outer }
            guard shapes[Int(selfShape[node])].contains(p) else { continue }
            var a = Int(gateAncestor[node])
            while a >= 0 {
                if !shapes[Int(gateShape[a])].contains(p) {
                    scratch.failedGates.append(a)
                    continue outer
                }
                a = Int(gateAncestor[a])
            }
            return node
        }
        return -1
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

    // MARK: - Arbitration: who fires

    /// Whether the handler's attachment region holds `p`, for a handler on the
    /// path to `hitView` (S4: the region in force just before its modifier).
    func attachmentHolds(_ h: Handler, _ p: Point, hitView: Int) -> Bool {
        switch h.region {
        case .anywhere: return true
        case .shape(let s): return shapes[s].contains(p)
        case .base:
            if h.node != hitView { return true }  // a child on the path takes p, so the union of children holds it
            let b = baseShape[h.node]
            return b >= 0 && shapes[Int(b)].contains(p)
        }
    }

    /// Every handler that competes for a touch at `p` landing on `hitView`, in
    /// the order they get to recognize it (S10, U4), and the simultaneous ones
    /// apart. Masked handlers (S11) and those whose attachment region does not
    /// hold `p` are left out; disabled ones are kept (callers skip them).
    ///
    /// Order: walking up from the hit view, each run of SwiftUI views gives its
    /// `highPriorityGesture`s outermost first, then its other gestures innermost
    /// first (on one view, the earlier-written first; a Button's action is
    /// innermost); each run of UIKit views gives, view by view from the hit
    /// view up, its recognizers then its control.
    public func competitors(at p: Point, hitView: Int) -> (ordered: [Handler], simultaneous: [Handler]) {
        var scratch = HitScratch()
        competitors(at: p, hitView: hitView, scratch: &scratch)
        return (scratch.ordered, scratch.simultaneous)
    }

    /// `competitors(at:hitView:)` into `scratch.ordered` and `scratch.simultaneous`.
    public func competitors(at p: Point, hitView: Int, scratch: inout HitScratch) {
        scratch.ordered.removeAll(keepingCapacity: true)
        scratch.simultaneous.removeAll(keepingCapacity: true)
        scratch.segment.removeAll(keepingCapacity: true)
        guard hitView >= 0 else { return }
        var system = snapshot.nodes[hitView].system
        func flush(_ scratch: inout HitScratch) {
            if system == .uikit {
                for v in scratch.segment where !handlers[v].isEmpty {
                    for h in handlers[v] where !h.isMasked && attachmentHolds(h, p, hitView: hitView) {
                        if h.priority == .simultaneous { scratch.simultaneous.append(h) } else { scratch.ordered.append(h) }
                    }
                }
            } else {
                for v in scratch.segment.reversed() where hasHighPriority[v] {
                    for h in handlers[v].reversed() where h.priority == .high && !h.isMasked && attachmentHolds(h, p, hitView: hitView) {
                        scratch.ordered.append(h)
                    }
                }
                for v in scratch.segment where !handlers[v].isEmpty {
                    for h in handlers[v] where !h.isMasked && attachmentHolds(h, p, hitView: hitView) {
                        if h.priority == .normal { scratch.ordered.append(h) } else if h.priority == .simultaneous { scratch.simultaneous.append(h) }
                    }
                }
            }
            scratch.segment.removeAll(keepingCapacity: true)
        }
        var v = hitView
        while v >= 0 {
            let s = snapshot.nodes[v].system
            if s != system { flush(&scratch); system = s }
            scratch.segment.append(v)
            v = snapshot.nodes[v].parent
        }
        flush(&scratch)
    }

    /// What a tap at `p` landing on `hitView` fires: the first enabled tap-like
    /// competitor; failing that, an enabled simultaneous one. `disabled` is the
    /// first tap-like competitor that would have fired but is disabled.
    public func tapWinner(at p: Point, hitView: Int) -> (fired: Handler?, simultaneous: [Handler], disabled: Handler?) {
        var scratch = HitScratch()
        return tapWinner(at: p, hitView: hitView, scratch: &scratch)
    }

    public func tapWinner(at p: Point, hitView: Int, scratch: inout HitScratch) -> (fired: Handler?, simultaneous: [Handler], disabled: Handler?) {
        competitors(at: p, hitView: hitView, scratch: &scratch)
        var fired: Handler?
        var disabled: Handler?
        for h in scratch.ordered where h.isTapLike {
            if h.isDisabled {
                if disabled == nil { disabled = h }
            } else {
                fired = h
                break
            }
        }
        var also: [Handler] = []
        for h in scratch.simultaneous where h.isTapLike {
            if h.isDisabled {
                if disabled == nil && fired == nil { disabled = h }
            } else {
                also.append(h)
            }
        }
        if fired == nil, !also.isEmpty { fired = also.removeFirst() }
        return (fired, also, fired == nil ? disabled : nil)
    }

    /// Whether `node` is a UIKit view hosting SwiftUI content (U5).
    public func isHosting(_ node: Int) -> Bool { hosting[node] }
}

extension HitTester {
    /// Reference implementation of `land(at:)`: walks the tree front to back
    /// exactly as S2, S8 and U1 describe (a view asks its children last first;
    /// the first that takes the touch wins; else the view itself), without the
    /// spatial index. Used by the tests to check the index, and by the
    /// benchmark as the brute-force baseline.
    ///
    /// - Complexity: O(n) per touch.
    public func landByWalking(at p: Point, excluding: Range<Int>? = nil) -> Int {
        let nodes = snapshot.nodes
        guard !nodes.isEmpty else { return -1 }
        // Each frame: a view and how many of its children (from the back) remain to ask.
        var stack: [(node: Int, remaining: Int)] = []
        func enter(_ n: Int) -> Bool {
            guard alive[n] else { return false }
            if let excluding, excluding.contains(n) { return false }
            if gateShape[n] >= 0 && !shapes[Int(gateShape[n])].contains(p) { return false }
            stack.append((n, nodes[n].children.count))
            return true
        }
        _ = enter(0)
        while let top = stack.last {
            if top.remaining > 0 {
                stack[stack.count - 1].remaining -= 1
                let child = nodes[top.node].children[top.remaining - 1]
                _ = enter(child)
                continue
            }
            // All children declined: the view itself, if its own shape holds p.
            stack.removeLast()
            if selfShape[top.node] >= 0 && shapes[Int(selfShape[top.node])].contains(p) { return top.node }
        }
        return -1
    }
}
