import TapJSON
import TapModel

extension HitTester {
    /// How a report names a handler: the modifier that attached it (`onTapGesture`,
    /// `highPriorityGesture`, ...), `Button`, `control` or the recognizer type.
    public func entryName(of h: Handler) -> String { HitTester.entryName(of: h, in: snapshot.nodes) }

    static func entryName(of h: Handler, in nodes: [Node]) -> String {
        switch h.source {
        case .swiftUI(let m) where m < 0: return "Button"
        case .swiftUI(let m):
            if case .gesture(let a) = nodes[h.node].modifiers[m] { return a.entry }
            return "gesture"
        case .control: return "control"
        case .recognizer: return "\(h.gestureName) recognizer"
        }
    }

    /// `row.flowMeter's onTapGesture (openFlowMeter)` (worked out once per handler).
    public func describe(_ h: Handler) -> String { descriptions[h.node][h.slot] }

    /// `row.flowMeter's onTapGesture (openFlowMeter) fires` (worked out once per handler).
    public func firesReason(_ h: Handler) -> String { firesReasons[h.node][h.slot] }

    static func describe(_ h: Handler, in nodes: [Node]) -> String {
        let action = h.action.map { " (\($0))" } ?? ""
        return "\(nodes[h.node].id)'s \(entryName(of: h, in: nodes))\(action)"
    }

    /// A one-line human reason for a touch result.
    public func reason(for r: TouchResult) -> String {
        let nodes = snapshot.nodes
        func id(_ i: Int) -> String { nodes[i].id }
        let radius = JSONValue.format(settings.touchRadius)
        switch r.outcome {
        case .hit:
            guard let h = r.handler else { return "" }
            var text: String
            if r.hitView == h.node {
                text = "tap on \(id(h.node)) fires \(describe(h))"
            } else {
                text = "\(id(r.hitView)) takes the tap; \(describe(h)) fires"
            }
            if !r.simultaneous.isEmpty {
                text += "; \(r.simultaneous.map(describe).joined(separator: ", ")) fire\(r.simultaneous.count == 1 ? "s" : "") as well"
            }
            return text
        case .expanded:
            guard let c = r.candidates.first else { return "" }
            return "no view takes the tap at the point; \(id(c.handler.node)) is \(format(c.distance)) pt away, within the \(radius) pt touch radius, so \(describe(c.handler)) fires"
        case .ambiguous:
            let list = r.candidates.map { "\(id($0.handler.node)) (\(format($0.distance)) pt)" }.joined(separator: ", ")
            return "no view takes the tap at the point; \(r.candidates.count) handlers lie within the \(radius) pt touch radius: \(list); a device may pick any, the nearest is \(id(r.candidates[0].handler.node))"
        case .blocked:
            guard let meant = r.meantFor else { return "" }
            var text = "\(id(r.interceptor)) intercepts the tap meant for \(id(meant.node))"
            if let masked = maskedTapOnPath(from: r.hitView) {
                text += "; its own \(entryName(of: masked)) on \(id(masked.node)) is switched off by a gesture mask (S11)"
            }
            return text
        case .disabled:
            guard let h = r.disabledHandler else { return "" }
            return "\(describe(h)) would fire but is disabled\(disabledReason(h))"
        case .miss:
            return explainMiss(r)
        }
    }

    private func format(_ d: Double) -> String { JSONValue.format(JSONValue.round(d, places: 2)) }

    /// Why nothing fires: find the target the tap was probably meant for (the
    /// frontmost one whose frame holds the point) and say what keeps it away.
    private func explainMiss(_ r: TouchResult) -> String {
        let nodes = snapshot.nodes
        let p = r.point
        guard let target = targets.last(where: { nodes[$0].frame.contains(p) }) else {
            if r.hitView >= 0 { return "\(nodes[r.hitView].id) takes the tap, but nothing there handles a tap" }
            return "nothing at \(p) handles a tap"
        }
        let name = nodes[target].id
        // Something on the chain takes no touches at all (S5, U1).
        var chain: [Int] = []
        var a = target
        while a >= 0 { chain.append(a); a = nodes[a].parent }
        for v in chain.reversed() {
            if let why = whyDead(v) {
                return v == target ? "\(name) takes no touches: \(why)" : "\(name) takes no touches: \(why) on \(nodes[v].id)"
            }
        }
        // A gate on the way excludes the point (U2, or a narrowing contentShape).
        for v in chain.reversed() where gateShape[v] >= 0 && !shapes[Int(gateShape[v])].contains(p) {
            if nodes[v].system == .uikit { return whyOutsideSuperview(target, gate: v) }
            return v == target ? "\(name): the point is outside its contentShape" : "\(name): the contentShape of \(nodes[v].id) does not cover the point"
        }
        let taps = handlers[target].filter { $0.isTapLike }
        if !taps.isEmpty && taps.allSatisfy({ $0.isMasked }) {
            return "\(name): its \(entryName(of: taps[0])) is switched off by a gesture mask (S11)"
        }
        if let h = taps.first, let why = whyHollow(target, handler: h) { return why }
        if r.hitView >= 0 && r.hitView != target && !snapshot.isInSubtree(r.hitView, of: target) {
            return "\(nodes[r.hitView].id) takes the tap, and \(name) would not fire without it either"
        }
        return "\(name) does not handle a tap at this point"
    }
}
