import Baselines
import Foundation
import GRDB
import HitTesting
@testable import Pipeline
import ReplayEngine
import Reports
import RunResults
import TapModel
import Testing
import TestSupport
import TraceStore

/// One set of inputs, run unsharded on one database and as shards merged on another
/// database holding the same traces.
final class ShardRig {
    let folder = TemporaryFolder("tapreplay-shards")
    let whole: TraceStore
    let sharded: TraceStore
    var request = RunRequest()

    init(traces: [String]) throws {
        whole = try TraceStore(path: folder.path + "/whole.sqlite")
        sharded = try TraceStore(path: folder.path + "/sharded.sqlite")
        for file in traces {
            _ = try whole.importFile(file)
            _ = try sharded.importFile(file)
        }
        request.revision = "test"
        request.baselineFolder = baselines
    }

    var baselines: String { folder.path + "/Baselines" }
    func file(_ name: String, _ text: String) -> String { folder.file(name, text) }

    /// The unsharded run (recorded in `whole`).
    func run() throws -> RunOutcome { try RunPipeline(store: whole).run(request) }

    /// The shard files of a run in `n` shards (from `sharded`).
    func shards(_ n: Int, prefix: String = "shard", request: RunRequest? = nil) throws -> [String] {
        try (1...n).map { i in
            let path = folder.path + "/\(prefix)-\(i)-of-\(n).sqlite"
            try RunPipeline(store: sharded).runShard(request ?? self.request, shard: try ShardSpec(index: i, count: n)).write(to: path)
            return path
        }
    }

