import HitTesting
import TapModel
import TapRules

/// A regression rule (R1 … R7): one type per rule, one file each under Rules/
/// named `<ID><Name>.swift`. Its `description` (the vocabulary every rule
/// family shares) carries examples — an accepted view tree, a new one, and a
/// tap — that one generic test replays on both and compares.
public protocol RegressionRule: DescribedRule, Sendable where Example == RegressionExample {
    /// The rule's identity in findings and reports.
    static var rule: Rule { get }
}

/// Every regression rule, in ID order. The comparison runs them as its press rules
/// (`Comparison.pressRules`, called one by one) and target rules.
public enum RegressionRules: RuleRegistry {
    public static let all: [any RegressionRule.Type] = [
        R1DeadZoneRule.self, R2StolenRule.self, R3SlowerRule.self, R4CoverageRule.self, R5GoneRule.self, R6ExpectationRule.self,
        R7PredictedSuccessRule.self,
    ]

    public static func id(of rule: any RegressionRule.Type) -> String { rule.id }
}

/// A rule comparing one press on both sides (R1, R2, R3, R6).
public protocol PressRule: RegressionRule {
    /// The regression or improvement of this rule for one press, if any.
    func check(_ pair: PressPair, suite: String, thresholds: DiffThresholds) -> Finding?
}

/// A rule comparing the targets of both sides (R4, R5, R7).
public protocol TargetRule: RegressionRule {
    func findings(before: [TargetCoverage], after: [TargetCoverage], suite: String, thresholds: DiffThresholds) -> [Finding]
}

/// A regression rule's example: the baseline's view tree and the new one (root
/// nodes as JSON, on a 393 × 852 screen), and optionally one single tap — with
/// the node it means to fire — replayed on both.
public struct RegressionExample: Sendable {
    public let before: String
    public let after: String
    public let tap: Point?
    public let expect: String?

    public init(before: String, after: String, tap: Point? = nil, expect: String? = nil) {
        self.before = before; self.after = after; self.tap = tap; self.expect = expect
    }

    /// The settings row most examples start from: `open` fires on its whole frame (a
    /// `contentShape` before its `onTapGesture`).
    public static let row = #"""
        {"id":"row","type":"HStack","frame":[0,100,393,44],
         "modifiers":[{"contentShape":{"shape":"rectangle"}},{"onTapGesture":{"action":"open"}}],
         "children":[
           {"id":"row.title","type":"Text","frame":[16,111,80,22]},
           {"id":"row.chevron","type":"Image","frame":[367,115,10,14]}
         ]}
        """#

    /// The same row without its `contentShape`: `open` fires only on the title and the
    /// chevron, and a tap in the gap between them fires nothing.
    public static let hollowRow = #"""
        {"id":"row","type":"HStack","frame":[0,100,393,44],
         "modifiers":[{"onTapGesture":{"action":"open"}}],
         "children":[
           {"id":"row.title","type":"Text","frame":[16,111,80,22]},
           {"id":"row.chevron","type":"Image","frame":[367,115,10,14]}
         ]}
        """#

    /// A full-screen ZStack holding `children` (root nodes as JSON), front-most last.
    public static func screen(_ children: String...) -> String {
        #"{"id":"screen","type":"ZStack","frame":[0,0,393,852],"children":["# + children.joined(separator: ",") + "]}"
    }

    /// The snapshot document of one side.
    public static func snapshot(_ root: String) throws -> Snapshot {
        try Snapshot(json: """
            {"format":"tapreplay-snapshot","version":1,"screen":"Example","device":{"width":393,"height":852},"root":\(root)}
            """)
    }
}
