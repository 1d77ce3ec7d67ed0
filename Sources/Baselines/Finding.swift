import HitTesting
import ReplayEngine
import TapModel

/// One difference a run found, with everything a person needs to go straight
/// to the row in question: suite, trace, press, point, node, action, and what
/// it was before and is now.
public struct Finding: Sendable, Equatable {
    public enum Kind: String, Sendable { case regression, improvement, new }

    /// What a press or target was, on one side of the comparison.
    public struct Side: Sendable, Equatable {
        public var outcome: String?
        public var node: String?
        public var action: String?
        public var latencyMs: Double?
        public var own: Double?
        public var miss: Double?

        public init(outcome: String? = nil, node: String? = nil, action: String? = nil, latencyMs: Double? = nil,
                    own: Double? = nil, miss: Double? = nil) {
            self.outcome = outcome; self.node = node; self.action = action; self.latencyMs = latencyMs; self.own = own; self.miss = miss
        }

        public init(_ p: Baseline.Press) {
            self.init(outcome: p.outcome.rawValue, node: p.node, action: p.action, latencyMs: p.latencyMs)
        }

        public init(_ p: PressResult) {
            self.init(outcome: p.outcome.rawValue, node: p.node, action: p.action, latencyMs: p.latencyMs)
        }

        public init(_ t: TargetCoverage) {
            self.init(node: t.node, action: t.action, own: JSONValue.round(t.own), miss: JSONValue.round(t.miss))
        }
    }

    public var kind: Kind
    /// R1 … R6; `new` findings say what is new (`target`, `press`).
    public var rule: Rule
    public var suite: String
    public var trace: String?
    public var press: Int?
    public var at: Point?
    public var node: String?
    public var action: String?
    public var expect: String?
    public var before: Side?
    public var after: Side?
    public var message: String

    public init(kind: Kind, rule: Rule, suite: String, trace: String? = nil, press: Int? = nil, at: Point? = nil,
                node: String? = nil, action: String? = nil, expect: String? = nil, before: Side? = nil, after: Side? = nil,
                message: String) {
        self.kind = kind; self.rule = rule; self.suite = suite; self.trace = trace; self.press = press; self.at = at
        self.node = node; self.action = action; self.expect = expect; self.before = before; self.after = after
        self.message = message
    }

    /// Where, in words: `settings-leading-edge-0001 press 1 at (200, 122)` or `target row.units`.
    public var location: String {
        if let trace, let press {
            return "\(trace) press \(press)" + (at.map { " at \($0)" } ?? "")
        }
        return node.map { "target \($0)" + (action.map { " (\($0))" } ?? "") } ?? suite
    }
}

/// What each rule compares (baseline-and-cli.md, "What is a regression").
public protocol RegressionRule: Sendable {
    static var rule: Rule { get }
    /// Regressions and improvements of this rule for one suite.
    func findings(_ context: DiffContext) -> [Finding]
}

/// The two sides of a comparison, matched up for the rules.
public struct DiffContext: Sendable {
    public let suite: String
    public let baseline: Baseline?
    public let current: SuiteReplay
    public let thresholds: DiffThresholds
    /// Baseline presses and current results by (trace, press).
    public let before: [PressKey: Baseline.Press]
    public let after: [PressKey: PressResult]
    /// Keys present on both sides, in order.
    public let common: [PressKey]

    public init(baseline: Baseline?, current: SuiteReplay, thresholds: DiffThresholds) {
        self.suite = current.suite
        self.baseline = baseline
        self.current = current
        self.thresholds = thresholds
        var before: [PressKey: Baseline.Press] = [:]
        var after: [PressKey: PressResult] = [:]
        if let baseline {
            before.reserveCapacity(baseline.presses.count)
            for p in baseline.presses { before[p.key] = p }
            after.reserveCapacity(current.presses.count)
            for p in current.presses { after[PressKey(trace: p.trace, press: p.press)] = p }
        }
        self.before = before
        self.after = after
        self.common = current.presses.map { PressKey(trace: $0.trace, press: $0.press) }.filter { before[$0] != nil }
    }

    /// A press finding with its location and both sides filled in.
    func pressFinding(_ kind: Finding.Kind, _ rule: Rule, _ key: PressKey, current: PressResult? = nil, message: String) -> Finding {
        let a = current ?? after[key], b = before[key]
        return Finding(kind: kind, rule: rule, suite: suite, trace: key.trace, press: key.press, at: a?.at ?? b?.at,
                       node: a?.node ?? b?.node, action: a?.action ?? b?.action, expect: a?.expect,
                       before: b.map(Finding.Side.init), after: a.map(Finding.Side.init), message: message)
    }
}

/// How much worse counts as a regression.
public struct DiffThresholds: Sendable, Equatable {
    /// R3: latency may grow by at most this (ms).
    public var latencyMs: Double = 50
    /// R4: `own` may drop, and `miss` grow, by at most this fraction.
    public var coverage: Double = 0.01
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
