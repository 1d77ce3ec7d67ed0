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
    ///
    /// Screens are merged one at a time, in the run's order: every shard's part of the next screen is read
    /// meanwhile (up to two screens ahead), and each merged screen goes to history (which records the
    /// run suite by suite, in one transaction) and to `suiteDone` as soon as it is finished — so a merge
    /// holds a few screens' findings at a time, not the run's (docs/nightly-ci.md, "What the merge reads,
    /// and how"). Nothing here may use `store` once history has begun: it holds the store's connection until
    /// the last screen is in.
    /// - Parameters:
    ///   - keepFindings: whether the outcome keeps each screen's findings, expectations and marks (false:
    ///     only what the run's verdict needs — for a caller that reports each screen through `suiteDone`).
    ///   - suiteDone: given each screen's outcome, with its causes, in the run's order, on a thread of its
    ///     own (at most one behind the merge); every call has returned when `startMerge` returns.
    public func startMerge(_ paths: [String], baselineFolder: String? = nil, picture: Bool = false, expectations: Bool = true,
                           keepFindings: Bool = true, suiteDone: (@Sendable (SuiteOutcome, RunRequest) -> Void)? = nil,
                           shouldStop: @escaping @Sendable () -> Bool = { false },
                           log: (String) -> Void = { _ in }) throws -> (RunOutcome, HistoryWrite?) {
        var clock = Stopwatch()
        let readers = try Self.open(paths, details: ShardRecord.Details(expectations: expectations, marks: picture, inGroups: true))
        guard let first = readers.first else { throw RunInputError("no shard files to merge") }
        try checkOneRun(readers.map { ($0.path, $0.header) })
        let identity = try parse(first.header.identity, file: first.path)

        var request = try HistoryRecord.request(settings: identity["settings"]?.text ?? "")
        request.probe = identity["probe"]?.text.flatMap(Probe.Pattern.init(rawValue:))
        request.revision = identity["revision"]?.text
        let startedAt = readers.map(\.header.run.startedAt).min() ?? TraceStore.now()
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
        let historyIDs = try traceIDs(readers.map(\.header))
        log("opened \(plural(readers.count, "shard")) (\(readers.reduce(0) { $0 + $1.header.traces.count }) traces replayed) in \(clock.lap())")
        // Each shard's trace ids → names (a shard's ids are those of the database it ran on).
        let traceNames = readers.map { r in Dictionary(r.header.traces.map { ($0.rowID, $0.header.trace) }, uniquingKeysWith: { a, _ in a }) }

        let files = Dictionary(first.header.snapshots.map { (TraceStore.contentHash(of: $0.data), $0.data) }, uniquingKeysWith: { a, _ in a })
        guard case .array(let screens)? = identity["snapshots"] else { throw RunInputError("\(first.path): the shard names no snapshots") }
        // Every shard holds a suite of each screen, in the run's order: the first screens' parts are read
        // while the screens' runs are made.
        let suiteNames = readers.map { $0.header.run.suites.map(\.suite) }
        let reads = suiteNames.allSatisfy({ $0 == suiteNames[0] })
            ? ScreenReads(readers: readers, slots: suiteNames[0].indices.map { [Int?](repeating: $0, count: readers.count) }, names: traceNames)
            : nil
        // Each screen's run, and which of each shard's suites is its part — everything an input can be refused
        // for is checked here, before any screen is merged.
        var screenRuns: [SuiteRun] = []
        var slots: [[Int?]] = []
        do {
            (screenRuns, slots) = try prepare(screens, readers: readers, files: files, folder: folder, request: request, log: log)
        } catch {
            reads?.stop()
            throw error
        }
        if let early = reads, slots.count != suiteNames[0].count {
            early.stop()
            throw RunInputError("\(first.path) does not hold the screens of the run its identity names, in that order: it is not a shard file replay run --shard-out wrote")
        }

        // History records the run as its screens are merged, unless these shards were merged before.
        var feed: HistoryFeed?
        var write: HistoryWrite?
        var existing: Int64?
        if let id = try store.run(shardKey: first.header.runKey) {
            existing = id
            log("these shards were merged before, as run #\(id) in \(store.path): history is left as it is")
        } else {
            var head = HistoryRecord.head(request, startedAt: startedAt, revision: request.revision, passed: false, finishedAt: startedAt)
            head.shardKey = first.header.runKey
            let f = HistoryFeed()
            write = HistoryWrite(store: store, head: head, feed: f)
            feed = f
        }
        let screenReads = reads ?? ScreenReads(readers: readers, slots: slots, names: traceNames)
        let emitting = DispatchQueue(label: "replay.merge.suites"), emitted = DispatchSemaphore(value: 1)
        let settings = request
        func emit(_ suite: SuiteOutcome) {
            guard let suiteDone else { return }
            emitted.wait()
            emitting.async { suiteDone(suite, settings); emitted.signal() }
        }
        var outcomes: [SuiteOutcome] = []
        func kept(_ suite: SuiteOutcome) -> SuiteOutcome {
            guard !keepFindings else { return suite }
            var light = suite
            light.diff = Comparison.Result()
            light.expectations = []
            light.marks = []
            return light
        }
        do {
            // Taken out one by one, so that a merged screen's run is let go of before the next.
            screenRuns.reverse()
            var n = 0
            while var run = screenRuns.popLast() {
                if request.shouldStop() { throw RunInterrupted() }
                let pieces = try screenReads.take(n)
                n += 1
                ShardParts.absorb(pieces, into: &run, historyIDs: historyIDs, request: request)
                log("\(run.snapshot.screen): merged \(plural(pieces.count, "shard")): \(plural(run.traces, "trace")) (\(run.events) events)")
                // Sampled by one of the shards (the same code, snapshot and settings).
                let sampled = pieces.lazy.compactMap { $0.part.coverage.flatMap(ShardCoverage.targets) }.first
                var (suite, rows, grouping) = try finish(&run, request, folder, sampled: sampled, log: log, observer: nil)
                try feed?.put(.suite(suite, rows))  // history stores no causes: they are grouped meanwhile
                if let grouping { suite.diff.causes = grouping() }
                emit(suite)
                outcomes.append(kept(suite))
            }
            screenReads.finish()
            for r in readers { try r.finish() }
            if let folder, case .array(let names)? = identity["noSnapshot"] {
                for case .string(let screen) in names {
                    let suite = noSnapshotSuite(screen, folder, log: log, observer: nil)
                    try feed?.put(.suite(suite, HistoryRecord.SuiteRows()))
                    emit(suite)
                    outcomes.append(suite)
                }
            }
            if request.shouldStop() { throw RunInterrupted() }
        } catch {
            // Nothing is recorded; the screens handed over so far are reported before the error.
            screenReads.stop()
            feed?.fail(error)
            _ = try? write?.wait()
            emitting.sync {}
            if var stop = error as? RunInterrupted {
                stop.baselinesWritten = outcomes.filter { $0.baselineWritten }.compactMap(\.baselineFile)
                throw stop
            }
            throw error
        }
        log("merged the shards' parts of \(plural(slots.count, "screen")) in \(clock.lap())")
        var withoutSnapshot: [String] = []
        if case .array(let names)? = identity["screensWithoutSnapshot"] { for case .string(let s) in names { withoutSnapshot.append(s) } }
        var outcome = RunOutcome(suites: outcomes, passed: outcomes.allSatisfy(\.passed), runID: existing, startedAt: startedAt,
                                 revision: request.revision, request: request, screensWithoutSnapshot: withoutSnapshot)
        if case .array(let names)? = identity["screensNotInRun"] { for case .string(let s) in names { outcome.screensNotInRun.append(s) } }
        defer { emitting.sync {} }
        try feed?.put(.end(passed: outcome.passed, finishedAt: TraceStore.now()))
        return (outcome, write)
    }

    /// Each screen's run, and which of each shard's suites is its part (nil: that shard has none): the shards'
    /// snapshots and the baselines they compared with, checked.
    private func prepare(_ screens: [JSONValue], readers: [ShardReader], files: [String: Data], folder: BaselineFolder?,
                         request: RunRequest, log: (String) -> Void) throws -> ([SuiteRun], [[Int?]]) {
        let first = readers[0]
        var screenRuns: [SuiteRun] = []
        var slots: [[Int?]] = []
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
            screenRuns.append(try SuiteRun(snapshot, info, request: request, folder: folder, baseline: baseline, file: file, existed: existed,
                                           baselineVersion: seen.version, observer: nil, log: log))
            slots.append(readers.map { r in r.header.run.suites.firstIndex { $0.suite == screen } })
        }
        // A shard's suites are read in its file's order, which is the run's.
        for (k, r) in readers.enumerated() where slots.compactMap({ $0[k] }) != Array(r.header.run.suites.indices) {
            throw RunInputError("\(r.path) does not hold the screens of the run its identity names, in that order: it is not a shard file replay run --shard-out wrote")
        }
        return (screenRuns, slots)
    }

    /// The shard files, opened (their headers read) two at a time; a file that cannot be read is reported
    /// as the first such of `paths`.
    private static func open(_ paths: [String], details: ShardRecord.Details) throws -> [ShardReader] {
        let texts = ShardTexts()  // every shard's texts, each made once
        var results = [Result<ShardReader, Error>?](repeating: nil, count: paths.count)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: paths.count) { i in
                out[i] = Result { try ShardReader(paths[i], texts: texts, details: details) }
            }
        }
        return try results.map { try $0!.get() }
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

