import SwiftSyntax

/// What the source shows about a view's hit region: where a container is
/// hollow (S2), and what an overlay's content takes (S1, S5, S8).
public enum Regions {
    /// The dead part of the container a gesture is attached to, named as a
    /// person would (`the Spacer`, `its padding`), with the container's name;
    /// nil when the source does not show one for certain: the view is a leaf,
    /// or something before the gesture may fill or reshape the region (a
    /// background, an overlay, a contentShape, a view or modifier the linter
    /// cannot resolve). A Group hands the modifiers to each of its views.
    /// - Parameter index: the gesture's index; the modifiers before it are read.
    ///
    /// A ternary whose outcomes the source fixes (`opacity(selected ? 1 : 0)`,
    /// `selected ? Color.blue : Color.clear`) is read once per outcome; `when`
    /// names the outcome that leaves the container hollow (`` `selected` is false ``).
    public static func deadArea(of chain: ModifierChain, before index: Int, in context: LintContext) -> (name: String, gap: String, when: String?)? {
        let evaluator = context.evaluator
        guard var env = evaluator.environment(at: chain.base, automaticIsBorderless: context.automaticIsBorderless) else { return nil }
        let log = ViewEvaluator.ConditionLog()
        env.conditionLog = log
        if let found = evaluator.chain(chain, upTo: index, env).hollowContainer { return (found.name, found.gap, nil) }
        // Each outcome of the first conditions met, one at a time.
        env.conditionLog = nil
        for condition in log.conditions.prefix(3) {
            for value in [false, true] {
                var assumed = env
                assumed.assumptions[condition] = value
                if let found = evaluator.chain(chain, upTo: index, assumed).hollowContainer {
                    return (found.name, found.gap, "`\(condition)` is \(value)")
                }
            }
        }
        return nil
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
        if SwiftUIFacts.isContainer(type) || type == "ForEach" { return takers(view.contentItems, depth: depth + 1) }
        return .unknown
    }
}
