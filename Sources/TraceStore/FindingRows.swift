import Dispatch
import HistoryValues
import TapJSON

/// A suite's findings made ready for their rows away from the database: the findings of a
/// press grouped (one `finding_group` row per trace and message, its presses as JSON), the
/// others as rows of their own, and every text they name interned in the part's own table.
///
/// A regressed run has hundreds of thousands of findings: the part of recording them that
/// needs no database is done in two halves on two threads while the recording thread writes
/// the run's other rows. The halves are cut where no group can span them (a group belongs to
/// one trace, rule and kind), and each half asks for its texts in the order the findings do,
/// so the rows, their ids and the labels' ids are those one pass writes.
struct FindingRows {
    /// A finding stored as a row of its own: where it stands in the suite's list, and its texts.
    struct Single {
        let index: Int
        let reason: Int32, message: Int32, before: Int32, after: Int32
    }
    /// What the findings of a group share: all but the press (labels as indexes into `texts`, the other
    /// texts as indexes into `names`, -1 for none); hashed by its parts mixed into one word.
    struct Key: Hashable {
        let kind: Int32, rule: Int32, trace: Int32, node: Int32, action: Int32, expect: Int32, probe: Bool
        let reason: Int32, message: Int32, before: Int32, after: Int32

        func hash(into h: inout Hasher) {
            func pair(_ a: Int32, _ b: Int32) -> UInt64 { UInt64(UInt32(bitPattern: a)) << 32 | UInt64(UInt32(bitPattern: b)) }
            h.combine(TextKey.Same.mix(pair(kind, rule), pair(trace, node), pair(action, expect), pair(reason, message),
                                       pair(before, after), probe ? 1 : 0))
        }
    }
    /// A group being built; `first` and the presses' offsets are positions in the suite's list.
    struct Group {
        let key: Key
        /// Where its first finding is in the list `fill` was given.
        let index: Int
        let first: Int
        var last: Int
        var presses: JSONWriter
        /// Each finding's offset, press and index in the list, when asked for (`blockGroups`).
        var members: [Int32] = []
    }

    /// The texts named, in the order first asked for (`Labels` gives their ids).
    private var local = LocalTexts()
    var texts: [String] { local.texts }
    /// The texts a group stores as they are (kind, rule, trace, node, action, expect).
    private var names = LocalTexts()
    func name(_ i: Int32) -> String? { i < 0 ? nil : names.texts[Int(i)] }
    private(set) var singles: [Single] = []
    private(set) var groups: [Group] = []

    private mutating func index(_ text: String?) -> Int32 { local.index(text) }

    /// Groups and rows for `findings[range]` (positions are the suite list's).
    init(_ findings: [RunRecord.Finding], _ range: Range<Int>) {
        var rows = FindingRows()
        findings.withUnsafeBufferPointer { rows.fill($0, range) }
        self = rows
    }

    private init() {}

