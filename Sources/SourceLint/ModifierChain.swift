import SwiftSyntax

/// One modifier written in a chain, such as `.onTapGesture(count: 2) { … }`.
///
/// A `#if` block inside a chain (`PostfixIfConfigExpr`) is read as the compiler
/// takes it for the build (`BuildConfiguration`): the modifiers of the clause that
/// is compiled, none when none is; when that depends on the build or on a flag the
/// linter cannot know, it is kept as one modifier named `#if` that the rules read
/// as unknown.
public struct Modifier {
    /// `onTapGesture`, `contentShape`, ... or `#if`.
    public let name: String
    /// The call (`.name(…) { … }`); nil for a `#if` block.
    public let call: FunctionCallExprSyntax?
    /// The `.name` part, for locations and edits; nil for a `#if` block.
    public let member: MemberAccessExprSyntax?
    /// The whole node: the call or the `#if` block.
    public let node: ExprSyntax

    /// The arguments in the parentheses.
    public var arguments: [LabeledExprSyntax] { call.map { Array($0.arguments) } ?? [] }

    /// The arguments without a label, in order.
    public var unlabeled: [ExprSyntax] { arguments.filter { $0.label == nil }.map(\.expression) }

    /// The argument labelled `label`.
    public func argument(_ label: String) -> ExprSyntax? {
        arguments.first { $0.label?.text == label }?.expression
    }

    /// Every closure handed to the call: `content:` arguments and trailing closures.
    public var closures: [ClosureExprSyntax] {
        guard let call else { return [] }
        var all = call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        if let c = call.trailingClosure { all.append(c) }
        all += call.additionalTrailingClosures.map(\.closure)
        return all
    }

    /// Where a finding about this modifier points: its name after the dot.
    public var anchor: Syntax { member.map { Syntax($0.declName) } ?? Syntax(node) }
}

/// A view expression read as its base followed by the modifiers written on it,
/// in source order: `modifiers[0]` is the first written, the innermost.
///
/// In `HStack { … }.contentShape(Rectangle()).onTapGesture { … }` the syntax
/// tree's outermost `FunctionCallExpr` is `onTapGesture`; unrolling it gives
/// base `HStack { … }` and modifiers `[contentShape, onTapGesture]`.
public struct ModifierChain {
    /// The innermost expression: `HStack { … }`, `Color.clear`, `MyRow()`, `content`.
    public let base: ExprSyntax
    public let modifiers: [Modifier]
    /// The outermost expression of the chain.
    public let top: ExprSyntax

    /// What the base is, as far as the source says.
    public var view: ViewBase { ViewBase(base) }

    /// Reads the chain ending at `top`.
    /// - Parameter configuration: what the code is built for, to read `#if` blocks in the chain.
    /// - Complexity: O(n) in the number of modifiers.
    public init(top: ExprSyntax, configuration: BuildConfiguration = .default) {
        self.top = top
        var reversed: [Modifier] = []
        var e = top
        while true {
            if let call = e.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
               let base = member.base, !ModifierChain.isTypeReference(base), !ModifierChain.isSelf(base) {
                reversed.append(Modifier(name: member.declName.baseName.text, call: call, member: member, node: e))
                e = base
            } else if let block = e.as(PostfixIfConfigExprSyntax.self), let base = block.base {
                reversed += ModifierChain.compiled(block, configuration)?.reversed() ?? [Modifier(name: "#if", call: nil, member: nil, node: e)]
                e = base
            } else {
                break
            }
        }
        base = e
        modifiers = reversed.reversed()
    }