    func merge(_ files: [String], picture: Bool = false) throws -> RunOutcome {
        let lines = Lines()
        defer { mergeLog = lines.all }
        return try RunPipeline(store: sharded).merge(files, picture: picture, log: { lines.add($0) })
    }
    /// The progress lines of the last `merge`.
    var mergeLog: [String] = []
    /// What the last `merge` said of the findings history took as the shards grouped them.
    var groupedFindings: String? {
        mergeLog.first { $0.hasPrefix("recorded run") && $0.hasSuffix(")") }.flatMap { $0.split(separator: "(").last.map { String($0.dropLast()) } }
    }
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ s: String) { lock.withLock { lines.append(s) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// Every report of a run, timings aside (the start time is the one thing that differs).
    static func reports(_ r: RunOutcome) -> [String: String] {
        var out = [
            "json": RunReport.json(r),
            "text": RunReport.text(r, style: RunReport.Style(color: false)),
            "junit": JUnitReport.xml(r),
            "markdown": MarkdownReport.markdown(r),
        ]
        if r.suites.contains(where: { $0.picture != nil }) { out["html"] = playbackCompared(HTMLReport.html(r, drawings: HTMLReport.drawings(r))) }
        return out.mapValues { $0.replacingOccurrences(of: r.startedAt, with: "<startedAt>") }
    }

    /// The page with each screen's playback data cut to what a sharded run keeps as well: per press its
    /// trace, number, point, outcome now and whether it regressed (shard files keep no count of every
    /// press, nor the baseline side and touch radius of the presses that did not regress; docs/report.md).
    static func playbackCompared(_ html: String) -> String {
        let open = "<script type=\"application/json\" class=\"presses-data\">"
        var out = "", rest = html[...]
        while let start = rest.range(of: open), let end = rest.range(of: "</script>", range: start.upperBound..<rest.endIndex) {
            out += rest[..<start.upperBound]
            let text = String(rest[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "<\\/", with: "</")
            if let data = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], let presses = data["presses"] as? [[Double]],
               let traces = data["traces"] as? [String] {
                out += presses.map { p in "\(traces[Int(p[0])]) \(p[1]) \(p[2]) \(p[3]) \(p[5]) \(p[9])" }.joined(separator: "; ")
            } else {
                out += "unreadable: " + text
            }
            out += "</script>"
            rest = rest[end.upperBound...]
        }
        return out + rest
    }

    /// What history holds of the last run, timings and the shard key aside.
    static func history(_ store: TraceStore) throws -> [String: String] {
        var out: [String: String] = [:]
        for (table, sql) in [("run", "SELECT id, revision, passed, touch_radius, grid_step, settings, regressions, improvements FROM run"),
                             ("run_suite", "SELECT * FROM run_suite ORDER BY id"), ("run_trace", "SELECT * FROM run_trace"),
                             ("target_result", "SELECT * FROM target_result ORDER BY id"), ("finding", "SELECT * FROM finding ORDER BY id"),
                             ("press_outcome", "SELECT * FROM press_outcome"), ("label", "SELECT * FROM label ORDER BY id"),
                             // (How the findings and presses are grouped, which the views above read through.)
                             ("finding_group", "SELECT rowid, * FROM finding_group ORDER BY rowid"), ("finding_row", "SELECT * FROM finding_row ORDER BY id"),
                             ("press_group", "SELECT rowid, * FROM press_group ORDER BY rowid")] {
            let result = try ReadOnlyStore(path: store.path).query(sql)
            out[table] = "\(result.columns) \(result.rows)"
        }
        return out
    }

    /// Expects the merged run to be the unsharded one, report by report and row by row.
    func expectSame(_ whole: RunOutcome, _ merged: RunOutcome, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let a = ShardRig.reports(whole), b = ShardRig.reports(merged)
        #expect(a.keys.sorted() == b.keys.sorted(), sourceLocation: sourceLocation)
        for key in a.keys.sorted() {
            #expect(a[key] == b[key], "\(label): \(key) differs", sourceLocation: sourceLocation)
        }
        #expect(whole.passed == merged.passed, sourceLocation: sourceLocation)
        let ha = try ShardRig.history(self.whole), hb = try ShardRig.history(sharded)
        for key in ha.keys.sorted() {
            #expect(ha[key] == hb[key], "\(label): history table \(key) differs", sourceLocation: sourceLocation)
        }
    }

    /// Starts the sharded database afresh with the same traces (for another shard count).
    func resetHistory() throws {
        _ = try sharded.pruneRuns(keepRuns: 0)
    }
}

/// Presses spread over the settings rows, some in their gaps, some expecting a row,
/// some double taps (a multi-tap takes the next press with it), some retry bursts.
func settingsTraces(_ count: Int, presses: Int, seed: UInt64) -> String {
    var rng = SeededGenerator(seed: seed)
    let rows: [(id: String, y: Double)] = [("row.flowMeter", 100), ("row.units", 144), ("row.alerts", 188), ("row.about", 232)]
    var csv = "trace,screen,t,touch,phase,x,y,radius,expect\n"
    for k in 0..<count {
        let name = "gen-\(seed)-\(String(format: "%03d", k))"
        var t = 0.0
        var i = 0
        while i < presses {
            let row = rows[Int(rng.next() % UInt64(rows.count))]
            let x = Double(16 + Int(rng.next() % 361)), y = row.y + Double(Int(rng.next() % 44))
            // Mostly the row tapped; now and then another row (a multi-tap's later press then misses its expectation).
            let expect = rng.next() % 3 == 0 ? (rng.next() % 4 == 0 ? rows[Int(rng.next() % UInt64(rows.count))].id : row.id) : ""
            let repeats = rng.next() % 7 == 0 ? 3 : (rng.next() % 9 == 0 ? 2 : 1)  // a retry burst, or a double tap
            for _ in 0..<repeats where i < presses {
                csv += "\(name),Settings,\(t),1,began,\(x),\(y),,\(expect)\n\(name),Settings,\(t + 0.05),1,ended,\(x),\(y),,\n"
                t += 0.2
                i += 1
            }
            t += 0.5 + Double(rng.next() % 100) / 100
        }
    }
    return csv
}

struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {  // splitmix64
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Sharded runs: replay run --shard i/n --shard-out, replay merge")
struct ShardTests {
    static let repo = repositoryRoot
    static let examples = ["settings-leading-edge-0001.jsonl", "settings-session-0002.csv", "checkout-uitest-0001.jsonl"].map { repo + "/Traces/" + $0 }
    static let good = repo + "/Traces/snapshots/Settings.json"
    static let regressed = repo + "/Traces/builds/Settings.no-content-shape.json"
    static let checkout = repo + "/Traces/snapshots/Checkout.json"

    /// The example data with the committed baselines, against the regressed settings build.
    static func exampleRig() throws -> ShardRig {
        let rig = try ShardRig(traces: examples)
        try FileManager.default.copyItem(atPath: repo + "/Baselines", toPath: rig.baselines)
        rig.request.snapshotPaths = [regressed, checkout]
        return rig
    }

    @Test("The example data run as 1, 2 and 3 shards merges into the unsharded run: JSON, text, JUnit, Markdown, HTML, exit status, history")
    func exampleAsOneTwoThreeShards() throws {
        let rig = try ShardTests.exampleRig()
        rig.request.picture = true
        let whole = try rig.run()
        #expect(!whole.passed && whole.suites.contains { !$0.diff.regressions.isEmpty })
        for n in 1...3 {
            try rig.resetHistory()
            var shardRequest = rig.request
            shardRequest.picture = false
            let merged = try rig.merge(try rig.shards(n, request: shardRequest), picture: true)
            try rig.expectSame(whole, merged, "\(n) shards")
            // History takes every screen's findings as the shards grouped them (none is grouped anew).
            #expect(rig.groupedFindings == "the findings of 1 screen of 1 as the shards grouped them")
        }
    }

    @Test("A merge hands each screen over as soon as it is merged, in the run's order; it can keep none of their findings, and records the same history")
    func screensHandedOverInOrder() throws {
        let rig = try ShardTests.exampleRig()
        let whole = try rig.run()
        let files = try rig.shards(2)
        final class Handed: @unchecked Sendable {
            let lock = NSLock()
            var suites: [SuiteOutcome] = []
        }
        let handed = Handed()
        let (lean, history) = try RunPipeline(store: rig.sharded).startMerge(files, keepFindings: false, suiteDone: { suite, _ in
            handed.lock.withLock { handed.suites.append(suite) }
        })
        var outcome = lean
        outcome.runID = try #require(history).wait()
        // The outcome keeps only the verdict; the screens handed over are the run's, findings and causes.
        #expect(!whole.passed && outcome.passed == whole.passed)
        #expect(whole.suites.contains { !$0.diff.regressions.isEmpty && !$0.diff.causes.isEmpty })
        #expect(outcome.suites.allSatisfy { $0.diff.regressions.isEmpty && $0.diff.causes.isEmpty })
        #expect(handed.suites.map(\.suite) == whole.suites.map(\.suite))
        var full = outcome
        full.suites = handed.suites
        try rig.expectSame(whole, full, "handed over")
        // Merging again records nothing and hands the same screens over.
        let count = handed.suites.count
        let (again, none) = try RunPipeline(store: rig.sharded).startMerge(files, keepFindings: false, suiteDone: { suite, _ in
            handed.lock.withLock { handed.suites.append(suite) }
        })
        #expect(none == nil && again.runID == outcome.runID)
        #expect(try rig.sharded.runs().count == 1)
        #expect(ShardRig.reports(full)["json"] == ShardRig.reports({ var o = again; o.suites = Array(handed.suites[count...]); return o }())["json"])
    }

    @Test("A shard whose rows fail to read part-way stops the merge with the file named, and nothing is recorded")
    func failurePartWayRecordsNothing() throws {
        let rig = try ShardTests.exampleRig()
        let files = try rig.shards(2)
        // The second screen's rows of the first shard are made unreadable (a press list that is not one).
        let db = try DatabaseQueue(path: files[0])
        try db.write { try $0.execute(sql: "UPDATE shard_press_group SET presses = 'x' WHERE run_suite_id = 2") }
        let handed = ShardRig.Lines()
        #expect { _ = try RunPipeline(store: rig.sharded).merge(files, log: { handed.add($0) }) } throws: { "\($0)".contains(files[0]) }
        #expect(handed.all.contains { $0.contains("merged 2 shards") })  // the first screen was merged before
        #expect(try rig.sharded.runs().isEmpty)
    }

    @Test("History locked by another writer past the busy timeout: the merge stops with one clear error, records nothing, and does not hang")
    func historyLockedStopsTheMerge() throws {
        let rig = try ShardTests.exampleRig()
        let files = try rig.shards(2)
        let store = try TraceStore(path: rig.folder.path + "/sharded.sqlite", busyTimeout: 0.2)
        let other = try DatabaseQueue(path: rig.folder.path + "/sharded.sqlite")
        try other.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                #expect { _ = try RunPipeline(store: store).merge(files) } throws: {
                    ($0 as? StoreError)?.description.contains("is locked by another process") == true
                }
                return .rollback
            }
        }
        #expect(try store.runs().isEmpty)
        #expect(try RunPipeline(store: store).merge(files).runID != nil)  // once the lock is gone
    }

    @Test("Many traces, probes, multi-taps, retry bursts and more unregressed presses than a picture marks merge exactly in 3 shards")
    func manyTracesMergeExactly() throws {
        let folder = TemporaryFolder("tapreplay-shard-data")
        let traces = folder.file("gen.csv", settingsTraces(24, presses: 180, seed: 7))
        let rig = try ShardRig(traces: [traces] + ShardTests.examples)
        rig.request.snapshotPaths = [ShardTests.good]
        rig.request.recordMode = .all
        _ = try rig.run()  // records the baseline of the good build
        rig.request.recordMode = .missing
        rig.request.snapshotPaths = [ShardTests.regressed]  // the checkout trace: a screen without a snapshot
        rig.request.probe = .edges
        rig.request.picture = true
        try rig.whole.pruneRuns(keepRuns: 0)
        let whole = try rig.run()
        let settings = try #require(whole.suites.first { $0.suite == "Settings" })
        #expect(settings.stats.presses > SuiteAccumulator_markLimit && !settings.stats.bursts.isEmpty)
        #expect(settings.diff.regressions.contains { $0.probe } && settings.diff.regressions.contains { $0.partOf != nil })
        for n in [3] {
            try rig.resetHistory()
            let files = try rig.shards(n)
            let merged = try rig.merge(files, picture: true)
            try rig.expectSame(whole, merged, "\(n) shards")
            // The probes' findings are the merge's own: history groups them beside the shards' groups.
            #expect(rig.groupedFindings == "the findings of 1 screen of 1 as the shards grouped them")
            // Without --junit and pictures the merge reads no expectations nor marks: every other report is the same.
            let lean = try RunPipeline(store: rig.sharded).merge(files, picture: false, expectations: false)
            // (The probes' expectations are the merge's own: only the traces' are left unread.)
            func expectations(_ r: RunOutcome) -> Int { r.suites.reduce(0) { $0 + $1.expectations.count } }
            #expect(lean.suites.allSatisfy { $0.marks.isEmpty } && merged.suites.contains { !$0.marks.isEmpty })
            #expect(expectations(lean) < expectations(merged))
            let (a, b) = (ShardRig.reports(merged), ShardRig.reports(lean))
            for format in ["json", "text", "markdown"] { #expect(a[format] == b[format], "\(format)") }
        }
    }

    @Test("A new baseline is written by the merge, as the run would; merging the same shards twice records one run and says the same")
    func mergeTwiceChangesNothing() throws {
        let rig = try ShardRig(traces: ShardTests.examples)
        rig.request.snapshotPaths = [ShardTests.good]
        let file = rig.baselines + "/Settings.json"
        let whole = try rig.run()
        #expect(whole.suites[0].baseline == .written && !whole.passed)
        let written = try Data(contentsOf: URL(fileURLWithPath: file))
        try FileManager.default.removeItem(atPath: file)
        let files = try rig.shards(2)
        #expect(!FileManager.default.fileExists(atPath: file))  // shards never write baselines
        let first = try rig.merge(files)
        #expect(ShardRig.reports(whole)["json"] == ShardRig.reports(first)["json"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == written)
        let second = try rig.merge(files)
        #expect(second.runID == first.runID)
        #expect(ShardRig.reports(first) == ShardRig.reports(second))
        #expect(try rig.sharded.runs().count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == written)
    }

    @Test("Each screen's coverage is sampled by one shard, round robin, and the merge samples none: its run is still the unsharded one")
    func coverageSampledByTheShards() throws {
        let rig = try ShardTests.exampleRig()
        let whole = try rig.run()
        var shardLogs: [[String]] = []
        let files = try (1...2).map { i in
            let path = rig.folder.path + "/cover-\(i).sqlite"
            var lines: [String] = []
            try RunPipeline(store: rig.sharded).runShard(rig.request, shard: try ShardSpec(index: i, count: 2), log: { lines.append($0) }).write(to: path)
            shardLogs.append(lines)
            return path
        }
        let sampled = shardLogs.map { $0.filter { $0.contains("sampled the coverage") }.map { String($0.prefix { $0 != ":" }) } }
        #expect(sampled == [["Checkout"], ["Settings"]])  // screens in order, shard by shard
        var mergeLog: [String] = []
        let merged = try RunPipeline(store: rig.sharded).merge(files, log: { mergeLog.append($0) })
        #expect(!mergeLog.contains { $0.contains("sampled the coverage") })
        #expect(ShardRig.reports(whole) == ShardRig.reports(merged))
        // The coverage text keeps every number exactly.
        let coverage = whole.suites.flatMap(\.coverage)
        #expect(!coverage.isEmpty && ShardCoverage.targets(ShardCoverage.text(coverage)) == coverage)
    }

    /// The example rig, its Settings baseline holding the regressed build's regressions as known problems.
    static func knownProblemRig() throws -> ShardRig {
        let rig = try ShardTests.exampleRig()
        var accept = rig.request
        accept.acceptance = Acceptance(who: "ana", why: "the rows are redesigned in 3.3 (JIRA-123)", since: "2026-11-22")
        accept.recordHistory = false
        _ = try RunPipeline(store: rig.whole).run(accept)
        #expect(try Baseline(decoding: String(contentsOfFile: rig.baselines + "/Settings.json", encoding: .utf8)).known.count == 12)
        return rig
    }

    @Test("Known problems merge as the run lists them, never failing; known problems that no longer occur merge as fixed")
    func knownAndFixedProblems() throws {
        let rig = try ShardTests.knownProblemRig()
        for build in [ShardTests.regressed, ShardTests.good] {
            rig.request.snapshotPaths = [build, ShardTests.checkout]
            try rig.whole.pruneRuns(keepRuns: 0)
            let whole = try rig.run()
            let settings = try #require(whole.suites.first { $0.suite == "Settings" })
            if build == ShardTests.regressed {
                #expect(settings.diff.regressions.isEmpty && settings.diff.known.count == 20 && settings.passed)
            } else {
                #expect(settings.diff.known.isEmpty && settings.diff.fixed.count == 12)
            }
            for n in 1...3 {
                try rig.resetHistory()
                try rig.expectSame(whole, try rig.merge(try rig.shards(n, prefix: "known-\(n)")), "\(n) shards of \(build)")
                #expect(rig.groupedFindings == (build == ShardTests.regressed ? "the findings of 1 screen of 1 as the shards grouped them" : nil))
            }
        }
    }

    @Test("--record --why: the merge accepts the run's regressions into the baselines it writes, as the run does; merging again changes nothing")
    func recordWithAcceptance() throws {
        let rig = try ShardTests.knownProblemRig()
        rig.request.snapshotPaths = [ShardTests.regressed, ShardTests.checkout]
        rig.request.recordMode = .all
        var shardRequest = rig.request
        shardRequest.acceptance = Acceptance(who: "ana", why: "hollow rows until 3.3", since: nil)
        shardRequest.probe = .edges  // regressions beyond the known ones
        let files = try rig.shards(2, request: shardRequest)
        // The merge dates the acceptance with the day the run's first shard started.
        let day = String(try files.map { try ShardRecord.read($0).run.startedAt }.min()!.prefix(10))
        let originals = try ["Settings.json", "Checkout.json"].map { try Data(contentsOf: URL(fileURLWithPath: rig.baselines + "/" + $0)) }
        rig.request = shardRequest
        rig.request.acceptance?.since = day
        let whole = try rig.run()
        #expect(whole.passed && whole.suites.contains { ($0.knownChange?.added.count ?? 0) > 0 })
        let written = try ["Settings.json", "Checkout.json"].map { try Data(contentsOf: URL(fileURLWithPath: rig.baselines + "/" + $0)) }
        for (name, data) in zip(["Settings.json", "Checkout.json"], originals) { try data.write(to: URL(fileURLWithPath: rig.baselines + "/" + name)) }
        let merged = try rig.merge(files)
        try rig.expectSame(whole, merged, "2 shards with --record --why")
        let mergedFiles = try ["Settings.json", "Checkout.json"].map { try Data(contentsOf: URL(fileURLWithPath: rig.baselines + "/" + $0)) }
        #expect(mergedFiles == written)
        let again = try rig.merge(files)
        #expect(again.runID == merged.runID && ShardRig.reports(again) == ShardRig.reports(merged))
        #expect(try ["Settings.json", "Checkout.json"].map { try Data(contentsOf: URL(fileURLWithPath: rig.baselines + "/" + $0)) } == written)
    }

    @Test("A touch profile other than the baselines', their sides recomputed, and --screen merge exactly as the unsharded run")
    func profileRecomputedAndScreen() throws {
        let rig = try ShardTests.exampleRig()
        rig.request.hit.profile = .ios17  // the baselines were recorded under ios18: their coverage is recomputed
        rig.request.hit.touchRadius = 12
        rig.request.screens = ["Settings"]
        let whole = try rig.run()
        #expect(whole.suites.map(\.suite) == ["Settings"] && whole.screensNotInRun == ["Checkout", "Preferences"])
        #expect(whole.suites[0].profile == "ios17" && whole.suites[0].touchRadius == 12)
        for n in 1...3 {
            try rig.resetHistory()
            try rig.expectSame(whole, try rig.merge(try rig.shards(n, prefix: "profile-\(n)")), "\(n) shards")
        }
        var other = rig.request
        other.hit.profile = nil
        let files = try rig.shards(2, prefix: "profile")
        let foreign = try rig.shards(2, prefix: "snapshot-profile", request: other)
        let error = #expect(throws: RunInputError.self) { try rig.merge([files[0], foreign[1]]) }
        #expect(error?.message.contains("profile ios17 and from each snapshot") == true)
    }

    @Test("R7, people's probe and another density merge exactly as the unsharded run: predictions, sampled rates, settings")
    func predictedAndHumanProbe() throws {
        let rig = try ShardTests.exampleRig()
        rig.request.probe = .human
        rig.request.humanTaps = 40
        rig.request.humanSeed = 9
        rig.request.hit.mmPerPoint = 0.17  // the baselines predicted at 0.1657 mm/pt: their side is predicted again
        let whole = try rig.run()
        let settings = try #require(whole.suites.first { $0.suite == "Settings" })
        #expect(settings.diff.regressions.contains { $0.rule == .predicted } && !settings.sampled.isEmpty && settings.mmPerPoint == 0.17)
        for n in [1, 3] {
            try rig.resetHistory()
            try rig.expectSame(whole, try rig.merge(try rig.shards(n, prefix: "human-\(n)")), "\(n) shards")
        }
    }

    @Test("A shard stops at Ctrl-C without a file; a merge stops without recording the run")
    func interrupted() throws {
        let rig = try ShardTests.exampleRig()
        let files = try rig.shards(2)
        var stopping = rig.request
        stopping.shouldStop = { true }
        #expect(throws: RunInterrupted.self) { try RunPipeline(store: rig.sharded).runShard(stopping, shard: try ShardSpec(index: 1, count: 2)) }
        #expect(throws: RunInterrupted.self) { try RunPipeline(store: rig.sharded).merge(files, shouldStop: { true }) }
        #expect(try rig.sharded.runs().isEmpty)
    }

    @Test("A missing shard is refused, naming it")
    func missingShard() throws {
        let rig = try ShardTests.exampleRig()
        let files = try rig.shards(3)
        let error = #expect(throws: RunInputError.self) { try rig.merge([files[0], files[2]]) }
        #expect(error?.message.contains("shard 2/3 is missing") == true)
        #expect(try rig.sharded.runs().isEmpty)
    }

    @Test("A shard given twice is refused, naming it")
    func duplicatedShard() throws {
        let rig = try ShardTests.exampleRig()
        let files = try rig.shards(2)
        let error = #expect(throws: RunInputError.self) { try rig.merge([files[0], files[1], files[1]]) }
        #expect(error?.message.contains("shard 2/2 is given twice") == true)
    }

    @Test("Shards of another run are refused, saying what differs: settings, shard count, snapshots, baselines")
    func foreignShards() throws {
        let rig = try ShardTests.exampleRig()
        let files = try rig.shards(2)
        var other = rig.request
        other.hit.touchRadius = 12
        let radius = try rig.shards(2, prefix: "radius", request: other)
        var error = #expect(throws: RunInputError.self) { try rig.merge([files[0], radius[1]]) }
        #expect(error?.message.contains("touchRadius 20 and 12") == true)
        let four = try rig.shards(4, prefix: "four")
        error = #expect(throws: RunInputError.self) { try rig.merge([files[0], four[1]]) }
        #expect(error?.message.contains("shard count (2 and 4)") == true)
        other = rig.request
        other.snapshotPaths = [ShardTests.good, ShardTests.checkout]
        let build = try rig.shards(2, prefix: "build", request: other)
        error = #expect(throws: RunInputError.self) { try rig.merge([files[0], build[1]]) }
        #expect(error?.message.contains("snapshots (Settings)") == true)
        #expect(try rig.sharded.runs().isEmpty)
    }

    @Test("A baseline that changed after the shards compared with it is refused")
    func changedBaseline() throws {
        let rig = try ShardTests.exampleRig()
        let files = try rig.shards(2)
        let path = rig.baselines + "/Settings.json"
        try (try String(contentsOfFile: path, encoding: .utf8) + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: RunInputError.self) { try rig.merge(files) }
        #expect(error?.message.contains("is not the baseline the shards compared screen 'Settings' with") == true)
    }

    @Test("The merge database must hold the traces the shards replayed")
    func tracesMissingFromTheMergeDatabase() throws {
        let rig = try ShardTests.exampleRig()
        let files = try rig.shards(2)
        let empty = try TraceStore(path: rig.folder.path + "/empty.sqlite")
        let error = #expect(throws: RunInputError.self) { try RunPipeline(store: empty).merge(files) }
        #expect(error?.message.contains("does not hold 3 traces the shards replayed") == true)
    }

    @Test("A history database is not a shard file")
    func notAShardFile() throws {
        let rig = try ShardTests.exampleRig()
        _ = try rig.run()
        let error = #expect(throws: ShardFileError.self) { try rig.merge([rig.folder.path + "/whole.sqlite"]) }
        #expect(error?.message.contains("is not a shard file") == true)
    }
}

