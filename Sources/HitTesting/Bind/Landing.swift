import TapModel

/// Bind, landing: which view or responder takes a touch — SwiftUI content binds it with the
/// touch's cloud (S9, TouchBinder.swift), UIKit hit-tests it exactly at its centre front to back
/// (S8, U1–U3), a hosting view asks its SwiftUI content first (U5), a list's cells come last (S12).

/// Where a touch went: the innermost view or responder that took it, and the
/// SwiftUI binding that decided (docs/snapshot.md, S9 "Responders"; UIKit stays exact, U1–U4).
public struct Location: Sendable {
    /// The bound SwiftUI responder that took the touch, or -1.
    public var responder: Int32 = -1
    /// The UIKit view that took the touch exactly (U1), or -1.
    public var view: Int = -1
    /// The view that took the touch (the UIKit view, or the bound responder's node), -1 when nothing did.
    public var node: Int = -1
    /// The SwiftUI binding that took part: the one that bound `responder`, or one the touch
    /// passed through (its root responded itself) on the way to `view` or to nothing.
    public var binding: Binding?
    /// The list row whose cell holds the touch's centre and whose row-level actions receive it (S12), or -1.
    public var row: Int = -1

    public init() {}
}

extension HitTester {
    // MARK: - Landing: which view takes the touch

    /// Where a touch at `c` with `cloud` goes: SwiftUI trees bind it with the cloud (S9),
    /// UIKit views take it exactly at `c` (U1–U3, S8's front-to-back order), a hosting
    /// view's SwiftUI content first (U5). Views in `excluding` (a subtree) are absent.
    public func locate(at c: Point, cloud: TouchCloud, excluding: Range<Int>? = nil, record: Bool = false,
                       scratch: inout HitScratch) -> Location {
        var l = locateContent(at: c, cloud: cloud, excluding: excluding, record: record, scratch: &scratch)
        if !cells.isEmpty { applyCells(&l, at: c, excluding: excluding) }
        return l
    }

    /// `locate` before list cells are applied (S12): the binding and the UIKit hit test alone.
    private func locateContent(at c: Point, cloud: TouchCloud, excluding: Range<Int>?, record: Bool,
                               scratch: inout HitScratch) -> Location {
        guard !snapshot.nodes.isEmpty else { return Location() }
        if snapshot.nodes[0].system == .swiftui {
            let root = responderTable.tree.islandOf[0]
            guard root >= 0 else { return Location() }
            let b = bind(at: c, cloud: cloud, root: root, excluding: excluding, record: record, buffers: &scratch.binding)
            if b.bound >= 0 && !b.rootBound { return located(b, at: c, cloud: cloud, excluding: excluding, record: record, scratch: &scratch) }
            var none = Location()
            none.binding = b
            return none
        }
        return landUIKit(at: c, cloud: cloud, scope: -1, excluding: excluding, record: record, scratch: &scratch) ?? Location()
    }

    /// The location of a SwiftUI binding: its responder, or inside a bound UIKit view (U5: a
    /// representable is hit-tested exactly from there; itself when nothing inside takes the point).
    private func located(_ b: Binding, at c: Point, cloud: TouchCloud, excluding: Range<Int>?, record: Bool,
                         scratch: inout HitScratch) -> Location {
        let node = Int(responderTable.tree.node[Int(b.bound)])
        if responderTable.tree.kind[Int(b.bound)] == .platform {
            // U5: a view inside takes the touch, or else the representable itself is the hit view (its SwiftUI
            // content, if any, took nothing).
            let inner = landUIKit(at: c, cloud: cloud, scope: node, excluding: excluding, record: record, scratch: &scratch)
            if var inner, inner.node >= 0 {
                if inner.binding == nil { inner.binding = b }
                return inner
            }
            var l = Location()
            l.view = node; l.node = node; l.binding = b
            return l
        }
        var l = Location()
        l.responder = b.bound; l.node = node; l.binding = b
        return l
    }

