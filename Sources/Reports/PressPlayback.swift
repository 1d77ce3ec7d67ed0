import Baselines
import HitTesting
import ReplayEngine
import RunResults
import TapJSON
import TapModel

/// The presses of one screen as the page's script plays them back: each marked press
/// with its outcome now and on the baseline, and the explanation `replay hit` gives of
/// it on each side (the touch's radius, the responders that scored and the one that
/// won), drawn when the press is selected; and every press of the suite as heat.
///
/// It is JSON in the page (`<script type="application/json">`), written once per
/// screen in compact arrays with shared tables (names, frames, reasons), so 100,000
/// presses stay a few MB and nothing is drawn until asked for (docs/report.md).
enum PressPlayback {
    static let outcomes = TouchResult.Outcome.allCases.map(\.rawValue)

    /// The explanation of a touch at a point on one side: who scored, who won.
    struct Explanation: Hashable {
        var winner: Int  // index into the frame table, -1: none
        var scored: [[Double]]  // [frame index, score, needed, took it (1/0)]
    }

    /// Shared tables of one screen's data.
    struct Tables {
        var frames: [String] = []  // `[id, x, y, w, h]` as JSON
        var frameIndex: [String: Int] = [:]
        var strings: [String] = []
        var stringIndex: [String: Int] = [:]
        var explanations: [Explanation] = []
        var explanationIndex: [Explanation: Int] = [:]

        mutating func frame(_ n: Node) -> Int {
            var w = JSONWriter(style: .compact)
            w.array { w in w.string(n.id); for v in [n.frame.minX, n.frame.minY, n.frame.width, n.frame.height] { w.rounded(v, places: 2) } }
            let key = w.text
            if let i = frameIndex[key] { return i }
            frames.append(key)
            frameIndex[key] = frames.count - 1
            return frames.count - 1
        }

        mutating func string(_ s: String) -> Int {
            if let i = stringIndex[s] { return i }
            strings.append(s)
            stringIndex[s] = strings.count - 1
            return strings.count - 1
        }

        mutating func explanation(_ e: Explanation) -> Int {
            if let i = explanationIndex[e] { return i }
            explanations.append(e)
            explanationIndex[e] = explanations.count - 1
            return explanations.count - 1
        }
    }

    /// How a tester explains a touch, with its nodes looked up by id.
    struct Side {
        let tester: HitTester
        let byID: [String: Int]
        var scratch = HitScratch()

        init(_ tester: HitTester) {
            self.tester = tester
            var ids: [String: Int] = [:]
            for (i, n) in tester.snapshot.nodes.enumerated() where ids[n.id] == nil { ids[n.id] = i }
            byID = ids
        }

        /// The responders that scored at each level of the bound path (best and runner-up, with
        /// what the best needed), and the node that fired (`fired`, from the replay).
        mutating func explain(at p: Point, radius: Double?, fired: String?, into t: inout Tables) -> Int {
            let r = tester.resolve(at: p, radius: radius, explain: true, scratch: &scratch)
            let nodes = tester.snapshot.nodes
            var best: [Int: (score: Double, needed: Double, took: Bool)] = [:]
            var order: [Int] = []
            for level in r.location.binding?.levels ?? [] {
                let needed = tester.profile.needed(against: level.runnerUp?.score ?? 0)
                for (k, side) in [level.best, level.runnerUp].enumerated() {
                    guard let side else { continue }
                    let n = tester.node(ofResponder: side.child)
                    guard n >= 0 else { continue }
                    let took = k == 0 && level.passed
                    if let old = best[n] {
                        best[n] = (max(old.score, side.score), old.needed, old.took || took)
                    } else {
                        best[n] = (side.score, k == 0 ? needed : 0, took)
                        order.append(n)
                    }
                }
            }
            let winner = fired.flatMap { byID[$0] }.map { t.frame(nodes[$0]) } ?? -1
            let scored = order.map { n -> [Double] in
                let b = best[n]!
                return [Double(t.frame(nodes[n])), JSONValue.round(b.score, places: 3), JSONValue.round(b.needed, places: 3), b.took ? 1 : 0]
            }
            return t.explanation(Explanation(winner: winner, scored: scored))
        }
    }

