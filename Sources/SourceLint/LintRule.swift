import SwiftSyntax

/// How much a finding hurts; SARIF's `level` and the JSON's `severity`.
public enum Severity: String, Sendable, Comparable {
    case error, warning, note

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    private var rank: Int { self == .error ? 2 : self == .warning ? 1 : 0 }
}

/// A lint rule: one file per rule under `Rules/`, the type's name is the rule.
///
/// Each rule carries Swift snippets that trigger it and snippets that must
/// not; `↓` in a triggering snippet marks where the finding points (the
/// marker is removed before linting). One generic test runs them all.
public protocol LintRule: Sendable {
    /// `L1` … `L7`.
    var id: String { get }
    /// `hollow tap target`.
    var name: String { get }
    /// The hit-testing rule it comes from: `S2`.
    var snapshotRule: String { get }
    /// One sentence: what is wrong in the source.
    var summary: String { get }
    /// What to write instead.
    var fixSummary: String { get }
    var severity: Severity { get }
    var triggeringExamples: [String] { get }
    var nonTriggeringExamples: [String] { get }

    /// The findings this rule makes on one chain.
    func check(_ chain: ModifierChain) -> [RuleFinding]
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
public enum LintRules {
    public static let all: [any LintRule] = [
        HollowTapTarget(), ShapeAfterGesture(), WrongShapeKind(), OverlayOverTap(),
        DoubleTapDelaysSingle(), TapOnNothing(), ClippedIsNotHitMask(),
    ]

    public static var ids: [String] { all.map(\.id) }

    public static func rule(_ id: String) -> (any LintRule)? { all.first { $0.id == id } }
}
