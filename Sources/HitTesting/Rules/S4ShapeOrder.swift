import TapModel
import TapRules

/// S4 Order is semantics: a gesture attached at modifier index i sees the
/// region in force just before i — the last interaction contentShape written
/// before it, else the base region. `[contentShape, onTapGesture]` widens the
/// gesture; `[onTapGesture, contentShape]` makes the view take the tap in the
/// gap without the gesture firing. A Button's action is innermost.
///
/// Stage code: `Compilation.attachmentRegion(at:)` (Compile/Regions.swift), which `compileHandlers(_:)` gives every gesture.
public enum S4ShapeOrderRule: HitTestingRule {
    public static let description = RuleDescription(
        id: "S4",
        name: "shape order",
        summary: "a gesture sees the region in force just before its modifier: a contentShape written after it does not widen it",
        triggeringExamples: [
            HitExample(#"""
                {"id":"row","type":"HStack","frame":[0,0,300,44],
                 "modifiers":[{"onTapGesture":{"action":"open"}},{"contentShape":{"shape":"rectangle"}}],
                 "children":[
                   {"id":"row.title","type":"Text","frame":[16,10,80,24]}
                 ]}
                """#, tap: Point(150, 22), .miss),
            // A Button's action is innermost: a contentShape on the Button does not widen it.
            HitExample(#"""
                {"id":"buy","type":"Button","action":"buy","frame":[0,0,300,44],
                 "modifiers":[{"contentShape":{"shape":"rectangle"}}],
                 "children":[
                   {"id":"buy.label","type":"HStack","frame":[0,0,300,44],"children":[
                     {"id":"buy.title","type":"Text","frame":[16,10,60,24]}
                   ]}
                 ]}
                """#, tap: Point(150, 22), .miss),
        ],
        nonTriggeringExamples: [
            HitExample(#"""
                {"id":"row","type":"HStack","frame":[0,0,300,44],
                 "modifiers":[{"contentShape":{"shape":"rectangle"}},{"onTapGesture":{"action":"open"}}],
                 "children":[
                   {"id":"row.title","type":"Text","frame":[16,10,80,24]}
                 ]}
                """#, tap: Point(150, 22), .hit, fires: "open"),
        ])
}
