import HitTesting
import TapModel

/// `replay hit`: one touch explained, as the JSON of baseline-and-cli.md or as text.
public enum HitReport {
    public static func json(_ r: TouchResult, tester: HitTester) -> JSONValue {
        let nodes = tester.snapshot.nodes
        let handler: JSONValue = r.handler.map { h in
            .object([
                "node": .string(nodes[h.node].id),
                "action": .string(h.action),
                "gesture": .string(h.gestureName),
                "entry": .string(tester.entryName(of: h)),
            ])
        } ?? .null
        let node: JSONValue = r.outcome == .miss || r.hitView < 0 ? .null : .string(nodes[r.hitView].id)
        let path: [Int] = r.hitView >= 0 ? tester.path(to: r.hitView) : []
        var pairs: [JSONValue.Pair] = [
            .init("point", .array([.number(r.point.x), .number(r.point.y)])),
            .init("outcome", .string(r.outcome.rawValue)),
            .init("node", node),
            .init("handler", handler),
            .init("path", .array(path.map { .string(nodes[$0].id) })),
            .init("candidates", .array(r.candidates.map { c in
                .object([
                    "node": .string(nodes[c.handler.node].id),
                    "action": .string(c.handler.action),
                    "distance": .rounded(c.distance),
                ])
            })),
            .init("reason", .string(tester.reason(for: r))),
        ]
        if !r.simultaneous.isEmpty {
            pairs.append(.init("simultaneous", .array(r.simultaneous.map { h in
                .object(["node": .string(nodes[h.node].id), "action": .string(h.action), "gesture": .string(h.gestureName)])
            })))
        }
        if let meant = r.meantFor {
            pairs.append(.init("interceptor", .string(nodes[r.interceptor].id)))
            pairs.append(.init("meantFor", .object(["node": .string(nodes[meant.node].id), "action": .string(meant.action)])))
        }
        if let d = r.disabledHandler {
            pairs.append(.init("disabledHandler", .object(["node": .string(nodes[d.node].id), "action": .string(d.action)])))
        }
        return .object(pairs)
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
