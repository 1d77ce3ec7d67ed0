import HitTesting
import ReplayEngine
import TapJSON
import TapModel

/// Compares a suite with its baseline by every rule, press by press as the
/// replay produces them (so no list of every press is needed), then target by
/// target, and groups what it found by cause.
///
/// - Complexity: O(1) per press; O(targets + findings · log findings) to finish.
public struct Comparison: Sendable {
    /// The press rules, in report order: `add` checks each press with them in this order,
    /// calling each directly (an existential call per rule and press copied the pair each time).
    static let pressRuleSet = (R1DeadZoneRule(), R2StolenRule(), R3SlowerRule(), R6ExpectationRule())
    /// The rules, in report order.
    public static let pressRules: [any PressRule] = [pressRuleSet.0, pressRuleSet.1, pressRuleSet.2, pressRuleSet.3]
    public static let targetRules: [any TargetRule] = [R4CoverageRule(), R5GoneRule(), R7PredictedSuccessRule()]

    public struct Result: Sendable, Equatable {
        /// Ordered by rule (R1 … R7), then by (trace, press) or node.
        public var regressions: [Finding]
        public var improvements: [Finding]
        /// New targets and presses: reported, never failing.
        public var notes: [Finding]
        /// The regressions grouped by the target whose behaviour changed, most findings first.
        public var causes: [Cause]
        /// Findings the baseline lists as known problems (each with its `accepted` entry): never failing.
        public var known: [Finding] = []
        /// Known problems this run could have found and did not: fixed (the next record drops them).
        public var fixed: [AcceptedProblem] = []

        public init(regressions: [Finding] = [], improvements: [Finding] = [], notes: [Finding] = [], causes: [Cause] = [],
                    known: [Finding] = [], fixed: [AcceptedProblem] = []) {
            self.regressions = regressions; self.improvements = improvements; self.notes = notes; self.causes = causes
            self.known = known; self.fixed = fixed
        }

        /// Moves every regression to `known`, accepted by `who` for `why` on `since` (`replay accept`,
        /// `run --record --why`): the suite then passes, listing them as known. Each is accepted as its
        /// rule on its target, at the level `after` gives the target now (worse than that is new).
        public mutating func acceptRegressions(who: String?, why: String, since: String?, after: [TargetCoverage] = []) {
            var now: [String: TargetCoverage] = [:]
            for t in after { now[t.node] = t }
            for var f in regressions {
                f.accepted = f.accepting(who: who, why: why, since: since, level: (f.causeNode.flatMap { now[$0] }).map(KnownProblems.level))
                f.worse = nil
                known.append(f)
            }
            regressions = []
            causes = []
        }
    }

    public let suite: String
    public let thresholds: DiffThresholds
    private var regressions: [Finding] = []
    private var improvements: [Finding] = []
    /// R1's messages, each written once.
    private var deadZoneTexts = R1DeadZoneRule.Texts()
    private var newPresses = 0
    private var newPressTraces = Set<String>()
    /// The baseline's known problems, by what they are about.
    private let known: [AcceptedProblem.Key: AcceptedProblem]
    /// Whether some of them name one press (entries written by older versions).
    private let knownPresses: Bool
    private var knownFound: [Finding] = []
    /// The traces the known press problems name.
    private let knownTraces: Set<String>
    /// Those of them whose presses this comparison saw: a known press problem is fixed only where its press was replayed.
    private var tracesSeen = Set<String>()
    /// … and compared with a baseline's side (R1–R3 can only be found there).
    private var tracesCompared = Set<String>()
    /// The targets known problems of the press rules name (R1–R3, R6).
    private let knownNodes: Set<String>
    /// Those of them a press expected, and those a press fired on a baseline's side: such an entry is
    /// fixed only where presses on its target were replayed.
    private var nodesSeen = Set<String>()
    private var nodesCompared = Set<String>()