@Suite("Shard assignment: by content hash, balanced by events")
struct ShardAssignmentTests {
    static func trace(_ i: Int, events: Int) -> StoredTrace {
        let name = "t\(i)"
        return StoredTrace(rowID: Int64(i), header: TraceHeader(trace: name, screen: "S"), eventCount: events,
                           contentHash: TraceStore.contentHash(of: Array(name.utf8)))
    }

    @Test("Every trace belongs to exactly one shard, and the largest of 4 shards holds at most a quarter of the events plus one trace")
    func balancedByEvents() {
        var rng = SeededGenerator(seed: 3)
        // Traces of very different sizes: balance by trace count would fail here.
        let traces = (0..<400).map { ShardAssignmentTests.trace($0, events: $0 % 10 == 0 ? 5_000 : 2 + Int(rng.next() % 400)) }
        let total = traces.reduce(0) { $0 + $1.eventCount }
        let shards = ShardAssignment.shards(of: traces, count: 4)
        #expect(shards.count == traces.count && Set(shards.values).isSubset(of: [1, 2, 3, 4]))
        var load = [Int](repeating: 0, count: 5)
        for t in traces { load[shards[t.rowID]!] += t.eventCount }
        #expect(load.max()! <= total / 4 + 5_000)
        #expect(load[1...].allSatisfy { $0 > 0 })
    }

