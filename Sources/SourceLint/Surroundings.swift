import Foundation
import SwiftSyntax

/// What surrounds a view in its file: the button and label styles set on the
/// views around it, whether it sits in a List (where an automatic-style button
/// is the whole row) or in a scroll view or stack known not to be, and whether
/// the system draws it (a toolbar, a menu, a context menu, swipe actions).
extension ViewEvaluator {
    /// Modifiers whose content the system draws: its buttons are menu items and bar buttons.
    static let systemDrawn: Set<String> = [
        "toolbar", "contextMenu", "swipeActions", "alert", "confirmationDialog", "searchSuggestions", "menu",
        "toolbarItem", "commands", "dialogSuppressionToggle",
    ]
    static let systemDrawnViews: Set<String> = ["ToolbarItem", "ToolbarItemGroup", "Menu", "ContextMenu", "ControlGroup", "Picker", "CommandMenu", "CommandGroup"]
    /// Views whose content is not a List row.
    static let plainContainers: Set<String> = [
        "ScrollView", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "NavigationStack", "NavigationView",
        "NavigationSplitView", "TabView",
    ]
    static let presentations: Set<String> = ["sheet", "fullScreenCover", "popover", "navigationDestination", "inspector", "safeAreaInset", "overlay", "background"]

    /// The environment in force at `node`, read from the views around it up to
    /// the declaration it is written in (a `body`, a function): what lies beyond
    /// is another view's business and stays untold.
    /// - Returns: nil when the system draws the view (a toolbar, a menu).
    public func environment(at node: some SyntaxProtocol, automaticIsBorderless: Bool) -> Environment? {
        environment(at: Syntax(node), automaticIsBorderless: automaticIsBorderless, depth: 0)
    }

    /// How many declarations up the uses of a helper or view are followed for its environment.
    static let callerDepth = 4

    func environment(at node: Syntax, automaticIsBorderless: Bool, depth: Int) -> Environment? {
        var env = Environment()
        env.selfType = ViewEvaluator.enclosingType(of: node)
        var boundary: Syntax?
        env.automaticIsBorderless = automaticIsBorderless
        var buttonSet = false, labelSet = false
        var previous = Syntax(node)
        var current = previous.parent
        while let c = current {
            if c.is(FunctionDeclSyntax.self) || c.is(AccessorBlockSyntax.self) || c.is(InitializerDeclSyntax.self)
                || c.is(MemberBlockSyntax.self) || c.is(SourceFileSyntax.self) { boundary = c; break }
            if let clause = c.as(IfConfigClauseSyntax.self), let condition = clause.condition?.trimmedDescription,
               ["macOS", "watchOS", "tvOS"].contains(where: { condition.contains("os(\($0))") }), !condition.contains("!") {
                env.automaticIsBorderless = false
            }
            if let call = c.as(FunctionCallExprSyntax.self) {
                let inCallee = call.calledExpression.id == previous.id
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil {
                    let name = member.declName.baseName.text
                    if inCallee {
                        // A modifier on a view that holds the node: its styles reach the node.
                        if name == "buttonStyle", !buttonSet,
                           let style = buttonStyle(of: Modifier(name: name, call: call, member: member, node: ExprSyntax(call))) {
                            env.buttonStyle = style
                            buttonSet = true
                        }
                        if name == "labelStyle", !labelSet, let arg = call.arguments.first?.expression {
                            env.labelStyle = labelStyle(arg)
                            labelSet = true
                        }
                    } else {
                        if ViewEvaluator.systemDrawn.contains(name) { return nil }
                        if ViewEvaluator.presentations.contains(name), env.rowContext == .unknown { env.rowContext = .plain }
                    }
                } else if !inCallee, let type = ViewBase.typeName(call.calledExpression) {
                    let label = call.additionalTrailingClosures.first { $0.label.text == "label" }.map { Syntax($0.closure) }
                        ?? call.arguments.first { $0.label?.text == "label" }.map { Syntax($0.expression) }
                    let at = node.positionAfterSkippingLeadingTrivia
                    let inLabel = label.map { $0.position <= at && at < $0.endPosition } ?? false
                    if ViewEvaluator.systemDrawnViews.contains(type), !inLabel { return nil }
                    if env.rowContext == .unknown {
                        if type == "List" || type == "Form" { env.rowContext = .list }
                        if ViewEvaluator.plainContainers.contains(type) { env.rowContext = .plain }
                    }
                }
            }
            previous = c
            current = c.parent
        }
        // What is not told here is told where the helper, property or view is used,
        // when every use tells the same (a style set on the ScrollView in `body`).
        if let boundary, depth < ViewEvaluator.callerDepth, !buttonSet || !labelSet || env.rowContext == .unknown {
            switch callers(of: boundary, automaticIsBorderless: automaticIsBorderless, depth: depth) {
            case .systemDrawn: return nil
            case .told(let outer):
                if !buttonSet { env.buttonStyle = outer.buttonStyle }
                if !labelSet { env.labelStyle = outer.labelStyle }
                if env.rowContext == .unknown { env.rowContext = outer.rowContext }
            case .untold: break
            }
        }
        return env
    }

