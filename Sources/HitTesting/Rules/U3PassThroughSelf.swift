import TapModel
import TapRules

/// U3 passThroughSelf: such a view answers nil instead of itself, so touches on
/// its empty area reach the views behind it; its subviews still get theirs.
/// (`compileUIKitBounds` gives it no self shape.)
///
/// Stage code: `Compilation.compileUIKitBounds(_:)` (Compile/Regions.swift).
public enum U3PassThroughSelfRule: HitTestingRule {
    public static let description = RuleDescription(
        id: "U3",
        name: "pass through self",
        summary: "a view whose hitTest passes through itself lets touches on its empty area reach the views behind",
        triggeringExamples: [
            HitExample(#"""
                {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
                  {"id":"buy","type":"UIButton","frame":[0,0,393,852],"control":{"action":"buy"}},
                  {"id":"overlay","type":"UIView","frame":[0,0,393,852],"hitTestOverride":"passThroughSelf","children":[
                    {"id":"close","type":"UIButton","frame":[10,10,40,40],"control":{"action":"close"}}
                  ]}
                ]}
                """#, tap: Point(200, 400), .hit, fires: "buy"),
        ],
        nonTriggeringExamples: [
            HitExample(#"""
                {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
                  {"id":"buy","type":"UIButton","frame":[0,0,393,852],"control":{"action":"buy"}},
                  {"id":"overlay","type":"UIView","frame":[0,0,393,852],"hitTestOverride":"passThroughSelf","children":[
                    {"id":"close","type":"UIButton","frame":[10,10,40,40],"control":{"action":"close"}}
                  ]}
                ]}
                """#, tap: Point(30, 30), .hit, fires: "close"),
            HitExample(#"""
                {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
                  {"id":"buy","type":"UIButton","frame":[0,0,393,852],"control":{"action":"buy"}},
                  {"id":"overlay","type":"UIView","frame":[0,0,393,852]}
                ]}
                """#, tap: Point(200, 400), .blocked),
        ])
}
