import HitTesting
import ReplayEngine
import TapJSON
import TapModel

/// One difference a run found, with everything a person needs to go straight
/// to the row in question: suite, trace, press, point, node, action, and what
/// it was before and is now.
public struct Finding: Sendable, Equatable {
    public enum Kind: String, Sendable { case regression, improvement, new }

    /// What a press or target was, on one side of the comparison.
    public struct Side: Sendable, Hashable {
        public var outcome: String?
        public var node: String?
        public var action: String?
        public var latencyMs: Double?
        /// R4: the coverage fractions (4 decimals) and the target that takes stolen taps.
        public var own: Double? { get { target.own } set { target.own = newValue } }
        public var stolen: Double? { get { target.stolen } set { target.stolen = newValue } }
        public var blocked: Double? { get { target.blocked } set { target.blocked = newValue } }
        public var ambiguous: Double? { get { target.ambiguous } set { target.ambiguous = newValue } }
        public var disabled: Double? { get { target.disabled } set { target.disabled = newValue } }
        public var miss: Double? { get { target.miss } set { target.miss = newValue } }
        public var stolenBy: String? { get { target.stolenBy } set { target.stolenBy = newValue } }
        /// R7: the predicted first-try success (4 decimals).
        public var predicted: Double? { get { target.predicted } set { target.predicted = newValue } }

        /// What only a target's side has, boxed: a press's side (a regressed run holds hundreds of
        /// thousands, two to a finding) is then its three strings and latency.
        private struct TargetFields: Hashable, Sendable {
            var own, stolen, blocked, ambiguous, disabled, miss, predicted: Double?
            var stolenBy: String?
        }
        private enum Boxed: Hashable, Sendable { indirect case fields(TargetFields) }
        /// Nil when every target field is (so sides equal field by field are equal).
        private var boxed: Boxed?
        private var target: TargetFields {
            get { if case .fields(let f)? = boxed { f } else { TargetFields() } }
            set { boxed = newValue == TargetFields() ? nil : .fields(newValue) }
        }

        public init(outcome: String? = nil, node: String? = nil, action: String? = nil, latencyMs: Double? = nil,
                    own: Double? = nil, miss: Double? = nil) {
            self.outcome = outcome; self.node = node; self.action = action; self.latencyMs = latencyMs
            if own != nil || miss != nil { target = TargetFields(own: own, miss: miss) }
        }

        public init(_ p: PressSide) {
            self.init(outcome: p.outcome.rawValue, node: p.node, action: p.action, latencyMs: p.latencyMs)
        }

        /// A press's side as its very strings and latency (found without reading or hashing their text:
        /// a regressed run has hundreds of thousands of sides and a handful of distinct ones); nil for a
        /// target's side. Equal for the very same strings; a table keyed by it keeps the side too, so no
        /// other string can take the place of one of them in memory.
        public struct Identity: Hashable, Sendable {
            let outcome: TextKey.Same?, node: TextKey.Same?, action: TextKey.Same?, latency: UInt64?

            /// Its parts mixed into one word (`TextKey.Same.bits`), for keys made of several identities.
            public var bits: UInt64 {
                TextKey.Same.mix(outcome?.bits ?? 1, node?.bits ?? 2, action?.bits ?? 3, latency ?? 4)
            }
        }
        public var identity: Identity? {
            guard boxed == nil else { return nil }  // a target's side
            return Identity(outcome: outcome.map(TextKey.Same.init), node: node.map(TextKey.Same.init),
                            action: action.map(TextKey.Same.init), latency: latencyMs?.bitPattern)
        }

        public init(_ t: TargetCoverage) {
            self.init(node: t.node, action: t.action)
            target = TargetFields(own: JSONValue.round(t.own), stolen: JSONValue.round(t.stolen), blocked: JSONValue.round(t.blocked),
                                  ambiguous: JSONValue.round(t.ambiguous), disabled: JSONValue.round(t.disabled), miss: JSONValue.round(t.miss),
                                  predicted: t.predicted.map { JSONValue.round($0.success) }, stolenBy: t.stolenBy)
        }
    }

