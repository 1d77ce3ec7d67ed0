import TapModel

/// What a single tap at a point does (docs/snapshot.md, "Outcomes and coverage"; docs/snapshot.md, S9 "Outcomes").
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
        /// Its score (docs/snapshot.md, S9 "Responders": priority × opacity × the weight it covers).
        public let score: Double
        /// How far the nearest point of its region is from the touch.
        public let distance: Double
    }

    public var point: Point
    public var outcome: Outcome
    /// The view that took the touch (the UIKit view, or the bound responder's view; a list row that fires
    /// by its cell when nothing in the cell took it, S12); -1 when nothing did.
    public var hitView: Int
    /// What fires (for `ambiguous`, what fires instead: the common container's own handler, if any).
    public var handler: Handler?
    /// Simultaneous gestures that fire as well.
    public var simultaneous: [Handler] = []
    public var candidates = Candidates()
    /// `blocked`: the view that intercepts, and what would have fired without it.
    public var interceptor: Int = -1
    public var meantFor: Handler?
    /// `disabled`: the handler that would have fired.
    public var disabledHandler: Handler?
    /// Where the touch went, with the binding that decided (its levels when asked for).
    public var location = Location()
    /// The radius the touch was bound with.
    public var radius: Double = 0
    /// The rule of real screens that decided, when one did (S12, S15, S17, S19, S20, U7, U9, U10): `hit` names it.
    public var rule: String?

    /// A result made whole at once (`resolve` returns one on each path: a result built up
    /// in a variable was copied out and destroyed on return, once per press replayed).
    init(point: Point, outcome: Outcome, location: Location, radius: Double, handler: Handler? = nil, simultaneous: [Handler] = [],
         candidates: Candidates = .init(), interceptor: Int = -1, meantFor: Handler? = nil, disabledHandler: Handler? = nil,
         rule: String? = nil) {
        self.point = point; self.outcome = outcome; self.hitView = location.node; self.handler = handler; self.rule = rule
        self.simultaneous = simultaneous; self.candidates = candidates; self.interceptor = interceptor
        self.meantFor = meantFor; self.disabledHandler = disabledHandler; self.location = location; self.radius = radius
    }

    /// None, the bound one, or the two of an ambiguous touch: held in place (a result per press
    /// replayed would otherwise allocate an array for the one it almost always has).
    public struct Candidates: RandomAccessCollection, Sendable {
        private var first_: Candidate?, second_: Candidate?

        public init() {}
        init(_ only: Candidate) { first_ = only }
        init(_ a: Candidate, _ b: Candidate) { first_ = a; second_ = b }

        public var startIndex: Int { 0 }
        public var endIndex: Int { second_ != nil ? 2 : (first_ != nil ? 1 : 0) }
        public subscript(i: Int) -> Candidate {
            precondition(i >= 0 && i < endIndex, "candidate index out of range")
            return i == 0 ? first_! : second_!
        }
    }
}

/// The entry point of a tap. A tap takes the path of the folders beside this file: the
/// snapshot was compiled once (Compile/, `HitTester.init`); the touch binds (`locate`,
/// Bind/Landing.swift); the handlers that receive it arbitrate (`tapWinner`,
/// Arbitrate/Arbitration.swift); the result is classified (here, and `ambiguousCandidates`,
/// `decidingRule` in Classify/Outcomes.swift; in words, `reason(for:)` in Classify/Explanation.swift).
extension HitTester {
    /// Resolves a tap at `p` with radius `radius` (default: the settings'): the touch is
    /// bound (S9, docs/snapshot.md), the handlers that receive it arbitrate (S10, S11,
    /// U4), and a touch that fires nothing is told apart as ambiguous, blocked, disabled
    /// or a miss.
    ///
    /// - Parameter explain: record the scores at every level of the bound path (`hit --json`).
    /// - Complexity: one binding; a touch that fires nothing adds one per view on its path.
    public func resolve(at p: Point, radius: Double? = nil, explain: Bool = false) -> TouchResult {
        var scratch = HitScratch()
        return resolve(at: p, radius: radius, explain: explain, scratch: &scratch)
    }

