import TapModel
import TapRules

/// U2 Outside the parent: a subview drawn outside its superview's bounds gets
/// no touches there (U1 stops at the superview), whatever `clipsToBounds`. A
/// UIKit view's bounds are a gate for its subtree (`compileUIKitBounds`).
///
/// Stage code: `Compilation.compileUIKitBounds(_:)`, whose bounds gate the subtree (Compile/Regions.swift), and `gatesHold` (Bind/Landing.swift); in words, `whyOutsideSuperview(_:gate:)` (Classify/Reasons.swift).
public enum U2OutsideParentRule: HitTestingRule {
    public static let description = RuleDescription(
        id: "U2",
        name: "outside the parent",
        summary: "a subview gets no touches where it lies outside its superview's bounds, whatever clipsToBounds",
        triggeringExamples: [
            HitExample(#"""
                {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
                  {"id":"bar","type":"UIView","frame":[0,100,200,44],"children":[
                    {"id":"close","type":"UIButton","frame":[180,90,40,40],"control":{"action":"close"}}
                  ]}
                ]}
                """#, tap: Point(200, 95), .miss),
        ],
        nonTriggeringExamples: [
            HitExample(#"""
                {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
                  {"id":"bar","type":"UIView","frame":[0,100,200,44],"children":[
                    {"id":"close","type":"UIButton","frame":[180,90,40,40],"control":{"action":"close"}}
                  ]}
                ]}
                """#, tap: Point(190, 120), .hit, fires: "close"),
        ])
}
