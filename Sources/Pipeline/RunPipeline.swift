import Audit
import Baselines
import Dispatch
import Foundation
import HitTesting
import ReplayEngine
import RunResults
import TapJSON
import TapModel
import TraceStore

/// The input of the run could not be used: printed as one line, exit status 2.
public struct RunInputError: LocatedError {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// The run was stopped (Ctrl-C) before it finished: nothing was recorded in history;
/// the baselines listed were written before the stop.
public struct RunInterrupted: Error {
    public var baselinesWritten: [String]
    public init(baselinesWritten: [String] = []) { self.baselinesWritten = baselinesWritten }
}

/// The nightly job: replay every stored trace against each snapshot and against its
/// baseline's snapshot, compare press by press, write baselines as the record mode
/// says, and record the run in history.
public struct RunPipeline: Sendable {
    public let store: TraceStore
    public init(store: TraceStore) { self.store = store }

    /// - Parameters:
    ///   - log: progress and notes for stderr.
    ///   - observer: follows every press (for streamed output).
    /// - Throws: `RunInputError` when an input (snapshot, baseline) cannot be used; `StoreError` for the database.
    public func run(_ request: RunRequest, log: (String) -> Void = { _ in }, observer: RunObserver? = nil) throws -> RunOutcome {
        var (outcome, history) = try start(request, log: log, observer: observer)
        if let history { outcome.runID = try withoutActuallyEscaping(log) { try history.wait(log: $0) } }
        return outcome
    }

    /// `run`, except that the run is recorded in history on another thread: the caller reports
    /// the outcome meanwhile and takes the run's id from `HistoryWrite.wait` when it needs it
    /// (a regressed run's JSON is as long to write as its history). Nil: nothing to record.
    public func start(_ request: RunRequest, log: (String) -> Void = { _ in },
                      observer: RunObserver? = nil) throws -> (RunOutcome, HistoryWrite?) {
        let startedAt = TraceStore.now()
        let inputs = try prepare(request, log: log)
        var outcomes: [SuiteOutcome] = []
        var history: [HistoryRecord.SuiteRows] = []
        var causes: [(() -> [Cause])?] = []
        do {
            for (snapshot, info) in inputs.snapshots {
                if request.shouldStop() { throw RunInterrupted() }
                let (suite, rows, grouping) = try runSuite(snapshot, info, request, inputs.folder, log: log, observer: observer)
                outcomes.append(suite)
                history.append(rows)
                causes.append(grouping)
            }
        } catch var stop as RunInterrupted {
            stop.baselinesWritten = outcomes.filter { $0.baselineWritten }.compactMap(\.baselineFile)
            throw stop
        }
        for screen in inputs.baselinedScreens {
            outcomes.append(noSnapshotSuite(screen, inputs.folder!, log: log, observer: observer))
            history.append(HistoryRecord.SuiteRows())
        }
        var outcome = RunOutcome(suites: outcomes, passed: outcomes.allSatisfy(\.passed), runID: nil, startedAt: startedAt,
                                 revision: request.revision, request: request, screensWithoutSnapshot: inputs.withoutSnapshot)
        outcome.screensNotInRun = inputs.notInRun
        if request.shouldStop() { throw RunInterrupted(baselinesWritten: outcomes.filter { $0.baselineWritten }.compactMap(\.baselineFile)) }
        // History is recorded from the findings as ordered; the causes are grouped meanwhile (history stores none).
        var write: HistoryWrite?
        if request.recordHistory {
            let (store, finished, run, rows) = (self.store, TraceStore.now(), outcome, history)
            write = HistoryWrite(store: store) {
                let record = HistoryRecord.make(run, rows: rows, finishedAt: finished)
                return (try store.recordRun(record), record)
            }
        }
        for (i, grouping) in causes.enumerated() { if let grouping { outcome.suites[i].diff.causes = grouping() } }
        return (outcome, write)
    }

    /// What a run works on: each screen's snapshot (by screen), the baselines folder,
    /// screens with traces but no snapshot, screens with a baseline but no snapshot
    /// (failed), and screens with a baseline the run leaves out (`--screen`, `--snapshots`).
    struct Inputs {
        var snapshots: [(Snapshot, SnapshotInfo)]
        var folder: BaselineFolder?
        var withoutSnapshot: [String]
        var baselinedScreens: [String]
        var notInRun: [String]
    }

