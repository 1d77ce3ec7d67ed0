import TapModel

/// Compile: the per-view arrays a `HitTester` reads, filled view by view in document
/// order by one step per concern, each in a file of this folder (the rules' descriptions
/// are in Rules/, each naming the step that implements it):
///
/// | step | rules | file |
/// |---|---|---|
/// | `inherit` | S6, S11 state from the parent; the nearest gated ancestor | Compilation.swift |
/// | `compileLiveness` | S5, U1 (hidden, alpha, interaction) | Liveness.swift |
/// | `compileRegions` | S1, S3, S4 (SwiftUI); U1–U3 (UIKit bounds) | Regions.swift |
/// | `compileHandlers` | S4 attachment, S6, S11, U4 order, U7–U9 kinds | Compilation.swift, Handlers.swift |
/// | `compileRows` (after all views) | S13, S15: a row's row-level controls become its handler | Rows.swift |
/// | `compileResponders` (HitTester.init) | S9: the responder tree binding runs over | Bind/Responders.swift |
///
/// S7 (clipping) is an absence: no step reads `clipped` or `clipsToBounds` (Rules/S7Clipping.swift).
struct Compilation {
    let nodes: [Node]
    var alive: [Bool]
    var selfShape: [Int32]
    var gateShape: [Int32]
    var baseShape: [Int32]
    var gateAncestor: [Int32]
    var shapes: [HitShape] = []
    var shapeOwner: [Int32] = []
    var handlers: [[Handler]]
    var targets: [Int] = []
    /// List rows and each view's nearest row (S12, S13).
    var rows: [Int] = []
    var rowOf: [Int32] = []
    /// List cells (rows, headers, footers: UIKit's cells and supplementary views) and each view's nearest one (S12).
    var cells: [Int] = []
    var cellOf: [Int32] = []
    /// S6: disabled by an ancestor.
    var disabledAbove: [Bool]
    /// S11: gestures inside switched off by an ancestor's mask.
    var maskedAbove: [Bool]
    /// The current view's interaction contentShapes, in modifier order (S3, S4).
    var contentShapes: [(modifier: Int, shape: Int32)] = []
    /// Every view's interaction contentShapes (the responder tree wraps them, docs/snapshot.md, S9 "Responders").
    var nodeContentShapes: [[(modifier: Int, shape: Int32)]]

    init(_ nodes: [Node]) {
        self.nodes = nodes
        let n = nodes.count
        alive = [Bool](repeating: false, count: n)
        selfShape = [Int32](repeating: -1, count: n)
        gateShape = [Int32](repeating: -1, count: n)
        baseShape = [Int32](repeating: -1, count: n)
        gateAncestor = [Int32](repeating: -1, count: n)
        handlers = [[Handler]](repeating: [], count: n)
        disabledAbove = [Bool](repeating: false, count: n)
        maskedAbove = [Bool](repeating: false, count: n)
        nodeContentShapes = [[(modifier: Int, shape: Int32)]](repeating: [], count: n)
    }

    /// Runs every step over every view; a view's parent is always compiled first.
    mutating func compileAll() {
        for i in 0..<nodes.count {
            inherit(i)
            compileLiveness(i)
            compileRegions(i)
            compileHandlers(i)
        }
        compileRows()
    }

    mutating func addShape(_ s: HitShape, _ owner: Int) -> Int32 {
        shapes.append(s)
        shapeOwner.append(Int32(owner))
        return Int32(shapes.count - 1)
    }

    /// State a view takes from its parent.
    mutating func inherit(_ i: Int) {
        let parent = nodes[i].parent
        guard parent >= 0 else { return }
        gateAncestor[i] = gateShape[parent] >= 0 ? Int32(parent) : gateAncestor[parent]
        disabledAbove[i] = disabledAbove[parent] || nodes[parent].isDisabledHere
        maskedAbove[i] = maskedAbove[parent] || nodes[parent].masksGesturesInside
    }

    /// S1–S3 for a SwiftUI view (S2: a container gets no base shape); U1–U3 bounds for a UIKit view.
    mutating func compileRegions(_ i: Int) {
        compileContentShapes(i)
        if nodes[i].system == .uikit {
            compileUIKitBounds(i)
            return
        }
        compileLeafShape(i)
        applyOutermostContentShape(i)
    }

    /// Handlers: a Button's action first (innermost, S4), then UIKit's recognizers and
    /// control (U4), then gestures in modifier order; each with its attachment region
    /// (S4), disabled state (S6) and mask (S11).
    mutating func compileHandlers(_ i: Int) {
        let node = nodes[i]
        var list: [Handler] = []
        let disabled = disabledAbove[i] || node.isDisabledHere
        if node.isButton && node.system == .swiftui {
            list.append(Handler(node: i, slot: list.count, source: .swiftUI(modifierIndex: -1), priority: .normal,
                                gesture: Gesture(.button, action: node.action), action: node.action,
                                isDisabled: disabled, isMasked: isMasked(i, at: -1, own: .all), system: .swiftui,
                                region: .base, gestureName: "button"))
        }
        if node.system == .uikit { appendUIKitHandlers(i, to: &list) }
        for (m, modifier) in node.modifiers.enumerated() {
            guard case .gesture(let attachment) = modifier else { continue }
            list.append(Handler(node: i, slot: list.count, source: .swiftUI(modifierIndex: m), priority: attachment.priority,
                                gesture: attachment.gesture, action: attachment.action,
                                isDisabled: disabled, isMasked: isMasked(i, at: m, own: attachment.mask), system: node.system,
                                region: node.system == .uikit ? .anywhere : attachmentRegion(at: m), gestureName: attachment.gesture.kindName))
        }
        handlers[i] = list
        if list.contains(where: { $0.isTapLike }) { targets.append(i) }
    }
}
