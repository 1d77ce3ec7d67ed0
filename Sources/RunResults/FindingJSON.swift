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
        var cache = Cache(keeping: false)
        writeFinding(f, to: &w, cache: &cache)
    }

    /// What a regressed run writes over and over, written once per style: a press's side per distinct
    /// side (a quarter of a million findings have a handful), and the fields a press's finding shares
    /// with the others of its target, sides and message — all but its rule, suite, trace, press and
    /// point — and its rule, suite and trace (a run's findings come trace by trace). Each is known
    /// by its very strings, and each entry keeps what it was written from.
    public struct Cache {
        struct SideKey: Hashable {
            let side: Finding.Side.Identity
            let spaced: Bool
        }
        /// The fields up to `trace`, by what they are written from.
        struct HeadKey: Hashable {
            let rule: Rule, suite: TextKey.Same, trace: TextKey.Same?, spaced: Bool

            func hash(into h: inout Hasher) {
                h.combine(TextKey.Same.mix(TextKey.Same(rule.rawValue).bits, suite.bits, trace?.bits ?? 1, spaced ? 1 : 0))
            }
        }
        /// The fields from `node` on, by everything they are written from; hashed by its parts mixed
        /// into one word (`bits`), compared part by part.
        struct TailKey: Hashable {
            let rule: Rule
            let node: TextKey.Same?, action: TextKey.Same?, expect: TextKey.Same?, message: TextKey.Same
            let before: Finding.Side.Identity, after: Finding.Side.Identity
            let traced: Bool, probe: Bool, spaced: Bool
            let bits: UInt64

            init(_ f: Finding, before: Finding.Side.Identity, after: Finding.Side.Identity, spaced: Bool) {
                rule = f.rule; node = f.node.map(TextKey.Same.init); action = f.action.map(TextKey.Same.init)
                expect = f.expect.map(TextKey.Same.init); message = TextKey.Same(f.message)
                self.before = before; self.after = after; traced = f.trace != nil; probe = f.probe; self.spaced = spaced
                let flags = UInt64(traced ? 1 : 0) | UInt64(probe ? 2 : 0) | UInt64(spaced ? 4 : 0)
                bits = TextKey.Same.mix(node?.bits ?? 1, action?.bits ?? 2, expect?.bits ?? 3, message.bits, before.bits, after.bits,
                                        flags, TextKey.Same(rule.rawValue).bits)
            }

            func hash(into h: inout Hasher) { h.combine(bits) }
        }
        private var sides: [SideKey: (bytes: [UInt8], side: Finding.Side)] = [:]
        private var heads: [HeadKey: (bytes: [UInt8], finding: Finding)] = [:]
        private var tails: [TailKey: (bytes: [UInt8], finding: Finding)] = [:]
        private let keeping: Bool
        /// - Parameter keeping: keep what is written (else everything is written afresh).
        public init(keeping: Bool = true) { self.keeping = keeping }

        /// Writes `s` as `writeSide` does: the bytes kept for it when it is a press's side on one line.
        mutating func write(_ s: Finding.Side, to w: inout JSONWriter) {
            guard keeping, !w.style.pretty, let identity = s.identity else { writeSide(s, to: &w); return }
            let key = SideKey(side: identity, spaced: w.style.spaced)
            if let known = sides[key] {
                w.raw(utf8: known.bytes)
                return
            }
            var one = JSONWriter(style: w.style)
            writeSide(s, to: &one)
            Cache.keep(&sides, key, (one.bytes, s))  // the side keeps its strings, so none can take their place in memory
            w.raw(utf8: one.bytes)
        }

        /// Writes the fields of `f` from `node` on into its open object, as `writeTail` does: the bytes kept
        /// for them when `f` is a press's finding (both sides a press's, not a known problem) on one line.
        mutating func writeTail(_ f: Finding, to w: inout JSONWriter) {
            guard keeping, !w.style.pretty, !f.isAccepted, f.worse == nil, let (before, after) = f.pressSides else {
                FindingJSON.writeTail(f, to: &w, cache: &self)
                return
            }
            let key = TailKey(f, before: before, after: after, spaced: w.style.spaced)
            if let known = tails[key] {
                w.fields(utf8: known.bytes)
                return
            }
            let bytes = Cache.fields(w.style) { FindingJSON.writeTail(f, to: &$0, cache: &self) }
            Cache.keep(&tails, key, (bytes, f))  // the finding keeps its strings, so none can take their place in memory
            w.fields(utf8: bytes)
        }

        /// Writes the fields of `f` up to `trace` into its open object, as `writeHead` does: the bytes
        /// kept for them on one line (a run's findings come trace by trace).
        mutating func writeHead(_ f: Finding, to w: inout JSONWriter) {
            guard keeping, !w.style.pretty else { FindingJSON.writeHead(f, to: &w); return }
            let key = HeadKey(rule: f.rule, suite: TextKey.Same(f.suite), trace: f.trace.map(TextKey.Same.init), spaced: w.style.spaced)
            if let known = heads[key] {
                w.fields(utf8: known.bytes)
                return
            }
            let bytes = Cache.fields(w.style) { FindingJSON.writeHead(f, to: &$0) }
            Cache.keep(&heads, key, (bytes, f))
            w.fields(utf8: bytes)
        }

        /// The fields `write` writes into an object of `style`, as bytes (without the brace that opens it).
        private static func fields(_ style: JSONWriter.Style, _ write: (inout JSONWriter) -> Void) -> [UInt8] {
            var one = JSONWriter(style: style)
            one.beginObject()
            write(&one)
            return Array(one.bytes.dropFirst())
        }

        /// Keeps `value` under `key`, starting the table afresh once it holds 4,096 entries.
        private static func keep<K, V>(_ table: inout [K: V], _ key: K, _ value: V) {
            if table.count >= 4096 { table.removeAll(keepingCapacity: true) }
            table[key] = value
        }
    }

    /// `writeFinding`, with what repeats written once (`Cache`).
    public static func writeFinding(_ f: Finding, to w: inout JSONWriter, cache: inout Cache) {
        w.object { w in
            cache.writeHead(f, to: &w)
            if let p = f.press { w.field("press", p) }
            if let a = f.at { w.key("at"); w.numbers(JSONValue.round(a.x), JSONValue.round(a.y)) }
            cache.writeTail(f, to: &w)
        }
    }

    /// The fields of a finding up to `trace` (into its open object).
    static func writeHead(_ f: Finding, to w: inout JSONWriter) {
        w.field("rule", f.rule.rawValue)
        w.field("suite", f.suite)
        if let t = f.trace { w.field("trace", t) }
    }

    /// The fields of a finding from `node` on (into its open object).
    static func writeTail(_ f: Finding, to w: inout JSONWriter, cache: inout Cache) {
        w.field("node", f.node)
        w.field("action", f.action)
        if let e = f.expect { w.field("expect", e) }
        w.key("before")
        if let b = f.before { cache.write(b, to: &w) } else { w.null() }
        w.key("after")
        if let a = f.after { cache.write(a, to: &w) } else { w.null() }
        w.field("message", f.message)
        if f.trace != nil { w.field("probe", f.probe) }
        if let c = f.causeNode { w.field("cause", c) }
        if let k = f.accepted { w.key("known"); writeAcceptance(k, to: &w) }
        if let worse = f.worse { w.field("worseThanAccepted", worse) }
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
            if let level = k.level { w.key("level"); level.write(to: &w) }
            w.field("who", k.who)
            w.field("why", k.why)
            w.field("since", k.since)
        }
    }
}