    /// The fields, in one box shared by copies until one of them changes (a regressed run moves
    /// hundreds of thousands of findings through lists, reports and history: a copy then costs
    /// one reference instead of one per string).
    private final class Box: @unchecked Sendable {
        var kind: Kind
        var rule: Rule
        var suite: String
        var trace: String?
        var press: Int?
        var at: Point?
        var node: String?
        var action: String?
        var expect: String?
        var before: Side?
        var after: Side?
        var message: String
        var reason: String?
        var probe = false
        var partOf: Int?
        /// Only a known problem's (or one found worse) has these: boxed, as most findings are neither.
        private var known: Known?
        private enum Known: Sendable { indirect case known(accepted: AcceptedProblem?, worse: String?) }
        var accepted: AcceptedProblem? {
            get { if case .known(let a, _)? = known { a } else { nil } }
            set { let w = worse; known = newValue == nil && w == nil ? nil : .known(accepted: newValue, worse: w) }
        }
        var worse: String? {
            get { if case .known(_, let w)? = known { w } else { nil } }
            set { let a = accepted; known = a == nil && newValue == nil ? nil : .known(accepted: a, worse: newValue) }
        }

        init(kind: Kind, rule: Rule, suite: String, trace: String?, press: Int?, at: Point?, node: String?, action: String?,
             expect: String?, before: Side?, after: Side?, message: String, reason: String?) {
            self.kind = kind; self.rule = rule; self.suite = suite; self.trace = trace; self.press = press; self.at = at
            self.node = node; self.action = action; self.expect = expect; self.before = before; self.after = after
            self.message = message; self.reason = reason
        }

        func copy() -> Box {
            let b = Box(kind: kind, rule: rule, suite: suite, trace: trace, press: press, at: at, node: node, action: action,
                        expect: expect, before: before, after: after, message: message, reason: reason)
            b.probe = probe; b.partOf = partOf; b.known = known
            return b
        }
    }
    private var box: Box

    /// The box, copied first when another finding shares it.
    private var owned: Box {
        mutating get {
            if !isKnownUniquelyReferenced(&box) { box = box.copy() }
            return box
        }
    }

    public var kind: Kind { get { box.kind } set { owned.kind = newValue } }
    /// R1 … R7; `new` findings say what is new (`target`, `press`).
    public var rule: Rule { get { box.rule } set { owned.rule = newValue } }
    public var suite: String { get { box.suite } set { owned.suite = newValue } }
    public var trace: String? { get { box.trace } set { owned.trace = newValue } }
    public var press: Int? { get { box.press } set { owned.press = newValue } }
    public var at: Point? { get { box.at } set { owned.at = newValue } }
    public var node: String? { get { box.node } set { owned.node = newValue } }
    public var action: String? { get { box.action } set { owned.action = newValue } }
    public var expect: String? { get { box.expect } set { owned.expect = newValue } }
    public var before: Side? { get { box.before } set { owned.before = newValue } }
    public var after: Side? { get { box.after } set { owned.after = newValue } }
    public var message: String { get { box.message } set { owned.message = newValue } }
    /// The engine's reason for what the press does now (the text `replay hit` gives), for grouping by cause.
    public var reason: String? { get { box.reason } set { owned.reason = newValue } }
    /// Whether the press was synthesized by `--probe` rather than recorded.
    public var probe: Bool { get { box.probe } set { owned.probe = newValue } }
    /// A press consumed by a multi-tap: the press that began it (as `PressResult.partOf`).
    public var partOf: Int? { get { box.partOf } set { owned.partOf = newValue } }
    /// The baseline's known problem this finding is (accepted on review: listed, never failing).
    public var accepted: AcceptedProblem? { get { box.accepted } set { owned.accepted = newValue } }
    /// A known problem found worse than accepted: what got worse (`own 36.9% when accepted → 20.1%`).
    /// The finding is then a regression, never known.
    public var worse: String? { get { box.worse } set { owned.worse = newValue } }

    public init(kind: Kind, rule: Rule, suite: String, trace: String? = nil, press: Int? = nil, at: Point? = nil,
                node: String? = nil, action: String? = nil, expect: String? = nil, before: Side? = nil, after: Side? = nil,
                message: String, reason: String? = nil) {
        box = Box(kind: kind, rule: rule, suite: suite, trace: trace, press: press, at: at, node: node, action: action,
                  expect: expect, before: before, after: after, message: message, reason: reason)
    }

    public static func == (a: Finding, b: Finding) -> Bool {
        if a.box === b.box { return true }
        let x = a.box, y = b.box
        return x.kind == y.kind && x.rule == y.rule && x.suite == y.suite && x.trace == y.trace && x.press == y.press
            && x.at == y.at && x.node == y.node && x.action == y.action && x.expect == y.expect && x.before == y.before
            && x.after == y.after && x.message == y.message && x.reason == y.reason && x.probe == y.probe
            && x.partOf == y.partOf && x.accepted == y.accepted && x.worse == y.worse
    }

    /// Both sides' identities when both are a press's (`Side.identity`), read in place.
    public var pressSides: (before: Side.Identity, after: Side.Identity)? {
        guard let before = box.before?.identity, let after = box.after?.identity else { return nil }
        return (before, after)
    }
    /// Whether this finding is a known problem (`accepted`), read in place.
    public var isAccepted: Bool { box.accepted != nil }

