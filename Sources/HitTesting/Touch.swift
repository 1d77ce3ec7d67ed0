import TapModel

/// What a single tap at a point does (snapshot.md, "Outcomes of one touch"; touch-binding.md §5).
public struct TouchResult: Sendable {
    public enum Outcome: String, Sendable, CaseIterable, Comparable {
        case hit, expanded, ambiguous, blocked, disabled, miss

        /// Whether something fires for sure (R1 counts these as firing).
        public var fires: Bool { self == .hit || self == .expanded }

        public static func < (a: Outcome, b: Outcome) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// A responder the binding weighed: the one bound, or (for `ambiguous`) the two
    /// candidates within 20 % of each other, with the handler each would fire.
    public struct Candidate: Sendable {
        /// What a touch bound there fires (nil: nothing).
        public let handler: Handler?
        /// The view whose responder it is.
        public let node: Int
        /// Its score (touch-binding.md §3: priority × opacity × the weight it covers).
        public let score: Double
        /// How far the nearest point of its region is from the touch.
        public let distance: Double
    }

    public var point: Point
    public var outcome: Outcome
    /// The view that took the touch (the UIKit view, or the bound responder's view); -1 when nothing did.
    public var hitView: Int
    /// What fires (for `ambiguous`, what fires instead: the common container's own handler, if any).
    public var handler: Handler?
    /// Simultaneous gestures that fire as well.
    public var simultaneous: [Handler] = []
    public var candidates: [Candidate] = []
    /// `blocked`: the view that intercepts, and what would have fired without it.
    public var interceptor: Int = -1
    public var meantFor: Handler?
    /// `disabled`: the handler that would have fired.
    public var disabledHandler: Handler?
    /// Where the touch went, with the binding that decided (its levels when asked for).
    public var location = Location()
    /// The radius the touch was bound with.
    public var radius: Double = 0
}

extension HitTester {
    /// Resolves a tap at `p` with radius `radius` (default: the settings'): the touch is
    /// bound (S9, touch-binding.md), the handlers that receive it arbitrate (S10, S11,
    /// U4), and a touch that fires nothing is told apart as ambiguous, blocked, disabled
    /// or a miss.
    ///
    /// - Parameter explain: record the scores at every level of the bound path (`hit --json`).
    /// - Complexity: one binding; a touch that fires nothing adds one per view on its path.
    public func resolve(at p: Point, radius: Double? = nil, explain: Bool = false) -> TouchResult {
        var scratch = HitScratch()
        return resolve(at: p, radius: radius, explain: explain, scratch: &scratch)
    }

    /// `resolve(at:radius:explain:)` with reusable buffers.
    public func resolve(at p: Point, radius: Double? = nil, explain: Bool = false, scratch: inout HitScratch) -> TouchResult {
        let cloud = scratch.cloud(radius ?? settings.touchRadius)
        let location = locate(at: p, cloud: cloud, record: explain, scratch: &scratch)
        var result = TouchResult(point: p, outcome: .miss, hitView: location.node)
        result.location = location
        result.radius = cloud.radius
        let a = tapWinner(for: location, scratch: &scratch)
        if let (best, runner) = ambiguousCandidates(location, scratch: &scratch) {
            result.outcome = .ambiguous
            result.handler = a.fired
            result.simultaneous = a.simultaneousHandlers
            result.candidates = [best, runner]
            return result
        }
        if let fired = a.fired {
            let centre = location.responder < 0 || location.binding?.centre != false
            result.outcome = centre ? .hit : .expanded
            result.handler = fired
            result.simultaneous = a.simultaneousHandlers
            if let b = location.binding, location.responder >= 0 {
                result.candidates = [candidate(b.bound, score: b.score, at: p, handler: fired)]
            }
            return result
        }
        if let disabled = a.disabled {
            result.outcome = .disabled
            result.disabledHandler = disabled
            return result
        }
        // Nothing fires: blocked if removing a view lets something fire — a candidate that kept a target from
        // winning the binding (a card behind a button that covers as much of the touch), then the views on
        // the path, deepest first.
        func interceptsFor(_ v: Int, _ scratch: inout HitScratch) -> Handler? {
            let behind = locate(at: p, cloud: cloud, excluding: v..<snapshot.nodes[v].end, scratch: &scratch)
            guard behind.node >= 0 || behind.responder >= 0 else { return nil }
            return tapWinner(for: behind, scratch: &scratch).fired
        }
        var suspects: [Int] = []
        if let stop = location.binding?.stop {
            for c in [stop.runnerUp, stop.best].compactMap({ $0 }) where tapWinner(responder: c.bound, scratch: &scratch) == nil {
                suspects.append(Int(responderTable.tree.node[Int(c.bound)]))
            }
        }
        var v = location.node
        while v >= 0 { suspects.append(v); v = snapshot.nodes[v].parent }
        for v in suspects {
            if let fired = interceptsFor(v, &scratch) {
                result.outcome = .blocked
                result.interceptor = v
                result.meantFor = fired
                return result
            }
        }
        result.outcome = .miss
        return result
    }

    /// The two candidates a touch is ambiguous between (touch-binding.md §5): at the level
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

    private func candidate(_ responder: Int32, score: Double, at p: Point, handler: Handler?) -> TouchResult.Candidate {
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