    /// - Parameter known: the baseline's known problems: a finding one of them names is listed as known, never a regression.
    public init(suite: String, thresholds: DiffThresholds = DiffThresholds(), known: [AcceptedProblem] = []) {
        self.suite = suite
        self.thresholds = thresholds
        var byKey: [AcceptedProblem.Key: AcceptedProblem] = [:]
        for k in known { byKey[k.key] = k }
        self.known = byKey
        knownTraces = Set(known.compactMap(\.trace))
        knownPresses = !knownTraces.isEmpty
        knownNodes = Set(known.filter { $0.trace == nil && !(Rule(rawValue: $0.rule)?.isAboutTarget ?? true) }.map(\.node))
    }

    /// The known problem a finding is: its rule on its target, else (an older entry) its press.
    @inline(__always) private func entry(for f: Finding) -> AcceptedProblem? {
        if let k = known[f.acceptanceKey] { return k }
        guard knownPresses, let key = f.pressKey else { return nil }
        return known[key]
    }

    /// Checks one press by every press rule.
    /// - Returns: whether the press regressed (a known problem is not a regression).
    @discardableResult
    public mutating func add(_ pair: PressPair) -> Bool {
        var regressed = false
        if knownTraces.contains(pair.current.trace) {
            tracesSeen.insert(pair.current.trace)
            if pair.before != nil { tracesCompared.insert(pair.current.trace) }
        }
        if !knownNodes.isEmpty {
            if let e = pair.current.expect, knownNodes.contains(e) { nodesSeen.insert(e) }
            if let n = pair.before?.node, knownNodes.contains(n) { nodesCompared.insert(n) }
        }
        let rules = Comparison.pressRuleSet
        take(rules.0.check(pair, suite: suite, thresholds: thresholds, texts: &deadZoneTexts), regressed: &regressed)
        take(rules.1.check(pair, suite: suite, thresholds: thresholds), regressed: &regressed)
        take(rules.2.check(pair, suite: suite, thresholds: thresholds), regressed: &regressed)
        take(rules.3.check(pair, suite: suite, thresholds: thresholds), regressed: &regressed)
        return regressed
    }

    /// Files one press rule's finding: known, a regression or an improvement.
    @inline(__always) private mutating func take(_ finding: consuming Finding?, regressed: inout Bool) {
        guard var f = finding else { return }
        if f.kind == .regression {
            if !known.isEmpty, let k = entry(for: f) {
                f.accepted = k
                knownFound.append(f)
                return
            }
            regressions.append(f)
            regressed = true
        } else {
            improvements.append(f)
        }
    }

    /// A press a version-1 baseline does not have (reported, never failing).
    public mutating func addNewPress(trace: String) {
        newPresses += 1
        newPressTraces.insert(trace)
    }

    /// What the press rules found so far, in the order the presses came (before `finish`
    /// orders it): a shard's part of a suite, stored and merged with the others'.
    public struct Pending: Sendable, Equatable {
        public var regressions: [Finding] = []
        public var improvements: [Finding] = []
        /// Findings the baseline lists as known problems.
        public var known: [Finding] = []
        /// Presses a version-1 baseline does not have, and their traces.
        public var newPresses = 0
        public var newPressTraces = Set<String>()
        /// The traces known press problems name whose presses were seen, and compared with a baseline's side.
        public var knownTracesSeen = Set<String>()
        public var knownTracesCompared = Set<String>()
        /// The targets known problems name that presses expected, and fired on a baseline's side.
        public var knownNodesSeen = Set<String>()
        public var knownNodesCompared = Set<String>()
        public init(regressions: [Finding] = [], improvements: [Finding] = [], known: [Finding] = [], newPresses: Int = 0,
                    newPressTraces: Set<String> = [], knownTracesSeen: Set<String> = [], knownTracesCompared: Set<String> = [],
                    knownNodesSeen: Set<String> = [], knownNodesCompared: Set<String> = []) {
            self.regressions = regressions; self.improvements = improvements; self.known = known
            self.newPresses = newPresses; self.newPressTraces = newPressTraces
            self.knownTracesSeen = knownTracesSeen; self.knownTracesCompared = knownTracesCompared
            self.knownNodesSeen = knownNodesSeen; self.knownNodesCompared = knownNodesCompared
        }
    }

    public var pending: Pending {
        Pending(regressions: regressions, improvements: improvements, known: knownFound, newPresses: newPresses,
                newPressTraces: newPressTraces, knownTracesSeen: tracesSeen, knownTracesCompared: tracesCompared,
                knownNodesSeen: nodesSeen, knownNodesCompared: nodesCompared)
    }

