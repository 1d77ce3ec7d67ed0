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
                let fix: String
                switch (stole, other.system) {
                case (true, _): fix = "move \(other.id) off \(node.id), or shrink one of them so their touch areas do not overlap"
                case (false, .swiftui): fix = "if \(other.id) is decorative, add .allowsHitTesting(false) to it"
                case (false, .uikit): fix = "if \(other.id) is decorative, set isUserInteractionEnabled = false on it (or move it off \(node.id))"
                }
                let t = Int32(taker)
                findings.append(c.finding(Self.id, .errorAtOrAbove(c.settings.errorFraction, fraction), target, value: fraction,
                                          message: message, fix: fix,
                                          area: s.area(frame: node.frame) { s.takers[$0] == t && s.excludedBy[$0] < 0 }))
            }
        }
        return findings
    }
}