    /// Loads the snapshots (only the `--screen` ones) and says up front what the run cannot compare.
    func prepare(_ request: RunRequest, log: (String) -> Void) throws -> Inputs {
        var snapshots = try loadSnapshots(request.snapshotPaths)
        let folder = try baselineFolder(request, log: log)
        let tracedScreens = Set(try store.traces().map(\.header.screen))
        let baselineSuites = try folder?.suites() ?? []
        if !request.screens.isEmpty {
            let known = Set(snapshots.map(\.0.screen)).union(tracedScreens).union(baselineSuites)
            for name in request.screens where !known.contains(name) {
                var message = "no screen '\(name.clipped)' in this run"
                if let near = Suggestion.nearest(name, among: known) { message += " (did you mean '\(near)'?)" }
                throw RunInputError(message + (known.isEmpty ? ": it has no snapshots, traces or baselines"
                                                             : "; its screens: \(known.sorted().joined(separator: ", "))"))
            }
            snapshots = snapshots.filter { request.screens.contains($0.0.screen) }
        }
        var seen: [String: String] = [:]
        for (snapshot, info) in snapshots {
            if let other = seen[snapshot.screen] {
                throw RunInputError("two snapshots of screen '\(snapshot.screen)' (\(other) and \(info.source)): a run takes one build per screen")
            }
            seen[snapshot.screen] = info.source
        }
        // Which screens the run is about: those named with --screen; with --snapshots, the
        // screens of those files (unless --all-screens); else every screen.
        let inScope: (String) -> Bool = { screen in
            if !request.screens.isEmpty { return request.screens.contains(screen) }
            if !request.snapshotPaths.isEmpty && !request.allScreens { return seen[screen] != nil }
            return true
        }
        // What this run cannot compare, said up front.
        let withoutSnapshot = tracedScreens.subtracting(seen.keys).filter(inScope).sorted()
        for screen in withoutSnapshot {
            log("note: traces of screen '\(screen)' are stored but no snapshot of it is in this run: they are not replayed")
        }
        let otherBaselines = baselineSuites.filter { seen[$0] == nil }
        let baselinedScreens = otherBaselines.filter(inScope)
        let notInRun = otherBaselines.filter { !inScope($0) }
        if !notInRun.isEmpty {
            let which = notInRun.map { "'\($0)'" }.joined(separator: ", ")
            log(request.screens.isEmpty
                ? "note: the baselines of \(which) are not compared: no snapshot given is of \(notInRun.count == 1 ? "that screen" : "those screens") (--all-screens takes \(notInRun.count == 1 ? "it" : "them") in)"
                : "note: the baselines of \(which) are not compared: --screen names only \(request.screens.joined(separator: ", "))")
        }
        if snapshots.isEmpty && baselinedScreens.isEmpty {
            if !request.screens.isEmpty {
                throw RunInputError("no snapshot of \(request.screens.joined(separator: ", ")) in this run: nothing to replay"
                    + (request.snapshotPaths.isEmpty ? " (the database holds none of \(request.screens.count == 1 ? "it" : "them"))"
                                                     : " (none of \(request.snapshotPaths.joined(separator: ", ")) is of \(request.screens.count == 1 ? "that screen" : "those screens"))"))
            }
            throw RunInputError(request.snapshotPaths.isEmpty
                ? "no snapshots to replay against: the database holds none (import some with replay import, or pass --snapshots)"
                : "no snapshot files (.json) under \(request.snapshotPaths.map(InputFiles.named).joined(separator: ", "))")
        }
        return Inputs(snapshots: snapshots.sorted(by: { $0.0.screen < $1.0.screen }), folder: folder,
                      withoutSnapshot: withoutSnapshot, baselinedScreens: baselinedScreens, notInRun: notInRun)
    }

    /// A screen that has a baseline but no snapshot in the run: nothing compared, a failure.
    func noSnapshotSuite(_ screen: String, _ folder: BaselineFolder, log: (String) -> Void, observer: RunObserver?) -> SuiteOutcome {
        let file = folder.file(for: screen)
        log("error: \(file) has a baseline of screen '\(screen)', but no snapshot of it is in this run: nothing was compared")
        var missing = SuiteOutcome(suite: screen, snapshot: SnapshotInfo(source: "none", contentHash: ""), stats: SuiteStats(),
                                   coverage: [], diff: Comparison.Result(), baseline: .noSnapshot, baselineFile: file, passed: false)
        missing.warnings = ["no snapshot of this screen in the run"]
        observer?.suiteStarted(screen, snapshot: missing.snapshot)
        observer?.suiteFinished(missing)
        return missing
    }

