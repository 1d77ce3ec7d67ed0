/// What one rule is, in the one vocabulary every family shares — hit testing
/// (S, U), regressions (R), audit (A) and lint (L): its ID and name, one line
/// on what it finds, examples that trigger it and examples that must not, and
/// for a rule that can fix what it finds, corrections (before → after).
///
/// One file per rule, named `<ID><Name>.swift` (`S4ShapeOrder.swift`,
/// `L2ShapeAfterGesture.swift`), holds the rule's description beside its code;
/// one generic test per family runs every rule's examples, as SwiftLint's rule
/// files and generated tests do. The example type is the family's own: a tiny
/// view tree and a touch for S and U, two trees and a press for R, a tree and a
/// target for A, a Swift snippet for L.
public struct RuleDescription<Example: Sendable>: Sendable {
    /// `S4`, `R1`, `A1`, `L2`.
    public let id: String
    /// `shape order`: lower case, as reports print it after the ID.
    public let name: String
    /// One sentence: what the rule says or finds.
    public let summary: String
    /// Examples that must trigger the rule (for S and U: that show it at work).
    public let triggeringExamples: [Example]
    /// Examples that must not.
    public let nonTriggeringExamples: [Example]
    /// For a fixable rule: what its fix turns each `before` into.
    public let corrections: [Correction<Example>]

    public init(id: String, name: String, summary: String,
                triggeringExamples: [Example], nonTriggeringExamples: [Example] = [],
                corrections: [Correction<Example>] = []) {
        self.id = id
        self.name = name
        self.summary = summary
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.corrections = corrections
    }

    /// `S4 shape order`.
    public var title: String { "\(id) \(name)" }
}

/// What a fixable rule's fix turns an example into.
public struct Correction<Example: Sendable>: Sendable {
    public let before: Example
    public let after: Example
    public init(_ before: Example, _ after: Example) { self.before = before; self.after = after }
}

/// A rule of any family: its type carries its description.
public protocol DescribedRule {
    associatedtype Example: Sendable
    static var description: RuleDescription<Example> { get }
}

extension DescribedRule {
    public static var id: String { description.id }
    public static var name: String { description.name }
}

/// A family's list of its rules (`HitTestingRules`, `RegressionRules`, `AuditRules`,
/// `LintRules`): each lists its rule types, in ID order, and its test checks the list
/// against the family's Rules/ folder (each `<ID><Name>.swift` declares `<ID><Name>Rule`).
public protocol RuleRegistry {
    /// The family's rule type (`any AuditRule.Type`).
    associatedtype Member
    /// Every rule of the family, in ID order.
    static var all: [Member] { get }
    /// A rule's ID (`A3`).
    static func id(of rule: Member) -> String
}

extension RuleRegistry {
    /// Every rule's ID, in order.
    public static var ids: [String] { all.map(id(of:)) }
    /// The rule of this ID, if the family has one.
    public static func rule(_ id: String) -> Member? { all.first { Self.id(of: $0) == id } }
}
