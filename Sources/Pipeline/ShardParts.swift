import Baselines
import Foundation
import HistoryValues
import HitTesting
import ReplayEngine
import RunResults
import TapJSON
import TapModel
import TraceStore

/// A suite's part of a sharded run, both ways: what a shard's replay of its traces
/// folded (a `SuiteRun` before it finishes) as the rows a shard file stores, and
/// the parts of every shard merged back, in the order one run would have folded
/// them.
///
/// Why the merge is exact: everything a suite folds from its traces is either a
/// sum (counts, first tries, firings, the latency histograms, presses outside the
/// snapshot, unknown expects), a union (devices, the traces a version-1 baseline
/// lacks, the informative presses and traces history keeps), or a list a single
/// run builds in trace order (findings, expectations, retry bursts, picture
/// marks). Traces are replayed in name order and each trace lies whole in one
/// shard, so those lists merge by (trace name, press) back into the one run's
/// order. Percentiles are never merged: the latency histograms are, and the
/// percentiles are taken from them as from the sorted list of every value.
enum ShardParts {
    // MARK: A shard's part

    /// The suite's rows and part as this shard's file stores them.
    static func record(_ run: SuiteRun, traces: [StoredTrace]) -> (RunRecord.Suite, ShardRecord.Part) {
        let suite = run.suite, stats = suite.stats, pending = suite.comparison.pending, info = run.info
        let ids = Dictionary(traces.map { ($0.header.trace, $0.rowID) }, uniquingKeysWith: { a, _ in a })
        var sides = HistoryRecord.SideTexts()
        let rows = RunRecord.Suite(
            suite: run.snapshot.screen, snapshotHash: info.contentHash, snapshotSource: info.source, appVersion: info.appVersion,
            appBuild: info.appBuild, baseline: HistoryRecord.state(run.plan.status), passed: pending.regressions.isEmpty,
            traces: suite.rows.traces, presses: stats.presses, fired: stats.fired, firstTries: stats.firstTries,
            firstTriesMet: stats.firstTriesMet, pressRows: suite.rows.presses, targets: [],
            findings: (pending.regressions + pending.improvements + pending.known).map { HistoryRecord.row($0, sides: &sides) })
        var part = ShardRecord.Part()
        part.events = run.events
        part.fit = folded(run.fit, pending)
        part.newPresses = pending.newPresses
        part.newPressTraces = pending.newPressTraces.sorted()
        part.targets = stats.targets.values.sorted { $0.node < $1.node }.map {
            ShardRecord.Part.Target(node: $0.node, expectedTries: $0.expectedTries, firstTryMet: $0.firstTryMet, firings: $0.firings)
        }
        for (key, histogram) in stats.latencyCounts {
            for (value, count) in histogram {
                part.latencies.append(ShardRecord.Part.Latency(node: key.node, action: key.action, latencyMs: value, count: count))
            }
        }
        part.bursts = stats.bursts.map { b in
            ShardRecord.Part.Burst(traceID: ids[b.trace] ?? -1, presses: b.presses, x: b.at.x, y: b.at.y, resolved: b.resolved, target: b.target)
        }
        part.expectations = suite.expectations.map { ShardRecord.Part.Expectation(traceID: ids[$0.key.trace] ?? -1, press: $0.key.press, expect: $0.expect) }
        part.marks = suite.unregressedMarks
        return (rows, part)
    }

    // MARK: Merging

    /// One shard's part of a suite, read back.
    struct Piece {
        var suite: RunRecord.Suite
        var part: ShardRecord.Part
        /// The shard's trace ids → names.
        var names: [Int64: String]
        /// Where each finding of the shard's list is kept: the part's, or (findings read as rows) each row.
        let listed: [ShardRecord.Part.Listed]

        init(suite: RunRecord.Suite, part: ShardRecord.Part, names: [Int64: String]) {
            self.suite = suite; self.part = part; self.names = names
            listed = part.listed.isEmpty ? suite.findings.indices.map { .single($0) } : part.listed
        }
    }