    /// Adds presses compared elsewhere (another shard's), as if they had come now. A known
    /// finding is matched to this comparison's known problem again (a stored one lost it);
    /// one it does not list is a regression.
    public mutating func absorb(_ other: Pending) {
        regressions += other.regressions
        improvements += other.improvements
        for var f in other.known {
            guard let k = f.accepted ?? entry(for: f) else { regressions.append(f); continue }
            f.accepted = k
            knownFound.append(f)
        }
        newPresses += other.newPresses
        newPressTraces.formUnion(other.newPressTraces)
        tracesSeen.formUnion(other.knownTracesSeen.intersection(knownTraces))
        tracesCompared.formUnion(other.knownTracesCompared.intersection(knownTraces))
        nodesSeen.formUnion(other.knownNodesSeen.intersection(knownNodes))
        nodesCompared.formUnion(other.knownNodesCompared.intersection(knownNodes))
    }

    /// Adds the target rules and the causes.
    /// - Parameters:
    ///   - before: the baseline's targets (nil: no baseline; only R6 applies).
    ///   - explain: the engine's reason why a target no longer fires everywhere it did
    ///     (for a cause found by R4 alone), or nil.
    public func finish(before: [TargetCoverage]?, after: [TargetCoverage], explain: (String) -> String? = { _ in nil }) -> Result {
        var taken = self
        return taken.take(before: before, after: after, explain: explain)
    }

    /// `finish`, taking this comparison's findings instead of copying them: a regressed run holds
    /// 250,000, and every copy of one retains each of its strings. The comparison is empty afterwards.
    /// - Parameter groupingCauses: false leaves `causes` empty, for the caller to group later (`Cause.group`)
    ///   while other work goes on (a run starts recording its history first).
    public mutating func take(before: [TargetCoverage]?, after: [TargetCoverage], groupingCauses: Bool = true,
                              explain: (String) -> String? = { _ in nil }) -> Result {
        var regressions: [Finding] = [], improvements: [Finding] = [], knownFound: [Finding] = []
        swap(&regressions, &self.regressions)
        swap(&improvements, &self.improvements)
        swap(&knownFound, &self.knownFound)
        var notes: [Finding] = []
        if let before {
            for rule in Comparison.targetRules {
                for var f in rule.findings(before: before, after: after, suite: suite, thresholds: thresholds) {
                    switch f.kind {
                    case .regression:
                        if let k = entry(for: f) {
                            f.accepted = k
                            knownFound.append(f)
                        } else {
                            regressions.append(f)
                        }
                    case .improvement: improvements.append(f)
                    case .new: notes.append(f)
                    }
                }
            }
        }
        if newPresses > 0 {
            notes.append(Finding(kind: .new, rule: .newPress, suite: suite,
                                 message: "\(newPresses) press\(newPresses == 1 ? "" : "es") not in the baseline (traces \(newPressTraces.sorted().joined(separator: ", ")))"))
        }
        // A known problem is fixed when this run could have found it and did not: for one of R4, R5
        // and R7, the targets were compared with a baseline; for a target's R1–R3 or R6, presses on it
        // were replayed (R6 needs nothing else; R1–R3 also a baseline's snapshot) and the target is
        // better than when it was accepted; for an older entry naming one press, that press was replayed.
        let found = Set(knownFound.map { $0.accepted?.key ?? $0.acceptanceKey })
        var now: [String: TargetCoverage] = [:]
        for t in after { now[t.node] = t }
        let fixed = known.values.filter { k in
            guard !found.contains(k.key), let rule = Rule(rawValue: k.rule) else { return false }
            if rule.isAboutTarget { return before != nil }
            guard let trace = k.trace else {
                let replayed = rule == .expectation ? nodesSeen.contains(k.node) : nodesCompared.contains(k.node)
                guard replayed else { return false }
                guard let level = k.level, let t = now[k.node] else { return true }
                return KnownProblems.better(t, than: level, thresholds: thresholds)
            }
            return rule == .expectation ? tracesSeen.contains(trace) : tracesCompared.contains(trace)
        }
        // A known problem found worse than accepted (its target's coverage or predicted success) is new.
        if knownFound.contains(where: { $0.accepted?.level != nil }) {
            var still: [Finding] = []
            var worse: [String: String?] = [:]
            for var f in knownFound {
                guard let k = f.accepted, let level = k.level, let t = now[k.node] else { still.append(f); continue }
                let what: String?
                if let w = worse[k.node + "\u{0}" + k.rule] { what = w } else {
                    what = KnownProblems.worse(t, than: level, thresholds: thresholds)
                    worse[k.node + "\u{0}" + k.rule] = what
                }
                guard let what else { still.append(f); continue }
                f.worse = what
                // (A press's message says so; a target's finding is its cause's summary, which says it once.)
                if f.trace != nil { f.message += " — worse than accepted (\(what))" }
                f.accepted = nil
                regressions.append(f)
            }
            knownFound = still
        }
        Comparison.order(&regressions)
        Comparison.order(&improvements)
        Comparison.order(&knownFound)
        return Result(regressions: regressions, improvements: improvements, notes: notes,
                      causes: groupingCauses ? Cause.group(regressions, explain: explain) : [], known: knownFound,
                      fixed: AcceptedProblem.sorted(fixed))
    }

