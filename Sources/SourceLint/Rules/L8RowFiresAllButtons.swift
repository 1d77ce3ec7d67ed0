import SwiftSyntax
import TapRules

/// L8: two or more Buttons (or NavigationLinks, Links, ShareLinks) of the
/// automatic style in one row of a `List` or `Form`. The cell is the target
/// (S12): a tap anywhere in the row fires every row-level control in it, in
/// order (S15), whichever one the person aimed at.
public struct L8RowFiresAllButtonsRule: LintRule {
    public init() {}
    public static let snapshotRule = "S15"
    public static let severity = Severity.error
    public static let fixSummary = "give each Button in the row .buttonStyle(.borderless) so it fires alone"

    public static let description = RuleDescription(
        id: "L8",
        name: "row fires all its buttons",
        summary: "several Buttons, NavigationLinks, Links or ShareLinks of the automatic style in one List or Form row: the row takes every tap in its cell and fires them all, in order",
        triggeringExamples: [
            """
            List {
                ↓HStack {
                    Button("Reply") { reply() }
                    Spacer()
                    Button("Share") { share() }
                }
            }
            """,
            // rows of a ForEach in a Section of a Form
            "Form { Section(\"Messages\") { ForEach(messages) { m in ↓HStack { Button(\"Read\") { read(m) }; Button(\"Delete\") { delete(m) } } } } }",
            // a Button and a NavigationLink
            "List { ↓VStack { NavigationLink(\"Open\") { Detail() }; Button(\"Pin\") { pin() } } }",
        ],
        nonTriggeringExamples: [
            // one row-level control a row: the row fires it, as meant
            "List { Button(\"Sign out\") { signOut() }; NavigationLink(\"About\") { About() } }",
            // borderless or plain Buttons fire alone (S14)
            "List { HStack { Button(\"Reply\") { reply() }.buttonStyle(.borderless); Button(\"Share\") { share() }.buttonStyle(.borderless) } }",
            "List { HStack { Button(\"Reply\") { reply() }; Button(\"Share\") { share() } }.buttonStyle(.plain) }",
            "List { HStack { Button(\"Reply\") { reply() }; Button(\"Share\") { share() } } }.buttonStyle(.borderless)",
            // alternatives are one control; a header is not a row; swipe actions are not in the row
            "List { HStack { if unread { Button(\"Read\") { read() } } else { Button(\"Unread\") { unread() } } } }",
            "List { Section { Button(\"a\") { a() } } header: { HStack { Button(\"b\") { b() }; Button(\"c\") { c() } } } }",
            "List { Text(\"a\").swipeActions { Button(\"Delete\") { d() }; Button(\"Pin\") { p() } } }",
            // outside a List, each Button responds on its own frame
            "VStack { HStack { Button(\"Reply\") { reply() }; Button(\"Share\") { share() } } }",
        ],
        corrections: [
            Correction("List { ↓HStack { Button(\"Reply\") { reply() }; Button(\"Share\") { share() } } }",
                       "List { HStack { Button(\"Reply\") { reply() }.buttonStyle(.borderless); Button(\"Share\") { share() }.buttonStyle(.borderless) } }"),
        ])

