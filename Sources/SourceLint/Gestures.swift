import SwiftSyntax

/// A gesture attached by a modifier, as far as the source tells.
public struct GestureUse {
    public enum Kind: Equatable {
        /// `onTapGesture`, `TapGesture`, `SpatialTapGesture`; count nil when not a literal.
        case tap(count: Int?)
        case longPress
        /// A drag, a composition, a variable: a gesture whose kind the rules do not need.
        case other
    }

    public enum Priority { case normal, high, simultaneous }

    public let kind: Kind
    public let priority: Priority
    /// The modifier that attaches it, as `replay hit` names handlers: `onTapGesture`, `gesture`, ...
    public let entry: String
    /// The index of that modifier in the chain.
    public let index: Int

    /// A tap of any count or a long press: what L1 calls a tap target (A1, S2).
    public var isTapLike: Bool { kind != .other }

    /// A tap of three or more (`onTapGesture(count: 5)`): a hidden gesture, not a target (Decision, docs/lint.md).
    public var isHidden: Bool {
        if case .tap(let count?) = kind { return count >= 3 }
        return false
    }

    /// The gesture a modifier attaches, or nil when it attaches none.
    public static func of(_ m: Modifier, at index: Int) -> GestureUse? {
        switch m.name {
        case "onTapGesture":
            return GestureUse(kind: .tap(count: tapCount(m.argument("count"), default: 1)), priority: .normal, entry: m.name, index: index)
        case "onLongPressGesture":
            return GestureUse(kind: .longPress, priority: .normal, entry: m.name, index: index)
        case "gesture", "highPriorityGesture", "simultaneousGesture":
            let priority: Priority = m.name == "gesture" ? .normal : m.name == "highPriorityGesture" ? .high : .simultaneous
            let kind = m.unlabeled.first.map(gestureKind) ?? .other
            return GestureUse(kind: kind, priority: priority, entry: m.name, index: index)
        default:
            return nil
        }
    }

    /// `TapGesture(count: 2).onEnded { … }` → `.tap(count: 2)`; compositions and variables → `.other`.
    static func gestureKind(_ e: ExprSyntax) -> Kind {
        let chain = ModifierChain(top: e)
        let composed: Set<String> = ["exclusively", "simultaneously", "sequenced"]
        if chain.modifiers.contains(where: { composed.contains($0.name) }) { return .other }
        let view = chain.view
        guard let call = view.call else { return .other }
        switch view.typeName {
        case "TapGesture", "SpatialTapGesture":
            let count = call.arguments.first { $0.label?.text == "count" }?.expression
            return .tap(count: tapCount(count, default: 1))
        case "LongPressGesture":
            return .longPress
        default:
            return .other
        }
    }

    static func tapCount(_ e: ExprSyntax?, default d: Int) -> Int? {
        guard let e else { return d }
        if let lit = e.as(IntegerLiteralExprSyntax.self) { return Int(lit.literal.text) }
        return nil
    }

    /// Every gesture of a chain, in source order.
    public static func all(in chain: ModifierChain) -> [GestureUse] {
        chain.modifiers.enumerated().compactMap { GestureUse.of($1, at: $0) }
    }
}

/// What a `contentShape(…)` says about hit testing (S3).
public enum ShapeKind: Equatable {
    /// `.interaction` (the default), alone or among others: it sets the hit region.
    case interaction
    /// Only other kinds (`.dragPreview`, `.hoverEffect`, ...): hit testing is unchanged.
    case other([String])
    /// A kind the source does not spell out (a variable): it may set the hit region.
    case unknown

    /// The kind of a `contentShape` modifier, or nil when `m` is not one.
    public static func of(_ m: Modifier) -> ShapeKind? {
        guard m.name == "contentShape" else { return nil }
        let args = m.unlabeled
        guard args.count >= 2 else { return .interaction }
        if let single = args[0].as(MemberAccessExprSyntax.self), single.base == nil {
            let kind = single.declName.baseName.text
            return kind == "interaction" ? .interaction : .other([kind])
        }
        if let array = args[0].as(ArrayExprSyntax.self) {
            var kinds: [String] = []
            for element in array.elements {
                guard let k = element.expression.as(MemberAccessExprSyntax.self), k.base == nil else { return .unknown }
                kinds.append(k.declName.baseName.text)
            }
            return kinds.contains("interaction") ? .interaction : .other(kinds)
        }
        return .unknown
    }

    /// Whether the shape may set the hit region (interaction or not spelled out).
    public var mayWiden: Bool {
        if case .other = self { return false }
        return true
    }
}
