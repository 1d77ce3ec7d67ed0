import TapModel
import TapRules

/// S9 Touch tolerance [r = 10 pt]: a touch is a disk. If the centre lies in a
/// SwiftUI region only the exact hit counts; otherwise the candidates are the
/// handlers an exact touch within r would fire (their distance: to the nearest
/// such spot). One → it fires (`expanded`); several → `ambiguous`. Nested
/// handlers reached through one spot are one candidate. UIKit regions take no
/// part (U4). r = 0 turns tolerance off. Where S9 applies is decided in
/// Touch.swift (`resolve`).
public enum S9TouchBinding: HitTestingRule {
    public static let description = RuleDescription(
        id: "S9",
        name: "touch binding",
        summary: "a touch near a SwiftUI target binds to it; between two it is ambiguous; UIKit takes no part",
        triggeringExamples: [
            // A tap 6 pt beside a button fires it at r = 10.
            HitExample(#"{"id":"screen","type":"ZStack","frame":[0,0,300,300],"children":[{"id":"close","type":"Image","frame":[100,100,24,24],"modifiers":[{"onTapGesture":{"action":"close"}}]}]}"#,
                       tap: Point(130, 112), .expanded, fires: "close", radius: 10),
        ],
        nonTriggeringExamples: [
            HitExample(#"{"id":"screen","type":"ZStack","frame":[0,0,300,300],"children":[{"id":"close","type":"Image","frame":[100,100,24,24],"modifiers":[{"onTapGesture":{"action":"close"}}]}]}"#,
                       tap: Point(130, 112), .miss, radius: 0),
        ])
}

extension HitTester {
    /// S9: the handlers an exact touch within `radius` of `c` would fire, each
    /// with the distance to the nearest spot that fires it, nearest first (ties:
    /// the frontmost view first). Only spots that land on SwiftUI views count
    /// (UIKit hit testing is exact, U4). Nested handlers reached through one spot
    /// are one candidate: only the handler that wins there counts.
    ///
    /// The nearest spot of a region is the nearest point of one of the region
    /// shapes nearby, or, where a view in front covers that point, a point on
    /// the edge of what covers it: the feet of `c` on every edge and the
    /// crossings of edges are tried, each nudged a hair to either side.
    public func toleranceCandidates(at c: Point, radius r: Double, limit: Int = .max) -> [TouchResult.Candidate] {
        var scratch = HitScratch()
        return toleranceCandidates(at: c, radius: r, limit: limit, scratch: &scratch)
    }

    public func toleranceCandidates(at c: Point, radius r: Double, limit: Int = .max, scratch: inout HitScratch) -> [TouchResult.Candidate] {
        var local: [(shape: Int, distance: Double)] = []
        shapeIndex.query(x0: c.x - r, y0: c.y - r, x1: c.x + r, y1: c.y + r) { k in
            let d = shapes[Int(k)].distance(to: c)
            if d <= r { local.append((Int(k), d)) }
        }
        guard !local.isEmpty else { return [] }
        local.sort { $0.distance < $1.distance || ($0.distance == $1.distance && $0.shape < $1.shape) }
        let eps = 1e-6 * max(1, abs(c.x), abs(c.y))
        var found: [HandlerID: TouchResult.Candidate] = [:]

        /// Evaluates an exact touch at `spot`; records what fires. Returns the view that took it.
        @discardableResult
        func evaluate(_ spot: Point, distance d: Double) -> Int {
            let hv = land(at: spot, scratch: &scratch)
            guard hv >= 0, snapshot.nodes[hv].system == .swiftui else { return hv }
            guard let fired = tapWinner(at: spot, hitView: hv, scratch: &scratch).fired else { return hv }
            if let existing = found[fired.id] {
                if d < existing.distance { found[fired.id] = .init(handler: fired, distance: d, spot: spot, hitView: hv) }
            } else {
                found[fired.id] = .init(handler: fired, distance: d, spot: spot, hitView: hv)
            }
            return hv
        }

        // Phase 1: the nearest point of every SwiftUI region shape nearby.
        var covered: [Int] = []
        for (k, d) in local {
            let owner = Int(shapeOwner[k])
            if snapshot.nodes[owner].system == .uikit { continue }
            if d == 0 { covered.append(k); continue }  // c lies inside a shape that did not take it: gated or covered
            let q = shapes[k].closestPoint(to: c)
            let spot = q + (q - c) * (eps / d)
            if evaluate(spot, distance: d) != owner { covered.append(k) }
            if found.count >= limit { return sorted(found) }
        }
        // Phase 2: for shapes whose nearest point is covered by something else,
        // search the edges of everything nearby for the nearest uncovered spot.
        if !covered.isEmpty {
            var tried = Set<Point>()
            let outlines = local.map { shapes[$0.shape].outline() }
            func tryPoint(_ q: Point) {
                let d = q.distance(to: c)
                guard d <= r, tried.insert(q).inserted else { return }
                let s = eps * 0.7071
                var nudges = [Point(s, s), Point(-s, s), Point(s, -s), Point(-s, -s)]
                if d > 0 { let u = (q - c) * (eps / d); nudges.append(u); nudges.append(Point(-u.x, -u.y)) }
                for n in nudges { evaluate(q + n, distance: d) }
            }
            let box = Rect(c.x - r, c.y - r, 2 * r, 2 * r)
            for (li, entry) in local.enumerated() {
                for q in shapes[entry.shape].boundaryCandidates(near: c) where box.containsClosed(q) { tryPoint(q) }
                if found.count >= limit { return sorted(found) }
                // Crossings of this outline with every other nearby outline.
                for lj in (li + 1)..<local.count {
                    HitTester.crossings(outlines[li], outlines[lj], within: box) { tryPoint($0) }
                }
                if found.count >= limit { return sorted(found) }
            }
        }
        return sorted(found)
    }

    private func sorted(_ found: [HandlerID: TouchResult.Candidate]) -> [TouchResult.Candidate] {
        found.values.sorted {
            if $0.distance != $1.distance { return $0.distance < $1.distance }
            if $0.hitView != $1.hitView { return $0.hitView > $1.hitView }
            return $0.handler.id < $1.handler.id
        }
    }

    /// Calls `visit` with every crossing of an edge of `a` with an edge of `b` inside `box`.
    static func crossings(_ a: [Point], _ b: [Point], within box: Rect, _ visit: (Point) -> Void) {
        func edges(_ loop: [Point]) -> [(Point, Point)] {
            var result: [(Point, Point)] = []
            for i in 0..<loop.count {
                let p = loop[i], q = loop[(i + 1) % loop.count]
                if max(p.x, q.x) < box.minX || min(p.x, q.x) > box.maxX || max(p.y, q.y) < box.minY || min(p.y, q.y) > box.maxY { continue }
                result.append((p, q))
            }
            return result
        }
        let ea = edges(a), eb = edges(b)
        for (p1, p2) in ea {
            for (q1, q2) in eb {
                let d1 = p2 - p1, d2 = q2 - q1
                let denom = d1.x * d2.y - d1.y * d2.x
                if denom == 0 { continue }
                let w = q1 - p1
                let t = (w.x * d2.y - w.y * d2.x) / denom
                let u = (w.x * d1.y - w.y * d1.x) / denom
                if t >= 0 && t <= 1 && u >= 0 && u <= 1 {
                    visit(Point(p1.x + t * d1.x, p1.y + t * d1.y))
                }
            }
        }
    }
}