    enum CallerEnvironment { case told(Environment), systemDrawn, untold }

    /// The environment every use of a declaration agrees on: the uses of a member
    /// (`row`, `tag(_:)`) in its own type, of a file-level function anywhere, of a
    /// view's `body` where the view is constructed.
    func callers(of boundary: Syntax, automaticIsBorderless: Bool, depth: Int) -> CallerEnvironment {
        declarationEnvironments.value(boundary.id, automaticIsBorderless) {
            var uses: [Syntax] = []
            let owner = ViewEvaluator.enclosingType(of: boundary)
            if let f = boundary.as(FunctionDeclSyntax.self) {
                guard !["body", "makeBody"].contains(f.name.text) else { return .untold }
                // Toolbar content, commands and menus are drawn by the system.
                if let type = f.signature.returnClause?.type.trimmedDescription, ViewEvaluator.isSystemContent(type) { return .systemDrawn }
                // Called (`row()`) or passed (`.toolbar(content: toolbar)`); never another value's member (`x.row`).
                uses = index.uses(of: f.name.text).filter { ViewEvaluator.enclosingType(of: $0) == owner && isOwnReference($0) }
            } else if boundary.is(AccessorBlockSyntax.self), let binding = boundary.parent?.as(PatternBindingSyntax.self) {
                let name = binding.pattern.trimmedDescription
                if let type = binding.typeAnnotation?.type.trimmedDescription, ViewEvaluator.isSystemContent(type) { return .systemDrawn }
                if name == "body" {
                    guard let owner else { return .untold }
                    uses = index.uses(of: owner).filter { isCalled($0) }
                } else {
                    uses = index.uses(of: name).filter { ViewEvaluator.enclosingType(of: $0) == owner && !isCalled($0) && isOwnReference($0) }
                }
            }
            guard !uses.isEmpty, uses.count <= 12 else { return .untold }
            let envs = uses.map { environment(at: $0, automaticIsBorderless: automaticIsBorderless, depth: depth + 1) }
            if envs.allSatisfy({ $0 == nil }) { return .systemDrawn }
            let told = envs.compactMap { $0 }
            guard told.count == envs.count, let first = told.first else { return .untold }
            var agreed = Environment()
            agreed.automaticIsBorderless = automaticIsBorderless
            if told.allSatisfy({ $0.buttonStyle == first.buttonStyle }) { agreed.buttonStyle = first.buttonStyle }
            if told.allSatisfy({ $0.labelStyle == first.labelStyle }) { agreed.labelStyle = first.labelStyle }
            if told.allSatisfy({ $0.rowContext == first.rowContext }) { agreed.rowContext = first.rowContext }
            return .told(agreed)
        }
    }