/// Every shard's part of each screen of a merge, read on a thread of its own in the run's order, at most
/// `ahead` screens before the merge takes them (the shards two at a time).
final class ScreenReads: @unchecked Sendable {
    private let condition = NSCondition()
    private var ready: [Int: Result<[ShardParts.Piece], Error>] = [:]
    /// The last screen taken (under `condition`).
    private var taken = -1
    private var stopped = false
    /// Whether the reading thread is done (under `condition`).
    private var done = false

    /// - Parameters:
    ///   - slots: for each screen, which suite of each shard is its part (nil: that shard has none).
    ///   - names: each shard's trace ids → names.
    init(readers: [ShardReader], slots: [[Int?]], names: [[Int64: String]], ahead: Int = 2) {
        let thread = Thread { [self] in
            defer {
                condition.lock()
                done = true
                condition.broadcast()
                condition.unlock()
            }
            for i in slots.indices {
                condition.lock()
                while !stopped && i > taken + ahead { condition.wait() }
                let stop = stopped
                condition.unlock()
                if stop { return }
                let result = Result { () throws -> [ShardParts.Piece] in
                    var parts = [Result<ShardParts.Piece, Error>?](repeating: nil, count: readers.count)
                    parts.withUnsafeMutableBufferPointer { buffer in
                        nonisolated(unsafe) let out = buffer
                        DispatchQueue.concurrentPerform(iterations: readers.count) { k in
                            guard let j = slots[i][k] else { return }
                            out[k] = Result {
                                let (suite, part) = try readers[k].suite(j)
                                return ShardParts.Piece(suite: suite, part: part, names: names[k])
                            }
                        }
                    }
                    return try parts.compactMap { try $0?.get() }
                }
                condition.lock()
                ready[i] = result
                condition.broadcast()
                condition.unlock()
                if case .failure = result { return }
            }
        }
        thread.start()
    }

    /// Screen `n`'s parts (screens are taken in order, each once).
    /// - Throws: what reading them threw (the shard file, named).
    func take(_ n: Int) throws -> [ShardParts.Piece] {
        condition.lock()
        defer { condition.unlock() }
        while ready[n] == nil { condition.wait() }
        taken = n
        condition.broadcast()
        return try ready.removeValue(forKey: n)!.get()
    }

    /// Waits until the reading thread is done (every screen taken).
    func finish() {
        condition.lock()
        defer { condition.unlock() }
        while !done { condition.wait() }
    }

    /// Stops reading (the merge failed or was stopped), and waits until the thread is done.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        finish()
    }
}
