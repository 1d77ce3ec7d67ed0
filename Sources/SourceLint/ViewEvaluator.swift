import Foundation
import SwiftSyntax

/// Reads a view expression as SwiftUI lays it out and hit-tests it (S1–S8):
/// what each view contributes to its container's region (`ViewInfo`), through
/// what each modifier does to that region (`ModifierEffects`), down into the
/// custom views, view modifiers and styles declared in the linted sources
/// (`ViewIndex`). Whatever it cannot resolve is `.unknown`, and a rule that
/// would need to know it stays silent.
public struct ViewEvaluator: Sendable {
    public let index: ViewIndex
    /// Custom views a configuration says fill their frame.
    public let fillingViews: Set<String>

    /// Custom views and members already read, by name and what the environment says of them:
    /// a body is read once a run, not once per use (a screen of rows of rows would be exponential).
    private let memo = Memo()

    public init(index: ViewIndex = ViewIndex(), fillingViews: Set<String> = []) {
        self.index = index
        self.fillingViews = fillingViews
    }

    final class Memo: @unchecked Sendable {
        private var known: [String: ViewInfo] = [:]
        private let lock = NSLock()

        func value(_ key: String, _ make: () -> ViewInfo) -> ViewInfo {
            lock.lock()
            if let v = known[key] { lock.unlock(); return v }
            lock.unlock()
            let v = make()
            lock.lock()
            known[key] = v
            lock.unlock()
            return v
        }
    }

    /// What of the environment a custom view's body can depend on.
    func memoKey(_ name: String, _ env: Environment) -> String {
        "\(name)|\(String(describing: env.buttonStyle))|\(String(describing: env.labelStyle))|\(env.rowContext)|\(env.automaticIsBorderless)"
    }

    /// How deep custom views, members and modifiers are followed.
    static let maximumDepth = 12

    /// What is in force where a view is evaluated: the styles set around it,
    /// what `content`/`configuration.label` stand for, whose members a bare name is.
    public struct Environment: Sendable {
        public enum RowContext: Sendable { case unknown, list, plain }
        /// The button style in force, nil when the source does not tell.
        public var buttonStyle: Style?
        public var labelStyle: Style?
        /// Inside a List or Form (an automatic-style button is the whole row), or
        /// inside a scroll view or stack known not to be in one.
        public var rowContext: RowContext = .unknown
        /// The automatic button style is borderless here (iOS).
        public var automaticIsBorderless = false
        /// The type whose members bare names refer to.
        var selfType: String?
        /// `content`, `configuration.label`, `self` → what they stand for.
        var bindings: [String: ViewInfo] = [:]
        var depth = 0
        var visiting: Set<String> = []

        public init() {}
    }

    /// A button or label style as the source names it.
    public enum Style: Sendable, Equatable {
        /// A SwiftUI style: `plain`, `borderless`, `bordered`, `automatic`, `iconOnly`, `titleOnly`, `titleAndIcon`.
        case builtin(String)
        /// A style type declared in the linted sources.
        case custom(String)
        case unknown
    }

    // MARK: - Expressions