    /// (Each finding read in place: a copy of one retains each of its strings.)
    /// - Parameter positions: each finding's position (default: its index).
    private mutating func fill(_ findings: UnsafeBufferPointer<RunRecord.Finding>, _ range: Range<Int>, positions: [Int]? = nil) {
        let tracking = positions != nil
        var groupOf: [Key: Int] = [:]
        var recent: [Int] = []
        for i in range {
            let at = positions?[i] ?? i
            let f = UnsafePointer(findings.baseAddress! + i)
            // Asked for in this order by every path, so new labels get the ids one pass gives them.
            let reason = index(f.pointee.reason), message = index(f.pointee.message), before = index(f.pointee.before), after = index(f.pointee.after)
            if let trace = f.pointee.trace, let press = f.pointee.press, let x = f.pointee.x, let y = f.pointee.y, x.isFinite, y.isFinite {
                let key = Key(kind: names.index(f.pointee.kind.rawValue), rule: names.index(f.pointee.rule.rawValue), trace: names.index(trace),
                              node: names.index(f.pointee.node), action: names.index(f.pointee.action), expect: names.index(f.pointee.expect),
                              probe: f.pointee.probe, reason: reason, message: message, before: before, after: after)
                // A trace's findings come together: its last groups are compared before hashing the key.
                let g = recent.first { groups[$0].key == key } ?? groupOf[key] ?? groups.count
                if !recent.contains(g) {
                    if recent.count == 4 { recent.removeFirst() }
                    recent.append(g)
                }
                if g == groups.count {
                    groupOf[key] = g
                    var presses = JSONWriter(style: .compact)
                    presses.beginArray()
                    groups.append(Group(key: key, index: i, first: at, last: at, presses: presses))
                }
                // `[position - first, press, x, y]`, and the press that began a multi-tap when there is one
                // (x and y as reals, the text Swift writes for a Double).
                let offset = at - groups[g].first
                groups[g].presses.beginArray()
                groups[g].presses.number(offset); groups[g].presses.number(press)
                groups[g].presses.real(x); groups[g].presses.real(y)
                if let partOf = f.pointee.partOf { groups[g].presses.number(partOf) }
                groups[g].presses.endArray()
                if tracking {
                    groups[g].members.append(Int32(truncatingIfNeeded: offset)); groups[g].members.append(Int32(truncatingIfNeeded: press))
                    groups[g].members.append(Int32(truncatingIfNeeded: i))
                }
                groups[g].last = at
                continue
            }
            singles.append(Single(index: i, reason: reason, message: message, before: before, after: after))
        }
        for g in groups.indices { groups[g].presses.endArray() }
    }

    /// A shard's findings (in the order it folded them) grouped as history will store them, each group's
    /// `first` and `last` its findings' places in their block (`RunRecord.FindingGroupRow.Block`): the merge moves a block whole
    /// into the suite's list, so the groups' press lists (offsets within a group) are what one pass over
    /// the merged list writes, and only where they begin changes.
    static func blockGroups(_ findings: [RunRecord.Finding]) -> [RunRecord.FindingGroupRow] {
        var positions = [Int](repeating: 0, count: findings.count)
        var counts: [RunRecord.FindingGroupRow.Block: Int] = [:]
        var last: (block: RunRecord.FindingGroupRow.Block, n: Int)?
        for i in findings.indices {
            guard let trace = findings[i].trace else { continue }
            let block = RunRecord.FindingGroupRow.Block(list: RunRecord.FindingGroupRow.list(of: findings[i].kind), rule: findings[i].rule, trace: trace)
            if let (b, n) = last, b == block {  // a trace's findings come together
                positions[i] = n
                last = (b, n + 1)
                continue
            }
            if let (b, n) = last { counts[b] = n }
            let n = counts[block] ?? 0
            positions[i] = n
            last = (block, n + 1)
        }
        return groups(findings, at: positions)
    }

    /// `findings` grouped as history stores them, each at the position given (`first`, `last` and the
    /// offsets in the press lists are of these positions).
    static func groups(_ findings: [RunRecord.Finding], at positions: [Int]) -> [RunRecord.FindingGroupRow] {
        var rows = FindingRows()
        findings.withUnsafeBufferPointer { rows.fill($0, findings.indices, positions: positions) }
        return rows.groups.map { g in
            let f = findings[g.index]
            return RunRecord.FindingGroupRow(kind: f.kind, rule: f.rule, trace: f.trace!, node: f.node, action: f.action, expect: f.expect,
                                             probe: f.probe, reason: f.reason, message: f.message, before: f.before, after: f.after,
                                             first: g.first, last: g.last, presses: g.presses.bytes, members: g.members)
        }
    }

    /// Below this many findings a suite is prepared in one pass, on the recording thread.
    static let parallelFrom = 20_000

