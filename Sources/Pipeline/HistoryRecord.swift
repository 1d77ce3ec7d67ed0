import Dispatch
import Baselines
import HistoryValues
import HitTesting
import ReplayEngine
import RunResults
import TapJSON
import TapModel
import TraceStore

/// Turns a run's outcome into the plain rows history stores.
///
/// What a run stores (docs/baselines.md, "History"): per suite its counts and the
/// traces it replayed; per target its coverage and responsiveness; every finding;
/// and per press only what carries information — presses that did not fire, that
/// changed against the baseline, or that missed their expectation. A press with no
/// row fired as on the baseline; its trace and the snapshot's hash reproduce it.
public enum HistoryRecord {
    /// A suite's press rows and traces, collected while the run folds its presses.
    public struct SuiteRows: Sendable {
        public var traces: [Int64] = []
        public var presses: [RunRecord.Press] = []
        /// The same presses grouped before (a merge's: its shards grouped them; `presses` is then empty).
        public var pressGroups: [RunRecord.PressGroupRow] = []
        /// A merge's: the findings of presses as its shards grouped them, placed within their blocks (each shard's
        /// groups as its file held them: never copied one by one).
        public var findingGroups: [[RunRecord.FindingGroupRow]] = []
        /// A merge's: how many of the shards' findings name a trace, by list (nil: the findings are grouped when
        /// history is written).
        public var tracedFindings: [Int]?
        public init() {}

        /// Keeps a press that did not fire, changed, or missed its expectation.
        mutating func add(_ pair: PressPair, traceID: Int64, thresholds: DiffThresholds) {
            let a = pair.current
            guard a.partOf == nil else { return }
            let b = pair.before
            var informative = !a.fired || a.met == false
            if let b {
                informative = informative || b.outcome.fires != a.fired || b.action != a.action || b.node != a.node
                    || abs((a.latencyMs ?? 0) - (b.latencyMs ?? 0)) > thresholds.latencyMs
            }
            guard informative else { return }
            presses.append(RunRecord.Press(
                traceID: traceID, press: Int32(a.press), outcome: HistoryRecord.outcomeCode(a.outcome), node: a.node, action: a.action,
                latencyMs: a.latencyMs, baselineOutcome: b.map { HistoryRecord.outcomeCode($0.outcome) }, baselineNode: b?.node,
                baselineAction: b?.action, baselineLatencyMs: b?.latencyMs, met: a.met))
        }
    }

    /// The stored code of an outcome: one for one, so no outcome lacks a code.
    static func outcomeCode(_ o: TouchResult.Outcome) -> OutcomeCode {
        switch o {
        case .hit: .hit
        case .expanded: .expanded
        case .ambiguous: .ambiguous
        case .blocked: .blocked
        case .disabled: .disabled
        case .miss: .miss
        }
    }

    /// The outcome of a stored code (read and checked by the store).
    static func outcome(_ code: OutcomeCode) -> TouchResult.Outcome {
        switch code {
        case .hit: .hit
        case .expanded: .expanded
        case .ambiguous: .ambiguous
        case .blocked: .blocked
        case .disabled: .disabled
        case .miss: .miss
        }
    }

    /// A suite's baseline status as history stores it: one for one.
    static func state(_ s: BaselineStatus) -> BaselineState {
        switch s {
        case .compared: .compared
        case .written: .written
        case .missing: .missing
        case .refused: .refused
        case .recorded: .recorded
        case .none: .none
        case .noSnapshot: .noSnapshot
        }
    }

    /// A finding's rule as history stores it: one for one.
    static func storedRule(_ r: Rule) -> FindingRule {
        switch r {
        case .deadZone: .deadZone
        case .stolen: .stolen
        case .slower: .slower
        case .coverage: .coverage
        case .gone: .gone
        case .expectation: .expectation
        case .predicted: .predicted
        case .newTarget: .newTarget
        case .newPress: .newPress
        }
    }

    /// The rule of a stored one (read and checked by the store).
    static func rule(_ r: FindingRule) -> Rule {
        switch r {
        case .deadZone: .deadZone
        case .stolen: .stolen
        case .slower: .slower
        case .coverage: .coverage
        case .gone: .gone
        case .expectation: .expectation
        case .predicted: .predicted
        case .newTarget: .newTarget
        case .newPress: .newPress
        }
    }

    /// A finding's kind as history stores it; a known problem (`accepted`) as `known`: it is no regression of the run.
    static func storedKind(_ f: Finding) -> FindingKind {
        if f.accepted != nil { return .known }
        switch f.kind {
        case .regression: return .regression
        case .improvement: return .improvement
        case .new: return .new
        }
    }

    /// The kind of a stored finding; a known problem comes back as the regression it is.
    static func kind(_ k: FindingKind) -> Finding.Kind {
        switch k {
        case .regression, .known: .regression
        case .improvement: .improvement
        case .new: .new
        }
    }