    /// `ToolbarContent`, `Commands`: what a declaration returns that the system draws.
    static func isSystemContent(_ type: String) -> Bool {
        ["ToolbarContent", "Commands", "Scene"].contains { type.hasSuffix($0) }
    }

    /// `row`, `self.row`: a reference to the type's own member, not a member of another value (`x.row`, `.toolbar`).
    func isOwnReference(_ ref: Syntax) -> Bool {
        guard let m = ref.parent?.as(MemberAccessExprSyntax.self), m.declName.id == ref.id else { return true }
        return m.base.map { ModifierChain.isSelf($0) } ?? false
    }

    /// `name(…)` or `Name(…)`: the reference is what a call calls.
    func isCalled(_ ref: Syntax) -> Bool {
        var node = ref
        if let m = node.parent?.as(MemberAccessExprSyntax.self), m.declName.id == node.id { node = Syntax(m) }
        return node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
    }

    /// The type a node is declared in (a struct, class, enum, or the type an extension extends).
    static func enclosingType(of node: Syntax) -> String? {
        var current = node.parent
        while let c = current {
            if let s = c.as(StructDeclSyntax.self) { return s.name.text }
            if let s = c.as(ClassDeclSyntax.self) { return s.name.text }
            if let s = c.as(EnumDeclSyntax.self) { return s.name.text }
            if let e = c.as(ExtensionDeclSyntax.self) {
                let name = e.extendedType.trimmedDescription
                return name.split(separator: ".").last.map(String.init) ?? name
            }
            current = c.parent
        }
        return nil
    }

    /// What a file is built for, told by what it uses. iOS: UIKit, iOS-only
    /// modifiers, `#if os(iOS)`, `@available(iOS …)`; there the automatic button
    /// style is borderless outside a List (macOS and watchOS draw a bordered
    /// button). tvOS only: focus sections, TVUIKit, and nothing of iOS.
    public static func platforms(of tree: SourceFileSyntax) -> (iOS: Bool, tvOSOnly: Bool) {
        let iOS: Set<String> = [
            "UIKit", "UIApplication", "UIImage", "UIColor", "UIScreen", "UIDevice", "UIViewRepresentable",
            "UIViewControllerRepresentable", "UIHostingController", "UIPasteboard", "UIImpactFeedbackGenerator",
            "navigationBarTitleDisplayMode", "navigationBarItems", "navigationBarHidden", "navigationBarBackButtonHidden",
            "keyboardType", "textInputAutocapitalization", "autocapitalization", "insetGrouped", "fullScreenCover",
            "iOS", "iPadOS", "statusBarHidden", "UIFont",
        ]
        let tvOS: Set<String> = ["tvOS", "TVUIKit", "focusSection", "onPlayPauseCommand"]
        var sawiOS = false, sawtvOS = false
        for token in tree.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind else { continue }
            if iOS.contains(name) { sawiOS = true }
            if tvOS.contains(name) { sawtvOS = true }
        }
        return (sawiOS, sawtvOS && !sawiOS)
    }
}

/// The environment found for each declaration from its uses, once a run.
final class DeclarationEnvironments: @unchecked Sendable {
    private var known: [String: ViewEvaluator.CallerEnvironment] = [:]
    private var pending: Set<String> = []
    private let lock = NSLock()

    func value(_ id: SyntaxIdentifier, _ flag: Bool, _ make: () -> ViewEvaluator.CallerEnvironment) -> ViewEvaluator.CallerEnvironment {
        let key = "\(id.hashValue)|\(flag)"
        lock.lock()
        if let v = known[key] { lock.unlock(); return v }
        if pending.contains(key) { lock.unlock(); return .untold }   // a helper used by itself
        pending.insert(key)
        lock.unlock()
        let v = make()
        lock.lock()
        known[key] = v
        pending.remove(key)
        lock.unlock()
        return v
    }
}