    /// The modifiers of the clause of a `#if` block that the build compiles, in
    /// source order; nil when that varies or cannot be told.
    static func compiled(_ block: PostfixIfConfigExprSyntax, _ configuration: BuildConfiguration) -> [Modifier]? {
        let truths = configuration.clauses(of: block.config)
        guard !truths.contains(where: { $0 == .varies || $0 == .unknown }) else { return nil }
        guard let i = truths.firstIndex(of: .yes) else { return [] }
        let clause = block.config.clauses[block.config.clauses.index(block.config.clauses.startIndex, offsetBy: i)]
        guard case .postfixExpression(let expr)? = clause.elements else { return clause.elements == nil ? [] : nil }
        // `.padding().onTapGesture { … }`: calls on members down to one with no base.
        var reversed: [Modifier] = []
        var e = expr
        while let call = e.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            reversed.append(Modifier(name: member.declName.baseName.text, call: call, member: member, node: e))
            guard let base = member.base else { return reversed.reversed() }
            e = base
        }
        return nil
    }

    /// Whether `node` is the outermost expression of a chain (nothing is chained onto it).
    public static func isTop(_ node: ExprSyntax) -> Bool {
        guard let parent = node.parent else { return true }
        if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
           let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id {
            return false
        }
        if let block = parent.as(PostfixIfConfigExprSyntax.self), block.base?.id == node.id { return false }
        return true
    }

    /// `self`: `self.row(…)` is a member the type declares, not a modifier on `self`.
    static func isSelf(_ e: ExprSyntax) -> Bool {
        e.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }

    /// `Color`, `SwiftUI`, `Image`: a capitalised name, so `.name(…)` on it is a
    /// static member or an initializer, not a modifier.
    static func isTypeReference(_ e: ExprSyntax) -> Bool {
        if let ref = e.as(DeclReferenceExprSyntax.self) { return ref.baseName.text.first?.isUppercase == true }
        if let member = e.as(MemberAccessExprSyntax.self), member.base.map(isTypeReference) == true {
            return member.declName.baseName.text.first?.isUppercase == true
        }
        return e.is(GenericSpecializationExprSyntax.self)
    }
}

/// The base of a chain as written: a type constructed with a call
/// (`HStack { … }`, `Spacer()`, `Image("x")`), a static member (`Color.clear`), or
/// something the source alone does not tell (a variable, `content`, `self`).
public struct ViewBase {
    /// `HStack`, `Color`, `MyRow`; nil when the base is not a type named in place.
    public let typeName: String?
    /// The static member after the type: `clear` in `Color.clear`.
    public let member: String?
    /// The constructing call, for its arguments and content closures.
    public let call: FunctionCallExprSyntax?

    init(_ e: ExprSyntax) {
        if let call = e.as(FunctionCallExprSyntax.self) {
            self.call = call
            self.member = nil
            self.typeName = ViewBase.typeName(call.calledExpression)
        } else if let m = e.as(MemberAccessExprSyntax.self), let base = m.base, ModifierChain.isTypeReference(base),
                  m.declName.baseName.text.first?.isLowercase == true {
            self.call = nil
            self.member = m.declName.baseName.text
            self.typeName = ViewBase.typeName(base)
        } else {
            self.call = nil
            self.member = nil
            self.typeName = nil
        }
    }

    static func typeName(_ e: ExprSyntax) -> String? {
        if let ref = e.as(DeclReferenceExprSyntax.self), ref.baseName.text.first?.isUppercase == true {
            return ref.baseName.text
        }
        if let g = e.as(GenericSpecializationExprSyntax.self) { return typeName(g.expression) }
        if let m = e.as(MemberAccessExprSyntax.self), let base = m.base, ModifierChain.isTypeReference(base) {
            let name = m.declName.baseName.text
            if name == "init" { return typeName(base) }
            if name.first?.isUppercase == true { return name }   // SwiftUI.HStack
        }
        return nil
    }

    /// The statements of the content closures (`HStack { a; b }` → `[a, b]`).
    public var contentItems: [CodeBlockItemSyntax] {
        guard let call else { return [] }
        var closures = call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        if let c = call.trailingClosure { closures.append(c) }
        closures += call.additionalTrailingClosures.map(\.closure)
        return closures.flatMap { Array($0.statements) }
    }
}
