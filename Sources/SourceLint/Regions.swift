import SwiftSyntax

/// What the source shows about a view's hit region: where a container is
/// hollow (S2), and what an overlay's content takes (S1, S5, S8).
public enum Regions {
    /// The dead part of the view a gesture is attached to, named as a person
    /// would (`the Spacer`, `its padding`), or nil when the source does not
    /// show one for certain: the base is not a container SwiftUI defines, or a
    /// modifier before the gesture may fill or reshape the region (a
    /// background, an overlay, a contentShape, a modifier the linter does not know).
    /// - Parameter before: the modifiers written before the gesture.
    public static func deadArea(of chain: ModifierChain, before index: Int) -> String? {
        let before = chain.modifiers[..<index]
        guard let widened = unfilled(before) else { return nil }
        let view = chain.view
        guard let type = view.typeName, view.member == nil else { return nil }
        if type == "Label", before.contains(where: { $0.name == "labelStyle" && isSinglePartLabelStyle($0) }) { return nil }
        return gap(in: view, type: type, depth: 0) ?? (isContainer(type) ? widened.name : nil)
    }

    /// How modifiers leave a view's region, read in order.
    public struct Widening {
        /// The first padding or frame that adds room around the content, as a person names it.
        public var name: String?
    }

    /// Nil when one of `modifiers` may fill or reshape the region (a filling
    /// background or overlay, an interaction contentShape, a modifier the linter
    /// does not know); else the padding or frame that leaves room around the content.
    public static func unfilled(_ modifiers: some Sequence<Modifier>) -> Widening? {
        var widened = Widening()
        for m in modifiers {
            if SwiftUIFacts.widening.contains(m.name) {
                widened.name = widened.name ?? (m.name == "frame" ? "the room its frame adds" : "its padding")
                continue
            }
            if m.name == "background" || m.name == "overlay" {
                if fills(m) { return nil }
                continue
            }
            if let kind = ShapeKind.of(m), kind.mayWiden { return nil }
            if m.name == "contentShape" || m.name == "labelStyle" { continue }   // another kind: S3, hits unchanged
            if m.name == "opacity", let v = SwiftUIFacts.number(m.unlabeled.first), v > 0 { continue }
            if !SwiftUIFacts.regionNeutral.contains(m.name) { return nil }
        }
        return widened
    }

    /// Whether a background or overlay fills the view's frame with something that takes touches.
    static func fills(_ m: Modifier) -> Bool {
        if m.argument("in") != nil, let style = m.unlabeled.first { return !SwiftUIFacts.isClear(style) }
        let contents = m.unlabeled.filter { !$0.is(ClosureExprSyntax.self) } + m.closures.flatMap { closure in
            closure.statements.compactMap { item -> ExprSyntax? in
                if case .expr(let e) = item.item { return e }
                return nil
            }
        }
        if contents.isEmpty { return m.name == "background" }   // `.background()`: the default background fills
        return !contents.allSatisfy(SwiftUIFacts.isClear)
    }

    static func isSinglePartLabelStyle(_ m: Modifier) -> Bool {
        guard let arg = m.unlabeled.first?.as(MemberAccessExprSyntax.self) else { return false }
        return ["iconOnly", "titleOnly"].contains(arg.declName.baseName.text)
    }

    /// Containers L1 names: stacks, grids, `ZStack`, `Group`, `Label`, `LabeledContent`.
    public static func isContainer(_ type: String) -> Bool {
        SwiftUIFacts.stackTypes.contains(type) || ["ZStack", "Group", "Label", "LabeledContent"].contains(type)
    }

    /// One view written in a container's content.
    enum Child {
        case spacer, leaf(filling: Bool), container(ModifierChain), many, unknown
    }

    static func children(of view: ViewBase) -> [Child] {
        view.contentItems.compactMap { item -> Child? in
            switch item.item {
            case .decl: return nil
            case .stmt: return .unknown
            case .expr(let e):
                if e.is(IfExprSyntax.self) || e.is(SwitchExprSyntax.self) { return .unknown }
                let chain = ModifierChain(top: e)
                let child = chain.view
                guard let type = child.typeName else { return .unknown }
                if type == "Spacer" { return .spacer }
                if type == "ForEach" { return .many }
                if SwiftUIFacts.leafTypes.contains(type) || SwiftUIFacts.fillingTypes.contains(type) {
                    if SwiftUIFacts.isClear(e) { return .unknown }
                    let filling = SwiftUIFacts.fillingTypes.contains(type)
                        && !chain.modifiers.contains { ["stroke", "strokeBorder", "frame", "padding", "hidden", "opacity"].contains($0.name) }
                    return .leaf(filling: filling)
                }
                if isContainer(type) { return .container(chain) }
                return .unknown
            }
        }
    }

