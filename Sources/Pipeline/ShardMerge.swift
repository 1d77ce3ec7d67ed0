import BaselineFiles
import Baselines
import Foundation
import HitTesting
import ReplayEngine
import RunResults
import TapJSON
import TapModel
import TraceStore

extension RunPipeline {
    /// `replay merge SHARD...`: adds up the shards of one run into exactly the run an
    /// unsharded `replay run` would have made — the same suites, findings, causes,
    /// exit status and reports — and records it in history once. Per screen it takes
    /// in every shard's part in trace order, then does what needs the snapshot alone:
    /// probes, coverage, the comparison of targets, causes, baselines written as the
    /// record mode says, pictures.
    ///
    /// Shards must be the shards of one run (the same snapshots, baselines, settings,
    /// traces and shard count), each exactly once. Merging the same shards again
    /// records nothing new: the run is found by the shards' run key.
    /// - Parameters:
    ///   - baselineFolder: where the baselines are now (default: the folder the shards ran with).
    ///   - picture: sample each screen for `--html`/`--svg`.
    ///   - expectations: gather every press's expectation (`SuiteOutcome.expectations`: only the JUnit report lists them).
    /// - Throws: `RunInputError` naming the shard, trace or baseline that cannot be used.
    ///   - shouldStop: asked between screens (Ctrl-C): `RunInterrupted`, nothing recorded.
    public func merge(_ paths: [String], baselineFolder: String? = nil, picture: Bool = false, expectations: Bool = true,
                      shouldStop: @escaping @Sendable () -> Bool = { false }, log: (String) -> Void = { _ in }) throws -> RunOutcome {
        var (outcome, history) = try startMerge(paths, baselineFolder: baselineFolder, picture: picture, expectations: expectations,
                                                shouldStop: shouldStop, log: log)
        if let history { outcome.runID = try withoutActuallyEscaping(log) { try history.wait(log: $0) } }
        return outcome
    }

