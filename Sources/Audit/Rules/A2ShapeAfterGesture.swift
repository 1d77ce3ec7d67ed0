import HitTesting
import TapModel
import TapRules

/// A2 shape after gesture: an interaction `contentShape` written after the
/// tap handler it would widen (S4). The view takes the tap in the gap, but
/// the gesture, attached earlier, still sees only the leaves. Always an
/// error; the value is the dead fraction of the frame.
///
/// "Would widen" is the engine's answer: in a variant of the snapshot with
/// the shape moved before the handler, more of the frame fires.
public struct A2ShapeAfterGestureRule: AuditRule {
    public static let unit = AuditUnit.fraction
    public init() {}

    public static let description = RuleDescription(
        id: "A2",
        name: "shape after gesture",
        summary: "a contentShape written after the tap handler it would widen",
        triggeringExamples: [
            AuditExample("""
            {"id":"row","type":"HStack","frame":[0,100,393,44],"modifiers":[{"onTapGesture":{"action":"open"}},{"contentShape":{"shape":"rectangle"}}],"children":[
              {"id":"row.title","type":"Text","frame":[16,111,80,22]},
              {"id":"row.chevron","type":"Image","frame":[367,115,10,14]}]}
            """, node: "row", severity: .error),
            // A Button's action is attached innermost: a contentShape on the Button comes after it.
            AuditExample("""
            {"id":"buy","type":"Button","action":"buy","frame":[16,700,361,50],"modifiers":[{"contentShape":{"shape":"rectangle"}}],"children":[
              {"id":"buy.label","type":"HStack","frame":[16,700,361,50],"children":[
                {"id":"buy.icon","type":"Image","frame":[24,713,24,24]},
                {"id":"buy.title","type":"Text","frame":[56,714,60,22]}]}]}
            """, node: "buy", severity: .error),
        ],
        nonTriggeringExamples: [
            // The right order.
            AuditExample("""
            {"id":"row","type":"HStack","frame":[0,100,393,44],"modifiers":[{"contentShape":{"shape":"rectangle"}},{"onTapGesture":{"action":"open"}}],"children":[
              {"id":"row.title","type":"Text","frame":[16,111,80,22]},
              {"id":"row.chevron","type":"Image","frame":[367,115,10,14]}]}
            """),
            // After the gesture on a leaf that already fills its frame: it widens nothing.
            AuditExample("""
            {"id":"title","type":"Text","frame":[16,100,200,44],"modifiers":[{"onTapGesture":{"action":"open"}},{"contentShape":{"shape":"rectangle"}}]}
            """),
            // A non-interaction shape after the gesture does not touch hit testing (S3); that row is A1's.
            AuditExample("""
            {"id":"row","type":"HStack","frame":[0,100,393,44],"modifiers":[{"onTapGesture":{"action":"open"}},{"contentShape":{"shape":"rectangle","kind":"hoverEffect"}}],"children":[
              {"id":"row.title","type":"Text","frame":[16,111,80,22]}]}
            """),
        ])

    public func findings(_ c: AuditContext) -> [AuditFinding] {
        c.samples.compactMap { s in
            let target = s.target
            guard c.isLive(target), let tap = TapAttachment(target, in: c),
                  tap.shapeBefore == nil, let after = tap.shapeAfter,
                  case .contentShape(let shape) = c.node(target).modifiers[after] else { return nil }
            let own = s.fraction(of: .own)
            // Moved before the handler (on a Button: onto its label), how much fires?
            let fixedOwn = tap.ownWithShapeBefore(shape, removing: after, target: target, in: c)
            if let fixedOwn, fixedOwn <= own + 1e-9 { return nil }  // it would widen nothing
            let dead = s.fraction(of: .miss)
            let node = c.node(target)
            var message = "\(node.id)'s contentShape(\(shape.swiftUI)) is written after its \(tap.entry)\(tap.handler.action.map { " (\($0))" } ?? ""), so the view takes the tap "
                + "without widening the gesture: \(AuditContext.percent(dead)) of its \(c.size(of: target)) frame is dead (S4)"
            if let fixedOwn {
                message += "; written \(tap.isButton ? "on the Button's label" : "before \(tap.entry)"), \(AuditContext.percent(fixedOwn)) of it fires"
            }
            let fix = tap.isButton
                ? "move .contentShape(\(shape.swiftUI)) from the Button onto its label (\(node.children.first.map { c.id($0) } ?? "inside the Button")): a Button's action is attached before its own modifiers"
                : "move .contentShape(\(shape.swiftUI)) before .\(tap.entry) on \(node.id)"
            return c.finding(Self.id, .error, target, value: dead, message: message, fix: fix,
                             area: s.area(frame: node.frame) { s.kinds[$0] == .miss })
        }
    }
}