    /// What a view expression draws and takes.
    public func view(_ e: ExprSyntax, _ env: Environment) -> ViewInfo {
        guard env.depth < ViewEvaluator.maximumDepth else { return .unknown }
        if let ifExpr = e.as(IfExprSyntax.self) { return branches(of: ifExpr, env) }
        if let switchExpr = e.as(SwitchExprSyntax.self) {
            let cases = switchExpr.cases.compactMap { $0.as(SwitchCaseSyntax.self) }
            return ViewInfo.list(cases.map { items(Array($0.statements), env) }, name: "switch", branches: true)
        }
        if let ternary = e.as(TernaryExprSyntax.self) {
            return ViewInfo.list([view(ternary.thenExpression, env), view(ternary.elseExpression, env)], name: "view", branches: true)
        }
        if let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return view(only.expression, env)
        }
        if let forced = e.as(ForceUnwrapExprSyntax.self) { return view(forced.expression, env) }
        return chain(ModifierChain(top: e), upTo: nil, env)
    }

    /// The views a ViewBuilder closure or body builds, each once.
    public func items(_ items: [CodeBlockItemSyntax], _ env: Environment) -> ViewInfo {
        var views: [ViewInfo] = []
        for item in items {
            switch item.item {
            case .decl: continue
            case .expr(let e): views.append(view(e, env))
            case .stmt(let s):
                if let r = s.as(ReturnStmtSyntax.self) {
                    if let e = r.expression { views.append(view(e, env)) }
                } else if let e = s.as(ExpressionStmtSyntax.self)?.expression {
                    views.append(view(e, env))
                } else {
                    views.append(.unknown)
                }
            }
        }
        if views.isEmpty { var empty = ViewInfo(.nothing, name: "EmptyView"); empty.count = 0; return empty }
        return ViewInfo.list(views, name: "view", branches: false)
    }

    func branches(of ifExpr: IfExprSyntax, _ env: Environment) -> ViewInfo {
        var all = [items(Array(ifExpr.body.statements), env)]
        switch ifExpr.elseBody {
        case .ifExpr(let next)?: all.append(branches(of: next, env))
        case .codeBlock(let block)?: all.append(items(Array(block.statements), env))
        case nil:
            var none = ViewInfo(.nothing, name: "EmptyView")
            none.count = 0
            all.append(none)
        }
        return ViewInfo.list(all, name: "view", branches: true)
    }

    /// A chain: its base, then its modifiers in source order (the first written innermost).
    /// - Parameter upTo: evaluate only the modifiers before this index (the gesture's).
    public func chain(_ chain: ModifierChain, upTo: Int?, _ env: Environment) -> ViewInfo {
        var inner = env
        // Styles are environment: written anywhere on the chain, they reach the base.
        for m in chain.modifiers.reversed() {
            if m.name == "buttonStyle", let arg = m.unlabeled.first { inner.buttonStyle = buttonStyle(arg) }
            if m.name == "labelStyle", let arg = m.unlabeled.first { inner.labelStyle = labelStyle(arg) }
        }
        var info = base(chain, inner)
        for m in chain.modifiers[..<(upTo ?? chain.modifiers.count)] {
            info = apply(m, to: info, inner)
        }
        return info
    }

    // MARK: - Bases

    /// What the base of a chain is: a SwiftUI view, a custom view, a placeholder.
    func base(_ chain: ModifierChain, _ env: Environment) -> ViewInfo {
        let b = chain.base
        if let bound = env.bindings[b.trimmedDescription] { return bound }
        if b.is(IfExprSyntax.self) || b.is(SwitchExprSyntax.self) || b.is(TernaryExprSyntax.self) || b.is(ForceUnwrapExprSyntax.self)
            || (b.as(TupleExprSyntax.self)?.elements.count == 1) {
            return view(b, env)   // each is read before it reaches a chain, so this does not loop
        }
        // `.red`, `.ultraThinMaterial`, `.clear` in a background: a shape style.
        if let style = b.as(MemberAccessExprSyntax.self), style.base == nil {
            return style.declName.baseName.text == "clear" ? clear("clear") : surface(style.declName.baseName.text)
        }
        let v = chain.view
        if let type = v.typeName {
            if let member = v.member { return staticMember(member, of: type) }
            return typed(type, v, env)
        }
        return member(b, env)
    }

    /// `Color.red`, `Color.clear`, `Image.logo`: a static member of a type.
    func staticMember(_ member: String, of type: String) -> ViewInfo {
        if type == "Color" {
            if member == "clear" { return clear("Color.clear") }
            return surface("Color")
        }
        if type == "Image" { return ViewInfo(.fills, name: "Image") }
        return .unknown
    }

    /// A name the type being evaluated declares (`header`, `row(for:)`), or an
    /// implicit-self modifier inside a View extension (`padding()`).
    func member(_ b: ExprSyntax, _ env: Environment) -> ViewInfo {
        var name: String?
        var call: FunctionCallExprSyntax?
        if let ref = b.as(DeclReferenceExprSyntax.self) {
            name = ref.baseName.text
        } else if let m = b.as(MemberAccessExprSyntax.self), m.base?.trimmedDescription == "self" {
            name = m.declName.baseName.text
        } else if let c = b.as(FunctionCallExprSyntax.self) {
            call = c
            if let ref = c.calledExpression.as(DeclReferenceExprSyntax.self) { name = ref.baseName.text }
            if let m = c.calledExpression.as(MemberAccessExprSyntax.self), m.base?.trimmedDescription == "self" { name = m.declName.baseName.text }
        }
        guard let name else { return .unknown }
        // `padding()` inside `extension View { func card() -> some View { padding().background(…) } }`.
        if let call, let me = env.bindings["self"] {
            let modifier = Modifier(name: name, call: call, member: nil, node: ExprSyntax(call))
            return apply(modifier, to: me, env)
        }
        guard let type = env.selfType, let body = index.member(name, of: type) else { return .unknown }
        let key = "\(type).\(name)"
        guard !env.visiting.contains(key) else { return .unknown }
        return memo.value(memoKey(key, env)) {
            var inner = env
            inner.depth += 1
            inner.visiting.insert(key)
            return items(body, inner)
        }
    }

    /// A view constructed by its type's name.
    func typed(_ type: String, _ v: ViewBase, _ env: Environment) -> ViewInfo {
        if fillingViews.contains(type) {
            var info = surface(type)
            info.greedy = true
            return info
        }
        // A type of the linted sources shadows SwiftUI's of the same name, as in the module itself.
        if let decl = index.type(type), decl.kind == .view, let body = decl.body {
            return custom(decl, body: body, env)
        }
        switch type {
        case "Text":
            let first = v.call?.arguments.first?.expression
            if let literal = first?.as(StringLiteralExprSyntax.self), literal.segments.trimmedDescription.isEmpty {
                return ViewInfo(.nothing, name: "Text")   // no glyphs, no width: nothing to take a touch
            }
            return ViewInfo(.fills, name: "Text")
        case "Image", "Divider":
            return ViewInfo(.fills, name: type)
        case "Spacer":
            var info = clear("Spacer")
            info.name = "Spacer"
            return info
        case "EmptyView":
            var info = ViewInfo(.nothing, name: type)
            info.count = 0
            return info
        case "Color":
            if let arg = v.call?.arguments.first?.expression.as(MemberAccessExprSyntax.self), arg.declName.baseName.text == "clear" {
                return clear("Color(.clear)")
            }
            return surface(type)
        case _ where SwiftUIFacts.fillingTypes.contains(type):
            return surface(type)
        case _ where SwiftUIFacts.stackTypes.contains(type):
            return stack(type, v, env)
        case "ZStack":
            return zStack(v, env)
        case "Group":
            var info = items(v.contentItems, env)
            info.name = "Group"
            return info
        case "ForEach":
            // Its content, more than once: a stack lays out several of it side by side.
            let one = items(v.contentItems, env)
            var each = ViewInfo.list([one, one], name: "ForEach", branches: false)
            each.name = "ForEach"
            return each
        case "GeometryReader":
            // Lays its content out at the top leading corner of all the room it is offered.
            var info = items(v.contentItems, env)
            if info.coverage == .fills, info.surface { info.greedy = true } else if info.coverage != .nothing { info = .unknown }
            info.name = type
            info.greedy = true
            return info
        case "AnyView":
            return v.call?.arguments.first.map { view($0.expression, env) } ?? .unknown
        case "Label":
            return label(v, env)
        case "LabeledContent":
            var info = ViewInfo(.hollow("the gap between its label and its content"), name: type)
            info.isContainer = true
            return info
        case "Button", "NavigationLink":
            return control(type, v, env)
        default:
            return .unknown
        }
    }

    func surface(_ name: String) -> ViewInfo {
        var info = ViewInfo(.fills, name: name)
        info.greedy = true
        info.surface = true
        return info
    }

    func clear(_ name: String) -> ViewInfo {
        var info = ViewInfo(.nothing, name: name)
        info.greedy = true
        info.takesRoom = true
        return info
    }

    /// A custom view: what its body draws, with the environment of where it is used.
    func custom(_ decl: ViewIndex.TypeDecl, body: [CodeBlockItemSyntax], _ env: Environment) -> ViewInfo {
        guard !env.visiting.contains(decl.name) else { return .unknown }
        return memo.value(memoKey(decl.name, env)) {
            var inner = env
            inner.depth += 1
            inner.visiting.insert(decl.name)
            inner.selfType = decl.name
            inner.bindings = [:]
            var info = items(body, inner)
            info.name = info.isContainer && info.members == nil ? "\(decl.name) (its body's \(info.name))" : decl.name
            return info
        }
    }

    // MARK: - Containers

    /// HStack, VStack, the lazy stacks and grids: their region is their views' (S2).
    func stack(_ type: String, _ v: ViewBase, _ env: Environment) -> ViewInfo {
        let kids = items(v.contentItems, env).flattened.filter { $0.count > 0 || $0.takesRoom }
        var info = ViewInfo(.unknown, name: type)
        info.isContainer = true
        info.greedy = kids.contains(where: \.greedy)
        let count = kids.reduce(0) { $0 + $1.count }
        if let room = kids.first(where: \.takesRoom) {
            info.coverage = .hollow(room.name == "Spacer" ? "the Spacer" : "the room its \(room.name) takes")
        } else if let hollow = kids.first(where: { $0.coverage.gap != nil }), let gap = hollow.coverage.gap {
            info.coverage = .hollow(nested(gap, in: hollow))
        } else if count >= 2 {
            let spacing = v.call?.arguments.first { $0.label?.text == "spacing" }?.expression
            if SwiftUIFacts.isZero(spacing) {
                info.coverage = kids.allSatisfy({ $0.coverage == .fills && $0.greedy }) ? .fills : .unknown
            } else {
                info.coverage = .hollow("the spacing between its views")
            }
        } else if let only = kids.first {
            info.coverage = only.coverage
            info.surface = only.surface
            info.greedy = only.greedy
        } else {
            info.coverage = .nothing
        }
        return info
    }

    /// A ZStack: its layers overlap; one that paints the whole stack covers it.
    func zStack(_ v: ViewBase, _ env: Environment) -> ViewInfo {
        let layers = items(v.contentItems, env).flattened
        var info = ViewInfo(.unknown, name: "ZStack")
        info.isContainer = true
        info.greedy = layers.contains(where: \.greedy)
        if layers.contains(where: { $0.coverage == .fills && $0.surface }) {
            info.coverage = .fills
            info.surface = true
            return info
        }
        if layers.contains(where: { $0.coverage == .unknown }) { return info }
        let taking = layers.filter { $0.coverage != .nothing }
        if let room = layers.first(where: \.takesRoom), !taking.contains(where: \.greedy) {
            info.coverage = .hollow("the room its \(room.name) takes")
        } else if taking.count == 1 {
            info.coverage = taking[0].coverage
            info.greedy = taking[0].greedy
        } else if let hollow = taking.first(where: { $0.coverage.gap != nil }), let gap = hollow.coverage.gap {
            info.coverage = .hollow(nested(gap, in: hollow))
        } else if taking.isEmpty {
            info.coverage = .nothing
        }
        return info
    }

    /// A child's gap as its container names it: `the Spacer in its HStack`.
    func nested(_ gap: String, in child: ViewInfo) -> String {
        if gap.hasSuffix(" inside it") { return gap }
        let name = child.name.split(separator: " ").first.map(String.init) ?? child.name
        return gap.replacingOccurrences(of: "its ", with: "the ") + " in the \(name) inside it"
    }

    /// A Label: its icon and title, as its label style draws them.
    func label(_ v: ViewBase, _ env: Environment) -> ViewInfo {
        var info = ViewInfo(.unknown, name: "Label")
        info.isContainer = true
        let call = v.call
        let titleArg = call?.arguments.first { $0.label == nil }?.expression
        let titleEmpty = titleArg?.as(StringLiteralExprSyntax.self)?.segments.trimmedDescription.isEmpty == true
        let titleClosure = call?.arguments.first { $0.label?.text == "title" }?.expression.as(ClosureExprSyntax.self) ?? call?.trailingClosure
        let iconClosure = call?.arguments.first { $0.label?.text == "icon" }?.expression.as(ClosureExprSyntax.self)
            ?? call?.additionalTrailingClosures.first { $0.label.text == "icon" }?.closure
        let title = titleClosure.map { items(Array($0.statements), env) } ?? ViewInfo(titleEmpty ? .nothing : .fills, name: "Text")
        let icon = iconClosure.map { items(Array($0.statements), env) } ?? ViewInfo(.fills, name: "Image")
        switch env.labelStyle {
        case .builtin("iconOnly")?: info.coverage = icon.coverage
        case .builtin("titleOnly")?: info.coverage = title.coverage
        case .custom(let type)?:
            guard let decl = index.type(type), decl.kind == .labelStyle, let body = decl.body else { return info }
            var inner = env
            inner.depth += 1
            inner.labelStyle = nil
            inner.bindings = ["configuration.icon": icon, "configuration.title": title]
            let drawn = items(body, inner)
            info.coverage = drawn.coverage
            info.surface = drawn.surface
        case .unknown?: return info
        case .builtin?, nil:
            if title.coverage == .nothing { info.coverage = icon.coverage }
            else if icon.coverage == .nothing { info.coverage = title.coverage }
            else if title.coverage == .unknown || icon.coverage == .unknown { info.coverage = .unknown }
            else { info.coverage = .hollow("the gap between its icon and its title") }
        }
        return info
    }

    // MARK: - Buttons

    /// The label of a Button or NavigationLink: its closure, or nil for a title (`Button("Save") {…}`), which is a Text.
    public func labelItems(of v: ViewBase) -> [CodeBlockItemSyntax]? {
        guard let call = v.call else { return nil }
        if let labelled = call.arguments.first(where: { $0.label?.text == "label" })?.expression.as(ClosureExprSyntax.self) {
            return Array(labelled.statements)
        }
        if let extra = call.additionalTrailingClosures.first(where: { $0.label.text == "label" }) {
            return Array(extra.closure.statements)
        }
        // `Button(action: f) { label }`, `NavigationLink(destination: d) { label }`, `NavigationLink(value: v) { label }`.
        let titled = call.arguments.contains { $0.label == nil }
        if let trailing = call.trailingClosure, !titled, call.additionalTrailingClosures.isEmpty,
           call.arguments.contains(where: { ["action", "destination", "value", "role"].contains($0.label?.text ?? "") }) || v.typeName == "NavigationLink" {
            if v.typeName == "Button", !call.arguments.contains(where: { $0.label?.text == "action" }) { return nil }
            return Array(trailing.statements)
        }
        return nil
    }

    /// What a Button's label takes under the style in force, or nil when the
    /// style does not tell (it may draw a background over the whole label).
    /// - Returns: the label as the style draws it, and the style's name for messages.
    public func buttonRegion(_ v: ViewBase, _ env: Environment) -> (info: ViewInfo, style: String)? {
        guard let labelItems = labelItems(of: v) else { return nil }
        var inner = env
        inner.buttonStyle = nil
        let label = items(labelItems, inner)
        switch env.buttonStyle {
        case .builtin(let name)? where name == "plain" || name == "borderless":
            return (label, ".\(name)")
        case .builtin("automatic")?, nil:
            guard env.rowContext == .plain, env.automaticIsBorderless else { return nil }
            return (label, "automatic (borderless on iOS outside a List)")
        case .custom(let type)?:
            guard let decl = index.type(type), decl.kind == .buttonStyle, let body = decl.body else { return nil }
            inner.depth += 1
            inner.bindings = ["configuration.label": label]
            var drawn = items(body, inner)
            drawn.isContainer = label.isContainer
            drawn.name = label.name
            return (drawn, type)
        default:
            return nil
        }
    }

    /// A Button or NavigationLink among other views: its label's region under the style, else unknown.
    func control(_ type: String, _ v: ViewBase, _ env: Environment) -> ViewInfo {
        if labelItems(of: v) == nil, v.call?.arguments.first?.label == nil, v.call?.arguments.isEmpty == false {
            return ViewInfo(.fills, name: type)   // a title: a Text
        }
        if case .builtin(let name)? = env.buttonStyle, ["bordered", "borderedProminent", "glass", "glassProminent"].contains(name) {
            var info = ViewInfo(.fills, name: type)
            info.surface = true
            return info
        }
        if env.buttonStyle == nil, env.rowContext == .list { return ViewInfo(.fills, name: type) }
        guard var region = buttonRegion(v, env)?.info else { return .unknown }
        region.name = type
        region.isContainer = false
        return region
    }

    // MARK: - Styles

    public func buttonStyle(_ e: ExprSyntax) -> Style {
        style(e, builtins: [
            "plain": "plain", "PlainButtonStyle": "plain", "borderless": "borderless", "BorderlessButtonStyle": "borderless",
            "link": "plain", "LinkButtonStyle": "plain",
            "bordered": "bordered", "BorderedButtonStyle": "bordered", "borderedProminent": "borderedProminent",
            "BorderedProminentButtonStyle": "borderedProminent", "glass": "glass", "glassProminent": "glassProminent",
            "automatic": "automatic", "DefaultButtonStyle": "automatic",
        ], kinds: [.buttonStyle, .primitiveButtonStyle])
    }

    public func labelStyle(_ e: ExprSyntax) -> Style {
        style(e, builtins: [
            "iconOnly": "iconOnly", "IconOnlyLabelStyle": "iconOnly", "titleOnly": "titleOnly", "TitleOnlyLabelStyle": "titleOnly",
            "titleAndIcon": "titleAndIcon", "TitleAndIconLabelStyle": "titleAndIcon", "automatic": "titleAndIcon", "DefaultLabelStyle": "titleAndIcon",
        ], kinds: [.labelStyle])
    }

    func style(_ e: ExprSyntax, builtins: [String: String], kinds: [ViewIndex.Kind]) -> Style {
        var name: String?
        if let m = e.as(MemberAccessExprSyntax.self), m.base == nil {
            name = m.declName.baseName.text
            if let builtin = builtins[name!] { return .builtin(builtin) }
            name = index.shorthand(name!)
        } else if let call = e.as(FunctionCallExprSyntax.self) {
            if let m = call.calledExpression.as(MemberAccessExprSyntax.self), m.base == nil {
                return index.shorthand(m.declName.baseName.text).map { resolve($0, kinds) } ?? .unknown
            }
            name = ViewBase.typeName(call.calledExpression)
            if let n = name, let builtin = builtins[n] { return .builtin(builtin) }
        }
        return name.map { resolve($0, kinds) } ?? .unknown
    }

    func resolve(_ type: String, _ kinds: [ViewIndex.Kind]) -> Style {
        guard let decl = index.type(type), kinds.contains(decl.kind) else { return .unknown }
        return decl.kind == .primitiveButtonStyle ? .unknown : .custom(type)
    }
}
