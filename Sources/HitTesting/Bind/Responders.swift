import TapModel

/// The responder tree touch binding runs over (docs/snapshot.md, S9 "Responders"), derived
/// from the snapshot once per `HitTester`:
///
/// | view or modifier | responder | region | priority |
/// |---|---|---|---|
/// | leaf (S1; a shape type on its path) | leaf | its shape; none when clear | 1 |
/// | container (S2) | none: its children's join its parent's list | — | — |
/// | gesture modifier, Button (its action innermost) | gesture | union of its children's | max of its children's |
/// | a Button style that fills its frame (S17), inside the action | content shape | the Button's frame | max(1, children's) |
/// | interaction `contentShape` (S3) | content shape | the shape | max(1, children's) |
/// | `opacity(x)`, x > 0 | opacity | union of its children's | max of its children's |
/// | `allowsHitTesting(false)`, `hidden`, `opacity(0)` (S5) | none for what it wraps | — | — |
/// | UIKit view inside SwiftUI (U5) | platform | its frame when U1 lets it | 16 |
/// | a SwiftUI tree's top (a hosting view's content) | root | union of all | max |
///
/// Modifiers wrap what is inside them in source order (the first written is
/// innermost, S4), so a gesture written before a `contentShape` lies inside
/// it. Responders are stored in pre-order: a responder's subtree is the index
/// range `r..<end[r]`, and siblings later in the list are in front.
struct ResponderTree: Sendable {
    enum Kind: UInt8, Sendable { case root, leaf, gesture, contentShape, opacity, platform }

    var kind: [Kind] = []
    /// The snapshot node each responder belongs to.
    var node: [Int32] = []
    var parent: [Int32] = []
    /// Children, back to front (binding visits them front first).
    var children: [[Int32]] = []
    var end: [Int32] = []
    var priority: [Double] = []
    /// The opacity a responder binds with (opacity responders; 1 for the rest).
    var opacity: [Double] = []
    /// The region of a leaf, content shape or platform responder: an index into `HitTester.shapes`.
    var shape: [Int32] = []
    /// A gesture responder's handler: its slot among its node's handlers.
    var handlerSlot: [Int32] = []
    /// The nearest strict ancestor whose region does not include this responder's
    /// (a content shape, or on iOS 26 a container left out below the minimum opacity), -1 none.
    var barrierAbove: [Int32] = []
    /// Whether a responder takes no touch of its own (an opacity below the profile's minimum).
    var silent: [Bool] = []
    /// For each SwiftUI tree (island): its root responder; per node: the island root it belongs to (-1 none).
    var islandRoots: [Int32] = []
    var islandOf: [Int32] = []
    /// Per node: its outermost responder (-1 none), and a UIKit node's platform responder.
    var outermost: [Int32] = []
    var platformOf: [Int32] = []
    /// Per node: the responders it made, outermost first (for explanations).
    var ofNode: [[Int32]] = []

    var count: Int { kind.count }

    /// Whether the region is the responder's own shape (it stops the union above it at itself).
    @inline(__always) func isAtomic(_ r: Int) -> Bool { shape[r] >= 0 }

    /// A container (gesture, opacity, root): it responds only for what is inside it.
    @inline(__always) func isContainer(_ r: Int) -> Bool {
        switch kind[r] {
        case .gesture, .opacity, .root: return true
        case .leaf, .contentShape, .platform: return false
        }
    }
}

/// The responder tree behind one reference: the hot paths hold the table (one retain)
/// and read `table.tree.kind[i]` in place, where a local copy of the tree would retain
/// each of its arrays.
final class ResponderTable: Sendable {
    let tree: ResponderTree
    init(_ tree: ResponderTree) { self.tree = tree }
}

