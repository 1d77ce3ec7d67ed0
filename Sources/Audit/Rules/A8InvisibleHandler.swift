import HitTesting
import TapModel
import TapRules

/// A8 invisible handler: a handler on something that can never take a touch:
/// a `Spacer` or `Color.clear` without a contentShape (no region, S1/S2),
/// hidden, alpha below 0.01, opacity 0, `allowsHitTesting(false)` or
/// `isUserInteractionEnabled = false` on it or an ancestor (S5, U1); and a
/// tap handler switched off by a gesture mask (S11), which can never fire
/// either. The value is the share of its frame where it never fires (1). An error.
///
/// A handler UIKit itself keeps from touches is no finding: one of UIKit's own parts
/// switched off (`UIKitOwnParts`: a cell's disclosure indicator, a `UIButton` with
/// `isUserInteractionEnabled = false`; a hidden back button or search bar cancel button),
/// or held by one. A team cannot act on them.
public struct A8InvisibleHandlerRule: AuditRule {
    public static let unit = AuditUnit.fraction
    public init() {}

    public static let description = RuleDescription(
        id: "A8",
        name: "invisible handler",
        summary: "a handler on something that can never take a touch",
        triggeringExamples: [
            AuditExample("""
            {"id":"row","type":"HStack","frame":[0,0,393,44],"children":[
              {"id":"row.spacer","type":"Spacer","frame":[100,0,200,44],"modifiers":[{"onTapGesture":{"action":"open"}}]}]}
            """, node: "row.spacer", severity: .error),
            AuditExample("""
            {"id":"tapCatcher","type":"Color","clear":true,"frame":[0,0,393,852],"modifiers":[{"onTapGesture":{"action":"dismiss"}}]}
            """, node: "tapCatcher", severity: .error),
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"ghost","type":"UIButton","frame":[130,400,100,44],"alpha":0.005,"control":{"action":"ghost"}}]}
            """, node: "ghost", severity: .error),
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"frozen","type":"UIView","frame":[130,460,214,44],"userInteractionEnabled":false,"children":[
                {"id":"frozen.button","type":"UIButton","frame":[140,460,100,44],"control":{"action":"frozen"}}]}]}
            """, node: "frozen.button", severity: .error),
            AuditExample("""
            {"id":"badge","type":"Text","frame":[0,0,100,44],"modifiers":[{"opacity":0},{"onTapGesture":{"action":"open"}}]}
            """, node: "badge", severity: .error),
            // A long press written after the tap, masking the gestures of the view: the tap never fires.
            AuditExample("""
            {"id":"card","type":"Text","frame":[0,0,200,80],"modifiers":[{"onTapGesture":{"action":"open"}},{"gesture":{"longPress":{},"action":"menu","mask":"none"}}]}
            """, node: "card", severity: .error),
            // A UIKit control laid out at 0 × 0 (a menu bar item a dump gave no frame): nothing lands in it.
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"menu","type":"UIButton","frame":[20,0,0,0],"control":{"action":"openMenu"}}]}
            """, node: "menu", severity: .error),
        ],
        nonTriggeringExamples: [
            // Color.clear made tappable by a contentShape.
            AuditExample("""
            {"id":"tapCatcher","type":"Color","clear":true,"frame":[0,0,393,852],"modifiers":[{"contentShape":{"shape":"rectangle"}},{"onTapGesture":{"action":"dismiss"}}]}
            """),
            // alpha 0.01 is still visible to UIKit's hit testing.
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"faint","type":"UIButton","frame":[244,400,100,44],"alpha":0.01,"control":{"action":"faint"}}]}
            """),
            // UIKit's own parts, switched off by UIKit: a cell's disclosure indicator (a UIButton beside the
            // content view, isUserInteractionEnabled = false) and a hidden bar button.
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"cell","type":"UITableViewCell","frame":[0,100,393,44],"gestureRecognizers":[{"type":"tap","action":"select Units"}],"children":[
                {"id":"cell.content","type":"UITableViewCellContentView","frame":[0,100,365,44]},
                {"id":"cell.disclosure","type":"UIButton","frame":[370,116,8,13],"userInteractionEnabled":false,"control":{"action":"disclosure"}}]},
              {"id":"back","type":"_UIButtonBarButton","frame":[0,50,80,44],"hidden":true,"control":{"action":"Back"}}]}
            """),
        ])

    public func findings(_ c: AuditContext) -> [AuditFinding] {
        c.samples.compactMap { s in
            let target = s.target
            guard !c.isLive(target) else { return nil }
            let node = c.node(target)
            let name = c.name(target)
            let never = 1 - s.fraction(of: .own)
            let message: String
            let fix: String
            if let (view, why) = c.tester.untouchableBecause(target) {
                // UIKit's own parts, switched off by UIKit: nothing a team can change.
                if c.node(view).system == .uikit && UIKitOwnParts.contains(view, in: c.snapshot) { return nil }
                let whereText = view == target ? "" : " on \(c.name(view))"
                message = "\(name) has a handler (\(c.action(of: target) ?? "no action name")) but can never take a touch: \(why)\(whereText) (\(node.system == .uikit ? "U1" : "S5"))"
                fix = view == target
                    ? "if \(node.id) should respond, make it visible to hit testing (now: \(why)); if it is meant to be gone, remove it or its handler"
                    : "\(c.id(view)) keeps every touch from \(node.id) (\(why)): move \(node.id) out of it, or undo that while \(node.id) should respond"
            } else if !c.tester.hasRegion(target) && node.system == .uikit {
                // UIKit: a view takes touches over its frame (U1); no region means an empty frame.
                message = "\(name) (\(node.type)) has a handler (\(c.action(of: target) ?? "no action name")) but its frame is empty "
                    + "(\(c.size(of: target))), so no touch lands in it (U1)"
                fix = "if \(node.id) should respond, give it a size (its constraints or frame leave it \(c.size(of: target))); if it is meant to be gone, remove it or its handler"
            } else if !c.tester.hasRegion(target) {
                message = "\(name) (\(node.type)) has a handler (\(c.action(of: target) ?? "no action name")) but no region where it takes a touch: "
                    + "it draws nothing and has no interaction contentShape (S1, S2)"
                // Checked on a copy (docs/audit.md, "Fixes are checked"): a shape before the gesture must make it fire.
                let own = TapAttachment(target, in: c).flatMap { $0.ownWithShapeBefore(ShapeSpec(.rectangle), removing: nil, target: target, in: c) } ?? 0
                fix = own > 0
                    ? "give it a shape before the gesture: .contentShape(Rectangle()) (then \(AuditContext.percent(own)) of it fires), or attach the handler to the visible view"
                    : "attach the handler to the visible view: a shape on \(node.id) alone would still fire nowhere (what is in front of it takes the taps)"
            } else {
                // Every tap handler is switched off by a gesture mask (S11).
                let tap = c.tester.handlers[target].first { $0.isTapLike }!
                message = "\(c.tester.describe(tap)) can never fire: a gesture mask switches it off (S11)"
                fix = "attach the gesture that masks it with including: .all (the default) so the tap stays enabled, or remove the tap handler"
            }
            return c.finding(Self.id, .error, target, value: never, message: message, fix: fix)
        }
    }
}
