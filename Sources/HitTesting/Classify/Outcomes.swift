import TapModel

/// Classify: what a resolved touch is beyond fired or not — ambiguous between two candidates
/// (docs/snapshot.md, S9 "Outcomes"), and the rule of real screens that decided it (S12–S21, U6–U13).
/// `resolve(at:radius:explain:scratch:)` (Resolve.swift) tells hit, expanded, disabled, blocked and miss.
extension HitTester {
    /// The rule of real screens that decided a tap (docs/snapshot.md, S12–S21, U6–U13), or nil for the
    /// rules every snapshot has always had.
    func decidingRule(_ a: Arbitration<Void>, location: Location, scratch: HitScratch) -> String? {
        guard let h = a.fired else {
            if scratch.skippedByU10 { return "U10" }
            // (A walk up per miss, only on screens that have a switch-style Toggle.)
            if hasSwitchToggle, location.node >= 0, switchToggle(around: location.node) != nil { return "S18" }
            return nil
        }
        if case .row = h.source { return h.rowActions.count > 1 ? "S15" : "S12" }
        if !a.also.isEmpty && a.also.contains(where: { $0.handler.isRawTouch }) { return "U9" }
        if scratch.deferredBehindSwiftUI && h.system == .swiftui { return "S19" }
        if h.controlKind != nil && isSwitch(h) && uikitScope[h.node] >= 0 && scratch.ordered.contains(where: { $0.system == .swiftui && $0.isTapLike }) {
            return "S20"
        }
        if case .recognizer = h.source, scratch.ordered.contains(where: { $0.controlKind == .custom }) { return "U7" }
        // A recognizer that cancels touches took the tap from a raw-touch handler below it (a cell's selection).
        if case .recognizer = h.source, h.cancelsTouches,
           scratch.ordered.contains(where: { $0.isRawTouch && !$0.isDisabled && $0.node != h.node }) { return "U9" }
        if location.responder >= 0, responderTable.tree.kind[Int(location.responder)] == .contentShape,
           node(ofResponder: location.responder) == h.node, snapshot.nodes[h.node].styleFillsFrame {
            return "S17"
        }
        if h.isRawTouch && scratch.ordered.contains(where: { !$0.isRawTouch && $0.isTapLike }) { return "U9" }
        return nil
    }

    /// S18: the switch-style Toggle a view lies in (the view itself included), or nil.
    func switchToggle(around v: Int) -> Int? {
        var a = v
        while a >= 0 {
            let n = snapshot.nodes[a]
            if n.type == "Toggle" && n.style == "switch" { return a }
            a = n.parent
        }
        return nil
    }

    /// The two candidates a touch is ambiguous between (docs/snapshot.md, S9 "Outcomes"): at the level
    /// where the binding stopped, the best child missed the threshold because the
    /// runner-up was within 20 % of it, and the two would fire different handlers.
    func ambiguousCandidates(_ location: Location, scratch: inout HitScratch) -> (TouchResult.Candidate, TouchResult.Candidate)? {
        guard let stop = location.binding?.stop, let best = stop.best, let runner = stop.runnerUp,
              profile.isTooClose(best.score, to: runner.score) else { return nil }
        // Both would fire something, and not the same thing (a background that fires nothing is no candidate).
        guard let first = tapWinner(responder: best.bound, scratch: &scratch),
              let second = tapWinner(responder: runner.bound, scratch: &scratch), first.id != second.id else { return nil }
        let p = location.binding!.point
        return (candidate(best.bound, score: best.score, at: p, handler: first),
                candidate(runner.bound, score: runner.score, at: p, handler: second))
    }

    func candidate(_ responder: Int32, score: Double, at p: Point, handler: Handler?) -> TouchResult.Candidate {
        TouchResult.Candidate(handler: handler, node: Int(responderTable.tree.node[Int(responder)]), score: score,
                              distance: regionDistance(responder, to: p))
    }

    /// How far the nearest point of a responder's region is from `p` (0 inside): its own
    /// shape, or the nearest of the regions its union is made of.
    func regionDistance(_ r: Int32, to p: Point) -> Double {
        let rt = responderTable
        let i = Int(r)
        if rt.tree.isAtomic(i) { return shapes[Int(rt.tree.shape[i])].distance(to: p) }
        var best = Double.infinity
        for a in (i + 1)..<Int(rt.tree.end[i]) where rt.tree.isAtomic(a) && rt.tree.barrierAbove[a] <= r {
            best = min(best, shapes[Int(rt.tree.shape[a])].distance(to: p))
        }
        return best.isFinite ? best : 0
    }
}
