import HitTesting
import TapJSON
import TapModel

/// Who accepts the problems a run finds, and why: `replay accept --why …` and
/// `replay run --record --why …`. Each accepted problem is written into the
/// baseline's `known` list with these three (docs/baselines.md, "Known problems").
public struct Acceptance: Sendable, Equatable {
    public var who: String?
    public var why: String
    /// The day (`2026-11-22`).
    public var since: String?

    public init(who: String?, why: String, since: String?) { self.who = who; self.why = why; self.since = since }
}

/// What writing a baseline did to its known problems.
public struct KnownChange: Sendable, Equatable {
    /// Accepted by this run.
    public var added: [AcceptedProblem] = []
    /// Already known, and kept (still found, or not checked by this run).
    public var kept: [AcceptedProblem] = []
    /// Fixed (no longer found), or about the old snapshot when a new one is recorded.
    public var dropped: [AcceptedProblem] = []

    public init(added: [AcceptedProblem] = [], kept: [AcceptedProblem] = [], dropped: [AcceptedProblem] = []) {
        self.added = added; self.kept = kept; self.dropped = dropped
    }

    /// The list the baseline is written with.
    public var list: [AcceptedProblem] { AcceptedProblem.sorted(added + kept) }

    public var isEmpty: Bool { added.isEmpty && kept.isEmpty && dropped.isEmpty }
}

/// The rules of a baseline's known problems, in one place.
public enum KnownProblems {
    /// The known problems a baseline is written with after a run, and what changed.
    ///
    /// - An entry the run found again is kept as it was (who, why and since of its
    ///   first acceptance); one the run accepted now (`Comparison.Result.acceptRegressions`) is added.
    /// - An entry the run could have found and did not is fixed, and dropped.
    /// - An entry the run could not check (its trace was not replayed, or its probes
    ///   not pressed) is kept — unless `rerecorded`: when a new snapshot is accepted,
    ///   regressions against the old one (R1–R5) no longer mean anything and are dropped;
    ///   unmet expectations (R6) do not depend on it and stay while they are found.
    ///
    /// - Parameters:
    ///   - old: the baseline's known problems before the run.
    ///   - result: the run's comparison.
    ///   - rerecorded: the baseline's snapshot is replaced by this run's (`--record`).
    ///   - after: the targets' coverage in this run: an older entry naming one press that the run
    ///     found again is rewritten as its rule on its target, at the target's level now.
    public static func next(old: [AcceptedProblem], result: Comparison.Result, rerecorded: Bool,
                            after: [TargetCoverage] = []) -> KnownChange {
        let oldByKey = Dictionary(old.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        var now: [String: TargetCoverage] = [:]
        for t in after { now[t.node] = t }
        var change = KnownChange()
        var seen = Set<AcceptedProblem.Key>()
        for f in result.known {
            guard var k = f.accepted else { continue }
            if k.trace != nil {
                // An entry naming one press, found again: it becomes the problem itself (rule and target).
                seen.insert(k.key)
                k = AcceptedProblem(rule: k.rule, node: f.causeNode ?? f.suite, who: k.who, why: k.why, since: k.since,
                                    level: (f.causeNode.flatMap { now[$0] }).map(level))
                guard seen.insert(k.key).inserted else { continue }
                change.kept.append(oldByKey[k.key] ?? k)
                continue
            }
            guard seen.insert(k.key).inserted else { continue }
            if let first = oldByKey[k.key] { change.kept.append(first) } else { change.added.append(k) }
        }
        let fixed = Set(result.fixed.map(\.key))
        for k in old where !seen.contains(k.key) {
            if fixed.contains(k.key) || (rerecorded && k.rule != Rule.expectation.rawValue) {
                change.dropped.append(k)
            } else {
                change.kept.append(k)
            }
            seen.insert(k.key)
        }
        change.added = AcceptedProblem.sorted(change.added)
        change.kept = AcceptedProblem.sorted(change.kept)
        change.dropped = AcceptedProblem.sorted(change.dropped)
        return change
    }

    /// A target as a known problem's level: its fractions (4 decimals), the target that takes
    /// its stolen taps, and its predicted first-try success.
    public static func level(_ t: TargetCoverage) -> AcceptedProblem.Level {
        AcceptedProblem.Level(own: JSONValue.round(t.own), miss: JSONValue.round(t.miss), stolen: JSONValue.round(t.stolen),
                              blocked: JSONValue.round(t.blocked), ambiguous: JSONValue.round(t.ambiguous),
                              disabled: JSONValue.round(t.disabled), stolenBy: t.stolen > 0 ? t.stolenBy : nil,
                              predicted: t.predicted.map { JSONValue.round($0.success) })
    }

    /// What of a target is worse than its accepted level, by more than R4's and R7's thresholds
    /// (`own 36.9% when accepted → 20.1%`), or nil. Another target now taking its taps is worse too.
    public static func worse(_ t: TargetCoverage, than level: AcceptedProblem.Level, thresholds: DiffThresholds) -> String? {
        let limit = thresholds.coverage + 1e-9
        var parts: [String] = []
        let current = Dictionary(t.fractions.map { ($0.name, JSONValue.round($0.value)) }, uniquingKeysWith: { a, _ in a })
        for (name, was) in level.fractions {
            guard let is_ = current[name] else { continue }
            let delta = name == "own" ? was - is_ : is_ - was
            if delta > limit { parts.append("\(name) \(pct(was)) when accepted → \(pct(is_))") }
        }
        if let thief = t.stolenBy, t.stolen > limit, let was = level.stolenBy, was != thief {
            parts.append("stolen by \(thief), accepted: by \(was)")
        }
        if let was = level.predicted, let is_ = t.predicted.map({ JSONValue.round($0.success) }), was - is_ > thresholds.predicted + 1e-9 {
            parts.append("predicted first-try success \(pct(was)) when accepted → \(pct(is_))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Whether a target is better than its accepted level: its `own` fraction grew by more than R4's
    /// threshold, or it fires over its whole frame (within the threshold).
    public static func better(_ t: TargetCoverage, than level: AcceptedProblem.Level, thresholds: DiffThresholds) -> Bool {
        let own = JSONValue.round(t.own), limit = thresholds.coverage + 1e-9
        guard let was = level.own else { return true }
        return own - was > limit || 1 - own <= limit
    }
}