    /// The parts of every shard, folded into `run` as one run would have folded them.
    /// - Parameter historyIDs: each trace's id in the database the run is recorded in, by name.
    static func absorb(_ pieces: [Piece], into run: inout SuiteRun, historyIDs: [String: Int64], request: RunRequest) {
        // A trace's place in the one run: traces are replayed in name order (SQLite's, byte order). Each
        // trace's name is one string in every shard (`ShardTexts`), so it is found by that string first.
        let names = Set(pieces.flatMap { p in p.suite.traces.compactMap { p.names[$0] } })
        let ordered = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let rank = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1, $0) })
        let rankBySame = Dictionary(ordered.enumerated().map { (TextKey.Same($1), $0) }, uniquingKeysWith: { a, _ in a })
        func place(_ trace: String?) -> Int {
            guard let trace else { return Int.max }
            return rankBySame[TextKey.Same(trace)] ?? rank[trace] ?? Int.max
        }
        var resorted = false  // a list was not in fold order
        /// Every shard's list, each in its fold order, merged into the one run's (k-way; ties keep the
        /// shards' order). A list out of fold order (not a shard's) is sorted as the run would have folded it.
        /// (`key` is given the list and the item's index in it: items are read in place, never copied.)
        func merged<T>(_ lists: [[T]], _ key: (Int, Int) -> (trace: String?, press: Int)) -> [(list: Int, index: Int)] {
            var keys: [[(place: Int, press: Int)]] = []
            var inOrder = true
            for (k, list) in lists.enumerated() {
                // A shard's items come trace by trace: a trace's place is looked up once per run of it, not per item.
                var last: (trace: String?, place: Int)?
                var out: [(place: Int, press: Int)] = []
                out.reserveCapacity(list.count)
                for i in list.indices {
                    let (trace, press) = key(k, i)
                    let p: Int
                    if let last, last.trace == trace { p = last.place } else { p = place(trace); last = (trace, p) }
                    if let previous = out.last, (p, press) < (previous.place, previous.press) { inOrder = false }
                    out.append((p, press))
                }
                keys.append(out)
            }
            let total = keys.reduce(0) { $0 + $1.count }
            var order: [(list: Int, index: Int)] = []
            order.reserveCapacity(total)
            guard inOrder else {
                resorted = true
                for k in keys.indices { for i in keys[k].indices { order.append((k, i)) } }
                order.sort { a, b in
                    let x = keys[a.list][a.index], y = keys[b.list][b.index]
                    return (x.place, x.press, a.list, a.index) < (y.place, y.press, b.list, b.index)
                }
                return order
            }
            var heads = [Int](repeating: 0, count: keys.count)
            while order.count < total {
                var best = -1
                for k in keys.indices where heads[k] < keys[k].count {
                    if best < 0 { best = k; continue }
                    let x = keys[k][heads[k]], y = keys[best][heads[best]]
                    if (x.place, x.press) < (y.place, y.press) { best = k }
                }
                order.append((best, heads[best]))
                heads[best] += 1
            }
            return order
        }

        var stats = SuiteStats(settings: request.replay)
        var regressions: [[Int]] = [], improvements: [[Int]] = [], known: [[Int]] = []
        var expectations: [[(key: PressKey, expect: String)]] = []
        var unregressed: [[(trace: String?, mark: ShardRecord.Part.Mark)]] = []
        var pending = Comparison.Pending()
        var rows = HistoryRecord.SuiteRows()
        var sides = SideCache()
        var traced = [0, 0, 0, 0]  // the shards' findings that name a trace, by list (`FindingGroupRow.list`)
        for p in pieces {
            let part = p.part
            var targets: [String: TargetResponsiveness] = [:]
            for t in part.targets {
                targets[t.node] = TargetResponsiveness(node: t.node, expectedTries: t.expectedTries, firstTryMet: t.firstTryMet, firings: t.firings)
            }
            var latencies: [SuiteStats.ActionKey: [Double: Int]] = [:]
            for l in part.latencies { latencies[SuiteStats.ActionKey(node: l.node, action: l.action), default: [:]][l.latencyMs, default: 0] += l.count }
            let bursts = part.bursts.map { b in
                RetryBurst(trace: p.names[b.traceID] ?? "", presses: b.presses, at: Point(b.x, b.y), resolved: b.resolved, target: b.target)
            }
            stats.merge(SuiteStats(settings: request.replay, presses: p.suite.presses, fired: p.suite.fired, firstTries: p.suite.firstTries,
                                   firstTriesMet: p.suite.firstTriesMet, bursts: bursts, targets: targets, latencyCounts: latencies))
            // Each list's findings by their place in the shard's list: a finding is made once, in its place in the merged list.
            var (r, i, k): ([Int], [Int], [Int]) = ([], [], [])
            for n in p.listed.indices {
                let kind: FindingKind
                switch p.listed[n] {
                case .single(let m):
                    kind = p.suite.findings[m].kind
                    if p.suite.findings[m].trace != nil { traced[RunRecord.FindingGroupRow.list(of: kind)] += 1 }
                case .member(let g, _, _, _, _):
                    kind = p.part.findingGroups[Int(g)].kind
                    traced[RunRecord.FindingGroupRow.list(of: kind)] += 1
                }
                switch kind {
                case .known: k.append(n)
                case .regression: r.append(n)
                case .improvement, .new: i.append(n)  // as the run lists them: regressions, the others, known problems
                }
            }
            regressions.append(r); improvements.append(i); known.append(k)
            let knownTraces = knownTraces(part.fit)
            pending.knownTracesSeen.formUnion(knownTraces.seen)
            pending.knownTracesCompared.formUnion(knownTraces.compared)
            pending.knownNodesSeen.formUnion(knownTraces.nodesSeen)
            pending.knownNodesCompared.formUnion(knownTraces.nodesCompared)
            pending.newPresses += part.newPresses
            pending.newPressTraces.formUnion(part.newPressTraces)
            expectations.append(part.expectations.map { e in (PressKey(trace: p.names[e.traceID] ?? "", press: e.press), e.expect) })
            unregressed.append(part.marks.map { m in (p.names[m.traceID], m) })
            run.fit.add(counts: part.fit)
            run.traces += p.suite.traces.count
            run.events += part.events
        }
        stats.orderBursts(by: { place($0) })
        // The traces and informative presses history keeps, under this database's trace ids (a trace it lacks is left out).
        let ids = pieces.map { p in p.names.compactMapValues { historyIDs[$0] } }
        rows.traces = merged(pieces.map(\.suite.traces)) { k, i in (pieces[k].names[pieces[k].suite.traces[i]], 0) }.compactMap { k, i in
            ids[k][pieces[k].suite.traces[i]]
        }
        // (Grouped by the shards as history groups them: a trace's presses are all in one shard.)
        rows.pressGroups = merged(pieces.map(\.suite.pressGroups)) { k, i in
            (pieces[k].names[pieces[k].suite.pressGroups[i].traceID], Int(pieces[k].suite.pressGroups[i].firstPress))
        }.compactMap { k, i in
            var group = pieces[k].suite.pressGroups[i]  // history interns names in the order the groups first come
            guard let id = ids[k][group.traceID] else { return nil }
            group.traceID = id
            return group
        }
        // A group's findings share their sides: each group's are read once, the first time one is needed.
        var groupSides = pieces.map { [(before: Finding.Side?, after: Finding.Side?)?](repeating: nil, count: $0.part.findingGroups.count) }
        func findings(_ lists: [[Int]]) -> [Finding] {
            merged(lists) { k, i in
                switch pieces[k].listed[lists[k][i]] {
                case .single(let n): return (pieces[k].suite.findings[n].trace, pieces[k].suite.findings[n].press ?? 0)
                case .member(let g, let press, _, _, _): return (pieces[k].part.findingGroups[Int(g)].trace, Int(press))
                }
            }.map { k, i in
                switch pieces[k].listed[lists[k][i]] {
                case .single(let n):
                    return pieces[k].suite.findings.withUnsafeBufferPointer { rows in
                        finding(rows.baseAddress! + n, suite: pieces[k].suite.suite, sides: &sides)
                    }
                case .member(let g, let press, let x, let y, let partOf):
                    return pieces[k].part.findingGroups.withUnsafeBufferPointer { groups in
                        let group = groups.baseAddress! + Int(g)
                        if groupSides[k][Int(g)] == nil {
                            groupSides[k][Int(g)] = (group.pointee.before.map { sides.side($0) }, group.pointee.after.map { sides.side($0) })
                        }
                        return finding(group, press: press, at: Point(x, y), partOf: partOf, sides: groupSides[k][Int(g)]!, suite: pieces[k].suite.suite)
                    }
                }
            }
        }
        resorted = false
        pending.regressions = findings(regressions)
        pending.improvements = findings(improvements)
        pending.known = findings(known)
        // The shards' groups of findings, placed in the suite's list when history is written (`HistoryRecord.findingTable`);
        // blocks keep the shards' order only when every list merged in fold order.
        if !resorted {
            rows.findingGroups = pieces.map(\.part.findingGroups)
            rows.tracedFindings = traced
        }
        let orderedExpectations = merged(expectations) { k, i in (expectations[k][i].key.trace, expectations[k][i].key.press) }.map { expectations[$0.list][$0.index] }

        // Picture marks: every regressed press (drawn from its findings), and the first
        // unregressed presses up to the limit, in fold order.
        var marks: [[(trace: String?, press: Int, item: PressMark)]] = [[], []]  // the regressed, the others
        var others = 0
        if run.suite.keeping == .all {
            var seen = Set<PressKey>()
            for f in pending.regressions where !f.probe && f.partOf == nil {
                guard let trace = f.trace, let press = f.press, let after = f.after, seen.insert(PressKey(trace: trace, press: press)).inserted
                else { continue }
                let outcome = after.outcome.flatMap(TouchResult.Outcome.init(rawValue:)) ?? .miss
                let baseline = f.before.flatMap { b in
                    b.outcome.flatMap(TouchResult.Outcome.init(rawValue:)).map { PressSide(outcome: $0, node: b.node, action: b.action, latencyMs: b.latencyMs) }
                }
                marks[0].append((trace, press, SuiteAccumulator.mark(PressKey(trace: trace, press: press), at: f.at ?? Point(0, 0), outcome: outcome,
                                                                  action: after.action, reason: f.reason ?? "", regressed: true,
                                                                  node: after.node, baseline: baseline)))
            }
            let firsts = merged(unregressed) { k, i in (unregressed[k][i].trace, unregressed[k][i].mark.press) }.prefix(SuiteAccumulator.markLimit)
            for (k, i) in firsts {
                let (trace, m) = unregressed[k][i]
                marks[1].append((trace, m.press, SuiteAccumulator.mark(PressKey(trace: trace ?? "", press: m.press), at: Point(m.x, m.y),
                                                                    outcome: HistoryRecord.outcome(m.outcome), action: m.action,
                                                                    reason: m.reason ?? "", regressed: false)))
                others += 1
            }
        }
        run.suite.absorb(stats: stats, pending: pending, rows: rows, expectations: orderedExpectations, marks: merged(marks) { k, i in (marks[k][i].trace, marks[k][i].press) }.map { marks[$0.list][$0.index].item },
                         others: others)
    }

    /// What a suite's traces folded besides its rows, as a shard file's `fit` JSON: the
    /// trace fit's counts, and the traces and targets its known problems name that were seen
    /// and compared (whether a known problem is fixed depends on them).
    static func folded(_ fit: TraceFit, _ pending: Comparison.Pending) -> String {
        guard case .object(var pairs) = fit.counts else { return fit.counts.serialized(.compact) }
        for (key, traces) in [("knownTracesSeen", pending.knownTracesSeen), ("knownTracesCompared", pending.knownTracesCompared),
                              ("knownNodesSeen", pending.knownNodesSeen), ("knownNodesCompared", pending.knownNodesCompared)]
        where !traces.isEmpty {
            pairs.append(JSONValue.Pair(key, .array(traces.sorted().map { .string($0) })))
        }
        return JSONValue.object(pairs).serialized(.compact)
    }

    /// The known problems' traces and targets seen and compared, from a shard file's `fit` JSON.
    static func knownTraces(_ text: String) -> (seen: [String], compared: [String], nodesSeen: [String], nodesCompared: [String]) {
        guard let document = try? JSONDocument(parsing: text) else { return ([], [], [], []) }
        let v = JSONValue(document, at: document.root)
        func names(_ key: String) -> [String] {
            guard case .array(let items)? = v[key] else { return [] }
            return items.compactMap(\.text)
        }
        return (names("knownTracesSeen"), names("knownTracesCompared"), names("knownNodesSeen"), names("knownNodesCompared"))
    }

    /// A finding of `group`: what the group's findings share, with its own press, point and multi-tap.
    static func finding(_ group: UnsafePointer<RunRecord.FindingGroupRow>, press: Int32, at: Point, partOf: Int32?,
                        sides: (before: Finding.Side?, after: Finding.Side?), suite: String) -> Finding {
        var f = Finding(kind: HistoryRecord.kind(group.pointee.kind), rule: HistoryRecord.rule(group.pointee.rule), suite: suite,
                        trace: group.pointee.trace, press: Int(press), at: at, node: group.pointee.node, action: group.pointee.action,
                        expect: group.pointee.expect, before: sides.before, after: sides.after, message: group.pointee.message,
                        reason: group.pointee.reason)
        f.probe = group.pointee.probe
        f.partOf = partOf.map(Int.init)
        return f
    }

    /// A finding as history stores it, back as the run made it (a known problem as the
    /// regression it is; the comparison matches it to its known problem again).
    /// (The row is read in place: a copy of one retains each of its strings.)
    static func finding(_ row: UnsafePointer<RunRecord.Finding>, suite: String, sides: inout SideCache) -> Finding {
        var f = Finding(kind: HistoryRecord.kind(row.pointee.kind), rule: HistoryRecord.rule(row.pointee.rule), suite: suite,
                        trace: row.pointee.trace, press: row.pointee.press, at: row.pointee.x.flatMap { x in row.pointee.y.map { Point(x, $0) } },
                        node: row.pointee.node, action: row.pointee.action, expect: row.pointee.expect,
                        before: row.pointee.before.map { sides.side($0) }, after: row.pointee.after.map { sides.side($0) },
                        message: row.pointee.message, reason: row.pointee.reason)
        f.probe = row.pointee.probe
        f.partOf = row.pointee.partOf
        return f
    }

    /// Sides of findings read back from their JSON, each distinct text parsed once
    /// (a regressed screen repeats the same few sides thousands of times).
    struct SideCache {
        private var known: [String: Finding.Side] = [:]
        /// By the string itself (a merge's texts are one string each: `ShardTexts`); the entry keeps the string.
        private var bySame: [TextKey.Same: (text: String, side: Finding.Side)] = [:]

        mutating func side(_ text: String) -> Finding.Side {
            let same = TextKey.Same(text)
            if let s = bySame[same] { return s.side }
            defer { bySame[same] = (text, known[text]!) }
            if let s = known[text] { return s }
            var side = Finding.Side()
            if let document = try? JSONDocument(parsing: text) {
                let v = JSONValue(document, at: document.root)
                func string(_ key: String) -> String? { if case .string(let s)? = v[key] { s } else { nil } }
                func number(_ key: String) -> Double? { if case .number(let d)? = v[key] { d } else { nil } }
                side.outcome = string("outcome"); side.node = string("node"); side.action = string("action")
                side.latencyMs = number("latencyMs")
                side.own = number("own"); side.stolen = number("stolen"); side.blocked = number("blocked")
                side.ambiguous = number("ambiguous"); side.disabled = number("disabled"); side.miss = number("miss")
                side.stolenBy = string("stolenBy")
            }
            known[text] = side
            return side
        }
    }
}