    public func check(_ chain: ModifierChain, in context: LintContext) -> [RuleFinding] {
        guard let type = chain.view.typeName, type == "List" || type == "Form", !context.focusDriven,
              let env = context.evaluator.environment(at: chain.base, automaticIsBorderless: context.automaticIsBorderless) else { return [] }
        var inner = env
        inner.rowContext = .list
        for m in chain.modifiers where m.name == "buttonStyle" {
            if let style = context.evaluator.buttonStyle(of: m) { inner.buttonStyle = style }
        }
        let evaluator = context.evaluator
        var findings: [RuleFinding] = []
        for row in evaluator.rows(in: chain.view.contentItems) {
            let controls = evaluator.rowControls(row, inner)
            guard controls.count >= 2, !controls.contains(where: { $0.type == "Picker" }) else { continue }
            let names = controls.map { c in c.title.map { "\(c.type) \"\($0)\"" } ?? c.type }
            let rowName = ModifierChain(top: row, configuration: evaluator.configuration).view.typeName ?? "row"
            let sameFile = controls.allSatisfy { $0.node.root.id == row.root.id && !$0.repeated }
            let anchor = ModifierChain(top: row, configuration: evaluator.configuration).view.call?.calledExpression ?? row
            findings.append(RuleFinding(
                anchor: anchor,
                message: "row fires all its buttons: this \(type) row (\(rowName)) holds \(names.joined(separator: ", ")) of the automatic style; the row takes every tap in its cell and fires them all, in order, whichever one was aimed at (S15)",
                fix: "give each Button in the row .buttonStyle(.borderless) (or .plain) so it fires alone, or keep one row-level control per row",
                edits: sameFile ? controls.flatMap { ChainEdits.append(".buttonStyle(.borderless)", after: $0.node) } : []))
        }
        return findings
    }
}

extension ViewEvaluator {
    /// A control that makes its row act (S13).
    public struct RowControl {
        public let type: String
        public let title: String?
        /// The control's whole chain, where a fix appends its style.
        public let node: ExprSyntax
        /// Written once and built several times (a ForEach inside the row).
        public let repeated: Bool
    }

    /// The rows of a List or Form: each view of its content, of its Sections'
    /// content (not their headers and footers), of a ForEach's, a Group's, an
    /// `if`'s branches.
    public func rows(in items: [CodeBlockItemSyntax]) -> [ExprSyntax] {
        var out: [ExprSyntax] = []
        for item in items {
            switch item.item {
            case .expr(let e): out += rows(of: e)
            case .stmt(let s):
                if let e = s.as(ExpressionStmtSyntax.self)?.expression { out += rows(of: e) }
            case .decl(let d):
                guard let config = d.as(IfConfigDeclSyntax.self) else { continue }
                for (clause, truth) in zip(config.clauses, configuration.clauses(of: config)) where truth != .no {
                    if case .statements(let s)? = clause.elements { out += rows(in: Array(s)) }
                }
            }
        }
        return out
    }

    func rows(of e: ExprSyntax, depth: Int = 0) -> [ExprSyntax] {
        if let ifExpr = e.as(IfExprSyntax.self) {
            var out = rows(in: Array(ifExpr.body.statements))
            switch ifExpr.elseBody {
            case .ifExpr(let next)?: out += rows(of: ExprSyntax(next))
            case .codeBlock(let block)?: out += rows(in: Array(block.statements))
            case nil: break
            }
            return out
        }
        let chain = ModifierChain(top: e, configuration: configuration)
        let view = chain.view
        switch view.typeName {
        case "Section":
            guard let call = view.call else { return [] }
            let content = call.arguments.first { $0.label?.text == "content" }?.expression.as(ClosureExprSyntax.self) ?? call.trailingClosure
            return content.map { rows(in: Array($0.statements)) } ?? []
        case "ForEach", "Group":
            return rows(in: view.contentItems)
        default:
            // A custom view whose body is several views (or Sections) is several rows.
            if let type = view.typeName, chain.modifiers.isEmpty, depth < 4, let decl = index.type(type), decl.kind == .view,
               let body = decl.body {
                let inner = body.flatMap { item -> [ExprSyntax] in
                    switch item.item {
                    case .expr(let x): return rows(of: x, depth: depth + 1)
                    default: return rows(in: [item])
                    }
                }
                if inner.count > 1 { return inner }
            }
            return [e]
        }
    }

    /// The row-level controls in a row: Buttons, NavigationLinks, Links and
    /// ShareLinks of the automatic style (and Pickers, which take the row alone),
    /// through stacks, overlays and custom views; alternatives count once.
    public func rowControls(_ row: ExprSyntax, _ env: Environment) -> [RowControl] {
        controls(in: row, env, repeated: false)
    }