    /// One suite: the baseline side, every stored trace replayed against both sides
    /// and folded in, probes, coverage, the comparison, the baseline written as the
    /// record mode says.
    private func runSuite(_ snapshot: Snapshot, _ info: SnapshotInfo, _ request: RunRequest, _ folder: BaselineFolder?,
                          log: (String) -> Void, observer: RunObserver?) throws -> (SuiteOutcome, HistoryRecord.SuiteRows, causes: (() -> [Cause])?) {
        let screen = snapshot.screen
        observer?.suiteStarted(screen, snapshot: info)
        let (baseline, file) = try loadBaseline(screen, folder, request, log: log)
        var run = try SuiteRun(snapshot, info, request: request, folder: folder, baseline: baseline, file: file,
                               existed: baseline != nil, observer: observer, log: log)
        let stored = try store.traces(screen: screen)
        if stored.isEmpty {
            log(baseline != nil
                ? "note: no stored traces of screen '\(screen)': only its coverage is compared with the baseline"
                : "note: no stored traces of screen '\(screen)': only its coverage is measured")
        }
        try replay(stored, into: &run, request, log: log)
        return try finish(&run, request, folder, log: log, observer: observer)
    }

    /// Replays stored traces against both sides and folds them into the suite.
    func replay(_ stored: [StoredTrace], into run: inout SuiteRun, _ request: RunRequest, log: (String) -> Void) throws {
        let screen = run.snapshot.screen, info = run.info, side = run.side, replayer = run.replayer
        var clock = Stopwatch()
        let events = stored.reduce(0) { $0 + $1.eventCount }
        let readers = EventReaders(store)
        request.progress?("\(screen): replaying traces", 0, stored.count)  // counted as each trace is folded in
        try replayer.replayTraces(count: stored.count, batch: request.batch, also: side.replayer.map { [$0] } ?? [],
                                  load: { i in
                                      // Asked here too, so that a stop skips the traces not yet replayed.
                                      if request.shouldStop() { throw RunInterrupted() }
                                      return TraceInput(name: stored[i].header.trace,
                                                 events: try readers.events(ofTrace: stored[i].rowID, expectedCount: stored[i].eventCount))
                                  }, consume: { i, results, others in
            if request.shouldStop() { throw RunInterrupted() }
            run.fit.check(stored[i], results)
            run.suite.addTrace(stored[i].rowID)
            run.suite.fold(results, against: side.against(results, others: others), traceID: stored[i].rowID, probe: false)
            request.progress?("\(screen): replaying traces", i + 1, stored.count)
        })
        run.traces += stored.count
        run.events += events
        log("\(screen): read and replayed \(stored.count) trace\(stored.count == 1 ? "" : "s") (\(events) events) against \(info.source)"
            + side.progressSuffix + " in \(clock.lap())")
    }

