import TapModel
import TapRules

/// S12 The cell is the target: a list row with row-level actions (S13) takes every
/// touch whose centre lies in its cell (its frame: insets, padding and Spacer gaps
/// included) and fires them, unless its content fires first (S14). The cell is exact,
/// as UIKit's is; the content inside it still binds with the touch's cloud (S9), but
/// only within its own cell: a cloud that reaches the content of a neighbouring cell,
/// or of a cell from a section gap, reaches nothing there.
///
/// Stage code: `applyCells(_:at:excluding:)` (Bind/Landing.swift) over the cells of `Compilation.compileRows()` (Compile/Rows.swift).
public enum S12CellIsTargetRule: HitTestingRule {
    static let form = #"""
        {"id":"form","type":"Form","role":"list","frame":[0,0,393,852],"children":[
          {"id":"hdr","type":"Text","role":"header","frame":[36,96,70,18]},
          {"id":"row.app","type":"ListRow","role":"row","frame":[16,120,361,44],"children":[
            {"id":"app","type":"NavigationLink","action":"openAppearance","frame":[36,120,321,44],"children":[
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
        id: "S12",
        name: "the cell is the target",
        summary: "a list row with row-level actions takes every touch whose centre is in its cell, gaps and insets included",
        triggeringExamples: [
            // The gap between the title and the chevron of a NavigationLink row navigates.
            HitExample(form, tap: Point(250, 142), .hit, fires: "openAppearance"),
            // So does the inset left of the content.
            HitExample(form, tap: Point(20, 160), .hit, fires: "openAppearance", radius: 20),
        ],
        nonTriggeringExamples: [
            // Outside the cell, and on the section header: nothing.
            HitExample(form, tap: Point(8, 142), .miss),
            HitExample(form, tap: Point(60, 105), .miss, radius: 20),
        ])
}