    static func make(_ run: RunOutcome, rows: [SuiteRows], finishedAt: String) -> RunRecord {
        var record = head(run.request, startedAt: run.startedAt, revision: run.revision, passed: run.passed, finishedAt: finishedAt)
        record.suites = zip(run.suites, rows).map { suite($0, rows: $1) }
        return record
    }

    /// A run's own fields, without its suites.
    static func head(_ request: RunRequest, startedAt: String, revision: String?, passed: Bool, finishedAt: String) -> RunRecord {
        RunRecord(startedAt: startedAt, finishedAt: finishedAt, revision: revision, passed: passed,
                  touchRadius: request.hit.touchRadius, gridStep: request.gridStep, settings: settings(request), suites: [])
    }

    /// A suite's rows as history stores them.
    static func suite(_ s: SuiteOutcome, rows: SuiteRows) -> RunRecord.Suite {
        let responsiveness = s.stats.responsiveness
        var suite = RunRecord.Suite(
            suite: s.suite, snapshotHash: s.snapshot.contentHash, snapshotSource: s.snapshot.source,
            appVersion: s.snapshot.appVersion, appBuild: s.snapshot.appBuild, baseline: state(s.baseline), passed: s.passed,
            traces: rows.traces, presses: s.stats.presses, fired: s.stats.fired,
            firstTries: s.stats.firstTries, firstTriesMet: s.stats.firstTriesMet, pressRows: rows.presses,
            pressGroups: rows.pressGroups, targets: s.coverage.map { t in
                let r = responsiveness[t.node]
                return RunRecord.Target(node: t.node, action: t.action, own: t.own, stolen: t.stolen, blocked: t.blocked,
                                        ambiguous: t.ambiguous, disabled: t.disabled, miss: t.miss,
                                        expectedTries: r?.expectedTries ?? 0, firstTryMet: r?.firstTryMet ?? 0,
                                        p50LatencyMs: r?.p50LatencyMs, p95LatencyMs: r?.p95LatencyMs)
            },
            findings: [])
        let lists = [s.diff.regressions, s.diff.improvements, s.diff.notes, s.diff.known]
        if let traced = rows.tracedFindings, let table = findingTable(lists, groups: rows.findingGroups, traced: traced) {
            suite.findingTable = table
        } else {
            suite.findings = findingRows(lists)
        }
        return suite
    }