    /// What a suite computes from its snapshots once every trace is in: probes, coverage,
    /// the comparison of targets and the causes, the baseline written as the record mode
    /// says, the picture. A sharded run does this at merge (docs/nightly-ci.md).
    /// - Parameter sampled: the coverage of the snapshot's targets, when a shard sampled it already (`replay merge`).
    func finish(_ run: inout SuiteRun, _ request: RunRequest, _ folder: BaselineFolder?, sampled presampled: [TargetCoverage]? = nil,
                log: (String) -> Void, observer: RunObserver?) throws -> (SuiteOutcome, HistoryRecord.SuiteRows, causes: (() -> [Cause])?) {
        let screen = run.snapshot.screen, snapshot = run.snapshot, info = run.info, side = run.side
        let tester = run.tester, replayer = run.replayer, plan = run.plan
        var clock = Stopwatch()
        // --probe human: people's touches on this snapshot's targets, counted as rates (never findings).
        var sampled: [String: SampledRate] = [:]
        if request.probe == .human {
            let probe = Probe(pattern: .human, taps: request.humanTaps, seed: request.humanSeed, mmPerPoint: tester.density.mmPerPoint)
            let inputs = probe.traceInputs(for: snapshot)
            for input in inputs {
                guard let node = input.events.first?.expect else { continue }
                let results = replayer.replay(trace: input.name, events: input.events).filter { $0.partOf == nil && $0.expect != nil }
                sampled[node] = SampledRate(trials: results.count, successes: results.filter { $0.met == true }.count)
            }
            log("\(screen): pressed \(inputs.count) target\(inputs.count == 1 ? "" : "s") \(request.humanTaps) times each as people would "
                + "(seed \(request.humanSeed), \(JSONValue.format(JSONValue.round(tester.density.mmPerPoint, places: 4))) mm/pt) in \(clock.lap())")
        }
        // --probe edges|grid: presses synthesized from this snapshot, and from the baseline's for the same target (keyed by node).
        if let pattern = request.probe, pattern != .human {
            let probe = Probe(pattern: pattern)
            let inputs = probe.traceInputs(for: snapshot)
            var theirs: [String: TraceInput] = [:]
            if !side.unchanged, let accepted = side.compared?.snapshot { for t in probe.traceInputs(for: accepted) { theirs[t.name] = t } }
            for (n, input) in inputs.enumerated() {
                if request.shouldStop() { throw RunInterrupted() }
                request.progress?("\(screen): pressing targets with \(pattern.rawValue) probes", n, inputs.count)
                let results = replayer.replay(trace: input.name, events: input.events)
                run.suite.fold(results, against: side.probeResults(results, name: input.name, theirs: theirs),
                               traceID: nil, probe: true)
            }
            log("\(screen): pressed \(inputs.count) target\(inputs.count == 1 ? "" : "s") with \(pattern.rawValue) probes"
                + (side.replayer != nil ? " (and the baseline snapshot's targets alike)" : "") + " in \(clock.lap())")
        }
        if request.shouldStop() { throw RunInterrupted() }
        let coverage: [TargetCoverage]
        if let sampled = presampled {
            coverage = sampled
        } else {
            request.progress?("\(screen): sampling the coverage of its targets and predicting their first-try success", 0, 0)
            coverage = RunPipeline.coverage(tester, request)
            log("\(screen): sampled the coverage and predicted the first-try success of \(coverage.count) targets in \(clock.lap())")
        }
        var before = run.recomputed ? side.coverage(step: request.gridStep, newCoverage: coverage) : side.compared?.targets
        if let b = before, !run.recomputed, let file = run.file {
            before = side.withPredictions(b, newCoverage: coverage, settings: run.settings) { log("note: \(file): " + $0) }
        }
        var diff = run.suite.finish(before: before, after: coverage)
        if let a = request.acceptance { diff.acceptRegressions(who: a.who, why: a.why, since: a.since, after: coverage) }
        if request.shouldStop() { throw RunInterrupted() }
        let knownChange = try writeBaseline(plan, snapshot: snapshot, coverage: coverage, settings: run.settings, baseline: run.baseline,
                                            diff: diff, folder: folder, file: run.file, info: info, request: request, log: log)
        if knownChange == nil && !diff.fixed.isEmpty {
            log("note: \(screen): \(plural(diff.fixed.count, "known problem")) no longer \(diff.fixed.count == 1 ? "occurs" : "occur") (fixed): "
                + "the next --record or replay accept drops \(diff.fixed.count == 1 ? "it" : "them")")
        }

        var outcome = SuiteOutcome(suite: screen, snapshot: info, stats: run.suite.stats, coverage: coverage, diff: diff, baseline: plan.status,
                                   baselineFile: run.file, passed: plan.status.passes(diff))
        outcome.knownChange = knownChange
        outcome.profile = tester.profile.description
        outcome.touchRadius = request.hit.touchRadius
        outcome.mmPerPoint = tester.density.mmPerPoint
        outcome.density = tester.density.because
        outcome.sampled = sampled
        outcome.baselineVersion = run.baselineVersion
        outcome.traces = run.traces
        outcome.expectations = run.suite.expectations
        outcome.warnings = run.fit.warnings
        for w in run.fit.warnings { log("warning: \(screen): \(w)") }
        if request.picture {
            outcome.picture = ScreenPicture(tester)
            outcome.pictureTester = tester
            outcome.marks = run.suite.marks
            outcome.heat = run.suite.heat
            // The accepted snapshot beside it (docs/report.md, "Before and after").
            if plan.status == .compared, side.compared?.snapshot != nil {
                let accepted = side.replayer?.tester ?? tester
                outcome.baselineTester = accepted
                outcome.baselinePicture = side.unchanged ? outcome.picture : ScreenPicture(accepted)
            }
        }
        if request.audit {
            outcome.audit = Auditor.audit(snapshot, settings: AuditSettings(hit: run.hit, replay: request.replay, step: request.gridStep),
                                          source: info.source)
        }
        // The causes are grouped later, once history is recording, unless a streamed report writes them now.
        let (regressions, gridStep) = (outcome.diff.regressions, request.gridStep)
        let grouping = { Cause.group(regressions) { node in tester.coverageLossReason(node, step: gridStep) } }
        guard let observer else { return (outcome, run.suite.rows, grouping) }
        outcome.diff.causes = grouping()
        observer.suiteFinished(outcome)
        return (outcome, run.suite.rows, nil)
    }