    /// Rule order, then the order found (a stable sort by rule), in place: each finding is moved, never
    /// copied (a run can hold 250,000, and a copy retains each of a finding's strings), and at most once
    /// per cycle of the permutation.
    public static func order(_ list: inout [Finding]) {
        let rules = Rule.allCases
        let ranks = list.map { f in rules.firstIndex(of: f.rule)! }
        guard zip(ranks, ranks.dropFirst()).contains(where: { $0 > $1 }) else { return }  // already in order
        // Where each finding goes: a counting sort by rank keeps the order found within a rule.
        var start = [Int](repeating: 0, count: rules.count + 1)
        for r in ranks { start[r + 1] += 1 }
        for r in 1..<start.count { start[r] += start[r - 1] }
        var destination = [Int](repeating: 0, count: list.count)
        for (i, r) in ranks.enumerated() { destination[i] = start[r]; start[r] += 1 }
        // Follow each cycle of the permutation, swapping the finding at i into its place until i holds its own
        // (through the buffer: a swap there moves the two findings, with no retain or release of their strings).
        list.withUnsafeMutableBufferPointer { list in
            for i in list.indices {
                while destination[i] != i {
                    let j = destination[i]
                    list.swapAt(i, j)
                    destination.swapAt(i, j)
                }
            }
        }
    }
}

/// One change in the view tree and everything it broke: the target whose
/// behaviour changed, the rule-level reason (the text `replay hit` gives), and
/// the findings it explains.
public struct Cause: Sendable, Equatable {
    public var node: String
    public var action: String?
    public var reason: String
    /// How many findings of each rule, in rule order.
    public var counts: [Rule: Int]
    /// Indices of its findings in the suite's regressions.
    public var regressions: [Int]
    /// `9 presses no longer fire, own 100% → 32.7%, 5 expectations unmet`.
    public var summary: String

    /// `row.flowMeter: … no contentShape before onTapGesture — 9 presses no longer fire, own 100% → 32.7%`.
    public var text: String { "\(reason) — \(summary)" }

