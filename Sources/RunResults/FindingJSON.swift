import Baselines
import TapJSON
import TapModel

/// JSON of findings, shared by history and the reports.
public enum FindingJSON {
    public static func writeSide(_ s: Finding.Side, to w: inout JSONWriter) {
        w.object { w in
            if let v = s.outcome { w.field("outcome", v) }
            if s.outcome != nil || s.node != nil { w.field("node", s.node) }
            if s.outcome != nil || s.action != nil { w.field("action", s.action) }
            if s.outcome != nil { w.field("latencyMs", rounded: s.latencyMs) }
            if let v = s.own { w.field("own", rounded: v) }
            if let v = s.stolen { w.field("stolen", rounded: v) }
            if let v = s.blocked { w.field("blocked", rounded: v) }
            if let v = s.ambiguous { w.field("ambiguous", rounded: v) }
            if let v = s.disabled { w.field("disabled", rounded: v) }
            if let v = s.miss { w.field("miss", rounded: v) }
            if let v = s.stolenBy { w.field("stolenBy", v) }
            if let v = s.predicted { w.field("predicted", rounded: v) }
        }
    }

    /// One side as compact JSON text (history's `before` and `after` columns, JUnit details).
    public static func sideText(_ s: Finding.Side) -> String {
        var w = JSONWriter(style: .compact)
        writeSide(s, to: &w)
        return w.text
    }

    public static func writeFinding(_ f: Finding, to w: inout JSONWriter) {
        var sides = SideCache(keeping: false)
        writeFinding(f, to: &w, sides: &sides)
    }

    /// A press's side as JSON, written once per distinct side and style (a regressed run's
    /// hundreds of thousands of findings have a handful), known by its very strings.
    public struct SideCache {
        struct Key: Hashable {
            let side: Finding.Side.Identity
            let spaced: Bool
        }
        private var written: [Key: (bytes: [UInt8], side: Finding.Side)] = [:]
        private let keeping: Bool
        /// - Parameter keeping: keep what is written (else each side is written afresh).
        public init(keeping: Bool = true) { self.keeping = keeping }

        /// Writes `s` as `writeSide` does: the bytes kept for it when it is a press's side on one line.
        mutating func write(_ s: Finding.Side, to w: inout JSONWriter) {
            guard keeping, !w.style.pretty, let identity = s.identity else { writeSide(s, to: &w); return }
            let key = Key(side: identity, spaced: w.style.spaced)
            if let known = written[key] {
                w.raw(utf8: known.bytes)
                return
            }
            var one = JSONWriter(style: w.style)
            writeSide(s, to: &one)
            if written.count >= 4096 { written.removeAll(keepingCapacity: true) }
            written[key] = (one.bytes, s)  // the side keeps its strings, so none can take their place in memory
            w.raw(utf8: one.bytes)
        }
    }

    /// `writeFinding`, with the sides written once (`SideCache`).
    public static func writeFinding(_ f: Finding, to w: inout JSONWriter, sides: inout SideCache) {
        w.object { w in
            w.field("rule", f.rule.rawValue)
            w.field("suite", f.suite)
            if let t = f.trace { w.field("trace", t) }
            if let p = f.press { w.field("press", p) }
            if let a = f.at { w.key("at"); w.numbers(JSONValue.round(a.x), JSONValue.round(a.y)) }
            w.field("node", f.node)
            w.field("action", f.action)
            if let e = f.expect { w.field("expect", e) }
            w.key("before")
            if let b = f.before { sides.write(b, to: &w) } else { w.null() }
            w.key("after")
            if let a = f.after { sides.write(a, to: &w) } else { w.null() }
            w.field("message", f.message)
            if f.trace != nil { w.field("probe", f.probe) }
            if let c = f.causeNode { w.field("cause", c) }
            if let k = f.accepted { w.key("known"); writeAcceptance(k, to: &w) }
        }
    }

    /// Who accepted a known problem, why and since when: `{ "who", "why", "since" }`.
    public static func writeAcceptance(_ k: AcceptedProblem, to w: inout JSONWriter) {
        w.object { w in
            w.field("who", k.who)
            w.field("why", k.why)
            w.field("since", k.since)
        }
    }

    /// A known problem's entry as the baseline holds it (`fixed`, and what writing changed).
    public static func writeEntry(_ k: AcceptedProblem, to w: inout JSONWriter) {
        w.object { w in
            w.field("rule", k.rule)
            w.field("node", k.node)
            if let t = k.trace { w.field("trace", t) }
            if let p = k.press { w.field("press", p) }
            w.field("who", k.who)
            w.field("why", k.why)
            w.field("since", k.since)
        }
    }
}
