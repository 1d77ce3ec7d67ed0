import TapModel

/// Read-only questions about what the compiled snapshot already knows, for
/// static checks (`replay audit`) that must use the engine's own regions and
/// gates rather than work geometry out again.
extension HitTester {
    /// Whether `node` can take touches at all: no S5 modifier on it or an
    /// ancestor, and U1-visible (not hidden, alpha ≥ 0.01, interaction enabled)
    /// up through every ancestor.
    public func takesTouches(_ node: Int) -> Bool { alive[node] }

    /// The view on the chain from the root to `node` that keeps it from taking
    /// any touch, and why (`hidden()`, `alpha 0.005 is below 0.01`, ...); nil
    /// when it can take touches.
    public func untouchableBecause(_ node: Int) -> (view: Int, why: String)? {
        for v in path(to: node) {
            if let why = whyDead(v) { return (v, why) }
        }
        return nil
    }

    /// Whether `node` or a view in its subtree has a region where it takes a
    /// touch itself (S1–S3, U1): false for a `Spacer`, a `Color.clear` or an
    /// empty container without an interaction `contentShape`.
    public func hasRegion(_ node: Int) -> Bool {
        // A list row with row-level actions takes touches over its cell (S12).
        if row(of: node) == node, let h = handlers[node].last, case .row = h.source { return alive[node] && !snapshot.nodes[node].frame.isEmpty }
        for v in node..<snapshot.nodes[node].end where alive[v] && selfShape[v] >= 0 {
            if !shapes[Int(selfShape[v])].isEmpty { return true }
        }
        return false
    }

    /// The outermost strict ancestor of `node` whose gate excludes `p` (a
    /// UIKit superview's bounds, U1/U2, or an outermost interaction
    /// `contentShape`, S3), or nil when every gate above `node` holds `p`.
    public func ancestorGateExcluding(_ p: Point, above node: Int) -> Int? {
        var a = Int(gateAncestor[node])
        var outermost: Int?
        while a >= 0 {
            if !shapes[Int(gateShape[a])].contains(p) { outermost = a }
            a = Int(gateAncestor[a])
        }
        return outermost
    }
}
