import HitTesting
import TapModel
import TapRules

/// A5 intercepted: part of a target's frame is `blocked` (a view in front
/// takes the tap and handles nothing) or `stolen` (another target's handler
/// fires). One finding per intercepting view, with the fraction of the frame
/// it takes; error at 10 % or more.
///
/// Not counted: targets nested inside the target (a cell's accessory button
/// is meant to take its own taps), and points a superview's bounds keep out
/// (that is A7's).
public struct A5InterceptedRule: AuditRule {
    public static let unit = AuditUnit.fraction
    public init() {}

    public static let description = RuleDescription(
        id: "A5",
        name: "intercepted",
        summary: "part of a target's frame is blocked or stolen by another view",
        triggeringExamples: [
            // A decorative badge drawn over the corner of a button.
            AuditExample("""
            {"id":"screen","type":"ZStack","frame":[0,0,393,852],"children":[
              {"id":"save","type":"Button","action":"save","frame":[16,700,100,50],"children":[
                {"id":"save.background","type":"Rectangle","frame":[16,700,100,50]}]},
              {"id":"save.badge","type":"Circle","frame":[76,690,40,40]}]}
            """, node: "save", severity: .error),
            // A UIKit overlay view in front of a button.
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"pay","type":"UIButton","frame":[16,700,361,50],"control":{"action":"pay"}},
              {"id":"shade","type":"UIView","frame":[300,700,77,50]}]}
            """, node: "pay", severity: .error),
            // Another target overlapping a sliver: a warning.
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"pay","type":"UIButton","frame":[16,700,361,50],"control":{"action":"pay"}},
              {"id":"coupon","type":"UIButton","frame":[297,745,80,40],"control":{"action":"coupon"}}]}
            """, node: "pay", severity: .warning),
        ],
        nonTriggeringExamples: [
            // The badge lets touches through.
            AuditExample("""
            {"id":"screen","type":"ZStack","frame":[0,0,393,852],"children":[
              {"id":"save","type":"Button","action":"save","frame":[16,700,100,50],"children":[
                {"id":"save.background","type":"Rectangle","frame":[16,700,100,50]}]},
              {"id":"save.badge","type":"Circle","frame":[76,690,40,40],"modifiers":[{"allowsHitTesting":false}]}]}
            """),
            // A cell with an accessory button inside it: nested targets are by design.
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"cell","type":"UIView","frame":[0,320,393,60],"gestureRecognizers":[{"type":"tap","action":"open"}],"children":[
                {"id":"cell.info","type":"UIButton","frame":[341,328,44,44],"control":{"action":"info"}}]}]}
            """),
        ])

    public func findings(_ c: AuditContext) -> [AuditFinding] {
        var findings: [AuditFinding] = []
        for s in c.samples where c.isLive(s.target) {
            let target = s.target
            var byTaker: [Int: Int] = [:]
            for i in 0..<s.count where s.excludedBy[i] < 0 && (s.kinds[i] == .blocked || s.kinds[i] == .stolen) {
                let taker = Int(s.takers[i])
                guard taker >= 0, !c.snapshot.isInSubtree(taker, of: target) else { continue }
                byTaker[taker, default: 0] += 1
            }
            let node = c.node(target)
            for taker in byTaker.keys.sorted() {
                let fraction = Double(byTaker[taker]!) / Double(s.count)
                let other = c.node(taker)
                let stole = c.tester.handlers[taker].contains { $0.isTapLike }
                let message = stole
                    ? "\(other.id)'s handler fires instead of \(node.id)'s on \(AuditContext.percent(fraction)) of its \(c.size(of: target)) frame"
                    : "\(other.id) (\(other.type)) intercepts the tap meant for \(node.id) on \(AuditContext.percent(fraction)) of its \(c.size(of: target)) frame: it takes the touch and handles nothing"
                let moveOff = "move \(other.id) off \(node.id), or shrink one of them so their touch areas do not overlap"
                let fix: String
                if stole {
                    fix = moveOff
                } else if let own = ownWithTakerOff(taker, target: target, c), own > s.fraction(of: .own) + fraction / 2 {
                    // Checked (docs/audit.md, "Fixes are checked"): the edit applied to a copy gives the target back its taps.
                    fix = (other.system == .swiftui
                        ? "if \(other.id) is decorative, add .allowsHitTesting(false) to it"
                        : "if \(other.id) is decorative, set isUserInteractionEnabled = false on it (or move it off \(node.id))")
                        + " (then \(AuditContext.percent(own)) of \(node.id) fires)"
                } else {
                    let own = ownWithTakerOff(taker, target: target, c) ?? 0
                    fix = "\(other.id) is not all that covers \(node.id): with it alone let through, \(AuditContext.percent(own)) of \(node.id) fires; "
                        + "move what lies over \(node.id) off it (`replay hit` at a covered point names each layer)"
                }
                let t = Int32(taker)
                findings.append(c.finding(Self.id, .errorAtOrAbove(c.settings.errorFraction, fraction), target, value: fraction,
                                          message: message, fix: fix,
                                          area: s.area(frame: node.frame) { s.takers[$0] == t && s.excludedBy[$0] < 0 }))
            }
        }
        return findings
    }

    /// The target's own fraction with `taker` made transparent to touches on a copy of the snapshot.
    func ownWithTakerOff(_ taker: Int, target: Int, _ c: AuditContext) -> Double? {
        let f = c.node(target).frame
        let variant = c.variant(editing: taker) { n in
            if n.system == .uikit { n.uikit.userInteractionEnabled = false } else { n.modifiers.append(.allowsHitTesting(false)) }
        }
        return variant.coverage(of: target, step: c.settings.step(forArea: f.width * f.height)).own
    }
}
