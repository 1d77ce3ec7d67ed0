import SwiftSyntax

/// What each modifier does to a view's hit region, in the order written (S3–S7).
extension ViewEvaluator {
    /// The view after `m`.
    public func apply(_ m: Modifier, to info: ViewInfo, _ env: Environment) -> ViewInfo {
        // A list of views (a Group, a ForEach, an `if`): each member gets the modifier.
        if let members = info.members {
            var out = ViewInfo.list(members.map { apply(m, to: $0, env) }, name: info.name, branches: info.branches)
            out.name = info.name
            return out
        }
        var v = info
        switch m.name {
        case "padding", "safeAreaPadding":
            if let amount = m.unlabeled.last, SwiftUIFacts.isZero(amount) { return v }
            // Padding is dead whatever it surrounds: around a container whose content the
            // source does not tell (a GeometryReader, a ScrollView, a custom view) too.
            if v.coverage == .unknown, v.isContainer || v.greedy {
                v.coverage = .hollow("its padding")
                v.surface = false
                return v
            }
            widen(&v, "its padding")
        case "frame", "containerRelativeFrame":
            frame(m, &v)
        case "background", "overlay":
            layer(m, &v, env)
        case "contentShape":
            guard let kind = ShapeKind.of(m), kind.mayWiden else { return v }   // another kind: S3, hits unchanged
            v.coverage = .fills
            v.surface = true
            v.takesRoom = false
        case "glassEffect":   // a glass background in a shape
            v.coverage = .fills
            v.surface = true
            v.takesRoom = false
        case "opacity":
            // `selected ? 1 : 0`: read with the outcome assumed; a rule reads the view once per outcome.
            if let arg = m.unlabeled.first, let ternary = Ternary(arg),
               SwiftUIFacts.number(ternary.then) != nil, SwiftUIFacts.number(ternary.otherwise) != nil {
                let condition = ternary.condition
                if let assumed = env.assumptions[condition] {
                    let n = SwiftUIFacts.number(assumed ? ternary.then : ternary.otherwise)!
                    if n < 0.001 { vanish(&v) }
                    return v
                }
                env.conditionLog?.note(condition)
            }
            // S5: below the minimum (0.001) it takes nothing; a value the source does not fix may be 0.
            if let n = SwiftUIFacts.number(m.unlabeled.first) {
                if n < 0.001 {
                    vanish(&v)
                    if n > 0 { v.note = "an opacity of \(m.unlabeled.first!.trimmedDescription), below the 0.001 SwiftUI hit-tests from iOS 18 (S5)" }
                }
            } else if v.coverage == .fills {
                v.coverage = .unknown
            }
        case "hidden":
            vanish(&v)
        case "allowsHitTesting":
            switch m.unlabeled.first?.as(BooleanLiteralExprSyntax.self)?.literal.text {
            case "false": vanish(&v)
            case "true": break
            default: if v.coverage == .fills { v.coverage = .unknown }
            }
        case "resizable":
            v.greedy = true
            v.surface = v.coverage == .fills
        case "scaledToFit":
            v.surface = false
        case "aspectRatio":
            let mode = m.argument("contentMode") ?? m.unlabeled.last
            if mode?.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "fit" { v.surface = false }
        case "fill", "foregroundColor", "foregroundStyle":
            if let style = m.unlabeled.first, v.surface, isClearStyle(style) { vanish(&v) }
            else if m.name == "fill", v.surface { v.filled = true }
        case "stroke", "strokeBorder":
            // A stroked shape takes touches on its outline only; stroked after a fill
            // (`Capsule().fill(…).stroke(…)`, iOS 17) it is filled and outlined.
            if v.surface, !v.filled {
                v.coverage = .hollow("the inside of its outline")
                v.surface = false
            }
        case "modifier":
            return viewModifier(m, applied: v, env)
        case "buttonStyle", "labelStyle":
            break   // environment, read by `chain`
        default:
            // A View extension of the linted sources first: it may be named like a SwiftUI family.
            if let body = index.viewExtension(m.name), env.depth < ViewEvaluator.maximumDepth, !env.visiting.contains("View." + m.name) {
                return wrap(v, in: body, as: "self", key: "View." + m.name, selfType: nil, env)
            }
            if SwiftUIFacts.isRegionNeutral(m.name) { return v }
            v.coverage = .unknown   // a modifier the linter does not know may fill or reshape the region
            v.takesRoom = false
        }
        return v
    }

