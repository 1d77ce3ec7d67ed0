/// An audit's findings on one target, grouped as `run` groups regressions: the cause
/// (the finding that explains the others), the symptoms it explains (folded into it),
/// and any other finding of its own (docs/audit.md, "Causes").
///
/// A1 hollow target and A2 shape after gesture explain A3 small target (the firing
/// region is small because part of the frame is dead) and, as warnings, A4 crowded
/// and A5 intercepted (a hollow row's leaves and neighbours take what its dead area
/// gives up); any finding explains A10 error-prone target (its predicted failure is
/// the effect of a dead area, a neighbour, an interceptor or a size).
public struct AuditCause: Sendable {
    public var node: String
    public var action: String?
    /// The finding that names the cause: the most severe, then the first in `precedence`.
    public var cause: AuditFinding
    /// Findings it explains: the same problem seen by another rule.
    public var symptoms: [AuditFinding]
    /// Other findings on the same target that it does not explain.
    public var others: [AuditFinding]

    /// Which rule names a target's cause first, among findings of one severity.
    public static let precedence = ["A2", "A1", "A8", "A7", "A5", "A9", "A4", "A3", "A6", "A10"]

    /// Whether `cause` explains `symptom` on the same target.
    public static func explains(_ cause: AuditFinding, _ symptom: AuditFinding) -> Bool {
        if symptom.rule == "A10" { return cause.rule != "A10" }
        guard cause.rule == "A1" || cause.rule == "A2" else { return false }
        return symptom.rule == "A3" || ((symptom.rule == "A4" || symptom.rule == "A5") && symptom.severity != .error)
    }

    /// Every finding of `result`, grouped by target in document order.
    public static func group(_ result: AuditResult) -> [AuditCause] {
        var order: [String] = []
        var byNode: [String: [AuditFinding]] = [:]
        for f in result.findings {
            if byNode[f.node] == nil { order.append(f.node) }
            byNode[f.node, default: []].append(f)
        }
        return order.map { node in
            let all = byNode[node]!
            // Unwaived before waived, then the most severe, then by precedence.
            func rank(_ f: AuditFinding) -> (Int, Int, Int) {
                (f.waived ? 1 : 0, AuditSeverity.allCases.firstIndex(of: f.severity)!, precedence.firstIndex(of: f.rule) ?? precedence.count)
            }
            let sorted = all.sorted { rank($0) < rank($1) }
            let cause = sorted[0]
            var symptoms: [AuditFinding] = [], others: [AuditFinding] = []
            for f in sorted.dropFirst() {
                if explains(cause, f) {
                    symptoms.append(f)
                } else {
                    others.append(f)
                }
            }
            return AuditCause(node: node, action: all.lazy.compactMap(\.action).first, cause: cause, symptoms: symptoms, others: others)
        }
    }
}