    func controls(in e: ExprSyntax, _ env: Environment, repeated: Bool) -> [RowControl] {
        guard env.depth < ViewEvaluator.maximumDepth else { return [] }
        if let ifExpr = e.as(IfExprSyntax.self) {
            var branches = [controls(inItems: Array(ifExpr.body.statements), env, repeated: repeated)]
            switch ifExpr.elseBody {
            case .ifExpr(let next)?: branches.append(controls(in: ExprSyntax(next), env, repeated: repeated))
            case .codeBlock(let block)?: branches.append(controls(inItems: Array(block.statements), env, repeated: repeated))
            case nil: break
            }
            return branches.max { $0.count < $1.count } ?? []
        }
        let chain = ModifierChain(top: e, configuration: configuration)
        var inner = env
        for m in chain.modifiers where m.name == "buttonStyle" {
            if let style = buttonStyle(of: m) { inner.buttonStyle = style }
        }
        var found: [RowControl] = []
        // Overlays and backgrounds are in the row; menus, swipe actions and sheets are not.
        for m in chain.modifiers where m.name == "overlay" || m.name == "background" {
            for closure in m.closures { found += controls(inItems: Array(closure.statements), inner, repeated: repeated) }
        }
        if chain.modifiers.contains(where: { $0.name == "hidden" || ($0.name == "allowsHitTesting" && $0.unlabeled.first?.trimmedDescription == "false") }) {
            return found   // unregistered (Decision, docs/lint.md)
        }
        let view = chain.view
        guard let type = view.typeName else {
            // A member of the type (`actions`, `buttons(for:)`).
            if let name = memberName(chain.base), let type = env.selfType, let member = index.member(name, of: type),
               !env.visiting.contains("\(type).\(name)") {
                inner.depth += 1
                inner.visiting.insert("\(type).\(name)")
                found += controls(inItems: member.items, inner, repeated: repeated)
            }
            return found
        }
        switch type {
        case "Button", "NavigationLink", "Link", "ShareLink":
            if inner.buttonStyle == nil || inner.buttonStyle == .builtin("automatic") {
                let title = view.call?.arguments.first.flatMap { $0.label == nil ? $0.expression.as(StringLiteralExprSyntax.self) : nil }
                found.append(RowControl(type: type, title: title?.segments.trimmedDescription, node: chain.top, repeated: repeated))
            }
        case "Picker":
            let style = chain.modifiers.first { $0.name == "pickerStyle" }?.unlabeled.first?.trimmedDescription
            if style == nil || style == ".automatic" || style == ".navigationLink" {
                found.append(RowControl(type: "Picker", title: nil, node: chain.top, repeated: repeated))
            }
        case "ForEach":
            let once = controls(inItems: view.contentItems, inner, repeated: true)
            found += once + once
        case _ where SwiftUIFacts.isContainer(type) || type == "ZStack":
            found += controls(inItems: view.contentItems, inner, repeated: repeated)
        default:
            if let decl = index.type(type), decl.kind == .view, let body = decl.body, !env.visiting.contains(type) {
                inner.depth += 1
                inner.visiting.insert(type)
                inner.selfType = type
                found += controls(inItems: body, inner, repeated: repeated)
            }
        }
        return found
    }

    func controls(inItems items: [CodeBlockItemSyntax], _ env: Environment, repeated: Bool) -> [RowControl] {
        items.flatMap { item -> [RowControl] in
            switch item.item {
            case .expr(let e): return controls(in: e, env, repeated: repeated)
            case .stmt(let s):
                let e = s.as(ExpressionStmtSyntax.self)?.expression ?? s.as(ReturnStmtSyntax.self)?.expression
                return e.map { controls(in: $0, env, repeated: repeated) } ?? []
            case .decl: return []
            }
        }
    }

    func memberName(_ b: ExprSyntax) -> String? {
        if let ref = b.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let c = b.as(FunctionCallExprSyntax.self), let ref = c.calledExpression.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let m = b.as(MemberAccessExprSyntax.self), m.base?.trimmedDescription == "self" { return m.declName.baseName.text }
        return nil
    }
}
