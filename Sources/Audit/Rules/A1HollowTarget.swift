import HitTesting
import TapModel
import TapRules

/// A1 hollow target: a SwiftUI target whose tap handler sits on a container
/// with no interaction `contentShape` before it, so only its leaves take the
/// tap and the gaps between them are dead (S2). The value is the dead
/// fraction of its frame (coverage `miss`); error at 10 % or more.
///
/// A `contentShape` written *after* the handler is A2's finding, not this one.
public struct A1HollowTargetRule: AuditRule {
    public static let unit = AuditUnit.fraction
    public init() {}

    public static let description = RuleDescription(
        id: "A1",
        name: "hollow target",
        summary: "a SwiftUI tap target on a container with no contentShape before its handler: the gaps are dead",
        triggeringExamples: [
            // A settings row: label on the left, chevron on the right, nothing in between.
            AuditExample("""
            {"id":"row","type":"HStack","frame":[0,100,393,44],"modifiers":[{"onTapGesture":{"action":"open"}}],"children":[
              {"id":"row.title","type":"Text","frame":[16,111,80,22]},
              {"id":"row.chevron","type":"Image","frame":[367,115,10,14]}]}
            """, node: "row", severity: .error),
            // A Button whose label is a stack with a gap.
            AuditExample("""
            {"id":"screen","type":"VStack","frame":[0,0,393,852],"children":[
              {"id":"buy","type":"Button","action":"buy","frame":[16,700,361,50],"children":[
                {"id":"buy.label","type":"HStack","frame":[16,700,361,50],"children":[
                  {"id":"buy.icon","type":"Image","frame":[24,713,24,24]},
                  {"id":"buy.title","type":"Text","frame":[56,714,60,22]}]}]}]}
            """, node: "buy", severity: .error),
            // Only a sliver is dead (a 20-pt touch binds to either side from about 11 pt into the 30 pt gap): a warning.
            AuditExample("""
            {"id":"pair","type":"HStack","frame":[0,0,400,40],"modifiers":[{"onTapGesture":{"action":"go"}}],"children":[
              {"id":"pair.a","type":"Color","frame":[0,0,185,40]},
              {"id":"pair.b","type":"Color","frame":[215,0,185,40]}]}
            """, node: "pair", severity: .warning),
        ],
        nonTriggeringExamples: [
            // contentShape(Rectangle()) before the gesture: the whole row fires.
            AuditExample("""
            {"id":"row","type":"HStack","frame":[0,100,393,44],"modifiers":[{"contentShape":{"shape":"rectangle"}},{"onTapGesture":{"action":"open"}}],"children":[
              {"id":"row.title","type":"Text","frame":[16,111,80,22]},
              {"id":"row.chevron","type":"Image","frame":[367,115,10,14]}]}
            """),
            // A leaf draws over its whole frame: nothing is hollow.
            AuditExample("""
            {"id":"title","type":"Text","frame":[16,100,200,44],"modifiers":[{"onTapGesture":{"action":"open"}}]}
            """),
            // A container whose children fill it leaves nothing dead.
            AuditExample("""
            {"id":"card","type":"ZStack","frame":[0,0,200,100],"modifiers":[{"onTapGesture":{"action":"open"}}],"children":[
              {"id":"card.background","type":"RoundedRectangle","frame":[0,0,200,100]},
              {"id":"card.title","type":"Text","frame":[10,40,100,20]}]}
            """),
        ])

    public func findings(_ c: AuditContext) -> [AuditFinding] {
        c.samples.compactMap { s in
            let target = s.target
            let node = c.node(target)
            guard !node.isLeaf, c.isLive(target), let tap = TapAttachment(target, in: c),
                  tap.shapeBefore == nil, tap.shapeAfter == nil else { return nil }
            let dead = s.fraction(of: .miss)
            guard dead > 0 else { return nil }
            let rectangle = ShapeSpec(.rectangle)
            var message = "\(tap.describe(in: c)) is attached to a \(node.type) with no contentShape before it, so only its leaves take the tap: "
                + "\(AuditContext.percent(dead)) of its \(c.size(of: target)) frame is dead (S2)"
            var fix: String
            if tap.isButton {
                fix = "give the \(node.type)'s label a shape: .contentShape(Rectangle()) on \(node.children.first.map { c.id($0) } ?? "its label") (inside the \(node.type))"
            } else {
                fix = "write .contentShape(Rectangle()) before .\(tap.entry) on \(node.id)"
            }
            // The fix is applied to the snapshot and checked with the engine: of the candidates the one
            // that fires most of the target; one that fires no more than now is never printed
            // (docs/audit.md, "Fixes are checked").
            let now = s.fraction(of: .own)
            let shaped = tap.ownWithShapeBefore(rectangle, removing: nil, target: target, in: c)
            let filled = tap.ownWithLabelFilling(target: target, in: c)
            if let filled, filled > (shaped ?? 0) + 0.005, filled > now + 0.005 {
                let label = c.id(node.children[0])
                message += "; its label \(label) does not fill it: with .frame(maxWidth: .infinity, maxHeight: .infinity) and contentShape(Rectangle()) on the label, "
                    + "\(AuditContext.percent(filled)) of it fires"
                    + (shaped.map { $0 > now + 0.005 ? " (with the shape alone, \(AuditContext.percent($0)))" : "" } ?? "")
                fix = "make the label fill the \(node.type) and give it a shape: .frame(maxWidth: .infinity, maxHeight: .infinity).contentShape(Rectangle()) on \(label)"
            } else if let shaped, shaped > now + 0.005 {
                message += "; with contentShape(Rectangle()) \(tap.isButton ? "on its label" : "before \(tap.entry)"), \(AuditContext.percent(shaped)) of it fires"
            } else if shaped != nil {
                message += "; a contentShape \(tap.isButton ? "on its label" : "before \(tap.entry)") fires no more of it (checked)"
                fix = "no contentShape on \(node.id) or its label widens it (checked with the engine): the dead area is outside what its content lays out; "
                    + "give the content the target's full size (.frame(maxWidth: .infinity)) and check again with replay audit"
            }
            return c.finding(Self.id, .errorAtOrAbove(c.settings.errorFraction, dead), target, value: dead, message: message, fix: fix,
                             area: s.area(frame: node.frame) { s.kinds[$0] == .miss })
        }
    }
}
