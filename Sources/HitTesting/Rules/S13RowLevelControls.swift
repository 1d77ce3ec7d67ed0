import TapModel
import TapRules

/// S13 Row-level controls: in a list row (not in a row nested in it), a Button,
/// NavigationLink, Link or ShareLink of the automatic style (or with no style
/// written), a Picker of the automatic or navigationLink style, and the row's own
/// `rowAction` act for the whole row. Their own region and opacity do not matter
/// (an invisible, empty NavigationLink still makes its row navigate); `hidden` and
/// `allowsHitTesting(false)` unregister them (a Decision). Any other style opts out:
/// the control responds where it is, as outside a list (S17).
///
/// Stage code: `Compilation.compileRows()` (Compile/Rows.swift).
public enum S13RowLevelControlsRule: HitTestingRule {
    static func row(_ button: String) -> String {
        #"{"id":"form","type":"Form","role":"list","frame":[0,0,393,852],"children":[{"id":"row.sync","type":"ListRow","role":"row","frame":[16,120,361,44],"children":["#
            + button + #"]}]}"#
    }
    static let empty = row(#"{"id":"sync","type":"NavigationLink","action":"openSync","frame":[36,120,0,0],"modifiers":[{"opacity":0.0}]}, {"id":"sync.title","type":"Text","frame":[36,131,100,22]}"#)
    static let plain = row(#"""
        {"id":"sync","type":"Button","style":"plain","action":"sync","frame":[36,120,321,44],"children":[
          {"id":"sync.title","type":"Text","frame":[36,131,100,22]}
        ]}
        """#)
    static let automatic = row(#"""
        {"id":"sync","type":"Button","style":"automatic","action":"sync","frame":[36,120,321,44],"children":[
          {"id":"sync.title","type":"Text","frame":[36,131,100,22]}
        ]}
        """#)

    public static let description = RuleDescription(
        id: "S13",
        name: "row-level controls",
        summary: "automatic-style Buttons, NavigationLinks, Links, ShareLinks and Pickers in a row act for the whole row",
        triggeringExamples: [
            // An empty, invisible NavigationLink still makes its row navigate.
            HitExample(empty, tap: Point(300, 142), .hit, fires: "openSync"),
            HitExample(automatic, tap: Point(300, 142), .hit, fires: "sync"),
        ],
        nonTriggeringExamples: [
            // A plain-style Button is not row-level: its label is as written, the gap is dead.
            HitExample(plain, tap: Point(300, 142), .miss),
            HitExample(plain, tap: Point(60, 142), .hit, fires: "sync"),
        ])
}
