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
                }
            } else {
                w.null()
            }
            w.key("path")
            w.array(r.hitView >= 0 ? tester.path(to: r.hitView) : []) { w, i in w.string(nodes[i].id) }
            w.key("candidates")
            w.array(r.candidates) { w, c in
                w.object { w in
                    w.field("node", nodes[c.handler.node].id)
                    w.field("action", c.handler.action)
                    w.field("distance", rounded: c.distance)
                }
            }
            w.field("reason", tester.reason(for: r))
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
        if r.candidates.count > 1 || r.outcome == .expanded {
            lines.append("  within \(JSONValue.format(tester.settings.touchRadius)) pt:")
            for c in r.candidates {
                lines.append("    \(JSONValue.format(JSONValue.round(c.distance, places: 2))) pt  \(tester.describe(c.handler))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