    /// `merge`, except that the run is recorded in history on another thread, as `start` records a run:
    /// the caller reports the outcome meanwhile and takes the run's id from `HistoryWrite.wait`. Nil:
    /// nothing to record (these shards were merged before; the outcome has that run's id).
    public func startMerge(_ paths: [String], baselineFolder: String? = nil, picture: Bool = false, expectations: Bool = true,
                           shouldStop: @escaping @Sendable () -> Bool = { false },
                           log: (String) -> Void = { _ in }) throws -> (RunOutcome, HistoryWrite?) {
        var clock = Stopwatch()
        let shards = try Self.read(paths, details: ShardRecord.Details(expectations: expectations, marks: picture, inGroups: true))
        guard let first = shards.first else { throw RunInputError("no shard files to merge") }
        try checkOneRun(shards)
        let identity = try parse(first.shard.identity, file: first.path)

        var request = try HistoryRecord.request(settings: identity["settings"]?.text ?? "")
        request.probe = identity["probe"]?.text.flatMap(Probe.Pattern.init(rawValue:))
        request.revision = identity["revision"]?.text
        let startedAt = shards.map(\.shard.run.startedAt).min() ?? TraceStore.now()
        if let why = identity["acceptance"]?["why"]?.text {
            // Dated as the run is: the day its first shard started.
            request.acceptance = Acceptance(who: identity["acceptance"]?["who"]?.text, why: why, since: String(startedAt.prefix(10)))
        }
        request.shouldStop = shouldStop
        let shardsFolder = identity["baselines"]?.text
        if baselineFolder != nil && shardsFolder == nil {
            throw RunInputError("the shards ran without --baseline: merge them without it (a baseline written now would compare nothing)")
        }
        request.baselineFolder = baselineFolder ?? shardsFolder
        request.picture = picture
        let folder = request.baselineFolder.map { BaselineFolder(path: $0) }

        // Each shard's traces, mapped onto this database's (the run is recorded here).
        let historyIDs = try traceIDs(shards.map(\.shard))
        log("read \(plural(shards.count, "shard")) (\(shards.reduce(0) { $0 + $1.shard.traces.count }) traces replayed) in \(clock.lap())")
        // Each shard's trace ids → names (a shard's ids are those of the database it ran on).
        let traceNames = shards.map { s in Dictionary(s.shard.traces.map { ($0.rowID, $0.header.trace) }, uniquingKeysWith: { a, _ in a }) }

        var outcomes: [SuiteOutcome] = []
        var history: [HistoryRecord.SuiteRows] = []
        var causes: [(() -> [Cause])?] = []
        let files = Dictionary(first.shard.snapshots.map { (TraceStore.contentHash(of: $0.data), $0.data) }, uniquingKeysWith: { a, _ in a })
        guard case .array(let screens)? = identity["snapshots"] else { throw RunInputError("\(first.path): the shard names no snapshots") }
        do {
            // Each screen's run and the shards' parts of it, in screen order.
            var screenRuns: [(run: SuiteRun, pieces: [ShardParts.Piece])] = []
            for entry in screens {
                if request.shouldStop() { throw RunInterrupted() }
                let info = SnapshotInfo(entry)
                guard let data = files[info.contentHash] else {
                    throw RunInputError("\(first.path) does not hold the snapshot \(info.source) it names")
                }
                let snapshot: Snapshot
                do {
                    snapshot = try Snapshot(json: data)
                } catch let e as SnapshotError {
                    throw RunInputError(e.located(in: "\(first.path): \(info.source)"))
                }
                let screen = snapshot.screen
                let seen = ShardIdentity.BaselineSeen(entry["baseline"])
                let file = folder?.file(for: screen)
                let existed = seen.contentHash != nil
                var baseline: Baseline?
                switch request.recordMode.plan(existing: existed, mayWrite: folder != nil).status {
                case .recorded:
                    // Re-recorded: only its known problems carry on, as the shards saw them (merging
                    // again works though the first merge rewrote the file).
                    baseline = seen.rerecorded(screen)
                case .compared:
                    baseline = try loadBaseline(screen, folder, request, log: log).0
                    let now = file.flatMap { FileManager.default.contents(atPath: $0) }.map { TraceStore.contentHash(of: $0) }
                    guard baseline != nil, now == seen.contentHash else {
                        throw RunInputError("\(file ?? screen) is not the baseline the shards compared screen '\(screen)' with (it changed since they ran): merge with the baselines they ran with")
                    }
                default:
                    break
                }
                let run = try SuiteRun(snapshot, info, request: request, folder: folder, baseline: baseline, file: file, existed: existed,
                                       baselineVersion: seen.version, observer: nil, log: log)
                let pieces: [ShardParts.Piece] = shards.indices.compactMap { k in
                    let s = shards[k]
                    guard let i = s.shard.run.suites.firstIndex(where: { $0.suite == screen }) else { return nil }
                    return ShardParts.Piece(suite: s.shard.run.suites[i], part: s.shard.parts[i], names: traceNames[k])
                }
                screenRuns.append((run, pieces))
            }
            // The screens' parts are taken in two at a time, the largest first (a screen's parts touch nothing of another's).
            if request.shouldStop() { throw RunInterrupted() }
            let order = screenRuns.indices.sorted { a, b in
                func size(_ i: Int) -> Int { screenRuns[i].pieces.reduce(0) { $0 + $1.listed.count + $1.suite.pressGroups.count } }
                return size(a) > size(b)
            }
            let settings = request
            screenRuns.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let runs = buffer
                DispatchQueue.concurrentPerform(iterations: order.count) { n in
                    guard !settings.shouldStop() else { return }  // Ctrl-C: the screens not yet begun are left
                    let i = order[n]
                    ShardParts.absorb(runs[i].pieces, into: &runs[i].run, historyIDs: historyIDs, request: settings)
                }
            }
            if request.shouldStop() { throw RunInterrupted() }
            for (run, pieces) in screenRuns {
                log("\(run.snapshot.screen): merged \(plural(pieces.count, "shard")): \(plural(run.traces, "trace")) (\(run.events) events)")
            }
            log("merged the shards' parts of \(plural(screenRuns.count, "screen")) in \(clock.lap())")
            // Taken out one by one, so that finishing a screen copies none of what it absorbed.
            screenRuns.reverse()
            while case (var run, let pieces)? = screenRuns.popLast() {
                if request.shouldStop() { throw RunInterrupted() }
                // Sampled by one of the shards (the same code, snapshot and settings).
                let sampled = pieces.lazy.compactMap { $0.part.coverage.flatMap(ShardCoverage.targets) }.first
                let (suite, rows, grouping) = try finish(&run, request, folder, sampled: sampled, log: log, observer: nil)
                outcomes.append(suite)
                history.append(rows)
                causes.append(grouping)
            }
        } catch var stop as RunInterrupted {
            stop.baselinesWritten = outcomes.filter { $0.baselineWritten }.compactMap(\.baselineFile)
            throw stop
        }
        if let folder, case .array(let names)? = identity["noSnapshot"] {
            for case .string(let screen) in names {
                outcomes.append(noSnapshotSuite(screen, folder, log: log, observer: nil))
                history.append(HistoryRecord.SuiteRows())
            }
        }
        var withoutSnapshot: [String] = []
        if case .array(let names)? = identity["screensWithoutSnapshot"] { for case .string(let s) in names { withoutSnapshot.append(s) } }
        var outcome = RunOutcome(suites: outcomes, passed: outcomes.allSatisfy(\.passed), runID: nil, startedAt: startedAt,
                                 revision: request.revision, request: request, screensWithoutSnapshot: withoutSnapshot)
        if case .array(let names)? = identity["screensNotInRun"] { for case .string(let s) in names { outcome.screensNotInRun.append(s) } }
        if request.shouldStop() { throw RunInterrupted(baselinesWritten: outcomes.filter { $0.baselineWritten }.compactMap(\.baselineFile)) }
        // History is recorded from the findings as ordered; the causes are grouped meanwhile (history stores none).
        var write: HistoryWrite?
        if let existing = try store.run(shardKey: first.shard.runKey) {
            outcome.runID = existing
            log("these shards were merged before, as run #\(existing) in \(store.path): history is left as it is")
        } else {
            let (store, finished, run, rows, key) = (self.store, TraceStore.now(), outcome, history, first.shard.runKey)
            write = HistoryWrite(store: store, record: {
                var record = HistoryRecord.make(run, rows: rows, finishedAt: finished)
                record.shardKey = key
                return (try store.recordRun(record), record)
            }, note: { record in
                // Whether history took the findings as the shards grouped them, or grouped them anew.
                let suites = record.suites.filter { ($0.findingTable?.count ?? 0) > 0 || !$0.findings.isEmpty }
                guard !suites.isEmpty else { return nil }
                return "the findings of \(plural(suites.filter { $0.findingTable != nil }.count, "screen")) of \(suites.count) as the shards grouped them"
            })
        }
        for (i, grouping) in causes.enumerated() { if let grouping { outcome.suites[i].diff.causes = grouping() } }
        return (outcome, write)
    }

    /// The shard files, read two at a time (a merge has the machine to itself until it writes);
    /// a file that cannot be read is reported as the first such of `paths`.
    private static func read(_ paths: [String], details: ShardRecord.Details) throws -> [(path: String, shard: ShardRecord)] {
        let texts = ShardTexts()  // every shard's texts, each made once
        var results = [Result<ShardRecord, Error>?](repeating: nil, count: paths.count)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: paths.count) { i in
                out[i] = Result { try ShardRecord.read(paths[i], texts: texts, details: details) }
            }
        }
        return try zip(paths, results).map { path, result in (path: path, shard: try result!.get()) }
    }

    /// Refuses shards of different runs, and a shard missing or given twice.
    private func checkOneRun(_ shards: [(path: String, shard: ShardRecord)]) throws {
        let first = shards[0]
        for s in shards.dropFirst() where s.shard.runKey != first.shard.runKey {
            let what = ShardIdentity.differences(first.shard.identity, s.shard.identity)
            throw RunInputError("\(s.path) is a shard of another run than \(first.path): they differ in \(what.joined(separator: ", ")); merge the shards of one run")
        }
        let count = first.shard.count
        var byIndex: [Int: [String]] = [:]
        for s in shards { byIndex[s.shard.index, default: []].append(s.path) }
        for i in 1...count {
            if let paths = byIndex[i], paths.count > 1 {
                throw RunInputError("shard \(i)/\(count) is given twice: \(paths.joined(separator: " and ")); give each shard once")
            }
        }
        let missing = (1...count).filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            let given = (1...count).compactMap { i in byIndex[i].map { "\(i)/\(count) \($0[0])" } }
            throw RunInputError("shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) "
                                + "\(missing.count == 1 ? "is" : "are") missing (given: \(given.joined(separator: ", "))): every shard of the run is needed")
        }
    }

    /// Each replayed trace's id in this database, by name; every one must be here, with the same content.
    private func traceIDs(_ shards: [ShardRecord]) throws -> [String: Int64] {
        var wanted: [String: String] = [:]
        for s in shards { for t in s.traces { wanted[t.header.trace] = t.contentHash } }
        let found = try store.traces(named: Array(wanted.keys))
        var missing: [String] = [], differing: [String] = []
        for (name, hash) in wanted {
            guard let t = found[name] else { missing.append(name); continue }
            if t.contentHash != hash { differing.append(name) }
        }
        if !differing.isEmpty {
            throw RunInputError("\(store.path) holds other content for \(plural(differing.count, "trace")) the shards replayed (\(differing.sorted().prefix(3).joined(separator: ", "))): merge into the database the shards' traces came from")
        }
        if !missing.isEmpty {
            throw RunInputError("\(store.path) does not hold \(plural(missing.count, "trace")) the shards replayed (\(missing.sorted().prefix(3).joined(separator: ", "))\(missing.count > 3 ? ", …" : "")): import the traces the shards ran on before merging (history refers to them)")
        }
        return found.mapValues(\.rowID)
    }

    private func parse(_ text: String, file: String) throws -> JSONValue {
        guard let document = try? JSONDocument(parsing: text) else { throw RunInputError("\(file): the shard's identity is not JSON") }
        return JSONValue(document, at: document.root)
    }
}

extension SnapshotInfo {
    /// From a shard identity's snapshot entry.
    init(_ v: JSONValue) {
        var limits: [String] = []
        if case .array(let items)? = v["limits"] { for case .string(let s) in items { limits.append(s) } }
        self.init(source: v["source"]?.text ?? "", contentHash: v["contentHash"]?.text ?? "", appVersion: v["version"]?.text,
                  appBuild: v["build"]?.text, capturedAt: v["capturedAt"]?.text, limits: limits)
    }
}

extension JSONValue {
    /// The string, if this is one.
    var text: String? { if case .string(let s) = self { s } else { nil } }
}
