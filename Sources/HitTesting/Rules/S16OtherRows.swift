import TapModel
import TapRules

/// S16 Other rows: a row without row-level actions (text, `LabeledContent`, a
/// switch Toggle, plain-style Buttons) does not highlight, and a touch that binds
/// to nothing in its content is a `miss` (near a leaf it may still bind, S9).
/// Headers, footers and section gaps are never targets. For coverage a row with
/// row-level actions is one target, sampled over its cell (a Decision).
///
/// Stage code: `Compilation.compileRows()`, which gives a row without row-level actions no handler (Compile/Rows.swift).
public enum S16OtherRowsRule: HitTestingRule {
    static let plain = #"""
        {"id":"form","type":"Form","role":"list","frame":[0,0,393,852],"children":[
          {"id":"row.app","type":"ListRow","role":"row","frame":[16,120,361,44],"children":[
            {"id":"app","type":"Button","style":"plain","action":"openAppearance","frame":[36,120,321,44],"children":[
              {"id":"app.stack","type":"HStack","frame":[36,120,321,44],"children":[
                {"id":"app.icon","type":"Image","frame":[36,131,22,22]},
                {"id":"app.title","type":"Text","frame":[66,131,100,22]},
                {"id":"app.chevron","type":"Image","frame":[349,135,8,14]}
              ]}
            ]}
          ]}
        ]}
        """#

    public static let description = RuleDescription(
        id: "S16",
        name: "other rows",
        summary: "a row without row-level actions responds only where its content does: a gap is a miss",
        triggeringExamples: [
            HitExample(plain, tap: Point(250, 142), .miss, radius: 20),
        ],
        nonTriggeringExamples: [
            HitExample(plain, tap: Point(100, 142), .hit, fires: "openAppearance", radius: 20),
        ])
}
