import TapJSON
import TapModel

/// Compile, regions: the shapes a view takes touches in — a leaf's base shape (S1), its
/// interaction contentShapes (S3), the region a gesture sees (S4), a UIKit view's bounds (U1–U3).

// MARK: - S1 (Rules/S1Leaves.swift)

extension Compilation {
    /// S1: a visible leaf's base shape, its drawn shape or its frame.
    mutating func compileLeafShape(_ i: Int) {
        let node = nodes[i]
        guard node.isLeaf && !node.clear else { return }  // a container (S2) has no base shape
        baseShape[i] = addShape((node.shape ?? Compilation.drawnShape(of: node.type))?.resolve(in: node.frame) ?? .rect(node.frame), i)
    }

    /// The path a shape type draws in its frame when the node gives no `shape`: a `Circle` the
    /// largest centred circle, an `Ellipse` and a `Capsule` theirs; nil for everything drawn over
    /// its whole frame (a `RoundedRectangle` of unknown corner radius counts as its frame).
    static func drawnShape(of type: String) -> ShapeSpec? {
        switch type {
        case "Circle": return ShapeSpec(.circle)
        case "Ellipse": return ShapeSpec(.ellipse)
        case "Capsule": return ShapeSpec(.capsule)
        default: return nil
        }
    }
}

// MARK: - S3 (Rules/S3ContentShape.swift)

extension Compilation {
    /// S3: the view's interaction contentShapes in modifier order (other kinds do not count).
    mutating func compileContentShapes(_ i: Int) {
        let node = nodes[i]
        contentShapes.removeAll(keepingCapacity: true)
        for (m, modifier) in node.modifiers.enumerated() {
            if case .contentShape(let spec) = modifier, spec.purpose == .interaction {
                contentShapes.append((m, addShape(spec.resolve(in: node.frame), i)))
            }
        }
        nodeContentShapes[i] = contentShapes
    }

    /// S3: from the outermost contentShape outward, the shape is the view's region and its subtree's gate.
    mutating func applyOutermostContentShape(_ i: Int) {
        if let outer = contentShapes.last {
            gateShape[i] = outer.shape
            selfShape[i] = outer.shape
        } else {
            selfShape[i] = baseShape[i]
        }
    }
}

// MARK: - S4 (Rules/S4ShapeOrder.swift)

extension Compilation {
    /// S4: the region a gesture written at `modifier` sees.
    func attachmentRegion(at modifier: Int) -> Handler.Region {
        if let cs = contentShapes.last(where: { $0.modifier < modifier }) { return .shape(Int(cs.shape)) }
        return .base
    }
}

// MARK: - U1 (Rules/U1HitTest.swift)

extension Compilation {
    /// U1 bounds; they gate the subtree (U2); a pass-through view has no self shape (U3).
    mutating func compileUIKitBounds(_ i: Int) {
        let node = nodes[i]
        let bounds = addShape(.rect(node.uikit.hitBounds(node.frame)), i)
        gateShape[i] = bounds
        baseShape[i] = bounds
        selfShape[i] = node.uikit.passThroughSelf ? -1 : bounds
    }
}
