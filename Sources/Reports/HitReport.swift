import HitTesting
import TapJSON
import TapModel

/// `replay hit`: one touch explained, as the JSON of the hit contract or as text.
public enum HitReport {
    /// `{ point, outcome, node, handler, path, candidates, reason }`, plus what applies of
    /// simultaneous, interceptor/meantFor and disabledHandler.
    public static func json(_ r: TouchResult, tester: HitTester) -> String {
        let nodes = tester.snapshot.nodes
        var w = JSONWriter(style: .pretty)
        w.object { w in
            w.key("point"); w.numbers([r.point.x, r.point.y])
            w.field("outcome", r.outcome.rawValue)
            w.field("node", r.outcome == .miss || r.hitView < 0 ? nil : nodes[r.hitView].id)
            w.key("handler")
            if let h = r.handler {
                w.object { w in
                    w.field("node", nodes[h.node].id)
                    w.field("action", h.action)
                    w.field("gesture", h.gestureName)
                    w.field("entry", tester.entryName(of: h))
                    if case .row = h.source {
                        w.key("actions")
                        w.array(h.rowActions) { w, a in w.string(a) }
                    }
                }
            } else {
                w.null()
            }
            w.key("path")
            w.array(r.hitView >= 0 ? tester.path(to: r.hitView) : []) { w, i in w.string(nodes[i].id) }
            w.key("candidates")
            w.array(r.candidates) { w, c in
                w.object { w in
                    w.field("node", nodes[c.handler?.node ?? c.node].id)
                    w.field("action", c.handler?.action)
                    w.field("view", nodes[c.node].id)
                    w.field("score", rounded: c.score)
                    w.field("distance", rounded: c.distance)
                }
            }
            w.field("reason", tester.reason(for: r))
            if let rule = r.rule { w.field("rule", rule) }
            w.field("profile", tester.profile.description)
            w.field("radius", r.radius)
            w.key("scores")
            w.array(r.location.binding?.levels ?? []) { w, level in
                func side(_ key: String, _ s: (child: Int32, bound: Int32, score: Double)?, _ w: inout JSONWriter) {
                    w.key(key)
                    guard let s else { w.null(); return }
                    w.object { w in
                        w.field("node", nodes[tester.node(ofResponder: s.child)].id)
                        w.field("responder", tester.kindName(ofResponder: s.child))
                        w.field("score", rounded: s.score)
                    }
                }
                w.object { w in
                    w.field("node", nodes[tester.node(ofResponder: level.responder)].id)
                    w.field("responder", tester.kindName(ofResponder: level.responder))
                    w.field("score", rounded: level.score)
                    side("best", level.best, &w)
                    side("runnerUp", level.runnerUp, &w)
                    w.field("needed", rounded: level.best == nil ? nil : tester.profile.needed(against: level.runnerUp?.score ?? 0))
                    w.field("passed", level.passed)
                }
            }
            if !r.simultaneous.isEmpty {
                w.key("simultaneous")
                w.array(r.simultaneous) { w, h in
                    w.object { w in w.field("node", nodes[h.node].id); w.field("action", h.action); w.field("gesture", h.gestureName) }
                }
            }
            if let meant = r.meantFor {
                w.field("interceptor", nodes[r.interceptor].id)
                w.key("meantFor")
                w.object { w in w.field("node", nodes[meant.node].id); w.field("action", meant.action) }
            }
            if let d = r.disabledHandler {
                w.key("disabledHandler")
                w.object { w in w.field("node", nodes[d.node].id); w.field("action", d.action) }
            }
        }
        return w.text + "\n"
    }

    public static func text(_ r: TouchResult, tester: HitTester) -> String {
        let nodes = tester.snapshot.nodes
        var lines: [String] = []
        lines.append("\(r.outcome.rawValue.uppercased()) at \(r.point): \(tester.reason(for: r))")
        if r.hitView >= 0 {
            lines.append("  path:     \(tester.path(to: r.hitView).map { nodes[$0].id }.joined(separator: " > "))")
        }
        if let h = r.handler {
            lines.append("  handler:  \(tester.describe(h)) [\(h.gestureName)]")
        }
        for h in r.simultaneous {
            lines.append("  also:     \(tester.describe(h)) [simultaneous]")
        }
        lines.append("  touch:    \(JSONValue.format(r.radius)) pt, profile \(tester.profile) (\(tester.profileChoice.because))")
        for level in r.location.binding?.levels ?? [] {
            guard let best = level.best else { continue }
            func name(_ r: Int32) -> String { "\(nodes[tester.node(ofResponder: r)].id) (\(tester.kindName(ofResponder: r)))" }
            func number(_ d: Double) -> String { JSONValue.format(JSONValue.round(d, places: 2)) }
            let runner = level.runnerUp.map { ", runner-up \(name($0.child)) \(number($0.score))" } ?? ""
            let needed = number(tester.profile.needed(against: level.runnerUp?.score ?? 0))
            lines.append("  in \(name(level.responder)): best \(name(best.child)) \(number(best.score))\(runner), needed \(needed): "
                         + (level.passed ? "it takes the touch" : "the container responds"))
        }
        return lines.joined(separator: "\n")
    }
}
