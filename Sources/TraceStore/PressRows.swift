import Dispatch
import TapJSON

/// A suite's press rows made ready for `press_group` away from the database: one group per trace
/// and everything a press holds but its number, its texts interned in the preparation's own table.
///
/// A regressed run keeps hundreds of thousands of presses: grouping them needs no database, so it
/// is done on another thread while the recording thread writes the run's first rows. The texts are
/// asked for in the order the presses name them (node, action, the baseline's node and action), so
/// `Labels` gives each the id one pass over the presses would.
struct PressRows {
    /// A group's key: a press's trace and everything it holds but its number (texts as indexes into
    /// `texts`, -1 for none). Equal exactly when the `PressGroup`s it becomes are; hashed by its parts
    /// mixed into one word.
    struct Key: Hashable {
        let traceID: Int64
        let outcome: UInt8, baselineOutcome: UInt8?
        let node: Int32, action: Int32, baselineNode: Int32, baselineAction: Int32
        let latencyMs: Double?, baselineLatencyMs: Double?
        let met: Bool?

        func hash(into h: inout Hasher) {
            // (A zero hashes as one whatever its sign, as the two compare equal.)
            func bits(_ d: Double?) -> UInt64 { d.map { $0 == 0 ? 0 : $0.bitPattern } ?? 1 }
            func pair(_ a: Int32, _ b: Int32) -> UInt64 { UInt64(UInt32(bitPattern: a)) << 32 | UInt64(UInt32(bitPattern: b)) }
            let codes = UInt64(outcome) | UInt64(baselineOutcome.map { Int($0) } ?? 256) << 9 | UInt64(met.map { $0 ? 1 : 2 } ?? 0) << 18
            h.combine(TextKey.Same.mix(UInt64(bitPattern: traceID), codes, pair(node, action), pair(baselineNode, baselineAction),
                                       bits(latencyMs), bits(baselineLatencyMs)))
        }
    }

    private var local = LocalTexts()
    /// The texts named, in the order first asked for (`Labels` gives their ids).
    var texts: [String] { local.texts }
    /// Each group's key and press numbers, in the order groups first come.
    private(set) var groups: [(key: Key, presses: [Int32])] = []

    init(_ rows: [RunRecord.Press]) {
        var groupOf: [Key: Int] = [:]
        for p in PressGroup.lastOfEach(rows) {
            let key = Key(traceID: p.traceID, outcome: p.outcome.rawValue, baselineOutcome: p.baselineOutcome?.rawValue,
                          node: local.index(p.node), action: local.index(p.action),
                          baselineNode: local.index(p.baselineNode), baselineAction: local.index(p.baselineAction),
                          latencyMs: p.latencyMs, baselineLatencyMs: p.baselineLatencyMs, met: p.met)
            if let g = groupOf[key] {
                groups[g].presses.append(p.press)
            } else {
                groupOf[key] = groups.count
                groups.append((key, [p.press]))
            }
        }
    }

    /// The rows to insert, in the order rows have always had (`PressGroup`'s), each group's press
    /// numbers as a JSON array in increasing order; the texts get their labels first.
    func rows(labels: inout Labels) throws -> [(key: PressGroup, presses: [UInt8])] {
        let ids = try texts.map { try labels.id($0)! }
        var rows = groups.map { g in (key: PressGroup(g.key, ids: ids), presses: g.presses) }
        rows.sort { $0.key < $1.key }
        return rows.map { ($0.key, PressGroup.jsonArray($0.presses.sorted())) }
    }

    /// The groups as rows of their own, in the order they first come.
    var groupRows: [RunRecord.PressGroupRow] {
        func text(_ i: Int32) -> String? { i < 0 ? nil : texts[Int(i)] }
        return groups.map { g in
            let k = g.key, presses = g.presses.sorted()
            return RunRecord.PressGroupRow(traceID: k.traceID, outcome: OutcomeCode(rawValue: k.outcome)!, node: text(k.node), action: text(k.action),
                                           latencyMs: k.latencyMs, baselineOutcome: k.baselineOutcome.map { OutcomeCode(rawValue: $0)! },
                                           baselineNode: text(k.baselineNode), baselineAction: text(k.baselineAction),
                                           baselineLatencyMs: k.baselineLatencyMs, met: k.met, firstPress: presses[0],
                                           presses: PressGroup.jsonArray(presses))
        }
    }

    /// Groups made before (a merged shard's, in the order they first come) as `rows` gives them: their
    /// texts get their labels in the order one pass over their presses would ask for them.
    static func rows(of groups: [RunRecord.PressGroupRow], labels: inout Labels) throws -> [(key: PressGroup, presses: [UInt8])] {
        var rows = try groups.map { g in
            let node = try labels.id(g.node), action = try labels.id(g.action)
            let baselineNode = try labels.id(g.baselineNode), baselineAction = try labels.id(g.baselineAction)
            return (key: PressGroup(traceID: g.traceID, outcome: g.outcome.rawValue, baselineOutcome: g.baselineOutcome?.rawValue, node: node,
                                    action: action, latencyMs: g.latencyMs, baselineNode: baselineNode, baselineAction: baselineAction,
                                    baselineLatencyMs: g.baselineLatencyMs, met: g.met),
                    presses: g.presses)
        }
        rows.sort { $0.key < $1.key }
        return rows
    }