    /// The screen's presses as JSON (safe inside a `<script>` element).
    /// - Parameter limit: the most presses given one by one (regressed ones first); the
    ///   heat counts every press.
    static func json(_ s: SuiteOutcome, limit: Int = 200_000) -> String {
        var t = Tables()
        var now = s.pictureTester.map(Side.init)
        var before = s.baselineTester.map(Side.init)
        let radius = s.touchRadius ?? s.pictureTester?.settings.touchRadius ?? HitSettings.defaultTouchRadius
        var traces: [String] = [], traceIndex: [String: Int] = [:]
        let marks = Array((s.marks.filter(\.regressed) + s.marks.filter { !$0.regressed }).prefix(limit))
            .sorted { ($0.key.trace, $0.key.press) < ($1.key.trace, $1.key.press) }
        var w = JSONWriter(style: .compact)
        w.beginObject()
        w.field("radius", radius)
        w.key("canvas"); w.numbers([s.picture?.canvas.minX ?? 0, s.picture?.canvas.minY ?? 0, s.picture?.canvas.width ?? 0, s.picture?.canvas.height ?? 0])
        w.field("baseline", s.baselinePicture != nil)
        w.key("outcomes"); w.array(outcomes) { w, o in w.string(o) }
        w.key("presses")
        w.beginArray()
        for m in marks {
            let ti: Int
            if let i = traceIndex[m.key.trace] { ti = i } else { traces.append(m.key.trace); ti = traces.count - 1; traceIndex[m.key.trace] = ti }
            let code = outcomes.firstIndex(of: m.outcome.rawValue) ?? 2
            let fired = m.outcome.fires ? m.node : nil
            let nowExplained = now?.explain(at: m.at, radius: m.radius, fired: fired, into: &t) ?? -1
            // The baseline side: what the run compared it with, else what its snapshot does with the touch.
            var baseCode = -1, baseNode: String? = nil, baseExplained = -1
            if var b = before {
                let side = m.baseline
                if let side {
                    baseCode = outcomes.firstIndex(of: side.outcome.rawValue) ?? 2
                    baseNode = side.node
                } else {
                    let r = b.tester.resolve(at: m.at, radius: m.radius)
                    baseCode = outcomes.firstIndex(of: r.outcome.rawValue) ?? 2
                    baseNode = r.handler.map { b.tester.snapshot.nodes[$0.node].id }
                }
                baseExplained = b.explain(at: m.at, radius: m.radius, fired: (side?.outcome.fires ?? (baseCode <= 1)) ? baseNode : nil, into: &t)
                before = b
            } else if let side = m.baseline {
                baseCode = outcomes.firstIndex(of: side.outcome.rawValue) ?? 2
                baseNode = side.node
            }
            // [trace, press, x, y, radius, now, node now, baseline, node baseline, regressed, reason, why now, why baseline]
            w.line { w in
                w.array { w in
                    w.number(ti); w.number(m.key.press); w.rounded(m.at.x, places: 2); w.rounded(m.at.y, places: 2)
                    w.number(m.radius ?? radius)
                    w.number(code); w.number(m.node.map { t.string($0) } ?? -1)
                    w.number(baseCode); w.number(baseNode.map { t.string($0) } ?? -1)
                    w.number(m.regressed ? 1 : 0); w.number(t.string(m.reason))
                    w.number(nowExplained); w.number(baseExplained)
                }
            }
        }
        w.endArray()
        w.key("traces"); w.array(traces) { w, x in w.string(x) }
        w.key("strings"); w.array(t.strings) { w, x in w.string(x) }
        w.key("frames"); w.array(t.frames) { w, x in w.raw(x) }
        w.key("explanations")
        w.array(t.explanations) { w, e in
            w.line { w in w.array { w in w.number(e.winner); w.array(e.scored) { w, x in w.numbers(x) } } }
        }
        w.key("heat")
        if let heat = s.heat {
            w.object { w in
                w.field("cell", heat.cell)
                w.field("total", heat.total)
                w.key("cells")
                w.array { w in for c in heat.counts { w.number(c.column); w.number(c.row); w.number(c.fired); w.number(c.missed) } }
            }
        } else {
            w.null()
        }
        w.endObject()
        // Inside <script>, "</" could close the element: JSON allows "<\/" for it.
        return w.text.replacingOccurrences(of: "</", with: "<\\/")
    }
}
