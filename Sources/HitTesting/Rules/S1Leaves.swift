import TapModel
import TapRules

/// S1 Leaves: a leaf's region is its frame, or its `shape`; a `clear` leaf has
/// no region. Every SwiftUI leaf gets a *base shape* here; a container gets
/// none (S2).
///
/// Stage code: `Compilation.compileLeafShape(_:)` (Compile/Regions.swift).
public enum S1LeavesRule: HitTestingRule {
    public static let description = RuleDescription(
        id: "S1",
        name: "leaves",
        summary: "a leaf's region is its frame, or its shape; a clear leaf has none",
        triggeringExamples: [
            HitExample(#"""
                {"id":"square","type":"Color","frame":[0,0,100,100],"modifiers":[{"onTapGesture":{"action":"tap"}}]}
                """#, tap: Point(2, 2), .hit, fires: "tap"),
            HitExample(#"""
                {"id":"dot","type":"Circle","frame":[0,0,100,100],"shape":{"shape":"circle"},
                 "modifiers":[{"onTapGesture":{"action":"tap"}}]}
                """#, tap: Point(50, 50), .hit, fires: "tap"),
        ],
        nonTriggeringExamples: [
            // The frame's corner lies outside the drawn circle.
            HitExample(#"""
                {"id":"dot","type":"Circle","frame":[0,0,100,100],"shape":{"shape":"circle"},
                 "modifiers":[{"onTapGesture":{"action":"tap"}}]}
                """#, tap: Point(3, 3), .miss),
            // Color.clear draws nothing and takes nothing.
            HitExample(#"""
                {"id":"glass","type":"Color","frame":[0,0,100,100],"clear":true,
                 "modifiers":[{"onTapGesture":{"action":"tap"}}]}
                """#, tap: Point(50, 50), .miss),
        ])
}