    /// A merged suite's findings as history stores them, from the groups its shards made (each placed
    /// within its block: the findings of one list, rule and trace): the list is walked once to find where
    /// each block begins, and only the findings that join no group are made into rows. Nil when the list
    /// is not the shards' findings with each block whole and in their order (then the findings are grouped
    /// anew): a finding the merge moved (a known problem found worse than accepted), a block split, a group
    /// whose findings are not the presses of its block. The merge's own findings (its probes') are grouped here.
    static func findingTable(_ lists: [[Finding]], groups: [[RunRecord.FindingGroupRow]], traced: [Int]) -> RunRecord.FindingTable? {
        typealias Block = RunRecord.FindingGroupRow.Block
        var starts: [Block: (start: Int, count: Int)] = [:]
        var singles: [(index: Int, finding: RunRecord.Finding)] = []
        var kinds: [FindingKind: Int] = [:]
        var sides = SideTexts()
        var counted = [0, 0, 0, 0]
        var presses: [Int32] = []  // each finding's press when it joins a shard's group (-1: none)
        var stored: [(kind: FindingKind, message: String)] = []  // and what its group must say of it
        var grouped = 0
        var own: [RunRecord.Finding] = [], ownPlaces: [Int] = []  // the merge's own findings that join a group (its probes')
        var position = 0
        for (l, list) in lists.enumerated() {
            var open: (rule: FindingRule, trace: String, start: Int)?
            func close() -> Bool {
                guard let (rule, trace, start) = open else { return true }
                open = nil
                return starts.updateValue((start, position - start), forKey: Block(list: l, rule: rule, trace: trace)) == nil
            }
            var ofKind: [FindingKind: Int] = [:]
            let ok = list.withUnsafeBufferPointer { list -> Bool in
                for i in list.indices {
                    let f = UnsafePointer(list.baseAddress! + i)  // read in place: a copy retains each of its strings
                    ofKind[storedKind(f.pointee), default: 0] += 1
                    if f.pointee.probe {
                        // The merge's own (probes run on the snapshot, after the shards' parts): grouped here.
                        guard close() else { return false }
                        if RunRecord.FindingGroupRow.joinsGroup(trace: f.pointee.trace, press: f.pointee.press, x: f.pointee.at?.x, y: f.pointee.at?.y) {
                            own.append(row(f.pointee, sides: &sides))
                            ownPlaces.append(position)
                        } else {
                            singles.append((position, row(f.pointee, sides: &sides)))
                        }
                        presses.append(-1)
                        stored.append((.regression, ""))
                        position += 1
                        continue
                    }
                    if let trace = f.pointee.trace {
                        counted[l] += 1
                        let rule = storedRule(f.pointee.rule)
                        if let o = open, o.rule == rule, o.trace == trace {} else {
                            guard close() else { return false }
                            open = (rule, trace, position)
                        }
                    } else {
                        guard close() else { return false }
                    }
                    if RunRecord.FindingGroupRow.joinsGroup(trace: f.pointee.trace, press: f.pointee.press, x: f.pointee.at?.x, y: f.pointee.at?.y) {
                        grouped += 1
                        presses.append(f.pointee.press.flatMap { Int32(exactly: $0) } ?? -1)
                        stored.append((storedKind(f.pointee), f.pointee.message))
                    } else {
                        singles.append((position, row(f.pointee, sides: &sides)))
                        presses.append(-1)
                        stored.append((.regression, ""))
                    }
                    position += 1
                }
                return close()
            }
            guard ok else { return nil }
            kinds.merge(ofKind, uniquingKeysWith: +)
        }
        guard counted == traced else { return nil }
        // Each group placed where its block begins; every finding that joins a group is in exactly one, at its press.
        // (Groups read in place: a copy of one retains each of its strings.)
        var order: [(list: Int32, index: Int32, shift: Int)] = []
        var firsts: [Int] = []
        var members = 0
        for (k, list) in groups.enumerated() {
            let ok = list.withUnsafeBufferPointer { list -> Bool in
                for i in list.indices {
                    let g = UnsafePointer(list.baseAddress! + i)
                    let key = Block(list: RunRecord.FindingGroupRow.list(of: g.pointee.kind), rule: g.pointee.rule, trace: g.pointee.trace)
                    guard let block = starts[key], g.pointee.last < block.count else { return false }
                    let first = g.pointee.first + block.start
                    for m in stride(from: 0, to: g.pointee.members.count, by: 3) {
                        // Its press, kind and message (a known problem found worse than accepted says so, and
                        // `--record --why` accepts it again: back in the known problems, with another message).
                        let at = first + Int(g.pointee.members[m])
                        guard at < block.start + block.count, presses[at] == g.pointee.members[m + 1], stored[at].kind == g.pointee.kind,
                              stored[at].message == g.pointee.message else { return false }
                        presses[at] = -2  // taken
                    }
                    members += g.pointee.members.count / 3
                    order.append((Int32(k), Int32(i), block.start))
                    firsts.append(first)
                }
                return true
            }
            guard ok else { return nil }
        }
        guard members == grouped else { return nil }
        let mine = RunRecord.FindingGroupRow.grouped(own, at: ownPlaces)
        for (i, g) in mine.enumerated() {
            order.append((Int32(groups.count), Int32(i), 0))
            firsts.append(g.first)
        }
        let sorted = firsts.indices.sorted { firsts[$0] < firsts[$1] }
        return RunRecord.FindingTable(count: position, kinds: kinds, singles: singles, groups: groups + [mine], order: sorted.map { order[$0] })
    }

