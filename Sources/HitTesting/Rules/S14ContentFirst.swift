import TapModel
import TapRules

/// S14 Content first: a row's content is hit-tested first (S1–S11, U1–U10); when a
/// handler there that is not row-level fires — a borderless Button, a whole-row
/// `contentShape().onTapGesture` — the row does not. The row's handler is the last
/// competitor of every touch in its cell (`competitors`, Arbitrate/Arbitration.swift), and a
/// raw-touch handler (U9): any gesture that recognizes first cancels it.
///
/// Stage code: `competitors(for:scratch:)`, which puts the row's handler last (Arbitrate/Arbitration.swift).
public enum S14ContentFirstRule: HitTestingRule {
    static let msg = #"""
        {"id":"list","type":"List","role":"list","frame":[0,0,393,852],"children":[
          {"id":"row.msg","type":"ListRow","role":"row","frame":[16,240,361,60],"children":[
            {"id":"msg","type":"HStack","frame":[36,258,321,24],"children":[
              {"id":"reply","type":"Button","action":"reply","frame":[36,258,60,24],"children":[
                {"id":"reply.label","type":"Text","frame":[36,258,60,24]}
              ]},
              {"id":"share","type":"Button","style":"borderless","action":"share","frame":[297,258,60,24],"children":[
                {"id":"share.label","type":"Text","frame":[297,258,60,24]}
              ]}
            ]}
          ]}
        ]}
        """#
    static let tapped = #"""
        {"id":"list","type":"List","role":"list","frame":[0,0,393,852],"children":[
          {"id":"row.post","type":"ListRow","role":"row","frame":[16,240,361,60],"children":[
            {"id":"post","type":"NavigationLink","action":"openPost","frame":[36,240,321,60],"children":[
              {"id":"post.body","type":"HStack","frame":[36,240,321,60],
               "modifiers":[{"contentShape":{"shape":"rectangle"}},{"onTapGesture":{"action":"expand"}}],
               "children":[
                 {"id":"post.title","type":"Text","frame":[36,258,100,24]}
               ]}
            ]}
          ]}
        ]}
        """#

    public static let description = RuleDescription(
        id: "S14",
        name: "content first",
        summary: "a handler in the row's content that is not row-level fires alone; the row's actions do not",
        triggeringExamples: [
            // A borderless Button fires alone.
            HitExample(msg, tap: Point(320, 270), .hit, fires: "share"),
            // A whole-row tap gesture stops the NavigationLink.
            HitExample(tapped, tap: Point(300, 270), .hit, fires: "expand"),
        ],
        nonTriggeringExamples: [
            // Elsewhere in the cell the row's own action fires.
            HitExample(msg, tap: Point(200, 270), .hit, fires: "reply"),
        ])
}