extension TraceFit {
    /// What this fit counted, as a shard file keeps it: presses outside the snapshot
    /// and the first five of their traces (all the warning names), devices, unknown expects.
    var counts: JSONValue {
        .object([
            "outside": .number(outside),
            "outsideTraces": .array(outsideTraces.sorted().prefix(5).map { .string($0) }),
            "devices": .array(devices.sorted().map { .string($0) }),
            "unknownExpect": .object(unknownExpect.sorted { $0.key < $1.key }.map { JSONValue.Pair($0.key, .number($0.value)) }),
        ])
    }

    /// Adds another shard's counts.
    mutating func add(counts text: String) {
        guard let document = try? JSONDocument(parsing: text) else { return }
        let v = JSONValue(document, at: document.root)
        if case .number(let n)? = v["outside"], let k = Int(exactly: n), k >= 0, k <= 1 << 40 { outside += k }
        if case .array(let items)? = v["outsideTraces"] { for case .string(let s) in items { outsideTraces.insert(s) } }
        if case .array(let items)? = v["devices"] { for case .string(let s) in items { devices.insert(s) } }
        if case .object(let pairs)? = v["unknownExpect"] {
            for p in pairs { if case .number(let n) = p.value, let k = Int(exactly: n), k >= 0, k <= 1 << 40 { unknownExpect[p.key, default: 0] += k } }
        }
    }
}

