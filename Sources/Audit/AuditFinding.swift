import HitTesting
import TapModel

/// How much an audit finding hurts: `error` fails `replay audit` (unless waived).
public enum AuditSeverity: String, Sendable, CaseIterable, Comparable {
    case error, warning, note

    public static func < (a: AuditSeverity, b: AuditSeverity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// `error` at or above `threshold` (a fraction; 1e-9 of rounding allowed), else `warning`.
    static func errorAtOrAbove(_ threshold: Double, _ value: Double) -> AuditSeverity {
        value >= threshold - 1e-9 ? .error : .warning
    }
}

/// What a finding's value measures.
public enum AuditUnit: String, Sendable {
    /// A share of the target's frame, 0 … 1.
    case fraction
    case points
    case squarePoints
    case milliseconds
    /// A number of views.
    case count

    /// `63.1%`, `24 pt`, `120 pt²`, `350 ms`, `2`.
    public func format(_ value: Double) -> String {
        switch self {
        case .fraction: return AuditContext.percent(value)
        case .points: return AuditContext.number(value) + " pt"
        case .squarePoints: return AuditContext.number(value) + " pt²"
        case .milliseconds: return AuditContext.number(value) + " ms"
        case .count: return AuditContext.number(value)
        }
    }
}

/// One static finding over a snapshot: which rule, on which target, the
/// measured number, what it means, and a concrete fix.
public struct AuditFinding: Sendable, Equatable {
    /// `A1` … `A10`.
    public var rule: String
    public var severity: AuditSeverity
    /// The target's node id (for A4, the first of the two in document order).
    public var node: String
    public var action: String?
    /// The measured number: a fraction of the frame (A1, A2, A5, A7, A8, A9),
    /// points (A3), square points (A4), milliseconds (A6), or the predicted
    /// share of a person's touches that fail (A10).
    public var value: Double
    public var message: String
    public var fix: String
    /// Set when a waiver matches (rule and node): listed, never dropped.
    public var waived: Bool = false
    /// The waiver's reason, when waived.
    public var waiverReason: String?
    /// Document-order index of `node` in the snapshot (ordering only).
    public var nodeIndex: Int
    /// The target's frame (window points), for reports that outline it.
    public var frame: Rect
    /// Where on screen the finding applies: the engine's sample cells merged
    /// into horizontal runs (for reports that draw it). Empty when the finding
    /// is about the whole target (A6, A8, A9).
    public var area: [Rect]
    /// The target's label (its first line), when its id is a path of types that does not name it
    /// (a converted dump's element without an identifier: `Application/Window/Other/Button[2]`) and
    /// its action is not that label already. Nil otherwise.
    public var label: String?

    public init(rule: String, severity: AuditSeverity, node: String, action: String?, value: Double, message: String,
                fix: String, nodeIndex: Int, frame: Rect, area: [Rect] = [], label: String? = nil) {
        self.rule = rule; self.severity = severity; self.node = node; self.action = action; self.value = value
        self.message = message; self.fix = fix; self.nodeIndex = nodeIndex; self.frame = frame; self.area = area
        self.label = label
    }

    /// Counts against the exit status: an unwaived error.
    public var fails: Bool { severity == .error && !waived }

    /// The target as every report names it: its id, its label when the id does not say it,
    /// and its action: `Application/Window/Table/Cell[3] 'Privacy' (select)`, `row.flowMeter (openFlowMeter)`.
    public var target: String {
        node + (label.map { " '\($0)'" } ?? "") + (action.map { " (\($0))" } ?? "")
    }
}

/// Everything the audit found on one snapshot.
public struct AuditResult: Sendable {
    public var screen: String
    /// Where the snapshot came from (a file path), for reports over several.
    public var source: String?
    /// Ordered by the target's document order, then rule.
    public var findings: [AuditFinding]
    /// The sample step (points) the areas were measured on.
    public var step: Double
    /// Every target (node id and action), in document order: reports list the clean ones too.
    public var targets: [(node: String, action: String?)]
    /// What the snapshot's capture source cannot know (`capture.limits`), shown beside the findings.
    public var limits: [String] = []
    /// The touch-binding profile and the default touch radius the audit bound touches with.
    public var profile: String = TouchProfile.default.description
    public var touchRadius: Double = HitSettings.defaultTouchRadius

    public init(screen: String, source: String? = nil, findings: [AuditFinding], step: Double,
                targets: [(node: String, action: String?)] = []) {
        self.screen = screen; self.source = source; self.findings = findings; self.step = step; self.targets = targets
    }

    public var fails: Bool { findings.contains { $0.fails } }
}

/// One line naming a snapshot's audit errors, for the commands that write or pass a screen without
/// auditing it aloud (a new baseline, docs/baselines.md): `its snapshot has 6 audit errors on 3 targets
/// (row.about: A1, A10; …); see them: replay audit Settings.json`. Nil when the audit found no error.
public struct AuditErrorsNote: Sendable {
    public var errors: Int
    public var targets: [String]
    public var text: String

    public init?(_ audit: AuditResult, file: String?) {
        let failing = audit.findings.filter(\.fails)
        guard !failing.isEmpty else { return nil }
        var rules: [String: [String]] = [:], order: [String] = []
        for f in failing {
            if rules[f.node] == nil { order.append(f.node) }
            if !(rules[f.node]?.contains(f.rule) ?? false) { rules[f.node, default: []].append(f.rule) }
        }
        errors = failing.count; targets = order
        let named = order.prefix(3).map { "\($0): \(rules[$0]!.joined(separator: ", "))" }.joined(separator: "; ")
        let path = file.map { $0.hasPrefix("db:") ? "<its snapshot file>" : $0 } ?? "<its snapshot file>"
        text = "its snapshot has \(errors) audit error\(errors == 1 ? "" : "s") on \(order.count) target\(order.count == 1 ? "" : "s") "
            + "(\(named)\(order.count > 3 ? "; …" : "")); see them: replay audit \(path)"
    }
}
