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
        var env = Environment()
        env.automaticIsBorderless = automaticIsBorderless
        var buttonSet = false, labelSet = false
        var previous = Syntax(node)
        var current = previous.parent
        while let c = current {
            if c.is(FunctionDeclSyntax.self) || c.is(AccessorBlockSyntax.self) || c.is(InitializerDeclSyntax.self)
                || c.is(MemberBlockSyntax.self) || c.is(SourceFileSyntax.self) { break }
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
                        if name == "buttonStyle", !buttonSet, let arg = call.arguments.first?.expression {
                            env.buttonStyle = buttonStyle(arg)
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
        return env
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