    /// The coverage of a snapshot's targets with their predicted first-try success, by node.
    static func coverage(_ tester: HitTester, _ request: RunRequest) -> [TargetCoverage] {
        tester.coverage(step: request.gridStep, predict: true).sorted { $0.node.utf8.lexicographicallyPrecedes($1.node.utf8) }
    }

    /// The screen's baseline file, if the run has a baselines folder and the file exists; notes about it.
    func loadBaseline(_ screen: String, _ folder: BaselineFolder?, _ request: RunRequest,
                              log: (String) -> Void) throws -> (Baseline?, String?) {
        guard let folder else { return (nil, nil) }
        let file = folder.file(for: screen)
        let baseline: Baseline?
        do {
            baseline = try folder.load(screen)
        } catch let e as BaselineError {
            throw RunInputError(e.message)
        }
        if let b = baseline, b.fileVersion == 1 {
            log("note: \(file) is a version-1 baseline (per-press results); it is still compared — --record rewrites it as version 2, the accepted snapshot")
        }
        return (baseline, file)
    }

    /// Writes the suite's baseline when the record mode says so (or, with an acceptance, its
    /// known problems into the existing one), and says what happened.
    /// - Returns: what happened to the known problems, when a baseline was written with or over some.
    private func writeBaseline(_ plan: (status: BaselineStatus, write: Bool), snapshot: Snapshot, coverage: [TargetCoverage],
                               settings: BaselineSettings, baseline old: Baseline?, diff: Comparison.Result, folder: BaselineFolder?,
                               file: String?, info: SnapshotInfo, request: RunRequest, log: (String) -> Void) throws -> KnownChange? {
        // `replay accept` on a compared baseline: the same file, with its known problems updated.
        let acceptInPlace = request.acceptance != nil && plan.status == .compared && folder != nil && request.writeBaselines
        guard plan.write || acceptInPlace else { return nil }
        let change = KnownProblems.next(old: plan.status == .written ? [] : old?.known ?? [], result: diff, rerecorded: !acceptInPlace,
                                        after: coverage)
        var written = acceptInPlace ? old! : Baseline(snapshot: snapshot, coverage: coverage, settings: settings)
        written.known = change.list
        // Accepting nothing into a baseline leaves its file alone (byte for byte).
        if !(acceptInPlace && change.added.isEmpty && change.dropped.isEmpty) {
            do {
                try folder!.save(written)
            } catch {
                throw RunInputError("cannot write the baseline \(file!): \(error)")
            }
        }
        if !change.added.isEmpty {
            log("\(snapshot.screen): accepted \(plural(change.added.count, "known problem")) into \(file!): "
                + change.added.prefix(5).map(\.place).joined(separator: "; ") + (change.added.count > 5 ? "; …" : ""))
        }
        if !change.dropped.isEmpty {
            let fixed = change.dropped.filter { k in diff.fixed.contains { $0.key == k.key } }.count
            log("\(snapshot.screen): dropped \(plural(change.dropped.count, "known problem")) from \(file!): "
                + [fixed > 0 ? "\(fixed) fixed" : nil,
                   change.dropped.count > fixed ? "\(change.dropped.count - fixed) about the snapshot this record replaces" : nil]
                    .compactMap { $0 }.joined(separator: ", "))
        }
        if acceptInPlace && change.added.isEmpty && change.dropped.isEmpty {
            log("\(snapshot.screen): nothing to accept: no regression" + (change.kept.isEmpty ? "" : ", and \(plural(change.kept.count, "known problem")) still known")
                + "; \(file!) is left as it was")
        }
        switch plan.status {
        case .recorded: log("recorded \(file!) (the snapshot of \(info.source) and the coverage of its \(coverage.count) targets)")
        case .written: log("wrote a new baseline \(file!): review it, commit it, and run again")
        case .missing: log("no baseline \(file!), and the record mode (never) forbids writing one")
        default: break
        }
        return change.isEmpty && !acceptInPlace ? nil : change
    }