    @Test("Traces coming or going move only the traces beside the cuts")
    func stableWhenTracesComeAndGo() {
        let traces = (0..<1000).map { ShardAssignmentTests.trace($0, events: 100) }
        let before = ShardAssignment.shards(of: traces, count: 4)
        let after = ShardAssignment.shards(of: traces + (1000..<1010).map { ShardAssignmentTests.trace($0, events: 100) }, count: 4)
        let moved = traces.filter { before[$0.rowID] != after[$0.rowID] }.count
        #expect(moved <= 3 * 10)  // at most the added traces' worth per cut
        let fewer = ShardAssignment.shards(of: Array(traces.dropFirst(5)), count: 4)
        #expect(traces.dropFirst(5).filter { before[$0.rowID] != fewer[$0.rowID] }.count <= 3 * 5)
    }

    @Test("--shard i/n is 1-based; REPLAY_SHARD is i/n, or auto from GitLab, Buildkite, CircleCI or Bazel variables")
    func shardFromEnvironment() throws {
        #expect(try ShardSpec(parsing: "2/4") == ShardSpec(index: 2, count: 4))
        #expect(throws: ShardSpecError.self) { try ShardSpec(parsing: "0/4") }
        #expect(throws: ShardSpecError.self) { try ShardSpec(parsing: "5/4") }
        #expect(throws: ShardSpecError.self) { try ShardSpec(parsing: "two") }
        #expect(try ShardSpec.fromEnvironment([:]) == nil)
        #expect(try ShardSpec.fromEnvironment(["REPLAY_SHARD": "3/5"]) == ShardSpec(index: 3, count: 5))
        #expect(try ShardSpec.fromEnvironment(["REPLAY_SHARD": "auto", "CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"]) == ShardSpec(index: 2, count: 3))
        #expect(try ShardSpec.fromEnvironment(["REPLAY_SHARD": "auto", "BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "4"])
                == ShardSpec(index: 1, count: 4))
        #expect(try ShardSpec.fromEnvironment(["REPLAY_SHARD": "auto", "CIRCLE_NODE_INDEX": "3", "CIRCLE_NODE_TOTAL": "4"]) == ShardSpec(index: 4, count: 4))
        let folder = TemporaryFolder("tapreplay-bazel")
        let status = folder.path + "/shard-status"
        #expect(try ShardSpec.fromEnvironment(["REPLAY_SHARD": "auto", "TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "2",
                                               "TEST_SHARD_STATUS_FILE": status]) == ShardSpec(index: 2, count: 2))
        #expect(FileManager.default.fileExists(atPath: status))  // Bazel: "this test shards"
        #expect(throws: ShardSpecError.self) { try ShardSpec.fromEnvironment(["REPLAY_SHARD": "auto"]) }
    }
}

/// `SuiteAccumulator.markLimit` (internal to Pipeline).
let SuiteAccumulator_markLimit = 3000