    /// The causes of a suite's regressions (in the order `take` gives them), largest first.
    /// - Parameter explain: the engine's reason why a target no longer fires everywhere it did, or nil.
    public static func group(_ regressions: [Finding], explain: (String) -> String?) -> [Cause] {
        // Each node's findings, in the order nodes first come. (A run of findings of one node is the common case:
        // the same node as the last one is known by its string before its text is hashed.)
        var slotOf: [String: Int] = [:]
        var order: [String] = []
        var lists: [[Int]] = []
        var last: (node: String, same: TextKey.Same, slot: Int)?
        for i in regressions.indices {
            let node = regressions[i].causeNode ?? regressions[i].suite
            let same = TextKey.Same(node)
            let slot: Int
            if let last, last.same == same {
                slot = last.slot
            } else if let known = slotOf[node] {
                slot = known
            } else {
                slot = order.count
                slotOf[node] = slot
                order.append(node)
                lists.append([])
            }
            last = (node, same, slot)
            lists[slot].append(i)
        }
        // (Findings are read in place by index: copying a cause's findings would retain every string of each.)
        var causes: [Cause] = order.indices.map { slot in
            let node = order[slot], indices = lists[slot]
            // Counted run by run: a cause's findings come mostly rule by rule and reason by reason.
            var counts: [Rule: Int] = [:]
            var run: (rule: Rule, count: Int)?
            for i in indices {
                let rule = regressions[i].rule
                if let r = run, r.rule == rule { run = (rule, r.count + 1); continue }
                if let r = run { counts[r.rule, default: 0] += r.count }
                run = (rule, 1)
            }
            if let r = run { counts[r.rule, default: 0] += r.count }
            // The most frequent reason among its presses, else the engine's word on the target, else the rule's own.
            // (Counted by the string first: findings that share a reason mostly share its string.)
            var strings: [TextKey.Same: (text: String, count: Int)] = [:]
            var same: (key: TextKey.Same, text: String, count: Int)?
            for i in indices {
                guard let r = regressions[i].reason, !r.isEmpty else { continue }
                let key = TextKey.Same(r)
                if let s = same, s.key == key { same = (key, s.text, s.count + 1); continue }
                if let s = same { strings[s.key, default: (s.text, 0)].count += s.count }
                same = (key, r, 1)
            }
            if let s = same { strings[s.key, default: (s.text, 0)].count += s.count }
            var reasons: [String: Int] = [:]
            for (text, n) in strings.values { reasons[text, default: 0] += n }
            let reason = reasons.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
                ?? explain(node) ?? regressions[indices[0]].message
            let coverage = indices.first { regressions[$0].rule == .coverage }.map { regressions[$0].message }
            let predicted = indices.first { regressions[$0].rule == .predicted }.map { i in
                "predicted first-try success \(pct(regressions[i].before?.predicted ?? 0)) → \(pct(regressions[i].after?.predicted ?? 0))"
            }
            var parts: [String] = []
            for rule in Rule.regressionRules {
                guard let n = counts[rule] else { continue }
                switch rule {
                case .deadZone: parts.append("\(n) press\(n == 1 ? "" : "es") no longer fire\(n == 1 ? "s" : "")")
                case .stolen: parts.append("\(n) press\(n == 1 ? "" : "es") fire\(n == 1 ? "s" : "") another action")
                case .slower: parts.append("\(n) press\(n == 1 ? "" : "es") slower")
                case .coverage: if let coverage { parts.append(coverage) }
                case .gone: parts.append("gone from the snapshot")
                case .expectation: parts.append("\(n) expectation\(n == 1 ? "" : "s") unmet")
                case .predicted: if let predicted { parts.append(predicted) }
                default: break
                }
            }
            if let worse = indices.lazy.compactMap({ regressions[$0].worse }).first {
                parts.append("worse than accepted: \(worse)")
            }
            // The target's own action: what fired before (a stolen press's current action is the thief's).
            let action = indices.lazy.compactMap { regressions[$0].before?.action ?? regressions[$0].action }.first
            return Cause(node: node, action: action, reason: reason, counts: counts, regressions: indices, summary: parts.joined(separator: ", "))
        }
        causes.sort { $0.regressions.count != $1.regressions.count ? $0.regressions.count > $1.regressions.count : $0.node < $1.node }
        return causes
    }
}

extension Comparison {
    /// Compares whole lists at once (tests, and small suites): `before` by press key.
    public static func compare(before: [PressKey: PressSide]?, current: [PressResult], beforeTargets: [TargetCoverage]?,
                               afterTargets: [TargetCoverage], suite: String = "Settings",
                               thresholds: DiffThresholds = DiffThresholds()) -> Result {
        var c = Comparison(suite: suite, thresholds: thresholds)
        for p in current {
            let key = PressKey(trace: p.trace, press: p.press)
            let b = before?[key]
            if before != nil && b == nil { c.addNewPress(trace: p.trace) }
            c.add(PressPair(current: p, before: b))
        }
        return c.finish(before: before == nil ? nil : beforeTargets, after: afterTargets)
    }
}
