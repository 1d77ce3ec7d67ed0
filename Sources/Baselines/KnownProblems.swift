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
    public static func next(old: [AcceptedProblem], result: Comparison.Result, rerecorded: Bool) -> KnownChange {
        let oldByKey = Dictionary(old.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        var change = KnownChange()
        var seen = Set<AcceptedProblem.Key>()
        for f in result.known {
            guard let k = f.accepted, seen.insert(k.key).inserted else { continue }
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
}
