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
    /// What the code is built for: which `#if` clauses and `#available` branches run.
    public let configuration: BuildConfiguration

    /// Custom views and members already read, by name and what the environment says of them:
    /// a body is read once a run, not once per use (a screen of rows of rows would be exponential).
    private let memo = Memo()
    /// The environment at each declaration, read from where it is used (`Surroundings`).
    let declarationEnvironments = DeclarationEnvironments()

    public init(index: ViewIndex = ViewIndex(), fillingViews: Set<String> = [], configuration: BuildConfiguration = .default) {
        self.index = index
        self.fillingViews = fillingViews
        self.configuration = configuration
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
        let assumed = env.assumptions.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        return "\(name)|\(env.buttonStyle?.key ?? "-")|\(env.labelStyle?.key ?? "-")|\(env.rowContext)|\(env.automaticIsBorderless)|\(assumed)"
    }

    /// The conditions of ternaries met while reading a view (`selected ? 1 : 0`), so
    /// that a rule can read it again with each outcome.
    final class ConditionLog: @unchecked Sendable {
        private var seen: [String] = []
        private let lock = NSLock()
        func note(_ condition: String) {
            lock.lock(); defer { lock.unlock() }
            if !seen.contains(condition) { seen.append(condition) }
        }
        var conditions: [String] { lock.lock(); defer { lock.unlock() }; return seen }
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
        /// Ternary conditions taken as true or false (`selected` → false).
        var assumptions: [String: Bool] = [:]
        /// Where the conditions of ternaries without an assumption are noted.
        var conditionLog: ConditionLog?

        public init() {}
    }

    /// A button or label style as the source names it.
    public enum Style: Sendable, Equatable {
        /// A SwiftUI style: `plain`, `borderless`, `bordered`, `automatic`, `iconOnly`, `titleOnly`, `titleAndIcon`.
        case builtin(String)
        /// A style type declared in the linted sources.
        case custom(String)
        /// `.buttonStyle { configuration in … }`: a style written as a closure (a helper of the sources).
        case closure(ClosureExprSyntax)
        case unknown

        /// For memo keys.
        var key: String {
            switch self {
            case .builtin(let n): return "b:" + n
            case .custom(let n): return "c:" + n
            case .closure(let c): return "f:\(c.id.hashValue)"
            case .unknown: return "?"
            }
        }
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
        if let ternary = Ternary(e) {
            if let assumed = env.assumptions[ternary.condition] { return view(assumed ? ternary.then : ternary.otherwise, env) }
            env.conditionLog?.note(ternary.condition)
            return ViewInfo.list([view(ternary.then, env), view(ternary.otherwise, env)], name: "view", branches: true)
        }
        if isTextConcatenation(e) { return ViewInfo(.fills, name: "Text") }
        if let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return view(only.expression, env)
        }
        if let forced = e.as(ForceUnwrapExprSyntax.self) { return view(forced.expression, env) }
        return chain(ModifierChain(top: e, configuration: configuration), upTo: nil, env)
    }

    /// The views a ViewBuilder closure or body builds, each once.
    public func items(_ items: [CodeBlockItemSyntax], _ env: Environment) -> ViewInfo {
        var views: [ViewInfo] = []
        for item in items {
            switch item.item {
            case .decl(let d):
                if let config = d.as(IfConfigDeclSyntax.self) { views.append(compiled(config, env)) }
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
        let elseView: ViewInfo
        switch ifExpr.elseBody {
        case .ifExpr(let next)?: elseView = branches(of: next, env)
        case .codeBlock(let block)?: elseView = items(Array(block.statements), env)
        case nil:
            var none = ViewInfo(.nothing, name: "EmptyView")
            none.count = 0
            elseView = none
        }
        // `if #available(iOS 16, *)`: on a deployment target that has it, the else branch never runs.
        switch availability(of: ifExpr) {
        case .yes?: return items(Array(ifExpr.body.statements), env)
        case .no?: return elseView
        default: return ViewInfo.list([items(Array(ifExpr.body.statements), env), elseView], name: "view", branches: true)
        }
    }

    /// Whether an `if` whose only condition is `#available`/`#unavailable` takes its body on every supported device.
    func availability(of ifExpr: IfExprSyntax) -> BuildConfiguration.Truth? {
        guard ifExpr.conditions.count == 1, case .availability(let a)? = ifExpr.conditions.first?.condition else { return nil }
        return configuration.truth(ofAvailability: a)
    }

    /// A `#if` among a builder's views: the clause the build compiles; the clauses that
    /// may be compiled, as alternatives, when that varies or cannot be told.
    func compiled(_ config: IfConfigDeclSyntax, _ env: Environment) -> ViewInfo {
        var alternatives: [ViewInfo] = []
        for (clause, truth) in zip(config.clauses, configuration.clauses(of: config)) where truth != .no {
            guard case .statements(let statements)? = clause.elements else { alternatives.append(.unknown); continue }
            alternatives.append(items(Array(statements), env))
        }
        if alternatives.isEmpty { var none = ViewInfo(.nothing, name: "EmptyView"); none.count = 0; return none }
        return ViewInfo.list(alternatives, name: "view", branches: alternatives.count > 1)
    }

    /// `Text("a") + Text("b")`: one Text (S1).
    func isTextConcatenation(_ e: ExprSyntax) -> Bool {
        func isText(_ x: ExprSyntax) -> Bool {
            if let t = x.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first { return isText(only.expression) }
            if isTextConcatenation(x) { return true }
            return ModifierChain(top: x).view.typeName == "Text"
        }
        if let infix = e.as(InfixOperatorExprSyntax.self), infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" {
            return isText(infix.leftOperand) && isText(infix.rightOperand)
        }
        guard let seq = e.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(seq.elements)
        guard elements.count >= 3, elements.count % 2 == 1 else { return false }
        for (i, x) in elements.enumerated() {
            if i % 2 == 1 { guard x.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return false } }
            else if !isText(x) { return false }
        }
        return true
    }

    /// A chain: its base, then its modifiers in source order (the first written innermost).
    /// - Parameter upTo: evaluate only the modifiers before this index (the gesture's).
    public func chain(_ chain: ModifierChain, upTo: Int?, _ env: Environment) -> ViewInfo {
        var inner = env
        // Styles are environment: written anywhere on the chain, they reach the base.
        for m in chain.modifiers.reversed() {
            if m.name == "buttonStyle", let style = buttonStyle(of: m) { inner.buttonStyle = style }
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
        if b.is(IfExprSyntax.self) || b.is(SwitchExprSyntax.self) || Ternary(b) != nil || b.is(ForceUnwrapExprSyntax.self)
            || (b.as(TupleExprSyntax.self)?.elements.count == 1) || isTextConcatenation(b) {
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
        let found: (key: String, member: ViewIndex.Member)
        if let type = env.selfType, let m = index.member(name, of: type) {
            found = ("\(type).\(name)", m)
        } else if let f = index.freeFunction(name) {
            found = ("func " + name, f)
        } else {
            return .unknown
        }
        guard !env.visiting.contains(found.key) else { return .unknown }
        var inner = env
        inner.depth += 1
        inner.visiting.insert(found.key)
        // The arguments a call passes: a view or a builder closure is bound to its
        // parameter's name; any other value is unknown where the body uses it.
        let bound = call.map { arguments(of: $0, for: found.member, env) } ?? [:]
        guard bound.isEmpty else {
            inner.bindings = env.bindings.merging(bound) { _, new in new }
            return items(found.member.items, inner)
        }
        return memo.value(memoKey(found.key, env)) { items(found.member.items, inner) }
    }

    /// What each view argument of a call to `member` stands for inside it, by the parameter's name.
    func arguments(of call: FunctionCallExprSyntax, for member: ViewIndex.Member, _ env: Environment) -> [String: ViewInfo] {
        var out: [String: ViewInfo] = [:]
        var remaining = member.parameters[...]
        func bind(_ label: String?, _ value: ViewInfo) {
            guard let i = remaining.firstIndex(where: { $0.label == label }) else { return }
            let name = remaining[i].name
            out[name] = value
            out[name + "()"] = value
            remaining = remaining[remaining.index(after: i)...]
        }
        for arg in call.arguments {
            if let closure = arg.expression.as(ClosureExprSyntax.self) {
                bind(arg.label?.text, items(Array(closure.statements), env))
            } else if arg.expression.is(StringLiteralExprSyntax.self) || arg.expression.is(IntegerLiteralExprSyntax.self) {
                bind(arg.label?.text, .unknown)
            } else {
                bind(arg.label?.text, view(arg.expression, env))
            }
        }
        if let trailing = call.trailingClosure { bind(remaining.first?.label, items(Array(trailing.statements), env)) }
        for extra in call.additionalTrailingClosures { bind(extra.label.text, items(Array(extra.closure.statements), env)) }
        return out
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
        case "ScrollView":
            // Backed by a scroll view that takes touches over its whole frame.
            var info = ViewInfo(.fills, name: type)
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

    /// The views whose width is their content's unless a modifier says otherwise (`greedy` tells).
    static let contentSized: Set<String> = ["Text", "Image", "Label"]

    /// HStack, VStack, the lazy stacks and grids: their region is their views' (S2).
    func stack(_ type: String, _ v: ViewBase, _ env: Environment) -> ViewInfo {
        let kids = items(v.contentItems, env).flattened.filter { $0.count > 0 || $0.takesRoom }
        var info = ViewInfo(.unknown, name: type)
        info.isContainer = true
        info.greedy = kids.contains(where: \.greedy)
        let count = kids.reduce(0) { $0 + $1.count }
        let taking = kids.filter { $0.coverage != .nothing }
        if taking.count == 1, taking[0].coverage == .fills, taking[0].surface, taking[0].count == 1 {
            // Spacers that only place one painted view (a tip, a card): what a person sees
            // responds everywhere; the room around it is not part of any target they see (Decision).
            info.coverage = .fills
            return info
        }
        if let room = kids.first(where: \.takesRoom) {
            info.coverage = .hollow(room.name == "Spacer" ? "the Spacer" : "the room its \(room.name) takes")
        } else if let hollow = kids.first(where: { $0.coverage.gap != nil }), let gap = hollow.coverage.gap {
            info.coverage = .hollow(nested(gap, in: hollow))
        } else if count >= 2 {
            let spacing = v.call?.arguments.first { $0.label?.text == "spacing" }?.expression
            if SwiftUIFacts.isZero(spacing) {
                if kids.allSatisfy({ $0.coverage == .fills && $0.greedy }) {
                    info.coverage = .fills
                } else if type == "VStack" || type == "LazyVStack", kids.allSatisfy({ $0.coverage == .fills }),
                          kids.contains(where: { !$0.greedy && Self.contentSized.contains($0.name) }) {
                    // A view as wide as its content (a Text, an Image that is not resizable) leaves the room beside it
                    // dead: the stack is as wide as its widest view (S2). A Divider, a colour or a fixed frame may not.
                    info.coverage = .hollow("the room beside the narrower of its views")
                } else {
                    info.coverage = .unknown
                }
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
        case .unknown?, .closure?: return info
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
            guard let decl = index.type(type), let body = decl.body, inner.depth < ViewEvaluator.maximumDepth else { return nil }
            inner.depth += 1
            let configuration = decl.bodyParameter ?? "configuration"
            inner.bindings = ["\(configuration).label": label]
            let drawn: ViewInfo?
            switch decl.kind {
            case .buttonStyle: drawn = items(body, inner)
            case .primitiveButtonStyle: drawn = triggered(body, configuration: configuration, label: label, env: env, inner)
            default: drawn = nil
            }
            guard var region = drawn else { return nil }
            region.isContainer = label.isContainer
            region.name = label.name
            return (region, type)
        case .closure(let closure)?:
            // `.buttonStyle { configuration in configuration.label … }`: a ButtonStyle built from the closure.
            guard inner.depth < ViewEvaluator.maximumDepth else { return nil }
            inner.depth += 1
            let parameter = closureParameter(closure) ?? "$0"
            inner.bindings = ["\(parameter).label": label]
            var drawn = items(Array(closure.statements), inner)
            drawn.isContainer = label.isContainer
            drawn.name = label.name
            return (drawn, "`.buttonStyle { … }`")
        default:
            return nil
        }
    }

    /// The first parameter's name of a closure (`configuration in`, `(c) in`).
    func closureParameter(_ closure: ClosureExprSyntax) -> String? {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: return list.first?.name.text
        case .parameterClause(let clause)?: return clause.parameters.first.map { ($0.secondName ?? $0.firstName).text }
        case nil: return nil
        }
    }

    /// A PrimitiveButtonStyle's region: where its body fires `configuration.trigger()`.
    /// `Button(configuration)` is a Button of the automatic style with the label; a tap
    /// gesture on a chain is that chain's region where the gesture is attached (S4).
    func triggered(_ body: [CodeBlockItemSyntax], configuration: String, label: ViewInfo, env outer: Environment,
                   _ inner: Environment) -> ViewInfo? {
        for item in body {
            let expr: ExprSyntax?
            switch item.item {
            case .expr(let e): expr = e
            case .stmt(let st): expr = st.as(ReturnStmtSyntax.self)?.expression ?? st.as(ExpressionStmtSyntax.self)?.expression
            case .decl: expr = nil
            }
            guard let e = expr else { continue }
            let chain = ModifierChain(top: e, configuration: self.configuration)
            if chain.view.typeName == "Button", chain.view.call?.arguments.first?.expression.trimmedDescription == configuration {
                guard outer.rowContext == .plain, outer.automaticIsBorderless else { return nil }
                return label
            }
            if let g = GestureUse.all(in: chain).first(where: \.isTapLike) {
                return self.chain(chain, upTo: g.index, inner)
            }
        }
        return nil
    }

    /// The style a `.buttonStyle(…)` modifier sets, also written as a trailing closure.
    public func buttonStyle(of m: Modifier) -> Style? {
        if let arg = m.unlabeled.first { return buttonStyle(arg) }
        if let closure = m.closures.first { return .closure(closure) }
        return nil
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
        return .custom(type)
    }
}