    /// The baselines folder, resolved: a folder that does not exist is created by writing
    /// (said once, with the absolute path), and is an input error where nothing may be written.
    private func baselineFolder(_ request: RunRequest, log: (String) -> Void) throws -> BaselineFolder? {
        guard let path = request.baselineFolder else { return nil }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            guard isDir.boolValue else { throw RunInputError("--baseline \(InputFiles.named(path)) is a file: give the folder that holds <screen>.json") }
        } else if !request.writeBaselines {
            // `replay report` compares with baselines and never writes one: a folder that is not there is a mistake.
            throw RunInputError("no baselines folder at \(InputFiles.named(path)): nothing could be compared with a baseline")
        } else if let near = BaselineFolderSlip.nearFolder(path) {
            // A slip (`--baseline Baseline` beside Baselines/) must not start a new folder of baselines.
            throw RunInputError("no baselines folder at \(InputFiles.named(path)) (did you mean '\(near)'?); "
                                + "to start a new one there, create the folder first (mkdir)")
        } else if request.recordMode == .never {
            log("note: the baselines folder \(InputFiles.named(path)) does not exist, and the record mode (never) writes none: every screen fails as missing")
        } else {
            log("note: the baselines folder \(InputFiles.named(path)) does not exist yet: new baselines are written there")
        }
        return BaselineFolder(path: path, writer: request.writer)
    }

    /// Snapshot files (folders searched for `.json`), or the newest stored snapshot of each
    /// screen by capture time (then app build), never merely the most recently imported.
    func loadSnapshots(_ paths: [String]) throws -> [(Snapshot, SnapshotInfo)] {
        if paths.isEmpty {
            var newest: [String: StoredSnapshot] = [:]
            for s in try store.snapshots() {
                if let current = newest[s.screen], !StoredSnapshot.isOlder(current, than: s) { continue }
                newest[s.screen] = s
            }
            return try newest.values.sorted { $0.screen < $1.screen }.map { s in
                guard let json = try store.snapshotJSON(s.rowID) else { throw RunInputError("stored snapshot \(s.rowID) vanished") }
                do {
                    let snapshot = try Snapshot(json: json)
                    return (snapshot, SnapshotInfo(source: "db:\(s.rowID)" + (s.importedFrom.map { " (\($0))" } ?? ""),
                                                   contentHash: s.contentHash, appVersion: s.appVersion, appBuild: s.appBuild,
                                                   capturedAt: s.capturedAt, limits: snapshot.capture?.limits ?? []))
                } catch let e as SnapshotError {
                    throw RunInputError("stored snapshot \(s.rowID): \(e)")
                }
            }
        }
        let files = try InputFiles.collect(paths, recursive: false) { $0.hasSuffix(".json") }
        let fm = FileManager.default
        return try files.map { file in
            guard let data = fm.contents(atPath: file) else { throw RunInputError("\(file): cannot read the file") }
            do {
                let snapshot = try Snapshot(json: data)
                return (snapshot, SnapshotInfo(source: file, contentHash: TraceStore.contentHash(of: data),
                                               appVersion: snapshot.app.version, appBuild: snapshot.app.build,
                                               capturedAt: snapshot.capturedAt, limits: snapshot.capture?.limits ?? []))
            } catch let e as SnapshotError {
                if let other = FileKind.mismatch(data, file: file, expected: "tapreplay-snapshot") { throw RunInputError(other) }
                throw RunInputError(NodePath.locate(e, in: data).located(in: file))
            }
        }
    }
}

/// Whether recorded traces fit the snapshot they are replayed against: touches
/// outside its bounds, a different device, an `expect` naming no node.
struct TraceFit {
    let snapshot: Snapshot
    let tester: HitTester
    var outside = 0
    var outsideTraces = Set<String>()
    var devices = Set<String>()
    var unknownExpect: [String: Int] = [:]

