import HitTesting
import ReplayEngine
import TapModel

/// Whether the engine hit-tests a press where the device did, when the device reported the
/// view it hit-tested (a `hit` event: Measure's click target). docs/field-report.md, "The
/// device's hit view", has the matching and its limits.
public enum HitViewCheck {
    public enum Answer: Sendable, Equatable {
        /// The device's view is the engine's hit view or inside it.
        case agree
        /// It is another view of the snapshot: the engine's hit view, by id, else nil (nothing took the touch).
        case disagree(engineView: String?)
        /// No node of the snapshot is that view: nothing to check.
        case unmatched
    }

    /// Measure truncates sizes to whole points; a node matches a size within this.
    public static let sizeTolerance = 1.0

    /// The snapshot's nodes the device's view can be: those with its accessibility identifier as id
    /// (`alerts`, or a repeated `alerts#2`); without one, or when no node has it, those of its class
    /// (module and generic arguments dropped) and size that contain the touch.
    public static func candidates(_ view: ObservedView, at p: Point, in snapshot: Snapshot) -> [Int] {
        let nodes = snapshot.nodes
        if let id = view.identifier {
            let byID = nodes.indices.filter { nodes[$0].id == id || nodes[$0].id.hasPrefix(id + "#") }
            if !byID.isEmpty { return byID }
        }
        guard let w = view.width, let h = view.height else { return [] }
        let name = view.bareClassName
        return nodes.indices.filter { i in
            let n = nodes[i]
            return ObservedView.bare(n.type) == name && abs(n.frame.width - w) <= sizeTolerance && abs(n.frame.height - h) <= sizeTolerance
                && n.frame.inset(by: -sizeTolerance).contains(p)
        }
    }

    /// Checks the engine's answer for a press against the view the device hit-tested. The device's
    /// view may lie below the view UIKit's `hitTest` returned (Measure walks down to a leaf under the
    /// touch), so it agrees when it is the engine's hit view or inside it, or is the node the engine fired.
    public static func check(_ view: ObservedView, press: Press, engine: PressResult, tester: HitTester) -> Answer {
        let found = candidates(view, at: press.start, in: tester.snapshot)
        guard !found.isEmpty else { return .unmatched }
        if engine.fired, let node = engine.node.flatMap({ tester.index(ofID: $0) }), found.contains(node) { return .agree }
        guard let landing = (engine.hitView ?? engine.node).flatMap({ tester.index(ofID: $0) }) else { return .disagree(engineView: nil) }
        if found.contains(where: { tester.snapshot.isInSubtree($0, of: landing) }) { return .agree }
        return .disagree(engineView: tester.snapshot.nodes[landing].id)
    }
}