    /// The gap a container's own content leaves, or nil.
    static func gap(in view: ViewBase, type: String, depth: Int) -> String? {
        guard depth < 8 else { return nil }
        switch type {
        case "LabeledContent":
            return "the gap between its label and its content"
        case "Label":
            return "the gap between its icon and its title"
        case "Group":
            for case .container(let c) in children(of: view) {
                if let g = childGap(c, depth: depth) { return g }
            }
            return nil
        case "ZStack":
            let kids = children(of: view)
            if kids.contains(where: { if case .spacer = $0 { return true }; return false }) { return "the room its Spacer takes" }
            if kids.contains(where: { if case .leaf(true) = $0 { return true }; return false }) { return nil }
            if kids.count == 1, case .container(let c) = kids[0] { return childGap(c, depth: depth) }
            return nil
        default:
            guard SwiftUIFacts.stackTypes.contains(type) else { return nil }
            let kids = children(of: view)
            if kids.contains(where: { if case .spacer = $0 { return true }; return false }) { return "the Spacer" }
            for case .container(let c) in kids where childGap(c, depth: depth) == "the Spacer" {
                return "the Spacer in its \(c.view.typeName ?? "stack")"
            }
            let views = kids.reduce(0) { n, k in if case .many = k { return n + 2 }; return n + 1 }
            if views >= 2 {
                let spacing = view.call?.arguments.first { $0.label?.text == "spacing" }?.expression
                let allFilling = kids.allSatisfy { if case .leaf(true) = $0 { return true }; return false }
                if SwiftUIFacts.isZero(spacing) && allFilling { return nil }
                return "the spacing between its views"
            }
            if kids.count == 1, case .container(let c) = kids[0] { return childGap(c, depth: depth) }
            return nil
        }
    }

    /// The gap inside a container written as a child: its own content's gap, or
    /// the padding and frames written on it, unless a modifier fills it.
    static func childGap(_ chain: ModifierChain, depth: Int) -> String? {
        guard let type = chain.view.typeName, let widened = unfilled(chain.modifiers) else { return nil }
        if let g = gap(in: chain.view, type: type, depth: depth + 1) { return g }
        return widened.name == nil ? nil : "the padding or frame of a view inside it"
    }

    // MARK: - Overlays

    /// What an overlay's content does to a touch on it.
    public enum Taker: Equatable {
        /// A view of this type takes the touch (S1, S8).
        case takes(String)
        /// Nothing in it takes a touch (clear, hidden, `allowsHitTesting(false)`).
        case nothing
        /// The source does not tell (a custom view, a control meant to be tapped, a variable).
        case unknown
    }

    /// What the content of an `.overlay` modifier takes.
    public static func overlayTaker(_ m: Modifier) -> Taker {
        if m.argument("in") != nil, let style = m.unlabeled.first {
            return SwiftUIFacts.isClear(style) ? .nothing : .takes("the overlay's shape")
        }
        var items: [Taker] = m.unlabeled.filter { !$0.is(ClosureExprSyntax.self) }.map { taker($0, depth: 0) }
        items += m.closures.map { takers(Array($0.statements), depth: 0) }
        return combine(items)
    }

    static func combine(_ all: [Taker]) -> Taker {
        if all.contains(.unknown) { return .unknown }
        return all.first { if case .takes = $0 { return true }; return false } ?? .nothing
    }

    static func takers(_ items: [CodeBlockItemSyntax], depth: Int) -> Taker {
        combine(items.map { item -> Taker in
            switch item.item {
            case .decl: return .nothing
            case .stmt(let s):
                if let e = s.as(ExpressionStmtSyntax.self)?.expression { return taker(e, depth: depth) }
                return .unknown
            case .expr(let e): return taker(e, depth: depth)
            }
        })
    }

    static func taker(_ e: ExprSyntax, depth: Int) -> Taker {
        guard depth < 8 else { return .unknown }
        if let ifExpr = e.as(IfExprSyntax.self) {
            var branches = [takers(Array(ifExpr.body.statements), depth: depth + 1)]
            switch ifExpr.elseBody {
            case .ifExpr(let next)?: branches.append(taker(ExprSyntax(next), depth: depth + 1))
            case .codeBlock(let block)?: branches.append(takers(Array(block.statements), depth: depth + 1))
            case nil: break
            }
            return combine(branches)
        }
        if SwiftUIFacts.isClear(e) { return .nothing }
        let chain = ModifierChain(top: e)
        for m in chain.modifiers {
            switch m.name {
            case "allowsHitTesting":
                return m.unlabeled.first?.as(BooleanLiteralExprSyntax.self)?.literal.text == "false" ? .nothing : .unknown
            case "hidden": return .nothing
            case "stroke", "strokeBorder": return .nothing   // a hairline, not a surface
            case "opacity":   // 0 is clear (above); another literal still takes touches; an expression may be 0
                if SwiftUIFacts.number(m.unlabeled.first) == nil { return .unknown }
            case "frame":
                let w = SwiftUIFacts.number(m.argument("width")), h = SwiftUIFacts.number(m.argument("height"))
                if (w.map { $0 <= 2 } ?? false) || (h.map { $0 <= 2 } ?? false) { return .nothing }
            default:
                if GestureUse.of(m, at: 0) != nil { return .unknown }   // it handles its own taps
                if SwiftUIFacts.widening.contains(m.name) || SwiftUIFacts.regionNeutral.contains(m.name)
                    || m.name == "background" || m.name == "overlay" || m.name == "contentShape" { continue }
                return .unknown
            }
        }
        let view = chain.view
        guard let type = view.typeName, view.member == nil || type == "Color" else { return .unknown }
        if type == "Spacer" { return .nothing }
        if SwiftUIFacts.leafTypes.contains(type) || SwiftUIFacts.fillingTypes.contains(type) { return .takes(type) }
        if type == "Label" { return .takes(type) }
        if isContainer(type) || type == "ForEach" { return takers(view.contentItems, depth: depth + 1) }
        return .unknown
    }
}
