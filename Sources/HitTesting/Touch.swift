import TapModel

/// What a single tap at a point does (snapshot.md, "Outcomes of one touch").
public struct TouchResult: Sendable {
    public enum Outcome: String, Sendable, CaseIterable, Comparable {
        case hit, expanded, ambiguous, blocked, disabled, miss

        /// Whether something fires for sure (R1 counts these as firing).
        public var fires: Bool { self == .hit || self == .expanded }

        public static func < (a: Outcome, b: Outcome) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// A handler an exact touch within the tolerance would fire (S9), or the
    /// handler an exact hit fires (distance 0).
    public struct Candidate: Sendable {
        public let handler: Handler
        /// How far the nearest spot that fires it is from the touch.
        public let distance: Double
        public let spot: Point
        /// The view that takes a touch at that spot.
        public let hitView: Int
    }

    public var point: Point
    public var outcome: Outcome
    /// The view that took the touch; for `expanded`/`ambiguous`, the view at the
    /// winner's spot; -1 when nothing took it.
    public var hitView: Int
    /// What fires (for `ambiguous`, the nearest candidate: a device may pick any).
    public var handler: Handler?
    /// Simultaneous gestures that fire as well.
    public var simultaneous: [Handler] = []
    public var candidates: [Candidate] = []
    /// `blocked`: the view that intercepts, and what would have fired without it.
    public var interceptor: Int = -1
    public var meantFor: Handler?
    /// `disabled`: the handler that would have fired.
    public var disabledHandler: Handler?
}

extension HitTester {
    /// Resolves a tap at `p` with the settings' touch radius: exact hit testing,
    /// then the tolerance disk (S9), then whether something was blocked.
    ///
    /// - Parameter candidateLimit: stop the tolerance search once this many
    ///   distinct handlers are found (coverage needs only to tell one from many).
    /// - Complexity: one R-tree query for an exact hit; a tolerance search adds
    ///   a few per region boundary within the radius.
    public func resolve(at p: Point, candidateLimit: Int = .max) -> TouchResult {
        var scratch = HitScratch()
        return resolve(at: p, candidateLimit: candidateLimit, scratch: &scratch)
    }

    /// `resolve(at:candidateLimit:)` with reusable buffers.
    public func resolve(at p: Point, candidateLimit: Int = .max, scratch: inout HitScratch) -> TouchResult {
        let hitView = land(at: p, scratch: &scratch)
        var result = TouchResult(point: p, outcome: .miss, hitView: hitView)
        if hitView >= 0 {
            let a = tapWinner(at: p, hitView: hitView, scratch: &scratch)
            if let fired = a.fired {
                result.outcome = .hit
                result.handler = fired
                result.simultaneous = a.simultaneousHandlers
                result.candidates = [.init(handler: fired, distance: 0, spot: p, hitView: hitView)]
                return result
            }
            if let disabled = a.disabled {
                result.outcome = .disabled
                result.disabledHandler = disabled
                return result
            }
        }
        // S9 applies when the centre is in no SwiftUI region: nothing took it, or
        // only a hosting view's own area (U5) did.
        let tolerant = hitView < 0 || hosting[hitView]
        if tolerant && settings.touchRadius > 0 {
            let candidates = toleranceCandidates(at: p, radius: settings.touchRadius, limit: candidateLimit, scratch: &scratch)
            if let nearest = candidates.first {
                result.outcome = candidates.count == 1 ? .expanded : .ambiguous
                result.handler = nearest.handler
                result.hitView = nearest.hitView
                result.candidates = candidates
                if candidates.count == 1 {
                    result.simultaneous = tapWinner(at: nearest.spot, hitView: nearest.hitView, scratch: &scratch).simultaneousHandlers
                }
                return result
            }
        }
        // Nothing fires: blocked if removing a view on the path (deepest first) lets something fire.
        var v = hitView
        while v >= 0 {
            let behind = land(at: p, excluding: v..<snapshot.nodes[v].end, scratch: &scratch)
            if behind >= 0, let fired = tapWinner(at: p, hitView: behind, scratch: &scratch).fired {
                result.outcome = .blocked
                result.interceptor = v
                result.meantFor = fired
                return result
            }
            v = snapshot.nodes[v].parent
        }
        result.outcome = .miss
        return result
    }
}