    /// Where `findings` may be cut in two so that no group spans the cut: the first change of
    /// (kind, rule, trace) from the middle on, when no such block before it comes again after it.
    /// (A finding without a trace and press is a row of its own, never in a group: its block is none.)
    static func cut(_ findings: [RunRecord.Finding]) -> Int? {
        guard findings.count >= 2 else { return nil }
        return findings.withUnsafeBufferPointer { cut($0) }
    }

    /// (Each finding read in place: a copy of one retains each of its strings.)
    private static func cut(_ findings: UnsafeBufferPointer<RunRecord.Finding>) -> Int? {
        struct Block: Hashable { let kind: FindingKind, rule: FindingRule, trace: String }
        func block(_ i: Int) -> Block? {
            guard let trace = findings[i].trace, findings[i].press != nil else { return nil }
            return Block(kind: findings[i].kind, rule: findings[i].rule, trace: trace)
        }
        var at = findings.count / 2
        while at < findings.count && block(at) == block(at - 1) { at += 1 }
        guard at < findings.count else { return nil }
        var before = Set<Block>()
        for i in 0..<at where i == 0 || block(i) != block(i - 1) {
            if let b = block(i) { before.insert(b) }
        }
        for i in at..<findings.count where i == at || block(i) != block(i - 1) {
            if let b = block(i), before.contains(b) { return nil }
        }
        return at
    }

    /// Prepares `findings` in the background (in two halves when there are many), or on `wait`.
    final class Preparation: @unchecked Sendable {
        private let findings: [RunRecord.Finding]
        private let group = DispatchGroup()
        private let cut: Int?
        /// Each written by its own task, read after `group` is done.
        private var first: FindingRows?, second: FindingRows?

        init(_ findings: [RunRecord.Finding]) {
            self.findings = findings
            cut = findings.count >= FindingRows.parallelFrom ? FindingRows.cut(findings) : nil
            guard let cut else { return }
            DispatchQueue.global().async(group: group) { [self] in first = FindingRows(findings, 0..<cut) }
            DispatchQueue.global().async(group: group) { [self] in second = FindingRows(findings, cut..<findings.count) }
        }

        /// The parts in order (each cut from the next where no group spans them).
        func wait() -> [FindingRows] {
            guard cut != nil else { return [FindingRows(findings, findings.indices)] }
            group.wait()
            return [first!, second!]
        }
    }
}

extension RunRecord.FindingGroupRow {
    /// A shard's findings (in the order it folded them) grouped as history will store them, placed within their blocks.
    public static func grouped(_ findings: [RunRecord.Finding]) -> [RunRecord.FindingGroupRow] { FindingRows.blockGroups(findings) }

    /// `findings` grouped as history stores them, each standing at the position given in the suite's list
    /// (a merge's own findings: its probes').
    public static func grouped(_ findings: [RunRecord.Finding], at positions: [Int]) -> [RunRecord.FindingGroupRow] {
        FindingRows.groups(findings, at: positions)
    }

    /// Whether `f` joins a group (a press's finding with its point), or is a row of its own.
    public static func joinsGroup(trace: String?, press: Int?, x: Double?, y: Double?) -> Bool {
        guard trace != nil, press != nil, let x, let y else { return false }
        return x.isFinite && y.isFinite
    }

    /// The list of a run's suite a finding of `kind` is in, as history stores them one after another:
    /// regressions (0), improvements and findings new to the baseline (1), notes of the comparison
    /// (2: a merge's own, never a shard's), known problems (3).
    public static func list(of kind: FindingKind) -> Int {
        switch kind {
        case .regression: 0
        case .improvement, .new: 1
        case .known: 3
        }
    }

    /// A block: the findings of one list, rule and trace. The suite's list orders each list by rule,
    /// keeping the order found within a rule (the comparison's order), and a trace's findings come together:
    /// each block stands whole in that list, its findings in the order a shard holds them.
    public struct Block: Hashable, Sendable {
        public let list: Int, rule: FindingRule, trace: String
        public init(list: Int, rule: FindingRule, trace: String) { self.list = list; self.rule = rule; self.trace = trace }
    }
}