    /// The UIKit hit test (U1–U3) within `scope` (-1: the window; else a representable's
    /// subtree): the latest view in document order whose self shape holds `c` and whose
    /// gated ancestors all hold it; a hosting view's SwiftUI content is bound first and
    /// takes the touch unless its root responds itself (U5). Nil when nothing takes it.
    ///
    /// - Complexity: O(log n + k log k + d) for k candidates and gate depth d, plus a binding per SwiftUI tree tried.
    func landUIKit(at c: Point, cloud: TouchCloud, scope: Int, excluding: Range<Int>?, record: Bool,
                   scratch: inout HitScratch) -> Location? {
        scratch.candidates.clearKeepingCapacity()
        if settings.spatialIndex {
            uikitIndex.query(point: c) { v in if uikitScope[Int(v)] == Int32(scope) { scratch.candidates.append(v) } }
            islandIndex.query(point: c) { t in
                let host = snapshot.nodes[Int(t)].parent
                if uikitScope[host] == Int32(scope) { scratch.candidates.append(t) }
            }
        } else {
            // Every view of the scope (the reference for the tests and the benchmark).
            let nodes = snapshot.nodes
            for v in max(scope, 0)..<(scope >= 0 ? nodes[scope].end : nodes.count) {
                let p = nodes[v].parent
                if nodes[v].system == .uikit {
                    if uikitScope[v] == Int32(scope) && v != scope && alive[v] && selfShape[v] >= 0 { scratch.candidates.append(Int32(v)) }
                } else if p >= 0 && nodes[p].system == .uikit && uikitScope[p] == Int32(scope) {
                    scratch.candidates.append(Int32(v))
                }
            }
        }
        scratch.candidates.sortDescendingInPlace()
        var passedThrough: Binding?
        var k = 0
        while k < scratch.candidates.count {
            let v = Int(scratch.candidates[k])
            k += 1
            if let excluding, excluding.contains(v) { continue }
            if snapshot.nodes[v].system == .swiftui {  // (read in place: a copy of the node retains its arrays)
                // A SwiftUI tree under a hosting view: its host's bounds (and every gate above) must hold c.
                let host = snapshot.nodes[v].parent
                guard alive[host], gatesHold(c, from: host, scope: scope) else { continue }
                let root = responderTable.tree.islandOf[v]
                let b = bind(at: c, cloud: cloud, root: root, excluding: excluding, record: record, buffers: &scratch.binding)
                if b.bound >= 0 && !b.rootBound {
                    return located(b, at: c, cloud: cloud, excluding: excluding, record: record, scratch: &scratch)
                }
                if passedThrough == nil { passedThrough = b }
                continue
            }
            guard shapes[Int(selfShape[v])].contains(c), gatesHold(c, from: Int(gateAncestor[v]), scope: scope) else { continue }
            var l = Location()
            l.view = v; l.node = v; l.binding = passedThrough
            return l
        }
        if passedThrough != nil {
            var l = Location()
            l.binding = passedThrough
            return l
        }
        return nil
    }

    /// Whether `c` lies inside the gate of `start` (when it has one) and of every gated ancestor above it, within `scope`.
    func gatesHold(_ c: Point, from start: Int, scope: Int) -> Bool {
        var a = start
        if a >= 0 && gateShape[a] < 0 { a = Int(gateAncestor[a]) }
        while a >= 0 && a >= scope {
            if !shapes[Int(gateShape[a])].contains(c) { return false }
            a = Int(gateAncestor[a])
        }
        return true
    }

    /// UIKit's exact landing (U1–U3 and S8 front to back) with SwiftUI content bound at radius 0:
    /// the view a touch at `p` lands on, or -1.
    public func land(at p: Point, excluding: Range<Int>? = nil) -> Int {
        var scratch = HitScratch()
        return locate(at: p, cloud: TouchCloud(radius: 0), excluding: excluding, scratch: &scratch).node
    }
}

extension HitTester {
    /// Reference implementation of UIKit's exact landing: walks the tree front to back
    /// exactly as S8 and U1 describe (a view asks its subviews last first; the first
    /// that takes the touch wins; else the view itself), without the spatial index.
    /// SwiftUI content is not walked: it binds (S9). Used by the tests to check the
    /// index, and by the benchmark as the brute-force baseline.
    ///
    /// - Complexity: O(n) per touch.
    public func landByWalking(at p: Point, excluding: Range<Int>? = nil) -> Int {
        let nodes = snapshot.nodes
        guard !nodes.isEmpty, nodes[0].system == .uikit else { return -1 }
        // Each frame: a view and how many of its children (from the back) remain to ask.
        var stack: [(node: Int, remaining: Int)] = []
        func enter(_ n: Int) -> Bool {
            guard alive[n], nodes[n].system == .uikit else { return false }
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

// MARK: - S12 (Rules/S12CellIsTarget.swift)

extension HitTester {
    /// S12: the frontmost row whose cell holds `c` gets the touch after its content (`Location.row`). Cells
    /// (rows, headers, footers) are exact: content of a cell that does not hold `c` does not take the touch
    /// (the content's binding is not redone within the right cell: a Decision, docs/real-screens.md). A view
    /// in front of the list (later in document order, outside every cell) keeps it.
    func applyCells(_ l: inout Location, at c: Point, excluding: Range<Int>?) {
        let nodes = snapshot.nodes
        var cell = -1
        for r in cells.reversed() where alive[r] && nodes[r].frame.contains(c) {
            if let excluding, excluding.contains(r) { continue }
            guard gatesHold(c, from: Int(gateAncestor[r]), scope: -1) else { continue }
            cell = r
            break
        }
        let n = l.node
        let bound = n >= 0 ? Int(cellOf[n]) : -1
        if bound >= 0 && bound != cell {
            // The cloud reached the content of a cell that does not hold the centre.
            let binding = l.binding
            l = Location()
            l.binding = binding
        } else if cell >= 0 && bound < 0 && n >= nodes[cell].end {
            return  // a view in front of the list takes it
        }
        if cell >= 0, rowOf[cell] == Int32(cell), let h = handlers[cell].last, case .row = h.source { l.row = cell }
    }

    /// The row whose cell a view lies in (itself when it is one), or -1.
    public func row(of node: Int) -> Int { node >= 0 && node < rowOf.count ? Int(rowOf[node]) : -1 }
}
