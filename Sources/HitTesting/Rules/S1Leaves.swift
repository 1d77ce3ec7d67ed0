import TapModel
import TapRules

/// S1 Leaves: a leaf's region is its frame, or its `shape`; a `clear` leaf has
/// no region. Every SwiftUI leaf gets a *base shape* here; a container gets
/// none (S2).
public enum S1Leaves: HitTestingRule {
    public static let description = RuleDescription(
        id: "S1",
        name: "leaves",
        summary: "a leaf's region is its frame, or its shape; a clear leaf has none",
        triggeringExamples: [
            HitExample(#"{"id":"square","type":"Color","frame":[0,0,100,100],"modifiers":[{"onTapGesture":{"action":"tap"}}]}"#,
                       tap: Point(2, 2), .hit, fires: "tap"),
            HitExample(#"{"id":"dot","type":"Circle","frame":[0,0,100,100],"shape":{"shape":"circle"},"modifiers":[{"onTapGesture":{"action":"tap"}}]}"#,
                       tap: Point(50, 50), .hit, fires: "tap"),
        ],
        nonTriggeringExamples: [
            // The frame's corner lies outside the drawn circle.
            HitExample(#"{"id":"dot","type":"Circle","frame":[0,0,100,100],"shape":{"shape":"circle"},"modifiers":[{"onTapGesture":{"action":"tap"}}]}"#,
                       tap: Point(3, 3), .miss),
            // Color.clear draws nothing and takes nothing.
            HitExample(#"{"id":"glass","type":"Color","frame":[0,0,100,100],"clear":true,"modifiers":[{"onTapGesture":{"action":"tap"}}]}"#,
                       tap: Point(50, 50), .miss),
        ])
}

extension Compilation {
    /// S1: a visible leaf's base shape, its drawn shape or its frame.
    mutating func compileLeafShape(_ i: Int) {
        let node = nodes[i]
        guard node.isLeaf && !node.clear else { return }  // a container (S2) has no base shape
        baseShape[i] = addShape((node.shape ?? Compilation.drawnShape(of: node.type))?.resolve(in: node.frame) ?? .rect(node.frame), i)
    }

    /// The path a shape type draws in its frame when the node gives no `shape`: a `Circle` the
    /// largest centred circle, an `Ellipse` and a `Capsule` theirs; nil for everything drawn over
    /// its whole frame (a `RoundedRectangle` of unknown corner radius counts as its frame).
    static func drawnShape(of type: String) -> ShapeSpec? {
        switch type {
        case "Circle": return ShapeSpec(.circle)
        case "Ellipse": return ShapeSpec(.ellipse)
        case "Capsule": return ShapeSpec(.capsule)
        default: return nil
        }
    }
}
