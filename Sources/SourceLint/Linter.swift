import SwiftParser
import SwiftSyntax

/// One finding with its place in a file.
public struct LintFinding: Sendable, Equatable {
    public var file: String
    public let rule: String
    public let ruleName: String
    public let snapshotRule: String
    public let severity: Severity
    /// 1-based line and column (UTF-8 bytes, as compilers count) of the modifier named.
    public let line: Int
    public let column: Int
    /// The same column in UTF-16 code units (SARIF's default column kind).
    public let utf16Column: Int
    public let endLine: Int
    public let endUTF16Column: Int
    public let message: String
    public let fix: String
    /// Whether `--fix` can apply the fix (L1, L2).
    public let fixable: Bool
    let edits: [SourceEdit]
    /// The declarations the finding lies in, outermost first (`SettingsRow.body`):
    /// with the line's text, what a baseline knows it by (docs/lint.md, "Adopting lint on an old codebase").
    public var scope: String = ""

    public static func == (a: LintFinding, b: LintFinding) -> Bool {
        a.file == b.file && a.rule == b.rule && a.line == b.line && a.column == b.column && a.message == b.message
    }
}

/// Lints Swift source: finds modifier chains and runs the rules on each.
public struct Linter: Sendable {
    public let rules: [any LintRule]

    /// - Parameter disabled: rule ids (`L3`) to leave out.
    public init(disabled: Set<String> = []) {
        rules = LintRules.all.filter { !disabled.contains($0.id) }.map { $0.init() }
    }

    /// The findings in one file's text, in source order, less the suppressed
    /// ones; the views it declares are the only ones it resolves.
    /// - Complexity: O(n) in the size of the source.
    /// - Parameter configuration: what the file is built for (`#if`, `#available`).
    public func lint(source: String, file: String, configuration: BuildConfiguration = .default) -> [LintFinding] {
        let tree = SourceFiles.parseTree(source)
        var index = ViewIndex()
        index.add(tree, file: file)
        let evaluator = ViewEvaluator(index: index, configuration: configuration)
        return lint(tree: tree, file: file, context: LintContext(evaluator: evaluator, file: tree))
    }

    /// The findings in one parsed file, with what the whole run knows.
    /// - Parameter severities: a configuration's severity per rule, over the rule's own.
    public func lint(tree: SourceFileSyntax, file: String, context: LintContext, severities: [String: Severity] = [:]) -> [LintFinding] {
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        let suppressions = Suppressions(tree: tree, converter: converter)
        let collector = ChainCollector(configuration: context.evaluator.configuration)
        collector.walk(tree)
        var findings: [LintFinding] = []
        for top in collector.tops {
            let chain = ModifierChain(top: top, configuration: context.evaluator.configuration)
            guard !chain.modifiers.isEmpty || ["Button", "NavigationLink", "List", "Form"].contains(chain.view.typeName ?? "") else { continue }
            for rule in rules {
                for f in rule.check(chain, in: context) {
                    let start = converter.location(for: f.anchor.positionAfterSkippingLeadingTrivia)
                    let end = converter.location(for: f.anchor.endPositionBeforeTrailingTrivia)
                    if suppressions.silences(rule.id, line: start.line) { continue }
                    findings.append(LintFinding(
                        file: file, rule: rule.id, ruleName: rule.name, snapshotRule: rule.snapshotRule,
                        severity: severities[rule.id] ?? f.severity ?? rule.severity, line: start.line, column: start.column,
                        utf16Column: utf16Column(start, converter: converter, tree: tree),
                        endLine: end.line, endUTF16Column: utf16Column(end, converter: converter, tree: tree),
                        message: f.message, fix: f.fix, fixable: !f.edits.isEmpty, edits: f.edits, scope: Self.scope(of: f.anchor)))
                }
            }
        }
        return findings.sorted { ($0.line, $0.column, $0.rule) < ($1.line, $1.column, $1.rule) }
    }

    /// The names of the types, extensions, functions and properties around `node`, outermost first, joined by dots.
    static func scope(of node: Syntax) -> String {
        var names: [String] = []
        var current = node.parent
        while let n = current {
            if let d = n.as(StructDeclSyntax.self) { names.append(d.name.text) }
            else if let d = n.as(ClassDeclSyntax.self) { names.append(d.name.text) }
            else if let d = n.as(EnumDeclSyntax.self) { names.append(d.name.text) }
            else if let d = n.as(ActorDeclSyntax.self) { names.append(d.name.text) }
            else if let d = n.as(ExtensionDeclSyntax.self) { names.append(d.extendedType.trimmedDescription) }
            else if let d = n.as(FunctionDeclSyntax.self) { names.append(d.name.text) }
            else if let d = n.as(VariableDeclSyntax.self), let p = d.bindings.first?.pattern { names.append(p.trimmedDescription) }
            else if n.is(InitializerDeclSyntax.self) { names.append("init") }
            current = n.parent
        }
        return names.reversed().joined(separator: ".")
    }

    /// The column of `location` counted in UTF-16 code units.
    func utf16Column(_ location: SourceLocation, converter: SourceLocationConverter, tree: SourceFileSyntax) -> Int {
        let lineStart = converter.position(ofLine: location.line, column: 1)
        let bytes = tree.syntaxTextBytes
        let from = lineStart.utf8Offset, to = min(bytes.count, from + location.column - 1)
        guard from <= to else { return location.column }
        return String(decoding: bytes[from..<to], as: UTF8.self).utf16.count + 1
    }
}

/// The outermost expression of every chain in a file that the build compiles
/// and runs: `#if` clauses the build leaves out and `if #available` branches no
/// supported device takes are skipped (docs/lint.md).
final class ChainCollector: SyntaxVisitor {
    var tops: [ExprSyntax] = []
    let configuration: BuildConfiguration

    init(configuration: BuildConfiguration) {
        self.configuration = configuration
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        for (clause, truth) in zip(node.clauses, configuration.clauses(of: node)) where truth != .no {
            if let elements = clause.elements { walk(elements) }
        }
        return .skipChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.conditions.count == 1, case .availability(let a)? = node.conditions.first?.condition else { return .visitChildren }
        switch configuration.truth(ofAvailability: a) {
        case .yes: walk(node.body)
        case .no: if let e = node.elseBody { walk(e) }
        default: return .visitChildren
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let e = ExprSyntax(node)
        if ModifierChain.isTop(e) { tops.append(e) }
        return .visitChildren
    }

    override func visit(_ node: PostfixIfConfigExprSyntax) -> SyntaxVisitorContinueKind {
        let e = ExprSyntax(node)
        if ModifierChain.isTop(e) { tops.append(e) }
        return .visitChildren
    }
}
