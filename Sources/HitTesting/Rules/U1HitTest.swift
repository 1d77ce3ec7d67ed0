import TapJSON
import TapModel
import TapRules

/// U1 hitTest: a view returns nil if hidden, alpha < 0.01 or not interactive,
/// or if the point is outside its bounds (grown or shrunk by `hitInsets`);
/// else it asks its subviews front to back (Bind/Landing.swift walks them),
/// then answers itself.
///
/// Stage code: `UIKitProperties.takesTouches` in `Compilation.compileLiveness(_:)` (Compile/Liveness.swift), `Compilation.compileUIKitBounds(_:)` (Compile/Regions.swift) and `landUIKit` (Bind/Landing.swift).
public enum U1HitTestRule: HitTestingRule {
    public static let description = RuleDescription(
        id: "U1",
        name: "hit test",
        summary: "a hidden, nearly transparent (alpha < 0.01) or non-interactive view takes no touches; hitInsets change its bounds",
        triggeringExamples: [
            // A hidden button takes nothing.
            HitExample(#"""
                {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
                  {"id":"buy","type":"UIButton","frame":[0,100,200,44],"hidden":true,"control":{"action":"buy"}}
                ]}
                """#, tap: Point(100, 122), .miss),
            // hitInsets of -10 grow the 24-pt button to 44 pt.
            HitExample(#"""
                {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
                  {"id":"help","type":"UIButton","frame":[100,100,24,24],"hitInsets":[-10,-10,-10,-10],"control":{"action":"help"}}
                ]}
                """#, tap: Point(95, 112), .hit, fires: "help"),
        ],
        nonTriggeringExamples: [
            HitExample(#"""
                {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
                  {"id":"buy","type":"UIButton","frame":[0,100,200,44],"control":{"action":"buy"}}
                ]}
                """#, tap: Point(100, 122), .hit, fires: "buy"),
            // Exactly 0.01 still takes touches.
            HitExample(#"""
                {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
                  {"id":"buy","type":"UIButton","frame":[0,100,200,44],"alpha":0.01,"control":{"action":"buy"}}
                ]}
                """#, tap: Point(100, 122), .hit, fires: "buy"),
        ])
}