/// A screen's coverage as a shard file keeps it (`shard_coverage`): the targets in order, every
/// number by its bits, so the merge takes exactly the values the shard sampled. Each screen is
/// sampled by one shard (`ShardCoverage.sampler`), so the merge samples none.
enum ShardCoverage {
    /// The shard (1-based) that samples the screen at `position` (the run's screens in order): round robin.
    static func sampler(of position: Int, count: Int) -> Int { position % max(count, 1) + 1 }

    static func text(_ targets: [TargetCoverage]) -> String {
        func bits(_ d: Double) -> JSONValue { .string(String(d.bitPattern)) }
        func shares(_ list: [TargetPrediction.Share]) -> JSONValue { .array(list.map { .array([.string($0.node), bits($0.p)]) }) }
        return JSONValue.array(targets.map { t in
            var fields: [JSONValue] = [.string(t.node), .string(t.action), .string(String(t.samples)), bits(t.own), bits(t.stolen),
                                       bits(t.blocked), bits(t.ambiguous), bits(t.disabled), bits(t.miss), .string(t.stolenBy)]
            if let p = t.predicted {
                fields.append(.array([.string(p.node), bits(p.success), shares(p.stolen), bits(p.miss), bits(p.missInside), bits(p.blocked),
                                      shares(p.blockedBy), bits(p.ambiguous), shares(p.ambiguousWith), bits(p.disabled), bits(p.mmPerPoint),
                                      bits(p.sigma.x), bits(p.sigma.y), .string(String(p.cells))]))
            }
            return .array(fields)
        }).serialized(.compact)
    }

