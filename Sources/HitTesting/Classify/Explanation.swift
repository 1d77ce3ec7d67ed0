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
        case .touchAction: return "touchAction"
        case .row: return "row"
        }
    }

    /// `row.flowMeter's onTapGesture (openFlowMeter)` (worked out once per handler).
    public func describe(_ h: Handler) -> String { descriptions[h.node][h.slot] }

    /// `describe`, naming the action that fired when it is not the handler's own (a part of a composition).
    public func describe(_ h: Handler, firing action: String?) -> String {
        guard let action, action != h.action, h.source != .row else { return describe(h) }
        return Self.describe(h, in: snapshot.nodes, action: action)
    }

    /// `row.flowMeter's onTapGesture (openFlowMeter) fires` (worked out once per handler).
    public func firesReason(_ h: Handler) -> String { firesReasons[h.node][h.slot] }

    /// `firesReason`, naming the action that fired when it is not the handler's own: the part of a
    /// composition that recognized (the double tap of `exclusively(double, single)`).
    public func firesReason(_ h: Handler, firing action: String?) -> String {
        guard let action, action != h.action, h.source != .row else { return firesReason(h) }
        return describe(h, firing: action) + " fires"
    }

    /// A control whose kind the snapshot does not give, with an enabled tap recognizer above it that it beat (U6).
    func unknownKindShielded(_ h: Handler) -> Bool {
        guard case .control = h.source, (h.controlKind ?? .unknown) == .unknown else { return false }
        var v = snapshot.nodes[h.node].parent
        while v >= 0 {
            // An enabled single-tap recognizer: the one a tap on the control would otherwise have fired.
            if handlers[v].contains(where: {
                if case .recognizer = $0.source { return $0.isTapLike && $0.gesture.maxTapCount <= 1 && !$0.isDisabled && !$0.isMasked }
                return false
            }) { return true }
            v = snapshot.nodes[v].parent
        }
        return false
    }

    static func describe(_ h: Handler, in nodes: [Node], action named: String? = nil) -> String {
        if case .row = h.source {
            let actions = h.rowActions.isEmpty ? "" : " (\(h.rowActions.joined(separator: ", ")))"
            return "\(nodes[h.node].id)'s row\(actions)"
        }
        let action = (named ?? h.action).map { " (\($0))" } ?? ""
        return "\(nodes[h.node].id)'s \(entryName(of: h, in: nodes))\(action)"
    }

    /// A one-line human reason for a touch result.
    public func reason(for r: TouchResult) -> String {
        var scratch = HitScratch()
        return reason(for: r, scratch: &scratch)
    }

    /// `reason(for:)`, with the texts a replay writes again and again kept in `scratch`.
    public func reason(for r: TouchResult, scratch: inout HitScratch) -> String {
        let nodes = snapshot.nodes
        func id(_ i: Int) -> String { nodes[i].id }
        var touch: String { "\(JSONValue.format(r.radius)) pt touch, \(profile)" }
        switch r.outcome {
        case .hit:
            guard let h = r.handler else { return "" }
            var text: String
            if case .row = h.source {
                let kinds = rowControlKinds(h.node)
                text = "\(id(h.node)) takes the tap: the cell is the target of its \(kinds)"
                text += h.rowActions.count > 1 ? "; \(h.rowActions.joined(separator: ", ")) fire together (S15)" : " (S12)"
            } else if r.hitView == h.node {
                text = "tap on \(id(h.node)) fires \(describe(h))"
            } else {
                text = "\(id(r.hitView)) takes the tap; \(describe(h)) fires"
            }
            if !r.simultaneous.isEmpty {
                text += "; \(r.simultaneous.map(describe).joined(separator: ", ")) fire\(r.simultaneous.count == 1 ? "s" : "") as well"
            }
            if r.rule == "U9", case .recognizer = h.source, h.cancelsTouches, r.hitView >= 0 {
                // What its recognizing cancelled: the raw-touch handlers on the path of the view hit (below the
                // recognizer's view or around it: a cell's selection), as `decidingRule` counts them.
                var cancelled: [String] = []
                var v = r.hitView
                while v >= 0 {
                    if v != h.node {
                        cancelled += handlers[v].filter { $0.isRawTouch && !$0.isDisabled && !r.simultaneous.contains($0) }.map { describe($0) }
                    }
                    v = nodes[v].parent
                }
                text += cancelled.isEmpty ? " (U9)" : "; \(cancelled.joined(separator: ", ")) \(cancelled.count == 1 ? "is" : "are") cancelled (U9)"
            } else if let rule = r.rule, rule != "S12", rule != "S15" {
                text += " (\(rule))"
            } else if unknownKindShielded(h) {
                // U6: `unknown` behaves as the shielded kinds, with a note (the answer is the one U4 always gave).
                text += " (note: the snapshot does not give the control's kind, so it is taken to be shielded from the tap recognizer above it as a button is, U6)"
            }
            return text
        case .expanded:
            guard let h = r.handler, let c = r.candidates.first else { return "" }
            // A neighbour beaten on the way down (a dot beside a card): name it and its score.
            let beaten = r.location.binding?.levels.lazy.compactMap { level -> (node: Int, score: Double)? in
                guard let runner = level.runnerUp else { return nil }
                return (self.node(ofResponder: runner.bound), runner.score)
            }.first { $0.node != c.node && $0.node != r.hitView }
            let against = beaten.map { " against \(id($0.node))'s \(format($0.score))" } ?? ""
            let start = beaten == nil ? "no view takes the tap at the point; " : ""
            return "\(start)the touch binds to \(id(c.node)) \(format(c.distance)) pt away, which covers \(format(c.score)) of the cloud's weight\(against) (\(touch)), so \(describe(h)) fires"
        case .ambiguous:
            guard r.candidates.count == 2 else { return "" }
            let a = r.candidates[0], b = r.candidates[1]
            let instead = r.handler.map { "; \(describe($0)) fires instead" } ?? "; nothing fires"
            return "\(id(a.node)) (\(format(a.score))) and \(id(b.node)) (\(format(b.score))) are within 20 % of each other (\(touch)), so their common container takes the touch\(instead)"
        case .blocked:
            guard let meant = r.meantFor else { return "" }
            var text = "\(id(r.interceptor)) intercepts the tap meant for \(id(meant.node))"
            if r.rule == "U10" {
                return text + ": a control fires only when it is itself the hit view, and \(id(r.interceptor)) is an interactive view inside it (U10)"
            }
            if let stop = r.location.binding?.stop, let best = stop.best, let runner = stop.runnerUp {
                let (mine, other) = node(ofResponder: runner.bound) == r.interceptor ? (runner, best) : (best, runner)
                if node(ofResponder: mine.bound) == r.interceptor {
                    text += ": it covers \(format(mine.score)) of the touch against \(id(node(ofResponder: other.bound)))'s \(format(other.score)), "
                        + "too close for either to take it (\(touch))"
                }
            }
            if let masked = maskedTapOnPath(from: r.hitView) {
                text += "; its own \(entryName(of: masked)) on \(id(masked.node)) is switched off by a gesture mask (S11)"
            }
            return text
        case .disabled:
            guard let h = r.disabledHandler else { return "" }
            return "\(describe(h)) would fire but is disabled\(disabledReason(h))"
        case .miss:
            if r.rule == "S18", r.hitView >= 0, let toggle = switchToggle(around: r.hitView) {
                return "\(id(toggle)) is a switch-style Toggle: only its switch responds, its label does not flip it (S18)"
            }
            return explainMiss(r, scratch: &scratch)
        }
    }

    /// "NavigationLink", "Buttons": what makes a row act (S13), for `hit`'s explanation.
    func rowControlKinds(_ row: Int) -> String {
        let nodes = snapshot.nodes
        var kinds: [String] = []
        if nodes[row].rowAction != nil { kinds.append("selection") }
        for v in (row + 1)..<nodes[row].end where Int(rowOf[v]) == row {
            if handlers[v].contains(where: { $0.isRowLevel }), !kinds.contains(nodes[v].type) { kinds.append(nodes[v].type) }
        }
        return kinds.isEmpty ? "row" : kinds.joined(separator: " and ")
    }

    private func format(_ d: Double) -> String { JSONValue.format(JSONValue.round(d, places: 2)) }

    /// Why nothing fires: a candidate that did not score enough to take the touch, or
    /// the target the tap was probably meant for (the frontmost one whose frame holds
    /// the point) and what keeps it away.
    private func explainMiss(_ r: TouchResult, scratch: inout HitScratch) -> String {
        let nodes = snapshot.nodes
        let p = r.point
        if let stop = r.location.binding?.stop, let short = r.location.binding?.deepestShortfall, let best = short.best {
            let needed = profile.needed(against: short.runnerUp?.score ?? 0)
            // The same few shortfalls explain most of a hollow row's presses: each text is written once per scratch.
            let key = ShortfallKey(tester: ObjectIdentifier(self), best: best.bound, score: best.score.bitPattern,
                                   needed: needed.bitPattern, stop: stop.responder, radius: r.radius.bitPattern)
            return scratch.shortfalls.text(key) {
                let container = responderTable.tree.kind[Int(stop.responder)] == .root ? "the screen" : nodes[Int(responderTable.tree.node[Int(stop.responder)])].id
                return "\(nodes[Int(responderTable.tree.node[Int(best.bound)])].id) covers \(format(best.score)) of the \(format(needed)) it needed "
                    + "(\(JSONValue.format(r.radius)) pt touch, \(profile)), so the touch binds to \(container), where nothing handles a tap"
            }
        }
        guard let target = targets.last(where: { nodes[$0].frame.contains(p) }) else {
            if r.hitView >= 0 { return "\(nodes[r.hitView].id) takes the tap, but nothing there handles a tap" }
            return "nothing at \(p) handles a tap"
        }
        // The text depends on the point only through the first gate on the chain that excludes it.
        var chain: [Int] = []
        var a = target
        while a >= 0 { chain.append(a); a = nodes[a].parent }
        let gate = chain.reversed().first { gateShape[$0] >= 0 && !shapes[Int(gateShape[$0])].contains(p) } ?? -1
        let key = MissKey(tester: ObjectIdentifier(self), target: target, hitView: r.hitView, gate: gate)
        return scratch.misses.text(key) { whyMissed(target, chain: chain, gate: gate, hitView: r.hitView) }
    }

    /// Why nothing fires at a point in `target`'s frame: `chain` is the target and its ancestors,
    /// `gate` the first of them (from the root) whose gate excludes the point, or -1.
    private func whyMissed(_ target: Int, chain: [Int], gate: Int, hitView: Int) -> String {
        let nodes = snapshot.nodes
        let name = nodes[target].id
        // Something on the chain takes no touches at all (S5, U1).
        for v in chain.reversed() {
            if let why = whyDead(v) {
                return v == target ? "\(name) takes no touches: \(why)" : "\(name) takes no touches: \(why) on \(nodes[v].id)"
            }
        }
        // A gate on the way excludes the point (U2, or a narrowing contentShape).
        if gate >= 0 {
            let v = gate
            if nodes[v].system == .uikit { return whyOutsideSuperview(target, gate: v) }
            return v == target ? "\(name): the point is outside its contentShape" : "\(name): the contentShape of \(nodes[v].id) does not cover the point"
        }
        let taps = handlers[target].filter { $0.isTapLike }
        if !taps.isEmpty && taps.allSatisfy({ $0.isMasked }) {
            return "\(name): its \(entryName(of: taps[0])) is switched off by a gesture mask (S11)"
        }
        if let h = taps.first, let why = whyHollow(target, handler: h) { return why }
        if hitView >= 0 && hitView != target && !snapshot.isInSubtree(hitView, of: target) {
            return "\(nodes[hitView].id) takes the tap, and \(name) would not fire without it either"
        }
        return "\(name) does not handle a tap at this point"
    }
}

/// What a shortfall's text is made of (the tester fixes the names and the profile).
struct ShortfallKey: Hashable {
    let tester: ObjectIdentifier
    let best: Int32, score: UInt64, needed: UInt64, stop: Int32, radius: UInt64
}

/// What the text of a miss away from a binding's shortfall is made of.
struct MissKey: Hashable {
    let tester: ObjectIdentifier
    let target: Int, hitView: Int, gate: Int
}

/// Texts written once and handed out again (a few thousand at most: then it starts afresh).
struct TextMemo<Key: Hashable> {
    private var texts: [Key: String] = [:]

    mutating func text(_ key: Key, write: () -> String) -> String {
        if let known = texts[key] { return known }
        if texts.count >= 4096 { texts.removeAll(keepingCapacity: true) }
        let text = write()
        texts[key] = text
        return text
    }
}
