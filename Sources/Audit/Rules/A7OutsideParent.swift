import HitTesting
import TapModel
import TapRules

/// A7 outside the parent: a target drawn partly outside a UIKit superview's
/// bounds gets no touches there (U2), whatever `clipsToBounds` says. The
/// value is the unreachable fraction of its frame (the engine's samples that
/// a UIKit ancestor's hit bounds exclude); error at 10 % or more.
public struct A7OutsideParentRule: AuditRule {
    public static let unit = AuditUnit.fraction
    public init() {}

    public static let description = RuleDescription(
        id: "A7",
        name: "outside the parent",
        summary: "a UIKit control drawn partly outside its superview's bounds",
        triggeringExamples: [
            // Half of the coupon button hangs below its card.
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"card","type":"UIView","frame":[16,100,361,200],"children":[
                {"id":"card.coupon","type":"UIButton","frame":[281,280,80,40],"control":{"action":"applyCoupon"}}]}]}
            """, node: "card.coupon", severity: .error),
            // Only 2 pt of 44 stick out: a warning.
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"card","type":"UIView","frame":[16,100,361,200],"children":[
                {"id":"card.pay","type":"UIButton","frame":[32,258,329,44],"control":{"action":"pay"}}]}]}
            """, node: "card.pay", severity: .warning),
        ],
        nonTriggeringExamples: [
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"card","type":"UIView","frame":[16,100,361,200],"children":[
                {"id":"card.pay","type":"UIButton","frame":[32,240,329,44],"control":{"action":"pay"}}]}]}
            """),
            // The superview's hitInsets reach far enough (a point(inside:) override).
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"card","type":"UIView","frame":[16,100,361,200],"hitInsets":[0,0,-40,0],"children":[
                {"id":"card.coupon","type":"UIButton","frame":[281,280,80,40],"control":{"action":"applyCoupon"}}]}]}
            """),
        ])

    public func findings(_ c: AuditContext) -> [AuditFinding] {
        c.samples.compactMap { s in
            guard c.isLive(s.target) else { return nil }
            let outside = s.fraction { i in s.excludedBy[i] >= 0 && c.node(Int(s.excludedBy[i])).system == .uikit }
            guard outside > 0 else { return nil }
            // The superview named is the one that excludes most of it.
            var counts: [Int32: Int] = [:]
            for v in s.excludedBy where v >= 0 && c.node(Int(v)).system == .uikit { counts[v, default: 0] += 1 }
            let parent = Int(counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }!.key)
            let node = c.node(s.target)
            let message = "\(node.id) is drawn partly outside \(c.id(parent))'s bounds: \(AuditContext.percent(outside)) of its "
                + "\(c.size(of: s.target)) frame gets no touches, because UIKit stops hit testing at the superview (U2)"
                + (c.node(parent).uikit.clipsToBounds ? "" : "; it is still drawn there, since \(c.id(parent)) does not clip")
            let fix = "move \(node.id) inside \(c.id(parent)) (or grow \(c.id(parent)) to hold it), or override point(inside:) on \(c.id(parent)) to accept touches on its subviews"
            return c.finding(Self.id, .errorAtOrAbove(c.settings.errorFraction, outside), s.target, value: outside, message: message, fix: fix,
                             area: s.area(frame: node.frame) { s.excludedBy[$0] >= 0 && c.node(Int(s.excludedBy[$0])).system == .uikit })
        }
    }
}