    /// Where, in words: `settings-leading-edge-0001 press 1 at (200, 122)` or `target row.units`.
    public var location: String {
        if let trace, let press {
            return "\(trace) press \(press)" + (at.map { " at \($0)" } ?? "")
        }
        return node.map { "target \($0)" + (action.map { " (\($0))" } ?? "") } ?? suite
    }

    /// What a known problem names this finding by: its rule (the cause) and the target whose
    /// behaviour changed — never the press that showed it, so new presses on an accepted problem are known.
    public var acceptanceKey: AcceptedProblem.Key {
        AcceptedProblem.Key(rule: rule.rawValue, node: causeNode ?? suite, trace: nil, press: nil)
    }

    /// What a known problem written by an older version 2 names a press finding by: rule and press
    /// (nil for a target's finding). Such entries are still read, and mean that press.
    public var pressKey: AcceptedProblem.Key? {
        guard !rule.isAboutTarget, let trace, let press else { return nil }
        return AcceptedProblem.Key(rule: rule.rawValue, node: "", trace: trace, press: press)
    }

    /// This finding as a known problem, accepted by `who` for `why` on `since`, at `level`
    /// (the target as it is now: worse than it is new).
    public func accepting(who: String?, why: String, since: String?, level: AcceptedProblem.Level? = nil) -> AcceptedProblem {
        AcceptedProblem(rule: rule.rawValue, node: causeNode ?? suite, who: who, why: why, since: since, level: level)
    }

    /// The target whose behaviour changed: what used to fire (R1–R3), what was expected (R6), the target (R4, R5, R7).
    public var causeNode: String? {
        switch rule {
        case .deadZone, .stolen, .slower: return before?.node ?? node
        case .expectation: return expect ?? node
        default: return node
        }
    }
}

/// What a press did, on either side of a comparison: a replay's result, or a
/// version-1 baseline's recorded press.
public struct PressSide: Sendable, Equatable {
    public var outcome: TouchResult.Outcome
    public var node: String?
    public var action: String?
    public var latencyMs: Double?

    public init(outcome: TouchResult.Outcome, node: String?, action: String?, latencyMs: Double?) {
        self.outcome = outcome; self.node = node; self.action = action; self.latencyMs = latencyMs
    }
    public init(_ p: PressResult) { self.init(outcome: p.outcome, node: p.node, action: p.action, latencyMs: p.latencyMs) }
    public init(_ p: Baseline.Press) { self.init(outcome: p.outcome, node: p.node, action: p.action, latencyMs: p.latencyMs) }

    public var fired: Bool { outcome.fires }
}

/// One press on both sides: now, and against the baseline (nil without one).
public struct PressPair: Sendable {
    public var current: PressResult
    public var before: PressSide?
    public var probe: Bool
    public init(current: PressResult, before: PressSide?, probe: Bool = false) {
        self.current = current; self.before = before; self.probe = probe
    }

    public var key: PressKey { PressKey(trace: current.trace, press: current.press) }

    /// A press finding with its location and both sides filled in.
    func finding(_ kind: Finding.Kind, _ rule: Rule, suite: String, message: String) -> Finding {
        let a = current
        var f = Finding(kind: kind, rule: rule, suite: suite, trace: a.trace, press: a.press, at: a.at,
                        node: a.node ?? before?.node, action: a.action ?? before?.action, expect: a.expect,
                        before: before.map(Finding.Side.init), after: Finding.Side(PressSide(a)), message: message, reason: a.reason)
        f.probe = probe
        f.partOf = a.partOf
        return f
    }
}

/// How much worse counts as a regression.
public struct DiffThresholds: Sendable, Equatable {
    /// R3: latency may grow by at most this (ms).
    public var latencyMs: Double = 50
    /// R4: `own` may drop, and any other fraction grow, by at most this.
    public var coverage: Double = 0.01
    /// R7: a target's predicted first-try success may drop by at most this.
    public var predicted: Double = 0.02
    public init() {}
}

func describeSide(_ node: String?, _ action: String?) -> String {
    switch (node, action) {
    case (let n?, let a?): return "\(n) (\(a))"
    case (let n?, nil): return n
    case (nil, let a?): return a
    default: return "nothing"
    }
}

func ms(_ v: Double?) -> String { v.map { "\(JSONValue.format(JSONValue.round($0, places: 1))) ms" } ?? "-" }
func pct(_ v: Double) -> String { "\(JSONValue.format(JSONValue.round(v * 100, places: 1)))%" }
