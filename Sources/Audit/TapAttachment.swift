import HitTesting
import TapModel

/// Where a SwiftUI target's tap handler is written relative to its
/// interaction `contentShape`s (S3, S4): what A1 and A2 read.
struct TapAttachment {
    let handler: Handler
    /// The modifier that attaches it; -1 for a Button's action (innermost, S4).
    let modifierIndex: Int
    /// `onTapGesture`, `gesture`, ..., or `Button`.
    let entry: String
    /// Index of the first interaction contentShape written before it, if any.
    let shapeBefore: Int?
    /// Index of the first interaction contentShape written after it, if any.
    let shapeAfter: Int?

    /// The first tap-like SwiftUI handler of `target` (a Button's action comes first), if any.
    init?(_ target: Int, in context: AuditContext) {
        let node = context.node(target)
        guard node.system == .swiftui,
              let h = context.tester.handlers[target].first(where: { $0.isTapLike && !$0.isMasked }),
              case .swiftUI(let m) = h.source else { return nil }
        handler = h
        modifierIndex = m
        entry = context.tester.entryName(of: h)
        let shapes = node.modifiers.indices.filter {
            if case .contentShape(let s) = node.modifiers[$0], s.purpose == .interaction { return true }
            return false
        }
        shapeBefore = shapes.first { $0 < m }
        shapeAfter = shapes.first { $0 > m }
    }

    var isButton: Bool { modifierIndex < 0 }

    /// `row.flowMeter's onTapGesture (openFlowMeter)`.
    func describe(in context: AuditContext) -> String { context.tester.describe(handler) }

    /// The own fraction of `target` in a variant of the snapshot where an
    /// interaction `shape` comes right before the handler: on a gesture, in
    /// its modifiers; on a Button, on its single child (its label). Nil when
    /// there is no such place (a Button with several children).
    func ownWithShapeBefore(_ shape: ShapeSpec, removing: Int?, target: Int, in context: AuditContext) -> Double? {
        let f = context.node(target).frame
        let step = context.settings.step(forArea: f.width * f.height)
        let node = context.node(target)
        if isButton {
            guard node.children.count == 1 else { return nil }
            let label = node.children[0]
            var copy = context.snapshot
            if let removing { copy.nodes[target].modifiers.remove(at: removing) }
            copy.nodes[label].modifiers.insert(.contentShape(shape), at: 0)
            return HitTester(copy, settings: context.settings.hit).coverage(of: target, step: step).own
        }
        let variant = context.variant(editing: target) { n in
            if let removing { n.modifiers.remove(at: removing) }
            n.modifiers.insert(.contentShape(shape), at: modifierIndex)
        }
        return variant.coverage(of: target, step: step).own
    }
}

extension TapAttachment {
    /// The own fraction of a Button `target` in a variant where its single label fills the Button's
    /// frame and has an interaction rectangle (`.frame(maxWidth: .infinity, maxHeight: .infinity)
    /// .contentShape(Rectangle())` on the label); nil for anything else.
    func ownWithLabelFilling(target: Int, in context: AuditContext) -> Double? {
        let node = context.node(target)
        guard isButton, node.children.count == 1 else { return nil }
        let label = node.children[0]
        var copy = context.snapshot
        copy.nodes[label].frame = node.frame
        copy.nodes[label].modifiers.insert(.contentShape(ShapeSpec(.rectangle)), at: 0)
        let f = node.frame
        return HitTester(copy, settings: context.settings.hit).coverage(of: target, step: context.settings.step(forArea: f.width * f.height)).own
    }
}

extension ShapeSpec {
    /// How the shape is written in SwiftUI: `Rectangle()`, `RoundedRectangle(cornerRadius: 8)`, ...
    var swiftUI: String {
        switch form {
        case .rectangle: return "Rectangle()"
        case .roundedRectangle: return "RoundedRectangle(cornerRadius: \(AuditContext.number(cornerRadius)))"
        case .capsule: return "Capsule()"
        case .circle: return "Circle()"
        case .ellipse: return "Ellipse()"
        case .polygon: return "a Path"
        }
    }
}
