import TapModel
import TapRules

/// U5 Bridges: a UIKit view whose children are SwiftUI (a hosting view)
/// hit-tests them with the SwiftUI rules first; if they take nothing, the UIKit
/// view itself is the hit view (U1, U3 apply; Resolve.swift applies S9 there). A
/// UIKit view inside SwiftUI (a representable) has its frame as its region when
/// U1 lets it.
///
/// Stage code: `locate(at:cloud:excluding:record:scratch:)` and `landUIKit` (Bind/Landing.swift).
public enum U5BridgesRule: HitTestingRule {
    public static let description = RuleDescription(
        id: "U5",
        name: "bridges",
        summary: "a hosting view hit-tests its SwiftUI content first, else it is the hit view; a representable has its frame as its region",
        triggeringExamples: [
            HitExample(#"""
                {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
                  {"id":"host","type":"_UIHostingView","frame":[0,0,393,852],"children":[
                    {"id":"save","type":"Text","system":"swiftui","frame":[100,100,100,44],
                     "modifiers":[{"onTapGesture":{"action":"save"}}]}
                  ]}
                ]}
                """#, tap: Point(150, 122), .hit, fires: "save"),
        ],
        nonTriggeringExamples: [
            // Beside the content the hosting view takes the touch, and it has no handler.
            HitExample(#"""
                {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
                  {"id":"host","type":"_UIHostingView","frame":[0,0,393,852],"children":[
                    {"id":"save","type":"Text","system":"swiftui","frame":[100,100,100,44],
                     "modifiers":[{"onTapGesture":{"action":"save"}}]}
                  ]}
                ]}
                """#, tap: Point(300, 600), .miss),
        ])
}
