import TapModel
import TapRules

/// One audit rule (A1 … A11): one type per rule, one file each under Rules/
/// named `<ID><Name>.swift`. Its `description` (the vocabulary every rule
/// family shares) carries examples that trigger it and examples that do not
/// (tiny view trees), which one generic test runs.
public protocol AuditRule: DescribedRule, Sendable where Example == AuditExample {
    /// What a finding's value measures.
    static var unit: AuditUnit { get }
    init()
    /// Findings over the sampled snapshot, in document order of their node.
    func findings(_ context: AuditContext) -> [AuditFinding]
}

extension AuditRule {
    public static var summary: String { description.summary }
    public static var triggeringExamples: [AuditExample] { description.triggeringExamples }
    public static var nonTriggeringExamples: [AuditExample] { description.nonTriggeringExamples }
}

/// A tiny snapshot for a rule's examples: the root node as JSON, and (for a
/// triggering example) the node the finding must name and its severity.
public struct AuditExample: Sendable {
    public let root: String
    public let node: String?
    public let severity: AuditSeverity?

    public init(_ root: String, node: String? = nil, severity: AuditSeverity? = nil) {
        self.root = root; self.node = node; self.severity = severity
    }

    /// The snapshot document the example stands for (screen `Example`, 393 × 852 device).
    public var json: String {
        """
        {"format":"tapreplay-snapshot","version":1,"screen":"Example","device":{"width":393,"height":852},"root":\(root)}
        """
    }

    public func snapshot() throws -> Snapshot { try Snapshot(json: json) }
}

/// Every rule, in order.
public enum AuditRules: RuleRegistry {
    public static let all: [any AuditRule.Type] = [
        A1HollowTargetRule.self, A2ShapeAfterGestureRule.self, A3SmallTargetRule.self, A4CrowdedRule.self, A5InterceptedRule.self,
        A6WaitingSingleTapRule.self, A7OutsideParentRule.self, A8InvisibleHandlerRule.self, A9DisabledTargetRule.self, A10ErrorProneTargetRule.self,
        A11RowFiresTogetherRule.self,
    ]

    public static func id(of rule: any AuditRule.Type) -> String { rule.id }
}
