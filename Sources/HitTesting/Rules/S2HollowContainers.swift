import TapModel
import TapRules

/// S2 Containers are hollow: a container has no region of its own, only the
/// union of its children's; the gaps between children (Spacer, spacing,
/// padding) are dead. `compileLeafShape` (S1) gives a container no base shape;
/// this file explains the gap in words.
///
/// Stage code: `Compilation.compileLeafShape(_:)`, which gives a container no base shape (Compile/Regions.swift); in words, `whyHollow(_:handler:)` (Classify/Reasons.swift).
public enum S2HollowContainersRule: HitTestingRule {
    public static let description = RuleDescription(
        id: "S2",
        name: "hollow containers",
        summary: "a container has no region of its own: the gaps between its children are dead",
        triggeringExamples: [
            // A settings row: a tap in the Spacer's gap fires nothing.
            HitExample(row, tap: Point(150, 22), .miss),
        ],
        nonTriggeringExamples: [
            // On a leaf the row's gesture fires.
            HitExample(row, tap: Point(30, 22), .hit, fires: "open"),
        ])

    /// A settings row whose gesture sits on the row: a title, a gap, a chevron.
    static let row = #"""
        {"id":"row","type":"HStack","frame":[0,0,300,44],
         "modifiers":[{"onTapGesture":{"action":"open"}}],
         "children":[
           {"id":"row.title","type":"Text","frame":[16,10,80,24]},
           {"id":"row.chevron","type":"Image","frame":[270,15,10,14]}
         ]}
        """#
}
