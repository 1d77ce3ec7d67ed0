import Dispatch
import HitTesting
import TapJSON
import TapModel
import TapRules

/// A10 error-prone target: too many of the touches a person aims at the
/// target's centre do not fire it. The spread of those touches is Bi and Zhai's
/// dual-Gaussian model of finger touches (UIST 2013) at the screen's density,
/// integrated through the engine's own binding at the default radius
/// (`HitTester.prediction(of:)`), so a hollow frame, a neighbour that takes the
/// edge, and the target's size all count. The value is the predicted failure
/// (1 − first-try success): a warning at `failureWarning` [5 %] or more, an
/// error at `failureError` [15 %] or more. The message names the main cause —
/// its own dead area, the neighbour that takes the touches, or its size — and
/// the fix fits that cause.
///
/// A target that never fires, or whose handlers are all disabled, is left to A5, A7, A8 and A9;
/// one of UIKit's own parts (`UIKitOwnParts`) whose touches go to another of UIKit's own parts
/// (the outer control of a delete confirmation, which UIKit hands every tap to the button inside)
/// is no finding: a team cannot change it. A fix names another rule only when that rule reports
/// the target too.
public struct A10ErrorProneTargetRule: AuditRule {
    public static let unit = AuditUnit.fraction
    public init() {}

