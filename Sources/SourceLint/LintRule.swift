import SwiftSyntax
import TapRules

/// How much a finding hurts; SARIF's `level` and the JSON's `severity`.
public enum Severity: String, Sendable, Comparable {
    case error, warning, note

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    private var rank: Int { self == .error ? 2 : self == .warning ? 1 : 0 }
}

/// A lint rule: one file per rule under `Rules/`, named `<ID><Name>.swift`;
/// the type's name is the rule.
///
/// Its `description` (the vocabulary every rule family shares) carries Swift
/// snippets that trigger it and snippets that must not; `↓` in a triggering
/// snippet marks where the finding points (the marker is removed before
/// linting), and a fixable rule's corrections say what `--fix` writes. One
/// generic test runs them all.
public protocol LintRule: DescribedRule, Sendable where Example == String {
    /// The hit-testing rule it comes from: `S2`.
    static var snapshotRule: String { get }
    /// What to write instead.
    static var fixSummary: String { get }
    static var severity: Severity { get }

    init()
    /// The findings this rule makes on one chain.
    func check(_ chain: ModifierChain, in context: LintContext) -> [RuleFinding]
}

/// What a rule may know beyond the chain: the views, modifiers and styles the
/// linted sources declare, and what the file is built for.
public struct LintContext: Sendable {
    public let evaluator: ViewEvaluator
    /// The file builds for iOS, where the automatic button style is borderless outside a List.
    public let automaticIsBorderless: Bool
    /// The file builds for tvOS only (focus, not touch): its buttons are chosen with the remote, not tapped.
    public let focusDriven: Bool

    public init(evaluator: ViewEvaluator = ViewEvaluator(), automaticIsBorderless: Bool = false, focusDriven: Bool = false) {
        self.evaluator = evaluator
        self.automaticIsBorderless = automaticIsBorderless
        self.focusDriven = focusDriven
    }

    /// The context of one parsed file.
    /// - Parameter declaredIOSOnly: the package or configuration builds for iOS alone.
    public init(evaluator: ViewEvaluator, file tree: SourceFileSyntax, declaredIOSOnly: Bool = false) {
        let platforms = ViewEvaluator.platforms(of: tree)
        self.init(evaluator: evaluator, automaticIsBorderless: platforms.iOS || declaredIOSOnly, focusDriven: platforms.tvOSOnly && !declaredIOSOnly)
    }
}

extension LintRule {
    public var id: String { Self.description.id }
    public var name: String { Self.description.name }
    public var summary: String { Self.description.summary }
    public var snapshotRule: String { Self.snapshotRule }
    public var fixSummary: String { Self.fixSummary }
    public var severity: Severity { Self.severity }
    public var triggeringExamples: [String] { Self.description.triggeringExamples }
    public var nonTriggeringExamples: [String] { Self.description.nonTriggeringExamples }
    public var corrections: [Correction<String>] { Self.description.corrections }
}

/// What a rule found on a chain, before it has a file and a line.
public struct RuleFinding {
    public var anchor: Syntax
    public var message: String
    public var fix: String
    /// Overrides the rule's severity (L5: the delayed single tap is a warning).
    public var severity: Severity?
    /// The edits `--fix` applies (L1, L2), empty when the fix is left to a person.
    public var edits: [SourceEdit]

    public init(anchor: some SyntaxProtocol, message: String, fix: String, severity: Severity? = nil, edits: [SourceEdit] = []) {
        self.anchor = Syntax(anchor)
        self.message = message
        self.fix = fix
        self.severity = severity
        self.edits = edits
    }
}

/// Every rule, in order.
public enum LintRules: RuleRegistry {
    public static let all: [any LintRule.Type] = [
        L1HollowTapTargetRule.self, L2ShapeAfterGestureRule.self, L3WrongShapeKindRule.self, L4OverlayOverTapRule.self,
        L5DoubleTapDelaysSingleRule.self, L6TapOnNothingRule.self, L7ClippedIsNotHitMaskRule.self, L8RowFiresAllButtonsRule.self,
    ]

    public static func id(of rule: any LintRule.Type) -> String { rule.id }
}