    init(snapshot: Snapshot, tester: HitTester) { self.snapshot = snapshot; self.tester = tester }

    mutating func check(_ trace: StoredTrace, _ results: [PressResult]) {
        let bounds = snapshot.canvas
        if let model = trace.header.deviceModel, let mine = snapshot.device.model, model != mine { devices.insert(model) }
        for i in results.indices where results[i].partOf == nil {  // by index: no copy of each result
            if !bounds.containsClosed(results[i].at) { outside += 1; outsideTraces.insert(results[i].trace) }
            if let e = results[i].expect, tester.index(ofID: e) == nil { unknownExpect[e, default: 0] += 1 }
        }
    }

    var warnings: [String] {
        var out: [String] = []
        if outside > 0 {
            let c = snapshot.canvas
            out.append("\(plural(outside, "press")) outside the snapshot's \(JSONValue.format(c.width))×\(JSONValue.format(c.height)) pt bounds (traces \(outsideTraces.sorted().prefix(5).joined(separator: ", ")))")
        }
        if !devices.isEmpty, let mine = snapshot.device.model {
            out.append("traces recorded on \(devices.sorted().joined(separator: ", ")), the snapshot on \(mine): frames may not match")
        }
        for (e, n) in unknownExpect.sorted(by: { $0.key < $1.key }) {
            out.append("\(plural(n, "press")) expect '\(e.clipped)', which is no node of this snapshot")
        }
        return out
    }
}

/// A run being recorded in history on its own thread (`RunPipeline.start`).
public final class HistoryWrite: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Result<Int64, Error>?
    private var took = ""
    private var logged = false
    private let path: String

    /// - Parameter record: records the run; returns its id, and what it recorded it from: let go of
    ///   only once the id is handed over (a regressed run's rows take a tenth of a second to free).
    init(store: TraceStore, record: @escaping @Sendable () throws -> (Int64, RunRecord)) {
        path = store.path
        Thread { [self] in
            var clock = Stopwatch()
            var rows: RunRecord?
            let r = Result { () throws -> Int64 in
                let (id, record) = try record()
                rows = record
                return id
            }
            lock.withLock { result = r; took = clock.lap() }
            done.signal()
            withExtendedLifetime(rows) {}  // freed here, after the id is handed over
        }.start()
    }

    /// Waits until the run is recorded; the first call given a `log` says there how long recording took.
    /// - Returns: the run's id in history.
    /// - Throws: what recording it threw (`StoreError`, a database error): nothing of the run is stored then.
    public func wait(log: ((String) -> Void)? = nil) throws -> Int64 {
        done.wait()
        done.signal()  // stays signalled for the next call
        lock.lock()
        let r = result!, took = self.took, first = log != nil && !logged
        if first { logged = true }
        lock.unlock()
        if first, case .success(let id) = r { log?("recorded run #\(id) in \(path) in \(took)") }
        return try r.get()
    }
}

/// Wall-clock laps for progress lines.
struct Stopwatch {
    private var last = DispatchTime.now().uptimeNanoseconds
    mutating func lap() -> String {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        let s = Double(now - last) / 1e9
        return s < 1 ? "\(Int((s * 1000).rounded())) ms" : "\(JSONValue.format(JSONValue.round(s, places: 2))) s"
    }
}

/// A baselines folder that does not exist, and one beside it whose name is a slip away.
enum BaselineFolderSlip {
    /// The folder beside `path` whose name is nearest to its last component (`Baselines` for
    /// `Baseline`), when there is one; nil when `path` exists or nothing is near.
    static func nearFolder(_ path: String) -> String? {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let parent = url.deletingLastPathComponent()
        let name = url.lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return nil }
        let folders = entries.filter { e in
            var isDir: ObjCBool = false
            return e != name && !e.hasPrefix(".") && FileManager.default.fileExists(atPath: parent.appendingPathComponent(e).path, isDirectory: &isDir)
                && isDir.boolValue
        }
        guard let near = Suggestion.nearest(name, among: folders) else { return nil }
        let suggested = (path as NSString).deletingLastPathComponent
        return suggested.isEmpty ? near : (suggested as NSString).appendingPathComponent(near)
    }
}