    /// The findings of `lists`, in order, as history stores them: in two halves on two threads
    /// when there are many (a regressed run has hundreds of thousands).
    static func findingRows(_ lists: [[Finding]]) -> [RunRecord.Finding] {
        let count = lists.reduce(0) { $0 + $1.count }
        guard count >= 20_000 else {
            // A handful of distinct sides: each is written once.
            var sides = SideTexts()
            return lists.joined().map { row($0, sides: &sides) }
        }
        let cut = count / 2
        return [RunRecord.Finding](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                var sides = SideTexts()
                let range = half == 0 ? 0..<cut : cut..<count
                var start = 0  // where the list begins in the whole
                for list in lists {
                    let from = max(range.lowerBound - start, 0), to = min(range.upperBound - start, list.count)
                    for i in from..<max(from, to) { (out.baseAddress! + start + i).initialize(to: row(list[i], sides: &sides)) }
                    start += list.count
                }
            }
            initialized = count
        }
    }

    /// A finding as history stores it; a known problem as `known`: it is no regression of the run.
    /// - Parameter sides: each side's JSON text, written once.
    static func row(_ f: Finding, sides: inout SideTexts) -> RunRecord.Finding {
        RunRecord.Finding(kind: storedKind(f), rule: storedRule(f.rule), trace: f.trace, press: f.press,
                          x: f.at?.x, y: f.at?.y, node: f.node, before: f.before.map { sides.text($0) }, after: f.after.map { sides.text($0) },
                          message: f.message, action: f.action, expect: f.expect, probe: f.probe, reason: f.reason, partOf: f.partOf)
    }

    /// Each side's JSON text, written once: a regressed run has hundreds of thousands of findings
    /// but a handful of distinct sides. The same string is handed out for the same side, so history
    /// interns it by the string itself (`Labels`).
    struct SideTexts {
        private var written: [Finding.Side: String] = [:]
        /// A press's side by its very strings (found without hashing their text); the entry keeps the side.
        private var bySame: [Finding.Side.Identity: (text: String, side: Finding.Side)] = [:]

        mutating func text(_ side: Finding.Side) -> String {
            let same = side.identity
            if let same, let known = bySame[same] { return known.text }
            let text: String
            if let known = written[side] {
                text = known
            } else {
                text = FindingJSON.sideText(side)
                written[side] = text
            }
            if let same { bySame[same] = (text, side) }
            return text
        }
    }

    /// Every tunable of a run as history's `settings` JSON (compact, fixed key order).
    static func settings(_ request: RunRequest) -> String {
        var settings = JSONWriter(style: .compact)
        settings.object { w in
            w.field("profile", request.hit.profile?.description ?? "from each snapshot")
            w.field("touchRadius", request.hit.touchRadius)
            w.field("gridStep", request.gridStep)
            w.key("replay")
            w.object { w in
                let r = request.replay
                w.field("tapSlop", r.tapSlop); w.field("tapMaxDuration", r.tapMaxDuration)
                w.field("multiTapWindow", r.multiTapWindow); w.field("multiTapDistance", r.multiTapDistance)
                w.field("magnifyThreshold", r.magnifyThreshold); w.field("rotateThreshold", r.rotateThreshold)
                w.field("retryWindow", r.retryWindow); w.field("retryDistance", r.retryDistance)
            }
            w.field("recordMode", request.recordMode.rawValue)
            w.field("latencyThresholdMs", request.thresholds.latencyMs)
            w.field("coverageThreshold", request.thresholds.coverage)
            w.field("predictedThreshold", request.thresholds.predicted)
            w.field("mmPerPoint", request.hit.mmPerPoint.map { JSONValue.format($0) } ?? "from each snapshot")
            if let probe = request.probe {
                w.field("probe", probe.rawValue)
                if probe == .human { w.field("humanTaps", request.humanTaps); w.field("humanSeed", String(request.humanSeed)) }
            }
        }
        return settings.text
    }
}

extension HistoryRecord {
    /// A run request with the tunables of history's `settings` JSON (`settings(_:)` read
    /// back): how `replay merge` runs under exactly the settings its shards ran with.
    /// - Throws: `RunInputError` when the text is not settings this build writes the same
    ///   way (a setting it does not know would otherwise be silently dropped).
    static func request(settings text: String) throws -> RunRequest {
        var request = RunRequest()
        guard let document = try? JSONDocument(parsing: text) else { throw RunInputError("the shards' settings are not JSON: \(text.clipped)") }
        let v = JSONValue(document, at: document.root)
        func number(_ value: JSONValue?, _ into: inout Double) { if case .number(let d)? = value { into = d } }
        if case .string(let name)? = v["profile"] { request.hit.profile = TouchProfile.named(name) }
        number(v["touchRadius"], &request.hit.touchRadius)
        number(v["gridStep"], &request.gridStep)
        let r = v["replay"]
        number(r?["tapSlop"], &request.replay.tapSlop); number(r?["tapMaxDuration"], &request.replay.tapMaxDuration)
        number(r?["multiTapWindow"], &request.replay.multiTapWindow); number(r?["multiTapDistance"], &request.replay.multiTapDistance)
        number(r?["magnifyThreshold"], &request.replay.magnifyThreshold); number(r?["rotateThreshold"], &request.replay.rotateThreshold)
        number(r?["retryWindow"], &request.replay.retryWindow); number(r?["retryDistance"], &request.replay.retryDistance)
        if case .string(let mode)? = v["recordMode"], let m = RecordMode(rawValue: mode) { request.recordMode = m }
        number(v["latencyThresholdMs"], &request.thresholds.latencyMs)
        number(v["coverageThreshold"], &request.thresholds.coverage)
        number(v["predictedThreshold"], &request.thresholds.predicted)
        if case .string(let mm)? = v["mmPerPoint"], let d = Double(mm) { request.hit.mmPerPoint = d }
        if case .string(let p)? = v["probe"] { request.probe = Probe.Pattern(rawValue: p) }
        if case .number(let n)? = v["humanTaps"], let taps = Int(exactly: n) { request.humanTaps = taps }
        if case .string(let seed)? = v["humanSeed"], let s = UInt64(seed) { request.humanSeed = s }
        guard settings(request) == text else {
            throw RunInputError("the shards ran with settings this replay cannot reproduce (\(text.clipped)): merge with the replay that ran them")
        }
        return request
    }
}