    /// Whether `fired`, firing for a touch bound at `location`, is a `hit` (the bound responder holds the centre)
    /// or `expanded` (it won on ring samples only). A row that fires itself took the touch by its cell, which
    /// holds the centre (S12: the cell is exact): always a `hit`. The replay asks the same.
    public func firingOutcome(_ fired: Handler, at location: Location) -> TouchResult.Outcome {
        fired.source == .row || location.responder < 0 || location.binding?.centre != false ? .hit : .expanded
    }

    /// `resolve(at:radius:explain:)` with reusable buffers.
    public func resolve(at p: Point, radius: Double? = nil, explain: Bool = false, scratch: inout HitScratch) -> TouchResult {
        let cloud = scratch.cloud(radius ?? settings.touchRadius)
        let location = locate(at: p, cloud: cloud, record: explain, scratch: &scratch)
        let radius = cloud.radius
        let a = tapWinner(for: location, scratch: &scratch)
        let rule = decidingRule(a, location: location, scratch: scratch)
        if let (best, runner) = ambiguousCandidates(location, scratch: &scratch) {
            return TouchResult(point: p, outcome: .ambiguous, location: location, radius: radius, handler: a.fired,
                               simultaneous: a.simultaneousHandlers, candidates: .init(best, runner), rule: rule)
        }
        if let fired = a.fired {
            let byCell = fired.source == .row
            var candidates = TouchResult.Candidates()
            if let b = location.binding, location.responder >= 0 {
                candidates = .init(candidate(b.bound, score: b.score, at: p, handler: fired))
            }
            var result = TouchResult(point: p, outcome: firingOutcome(fired, at: location), location: location, radius: radius, handler: fired,
                                     simultaneous: a.simultaneousHandlers, candidates: candidates, rule: rule)
            // Nothing in the cell took it (or a view outside the cell did, by ring samples): the cell did.
            if byCell && (result.hitView < 0 || row(of: result.hitView) != location.row) { result.hitView = location.row }
            return result
        }
        if let disabled = a.disabled {
            return TouchResult(point: p, outcome: .disabled, location: location, radius: radius, disabledHandler: disabled)
        }
        // Nothing fires: blocked if removing a view lets something fire — a candidate that kept a target from
        // winning the binding (a card behind a button that covers as much of the touch), then the views on
        // the path, deepest first. Taking away a view whose subtree holds every handler leaves nothing to
        // fire: no binding is needed to tell.
        func interceptsFor(_ v: Int, _ scratch: inout HitScratch) -> Handler? {
            guard handlersOutside[v] else { return nil }
            let behind = locate(at: p, cloud: cloud, excluding: v..<snapshot.nodes[v].end, scratch: &scratch)
            guard behind.node >= 0 || behind.responder >= 0 else { return nil }
            return tapWinner(for: behind, scratch: &scratch).fired
        }
        func blocked(by v: Int, meantFor fired: Handler) -> TouchResult {
            TouchResult(point: p, outcome: .blocked, location: location, radius: radius, interceptor: v, meantFor: fired, rule: rule)
        }
        // (The suspects in order, without a list of them: the runner-up, the best, then the path up.)
        if let stop = location.binding?.stop {
            var suspects: (Int, Int) = (-1, -1)
            if let c = stop.runnerUp, tapWinner(responder: c.bound, scratch: &scratch) == nil { suspects.0 = Int(responderTable.tree.node[Int(c.bound)]) }
            if let c = stop.best, tapWinner(responder: c.bound, scratch: &scratch) == nil { suspects.1 = Int(responderTable.tree.node[Int(c.bound)]) }
            if suspects.0 >= 0, let fired = interceptsFor(suspects.0, &scratch) { return blocked(by: suspects.0, meantFor: fired) }
            if suspects.1 >= 0, let fired = interceptsFor(suspects.1, &scratch) { return blocked(by: suspects.1, meantFor: fired) }
        }
        var v = location.node
        while v >= 0 {
            if let fired = interceptsFor(v, &scratch) { return blocked(by: v, meantFor: fired) }
            v = snapshot.nodes[v].parent
        }
        return TouchResult(point: p, outcome: .miss, location: location, radius: radius, rule: rule)
    }
}