    /// Padding or a frame around content that does not fill it: room no touch reaches (S2).
    func widen(_ v: inout ViewInfo, _ name: String) {
        // Room around a view that paints its whole frame (a filled card) is outside what
        // a person sees as the target: the card they see responds everywhere (Decision).
        if v.coverage == .fills, !v.surface { v.coverage = .hollow(name) }
        v.surface = false
    }

    /// Hidden, opacity 0, allowsHitTesting(false): it keeps its room and takes nothing (S5).
    func vanish(_ v: inout ViewInfo) {
        v.coverage = .nothing
        v.surface = false
        v.takesRoom = v.count > 0
    }

    /// A `frame`: a view that takes the frame it is offered fills it; any other leaves room.
    func frame(_ m: Modifier, _ v: inout ViewInfo) {
        let sizes = m.arguments.compactMap { $0.label?.text }.filter { $0 != "alignment" }
        guard !sizes.isEmpty || m.unlabeled.count >= 1 else { return }
        let infinite = m.arguments.contains { ["maxWidth", "maxHeight"].contains($0.label?.text ?? "") && $0.expression.trimmedDescription.hasSuffix("infinity") }
        let fixed = m.argument("width") != nil && m.argument("height") != nil
        if !v.greedy {
            widen(&v, "the room its frame adds")
        }
        if infinite { v.greedy = true } else if fixed { v.greedy = false }
    }

    /// `background` and `overlay` written before the gesture: a layer that paints
    /// the whole view fills its region; a clear one changes nothing.
    func layer(_ m: Modifier, _ v: inout ViewInfo, _ env: Environment) {
        let painted: ViewInfo
        if m.argument("in") != nil {
            // `.background(.blue, in: Capsule())`, `.background(in: Capsule())`: the shape, filled with the style.
            painted = m.unlabeled.first.map { isClearStyle($0) } == true ? clear("clear") : surface("shape")
        } else {
            let args = m.arguments.filter { $0.label == nil || $0.label?.text == "content" }.map(\.expression)
            var layers = args.filter { !$0.is(ClosureExprSyntax.self) }.map { view($0, env) }
            layers += m.closures.map { items(Array($0.statements), env) }
            if layers.isEmpty {
                painted = m.name == "background" ? surface("background") : clear("overlay")   // `.background()`: the default fill
            } else {
                painted = ViewInfo.list(layers.flatMap(\.flattened), name: m.name, branches: false)
            }
        }
        let all = painted.members?.flatMap(\.flattened) ?? [painted]
        if all.contains(where: { $0.coverage == .fills && ($0.surface || $0.greedy) }) {
            v.coverage = .fills
            v.surface = true
            v.takesRoom = false
        } else if all.allSatisfy({ $0.coverage == .nothing }) {
            if let note = all.lazy.compactMap(\.note).first, let gap = v.coverage.gap {
                v.coverage = .hollow("\(gap) (its \(m.name) has \(note))")
            }
            return
        } else if v.coverage != .fills, all.contains(where: { $0.coverage == .unknown || ($0.coverage == .fills && $0.name == "Image") }) {
            v.coverage = .unknown   // it may cover the view (a custom view, an image of its own size)
            v.takesRoom = false
        }
        // Text, an outline, a stack of its own size: the gaps stay.
    }

    /// `.modifier(CardStyle())`: what its `body(content:)` draws around the content.
    func viewModifier(_ m: Modifier, applied v: ViewInfo, _ env: Environment) -> ViewInfo {
        guard let arg = m.unlabeled.first, env.depth < ViewEvaluator.maximumDepth else { return .unknown }
        let call = arg.as(FunctionCallExprSyntax.self)
        guard let type = ViewBase.typeName(call?.calledExpression ?? arg), !env.visiting.contains(type),
              let decl = index.type(type), decl.kind == .viewModifier, let body = decl.body else {
            var unknown = v
            unknown.coverage = .unknown
            unknown.takesRoom = false
            return unknown
        }
        return wrap(v, in: body, as: "content", key: type, selfType: type, env)
    }

    /// A modifier's body drawn around the view: `placeholder` (`content`, `self`) stands for it.
    func wrap(_ v: ViewInfo, in body: [CodeBlockItemSyntax], as placeholder: String, key: String, selfType: String?,
              _ env: Environment) -> ViewInfo {
        var inner = env
        inner.depth += 1
        inner.visiting.insert(key)
        inner.selfType = selfType
        inner.bindings = [placeholder: v]
        var out = items(body, inner)
        out.name = v.name
        out.isContainer = v.isContainer
        return out
    }

    /// `.clear`, `Color.clear`: a style that paints nothing.
    func isClearStyle(_ e: ExprSyntax) -> Bool {
        if let m = e.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "clear" { return true }
        return SwiftUIFacts.isClear(e)
    }
}
