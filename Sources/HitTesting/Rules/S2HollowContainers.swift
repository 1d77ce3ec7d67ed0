import TapModel
import TapRules

/// S2 Containers are hollow: a container has no region of its own, only the
/// union of its children's; the gaps between children (Spacer, spacing,
/// padding) are dead. `compileLeafShape` (S1) gives a container no base shape;
/// this file explains the gap in words.
public enum S2HollowContainers: HitTestingRule {
    public static let description = RuleDescription(
        id: "S2",
        name: "hollow containers",
        summary: "a container has no region of its own: the gaps between its children are dead",
        triggeringExamples: [
            // A settings row: a tap in the Spacer's gap fires nothing.
            HitExample(#"{"id":"row","type":"HStack","frame":[0,0,300,44],"modifiers":[{"onTapGesture":{"action":"open"}}],"children":[{"id":"row.title","type":"Text","frame":[16,10,80,24]},{"id":"row.chevron","type":"Image","frame":[270,15,10,14]}]}"#,
                       tap: Point(150, 22), .miss),
        ],
        nonTriggeringExamples: [
            // On a leaf the row's gesture fires.
            HitExample(#"{"id":"row","type":"HStack","frame":[0,0,300,44],"modifiers":[{"onTapGesture":{"action":"open"}}],"children":[{"id":"row.title","type":"Text","frame":[16,10,80,24]},{"id":"row.chevron","type":"Image","frame":[270,15,10,14]}]}"#,
                       tap: Point(30, 22), .hit, fires: "open"),
        ])
}

extension HitTester {
    /// S2/S4 in words: why a tap on a container's target in its gap fires nothing.
    func whyHollow(_ target: Int, handler h: Handler) -> String? {
        let node = snapshot.nodes[target]
        guard node.system == .swiftui, !(node.isLeaf && !node.clear),
              case .swiftUI(let m) = h.source, case .base = h.region else { return nil }
        let later = node.modifiers.enumerated().contains { k, mod in
            if k > m, case .contentShape(let s) = mod, s.purpose == .interaction { return true }
            return false
        }
        let entry = entryName(of: h)
        if later {
            return "\(node.id): tap lands in the gap between its leaves; its contentShape comes after \(entry), so it takes the tap without widening the gesture"
        }
        return "\(node.id): tap lands in the gap between its leaves; its container has no contentShape before \(entry)"
    }
}
