import TapModel
import TapRules

/// S3 contentShape: an interaction `contentShape` replaces the region of the
/// view from that modifier outward with its shape — widening (a whole row),
/// narrowing (`scale` 0.7) or moving (`offset`) it. Other kinds do not touch
/// hit testing. The outermost one becomes the view's *self shape* (it takes
/// touches there) and its *gate* (its subtree takes touches only inside it).
///
/// Stage code: `Compilation.compileContentShapes(_:)` and `applyOutermostContentShape(_:)` (Compile/Regions.swift).
public enum S3ContentShapeRule: HitTestingRule {
    public static let description = RuleDescription(
        id: "S3",
        name: "content shape",
        summary: "an interaction contentShape replaces the region of the view from that modifier outward",
        triggeringExamples: [
            HitExample(#"""
                {"id":"row","type":"HStack","frame":[0,0,300,44],
                 "modifiers":[{"contentShape":{"shape":"rectangle"}},{"onTapGesture":{"action":"open"}}],
                 "children":[
                   {"id":"row.title","type":"Text","frame":[16,10,80,24]}
                 ]}
                """#, tap: Point(150, 22), .hit, fires: "open"),
            // Scaled to 0.7 about the centre: the frame's edge no longer takes the tap.
            HitExample(#"""
                {"id":"card","type":"Color","frame":[0,0,100,100],
                 "modifiers":[{"contentShape":{"shape":"rectangle","scale":[0.7,0.7]}},{"onTapGesture":{"action":"open"}}]}
                """#, tap: Point(5, 50), .miss),
        ],
        nonTriggeringExamples: [
            // A drag-preview shape does not change hit testing: the gap stays dead.
            HitExample(#"""
                {"id":"row","type":"HStack","frame":[0,0,300,44],
                 "modifiers":[{"contentShape":{"shape":"rectangle","kind":"dragPreview"}},{"onTapGesture":{"action":"open"}}],
                 "children":[
                   {"id":"row.title","type":"Text","frame":[16,10,80,24]}
                 ]}
                """#, tap: Point(150, 22), .miss),
        ])
}