extension Compilation {
    /// Builds the responder tree from the compiled regions and handlers (docs/snapshot.md, S9 "Responders").
    mutating func compileResponders(profile: TouchProfile) -> ResponderTree {
        var t = ResponderTree()
        let n = nodes.count
        t.islandOf = [Int32](repeating: -1, count: n)
        t.outermost = [Int32](repeating: -1, count: n)
        t.platformOf = [Int32](repeating: -1, count: n)
        t.ofNode = [[Int32]](repeating: [], count: n)
        /// Per node: the responder its children attach to; -2 when its content was removed (S5).
        var contentAttach = [Int32](repeating: -1, count: n)

        func add(_ kind: ResponderTree.Kind, node i: Int, parent: Int32, shape: Int32 = -1, opacity: Double = 1, slot: Int32 = -1) -> Int32 {
            let r = Int32(t.kind.count)
            t.kind.append(kind)
            t.node.append(Int32(i))
            t.parent.append(parent)
            t.children.append([])
            t.end.append(r + 1)
            t.priority.append(0)
            t.opacity.append(opacity)
            t.shape.append(shape)
            t.handlerSlot.append(slot)
            t.silent.append(false)
            if parent >= 0 { t.children[Int(parent)].append(r) }
            if kind != .root { t.ofNode[i].append(r) }
            return r
        }

        for i in 0..<n {
            let node = nodes[i]
            let p = node.parent
            // Where this node's responders go: its parent's content, or a new island's root.
            var attach: Int32
            if p < 0 || nodes[p].system == .uikit {
                if node.system == .uikit { continue }  // UIKit is hit-tested exactly (U1–U4), not bound
                attach = add(.root, node: i, parent: -1)
                t.islandRoots.append(attach)
            } else {
                attach = contentAttach[p]
                if attach == -2 { contentAttach[i] = -2; continue }  // inside removed content
            }
            t.islandOf[i] = p >= 0 && nodes[p].system == .swiftui ? t.islandOf[p] : attach
            if node.system == .uikit {
                // A representable: a platform responder over its frame when U1 lets it take touches.
                contentAttach[i] = -2
                guard alive[i] else { continue }
                let s = addShape(.rect(node.frame), i)
                let r = add(.platform, node: i, parent: attach, shape: s)
                t.platformOf[i] = r
                t.outermost[i] = r
                continue
            }
            // The modifiers that make responders, and where the last one that removes everything inside it is.
            var lastRemoval = -1
            for (m, modifier) in node.modifiers.enumerated() where modifier.removesHitTesting { lastRemoval = m }
            let shapes = nodeContentShapes[i]
            var chain: [(kind: ResponderTree.Kind, modifier: Int)] = []
            for (m, modifier) in node.modifiers.enumerated() where m > lastRemoval {
                switch modifier {
                case .gesture: chain.append((.gesture, m))
                case .contentShape(let s) where s.purpose == .interaction: chain.append((.contentShape, m))
                case .opacity: chain.append((.opacity, m))
                default: break
                }
            }
            // Outermost first (pre-order): the last-written modifier wraps everything else.
            var current = attach
            for (kind, m) in chain.reversed() {
                switch kind {
                case .gesture:
                    let slot = handlers[i].firstIndex { if case .swiftUI(let k) = $0.source { return k == m }; return false }!
                    current = add(.gesture, node: i, parent: current, slot: Int32(slot))
                case .contentShape:
                    let s = shapes.first { $0.modifier == m }!.shape
                    current = add(.contentShape, node: i, parent: current, shape: s)
                default:
                    guard case .opacity(let x) = node.modifiers[m] else { continue }
                    current = add(.opacity, node: i, parent: current, opacity: x)
                    if profile.bindingOpacity(x) == nil { t.silent[Int(current)] = true }
                }
                if t.outermost[i] < 0 { t.outermost[i] = current }
            }
            if lastRemoval >= 0 {
                contentAttach[i] = -2
                continue
            }
            // The Button's action is innermost, around the content.
            if node.isButton, let slot = handlers[i].firstIndex(where: { if case .swiftUI(let k) = $0.source { return k < 0 }; return false }) {
                current = add(.gesture, node: i, parent: current, slot: Int32(slot))
                if t.outermost[i] < 0 { t.outermost[i] = current }
                // S17: the style wraps the label in a rectangle the size of the Button.
                if node.styleFillsFrame && profile.buttonStylesFillFrame {
                    current = add(.contentShape, node: i, parent: current, shape: addShape(.rect(node.frame), i))
                }
            }
            if node.isLeaf && baseShape[i] >= 0 {
                let r = add(.leaf, node: i, parent: current, shape: baseShape[i])
                if t.outermost[i] < 0 { t.outermost[i] = r }
            }
            contentAttach[i] = current
        }

        // Ends, priorities (bottom-up) and barriers (top-down).
        for r in stride(from: t.count - 1, through: 0, by: -1) {
            let kids = t.children[r]
            var best = 0.0
            for c in kids { best = max(best, t.priority[Int(c)]) }
            switch t.kind[r] {
            case .leaf: t.priority[r] = 1
            case .platform: t.priority[r] = 16
            case .contentShape: t.priority[r] = max(1, best)
            case .gesture, .opacity, .root: t.priority[r] = best
            }
            if let last = kids.last { t.end[r] = max(t.end[r], t.end[Int(last)]) }
        }
        t.barrierAbove = [Int32](repeating: -1, count: t.count)
        for r in 0..<t.count {
            let p = Int(t.parent[r])
            guard p >= 0 else { continue }
            let parentBars = t.kind[p] == .contentShape || (profile.translucentLeftOutOfUnion && t.kind[p] == .opacity && t.silent[p])
            t.barrierAbove[r] = parentBars ? Int32(p) : t.barrierAbove[p]
        }
        return t
    }
}

extension HitTester {
    /// The view a responder belongs to.
    public func node(ofResponder r: Int32) -> Int { Int(responderTable.tree.node[Int(r)]) }

    /// What a responder is, in words: `leaf`, `onTapGesture`, `contentShape`, `opacity`, `platform view`, `root`.
    public func kindName(ofResponder r: Int32) -> String {
        let i = Int(r)
        switch responderTable.tree.kind[i] {
        case .root: return "root"
        case .leaf: return "leaf"
        case .gesture: return entryName(of: handlers[Int(responderTable.tree.node[i])][Int(responderTable.tree.handlerSlot[i])])
        case .contentShape: return "contentShape"
        case .opacity: return "opacity"
        case .platform: return "platform view"
        }
    }
}