    public static let description = RuleDescription(
        id: "A10",
        name: "error-prone target",
        summary: "a person's touch aimed at the target's centre fails too often (Bi and Zhai's touch model through the engine's binding)",
        triggeringExamples: [
            // A hollow settings row: aimed at its centre, the touch lands in the Spacer's gap.
            AuditExample("""
            {"id":"row","type":"HStack","frame":[0,100,393,44],"modifiers":[{"onTapGesture":{"action":"open"}}],"children":[
              {"id":"row.title","type":"Text","frame":[16,111,80,22]},
              {"id":"row.chevron","type":"Image","frame":[367,115,10,14]}]}
            """, node: "row", severity: .error),
            // A 24 pt UIKit button: UIKit binds exactly, so a quarter of the touches land beside it.
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"help","type":"UIButton","frame":[20,100,24,24],"control":{"action":"help"}}]}
            """, node: "help", severity: .error),
            // Two 24 pt icons side by side: each takes 7–8 % of the touches aimed at the other.
            AuditExample("""
            {"id":"bar","type":"HStack","frame":[0,0,393,44],"children":[
              {"id":"like","type":"Image","frame":[100,10,24,24],"modifiers":[{"onTapGesture":{"action":"like"}}]},
              {"id":"share","type":"Image","frame":[124,10,24,24],"modifiers":[{"onTapGesture":{"action":"share"}}]}]}
            """, node: "like", severity: .warning),
        ],
        nonTriggeringExamples: [
            // The row with contentShape(Rectangle()) before its gesture: every touch aimed at it fires.
            AuditExample("""
            {"id":"row","type":"HStack","frame":[0,100,393,44],"modifiers":[{"contentShape":{"shape":"rectangle"}},{"onTapGesture":{"action":"open"}}],"children":[
              {"id":"row.title","type":"Text","frame":[16,111,80,22]},
              {"id":"row.chevron","type":"Image","frame":[367,115,10,14]}]}
            """),
            // A 44 pt UIKit button: 2.4 % of touches land beside it.
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"ok","type":"UIButton","frame":[20,300,44,44],"control":{"action":"ok"}}]}
            """),
            // A 24 pt SwiftUI icon alone: the 20 pt touch binds near misses to it.
            AuditExample("""
            {"id":"close","type":"Image","frame":[20,20,24,24],"modifiers":[{"onTapGesture":{"action":"close"}}]}
            """),
        ])

    public func findings(_ c: AuditContext) -> [AuditFinding] {
        let candidates = c.samples.map(\.target).filter { t in
            c.isLive(t) && c.tester.handlers[t].contains { $0.isTapLike && !$0.isMasked && !$0.isDisabled }
        }
        var predictions = [TargetPrediction?](repeating: nil, count: candidates.count)
        predictions.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: candidates.count) { i in
                out[i] = c.tester.prediction(of: candidates[i])
            }
        }
        let warning = c.settings.failureWarning, error = c.settings.failureError
        var others = OtherFindings()
        return zip(candidates, predictions).compactMap { target, p in
            guard let p, p.failure >= warning - 1e-9, let cause = p.mainCause, !uikitsOwnPair(target, cause, c) else { return nil }
            let severity: AuditSeverity = p.failure >= error - 1e-9 ? .error : .warning
            let model = "Bi and Zhai's touch model at \(JSONValue.format(JSONValue.round(p.mmPerPoint, places: 4))) mm/pt, "
                + "a \(AuditContext.number(c.settings.hit.touchRadius)) pt touch, \(c.tester.profile)"
            var message = "\(AuditContext.percent(p.failure)) of the touches a person aims at the centre of \(c.name(target)) "
                + "do not fire it (predicted first-try success \(AuditContext.percent(p.success)); \(model)): "
            message += p.causes.prefix(3).map { p.describe($0) }.joined(separator: "; ")
            return c.finding(Self.id, severity, target, value: p.failure, message: message,
                             fix: fix(cause, p, target, c, others: &others))
        }
    }

    /// Whether the touches a target of UIKit's own misses go to another of UIKit's own parts: the
    /// nested pair of a delete confirmation, whose outer control UIKit never lets a tap reach.
    func uikitsOwnPair(_ target: Int, _ cause: TargetPrediction.Cause, _ c: AuditContext) -> Bool {
        guard cause.kind == .neighbour, let other = cause.node, UIKitOwnParts.contains(target, in: c.snapshot),
              let index = c.snapshot.nodes.firstIndex(where: { $0.id == other }) else { return false }
        return UIKitOwnParts.contains(index, in: c.snapshot)
    }

    /// The rules that explain a dead area, and the targets each reports: each rule is run once, and only
    /// when a fix would name it, so that a fix names only findings that exist.
    struct OtherFindings {
        static let rules: [any AuditRule.Type] = [A1HollowTargetRule.self, A2ShapeAfterGestureRule.self, A5InterceptedRule.self, A7OutsideParentRule.self]
        var targets: [String: Set<Int>] = [:]

        /// Whether `rule` reports `target`.
        mutating func reports(_ rule: any AuditRule.Type, _ target: Int, _ c: AuditContext) -> Bool {
            if targets[rule.id] == nil { targets[rule.id] = Set(rule.init().findings(c).map(\.nodeIndex)) }
            return targets[rule.id]!.contains(target)
        }

        /// The rules of `rules` that report `target`, in their order.
        mutating func rules(on target: Int, _ c: AuditContext) -> [String] {
            var ids: [String] = []
            for rule in Self.rules where reports(rule, target, c) { ids.append(rule.id) }
            return ids
        }
    }

    /// The fix for the main cause.
    func fix(_ cause: TargetPrediction.Cause, _ p: TargetPrediction, _ target: Int, _ c: AuditContext,
             others: inout OtherFindings) -> String {
        let node = c.node(target)
        switch cause.kind {
        case .deadArea:
            func see(_ rule: any AuditRule.Type) -> String { others.reports(rule, target, c) ? " (\(rule.id))" : "" }
            if let tap = TapAttachment(target, in: c) {
                if tap.shapeBefore == nil && tap.shapeAfter != nil {
                    return "move .contentShape(…) before .\(tap.entry) on \(node.id) so its whole frame takes the tap\(see(A2ShapeAfterGestureRule.self))"
                }
                // Checked on a copy (docs/audit.md, "Fixes are checked"): the shape must make more of it fire.
                let f = node.frame
                let now = c.tester.coverage(of: target, step: c.settings.step(forArea: f.width * f.height)).own
                let shaped = tap.ownWithShapeBefore(ShapeSpec(.rectangle), removing: nil, target: target, in: c) ?? now
                if tap.shapeBefore == nil && !node.isLeaf && shaped > now + 0.01 {
                    return tap.isButton
                        ? "give the Button's label a shape: .contentShape(Rectangle()) on its label, so its whole frame takes the tap\(see(A1HollowTargetRule.self))"
                        : "write .contentShape(Rectangle()) before .\(tap.entry) on \(node.id), so its whole frame takes the tap\(see(A1HollowTargetRule.self))"
                }
            }
            let reported = others.rules(on: target, c)
            if !reported.isEmpty {
                let list = reported.count == 1 ? reported[0] : reported.dropLast().joined(separator: ", ") + " and " + reported.last!
                return "make its whole frame take the tap: \(list) on \(node.id) \(reported.count == 1 ? "says" : "say") what keeps part of it dead"
            }
            if let point = deadPoint(target, c) {
                return "make its whole frame take the tap: `replay hit` at \(point) (a dead point of \(node.id)) says what keeps it dead there"
            }
            return "make its whole frame take the tap: `replay hit` at a dead point of \(node.id) says what keeps it dead there"
        case .neighbour:
            let other = cause.node ?? "its neighbour"
            return "move \(other) further from \(node.id), or make \(node.id) larger: touches aimed at its centre spread "
                + "\(AuditContext.number(2 * p.sigma.x)) pt sideways and \(AuditContext.number(2 * p.sigma.y)) pt up and down (2σ)"
        case .size:
            let side = AuditContext.number(c.tester.humanModel.sideNeeded(forFailureBelow: c.settings.failureWarning))
            return node.system == .uikit
                ? "grow its touch area to at least \(side) × \(side) pt (a larger frame, or negative hitInsets in point(inside:)): UIKit binds a touch exactly"
                : "grow its tappable area to at least \(side) × \(side) pt: .frame(minWidth: \(side), minHeight: \(side)) and .contentShape(Rectangle()) before the gesture"
        case .disabled:
            return "some touches aimed at \(node.id) land on a disabled handler and fire nothing: enable it in this state, or make it look disabled"
        }
    }

    /// The sample of the target's frame nearest its centre where nothing fires, as `x y`.
    func deadPoint(_ target: Int, _ c: AuditContext) -> String? {
        guard let s = c.samples.first(where: { $0.target == target }) else { return nil }
        let centre = c.node(target).frame.center
        var best: (distance: Double, x: Double, y: Double)?
        for (row, y) in s.ys.enumerated() {
            for (column, x) in s.xs.enumerated() where s.kinds[row * s.xs.count + column] == .miss {
                let d = Point(x, y).distance(to: centre)
                if best == nil || d < best!.distance { best = (d, x, y) }
            }
        }
        return best.map { "\(AuditContext.number($0.x)) \(AuditContext.number($0.y))" }
    }
}
