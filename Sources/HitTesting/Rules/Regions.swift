import TapModel

// S1 Leaves, S2 Containers are hollow, S3 contentShape, S4 Order is semantics.
//
// Every SwiftUI view gets a *base shape* (S1: a leaf's frame or drawn shape; none
// for a clear leaf or a container, S2: a container's region is only the union of
// its children's) and, when it has interaction contentShapes (S3, other kinds do
// not count), its outermost one becomes both its *self shape* (it takes touches
// there) and its *gate* (its subtree takes touches only inside it). A gesture
// attached at modifier index i sees the region in force just before i (S4): the
// last interaction contentShape written before it, else the base region.

extension Compilation {
    /// S1–S3 for a SwiftUI view; UIKit views get their bounds (UIKit.swift).
    mutating func compileRegions(_ i: Int) {
        let node = nodes[i]
        contentShapes.removeAll(keepingCapacity: true)
        for (m, modifier) in node.modifiers.enumerated() {
            if case .contentShape(let spec) = modifier, spec.purpose == .interaction {  // S3: only `interaction`
                contentShapes.append((m, addShape(spec.resolve(in: node.frame), i)))
            }
        }
        if node.system == .uikit {
            compileUIKitBounds(i)
            return
        }
        if node.isLeaf && !node.clear {  // S1; a container (S2) has no base shape
            baseShape[i] = addShape(node.shape?.resolve(in: node.frame) ?? .rect(node.frame), i)
        }
        if let outer = contentShapes.last {  // S3: from the modifier outward, the shape is the region
            gateShape[i] = outer.shape
            selfShape[i] = outer.shape
        } else {
            selfShape[i] = baseShape[i]
        }
    }

    /// S4: the region a gesture written at `modifier` sees.
    func attachmentRegion(at modifier: Int) -> Handler.Region {
        if let cs = contentShapes.last(where: { $0.modifier < modifier }) { return .shape(Int(cs.shape)) }
        return .base
    }
}

extension HitTester {
    /// S4: whether the handler's attachment region holds `p`, for a handler on the
    /// path to `hitView` (the region in force just before its modifier).
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

    /// S2/S4 in words: why a tap on a container's target in its gap fires nothing.
    func whyHollow(_ target: Int, handler h: Handler) -> String? {
        let node = snapshot.nodes[target]
        guard node.system == .swiftui, !(node.isLeaf && !node.clear),
              case .swiftUI(let m) = h.source, case .base = h.region else { return nil }
        let later = node.modifiers.enumerated().contains { k, mod in
            if k > m, case .contentShape(let s) = mod, s.purpose == .interaction { return true }
            return false
        }
        let entry = entryName(of: h)
        if later {
            return "\(node.id): tap lands in the gap between its leaves; its contentShape comes after \(entry), so it takes the tap without widening the gesture"
        }
        return "\(node.id): tap lands in the gap between its leaves; its container has no contentShape before \(entry)"
    }
}