    /// The targets back; nil when the text is not what `text` writes.
    static func targets(_ text: String) -> [TargetCoverage]? {
        guard let document = try? JSONDocument(parsing: text), case .array(let items) = JSONValue(document, at: document.root) else { return nil }
        func double(_ v: JSONValue?) -> Double? { v?.text.flatMap(UInt64.init).map(Double.init(bitPattern:)) }
        func int(_ v: JSONValue?) -> Int? { v?.text.flatMap { Int($0) } }
        func list(_ v: JSONValue?) -> [JSONValue]? { if case .array(let items)? = v { items } else { nil } }
        func shares(_ v: JSONValue?) -> [TargetPrediction.Share]? {
            guard let items = list(v) else { return nil }
            var out: [TargetPrediction.Share] = []
            for item in items {
                guard let pair = list(item), pair.count == 2, let node = pair[0].text, let p = double(pair[1]) else { return nil }
                out.append(TargetPrediction.Share(node: node, p: p))
            }
            return out
        }
        var out: [TargetCoverage] = []
        for item in items {
            guard let f = list(item), f.count >= 10, let node = f[0].text, let samples = int(f[2]), let own = double(f[3]), let stolen = double(f[4]),
                  let blocked = double(f[5]), let ambiguous = double(f[6]), let disabled = double(f[7]), let miss = double(f[8]) else { return nil }
            var t = TargetCoverage(node: node, action: f[1].text, samples: samples, own: own, stolen: stolen, blocked: blocked,
                                   ambiguous: ambiguous, disabled: disabled, miss: miss, stolenBy: f[9].text)
            if f.count > 10 {
                guard let p = list(f[10]), p.count == 14, let pnode = p[0].text, let success = double(p[1]), let pstolen = shares(p[2]),
                      let pmiss = double(p[3]), let inside = double(p[4]), let pblocked = double(p[5]), let by = shares(p[6]),
                      let pambiguous = double(p[7]), let with = shares(p[8]), let pdisabled = double(p[9]), let mm = double(p[10]),
                      let sx = double(p[11]), let sy = double(p[12]), let cells = int(p[13]) else { return nil }
                t.predicted = TargetPrediction(node: pnode, success: success, stolen: pstolen, miss: pmiss, missInside: inside, blocked: pblocked,
                                               blockedBy: by, ambiguous: pambiguous, ambiguousWith: with, disabled: pdisabled, mmPerPoint: mm,
                                               sigma: (sx, sy), cells: cells)
            }
            out.append(t)
        }
        return out
    }
}