    /// Prepares a suite's press rows in the background; `wait` gives them.
    final class Preparation: @unchecked Sendable {
        private let group = DispatchGroup()
        /// Written by its task, read after `group` is done.
        private var prepared: PressRows?

        init(_ rows: [RunRecord.Press]) {
            DispatchQueue.global().async(group: group) { [self] in prepared = PressRows(rows) }
        }

        func wait() -> PressRows {
            group.wait()
            return prepared!
        }
    }
}

/// The key of a `press_group` row: a press's trace and everything it holds but its number.
struct PressGroup: Hashable, Comparable {
    let traceID: Int64
    let outcome: UInt8
    let baselineOutcome: UInt8?
    let node: Int64?, action: Int64?, latencyMs: Double?
    let baselineNode: Int64?, baselineAction: Int64?, baselineLatencyMs: Double?
    let met: Bool?

    init(traceID: Int64, outcome: UInt8, baselineOutcome: UInt8?, node: Int64?, action: Int64?, latencyMs: Double?,
         baselineNode: Int64?, baselineAction: Int64?, baselineLatencyMs: Double?, met: Bool?) {
        self.traceID = traceID; self.outcome = outcome; self.baselineOutcome = baselineOutcome; self.node = node; self.action = action
        self.latencyMs = latencyMs; self.baselineNode = baselineNode; self.baselineAction = baselineAction
        self.baselineLatencyMs = baselineLatencyMs; self.met = met
    }

    /// A prepared group's key, its texts given their labels' ids (`ids[i]`: the id of the preparation's text i).
    init(_ k: PressRows.Key, ids: [Int64]) {
        func id(_ i: Int32) -> Int64? { i < 0 ? nil : ids[Int(i)] }
        traceID = k.traceID; outcome = k.outcome; baselineOutcome = k.baselineOutcome
        node = id(k.node); action = id(k.action); latencyMs = k.latencyMs
        baselineNode = id(k.baselineNode); baselineAction = id(k.baselineAction)
        baselineLatencyMs = k.baselineLatencyMs; met = k.met
    }

    /// Trace, outcome and the baseline's first (the order rows have always had), then the rest.
    static func < (a: PressGroup, b: PressGroup) -> Bool {
        func order(_ g: PressGroup) -> (Int64, UInt8, Int, Int64, Int64, Int64, Int64, Double, Double, Int) {
            (g.traceID, g.outcome, g.baselineOutcome.map(Int.init) ?? -1, g.node ?? -1, g.action ?? -1, g.baselineNode ?? -1,
             g.baselineAction ?? -1, g.latencyMs ?? -.infinity, g.baselineLatencyMs ?? -.infinity, g.met.map { $0 ? 1 : 0 } ?? -1)
        }
        let x = order(a), y = order(b)
        if (x.0, x.1, x.2, x.3, x.4) != (y.0, y.1, y.2, y.3, y.4) { return (x.0, x.1, x.2, x.3, x.4) < (y.0, y.1, y.2, y.3, y.4) }
        return (x.5, x.6, x.7, x.8, x.9) < (y.5, y.6, y.7, y.8, y.9)
    }

    /// The presses with the last row of each (trace, press): a press given twice is stored once, as it was last given.
    static func lastOfEach(_ rows: [RunRecord.Press]) -> [RunRecord.Press] {
        // As a run folds them: each trace's presses together and in increasing order, so none is given twice.
        var finished = Set<Int64>()
        var asFolded = true
        for i in rows.indices {
            if i > 0 && rows[i].traceID == rows[i - 1].traceID {
                if rows[i].press <= rows[i - 1].press { asFolded = false; break }
            } else {
                if i > 0 { finished.insert(rows[i - 1].traceID) }
                if finished.contains(rows[i].traceID) { asFolded = false; break }
            }
        }
        if asFolded { return rows }
        var at: [Int64: Int] = [:]
        at.reserveCapacity(rows.count)
        var out: [RunRecord.Press] = []
        out.reserveCapacity(rows.count)
        for p in rows {
            let key = p.traceID << 32 | Int64(UInt32(bitPattern: p.press))
            if let i = at[key] { out[i] = p } else { at[key] = out.count; out.append(p) }
        }
        return out
    }

    /// `[1,3,7]` (`lastOfEach` left no press twice).
    static func jsonArray(_ ascending: [Int32]) -> [UInt8] {
        var w = JSONWriter(style: .compact)
        w.array(ascending) { w, p in w.number(Int(p)) }
        return w.bytes
    }
}

