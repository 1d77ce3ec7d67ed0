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
        let startedAt = TraceStore.now()
        let snapshots = try loadSnapshots(request.snapshotPaths)
        var seen: [String: String] = [:]
        for (snapshot, info) in snapshots {
            if let other = seen[snapshot.screen] {
                throw RunInputError("two snapshots of screen '\(snapshot.screen)' (\(other) and \(info.source)): a run takes one build per screen")
            }
            seen[snapshot.screen] = info.source
        }
        let folder = request.baselineFolder.map { BaselineFolder(path: $0, writer: request.writer) }
        // What this run cannot compare, said up front.
        let tracedScreens = Set(try store.traces().map(\.header.screen))
        let withoutSnapshot = tracedScreens.subtracting(seen.keys).sorted()
        for screen in withoutSnapshot {
            log("note: traces of screen '\(screen)' are stored but no snapshot of it is in this run: they are not replayed")
        }
        var baselinedScreens: [String] = []
        if let folder { baselinedScreens = try folder.suites().filter { seen[$0] == nil } }
        if snapshots.isEmpty && baselinedScreens.isEmpty {
            throw RunInputError(request.snapshotPaths.isEmpty
                ? "no snapshots to replay against: the database holds none (import some with replay import, or pass --snapshots)"
                : "no snapshot files (.json) under \(request.snapshotPaths.joined(separator: ", "))")
        }
        var outcomes: [SuiteOutcome] = []
        var history: [HistoryRecord.SuiteRows] = []
        for (snapshot, info) in snapshots.sorted(by: { $0.0.screen < $1.0.screen }) {
            let (suite, rows) = try runSuite(snapshot, info, request, folder, log: log, observer: observer)
            outcomes.append(suite)
            history.append(rows)
        }
        for screen in baselinedScreens {
            let file = folder!.file(for: screen)
            log("error: \(file) has a baseline of screen '\(screen)', but no snapshot of it is in this run: nothing was compared")
            let missing0 = SuiteOutcome(suite: screen, snapshot: SnapshotInfo(source: "none", contentHash: ""), stats: SuiteStats(),
                                       coverage: [], diff: Comparison.Result(), baseline: .noSnapshot, baselineFile: file, passed: false)
            var missing = missing0
            missing.warnings = ["no snapshot of this screen in the run"]
            observer?.suiteStarted(screen, snapshot: missing.snapshot)
            observer?.suiteFinished(missing)
            outcomes.append(missing)
            history.append(HistoryRecord.SuiteRows())
        }
        var outcome = RunOutcome(suites: outcomes, passed: outcomes.allSatisfy(\.passed), runID: nil, startedAt: startedAt,
                                 revision: request.revision, request: request, screensWithoutSnapshot: withoutSnapshot)
        if request.recordHistory {
            var clock = Stopwatch()
            outcome.runID = try store.recordRun(HistoryRecord.make(outcome, rows: history, finishedAt: TraceStore.now()))
            log("recorded run #\(outcome.runID!) in \(store.path) in \(clock.lap())")
        }
        return outcome
    }

    /// One suite: the baseline side, every stored trace replayed against both sides
    /// and folded in, probes, coverage, the comparison, the baseline written as the
    /// record mode says.
    private func runSuite(_ snapshot: Snapshot, _ info: SnapshotInfo, _ request: RunRequest, _ folder: BaselineFolder?,
                          log: (String) -> Void, observer: RunObserver?) throws -> (SuiteOutcome, HistoryRecord.SuiteRows) {
        let screen = snapshot.screen
        observer?.suiteStarted(screen, snapshot: info)
        let tester = HitTester(snapshot, settings: request.hit)
        if let note = tester.profileChoice.note { log("note: \(screen): \(note)") }
        // Both sides bind under one profile (the new snapshot's, or --profile), and are predicted at one
        // density (the new snapshot's, or --mm-per-point): like with like.
        let hit = HitSettings(touchRadius: request.hit.touchRadius, profile: tester.profile, spatialIndex: request.hit.spatialIndex,
                              mmPerPoint: tester.density.mmPerPoint)
        let settings = request.baselineSettings(profile: tester.profile, mmPerPoint: tester.density.mmPerPoint)
        let replayer = Replayer(tester: tester, settings: request.replay)
        let (baseline, file) = try loadBaseline(screen, folder, request, log: log)
        let plan = request.recordMode.plan(existing: baseline != nil, mayWrite: folder != nil && request.writeBaselines)
        let side = BaselineReplay(plan.status == .compared ? baseline : nil, snapshot: snapshot, hit: hit, replay: request.replay)
        let recomputed = side.compared.map { $0.settings.coverageDiffers(from: settings) } ?? false
        if recomputed, let b = side.compared {
            log(b.fileVersion == 1
                ? "warning: \(file!) was recorded with \(b.settings.description); this run uses \(settings.description)"
                : "note: \(file!) was recorded with \(b.settings.description); this run uses \(settings.description): "
                    + "its side is recomputed from its snapshot under this run's settings, so a change of model is never a regression (--record writes them)")
        }

        let stored = try store.traces(screen: screen)
        if stored.isEmpty {
            log(baseline != nil
                ? "note: no stored traces of screen '\(screen)': only its coverage is compared with the baseline"
                : "note: no stored traces of screen '\(screen)': only its coverage is measured")
        }
        var fit = TraceFit(snapshot: snapshot, tester: tester)
        var suite = SuiteAccumulator(suite: screen, request: request, legacy: side.legacy, observer: observer)
        var clock = Stopwatch()
        let events = stored.reduce(0) { $0 + $1.eventCount }
        let store = self.store
        try replayer.replayTraces(count: stored.count, batch: request.batch, also: side.replayer.map { [$0] } ?? [],
                                  load: { i in
                                      TraceInput(name: stored[i].header.trace,
                                                 events: try store.events(ofTrace: stored[i].rowID, expectedCount: stored[i].eventCount))
                                  }, consume: { i, results, others in
            fit.check(stored[i], results)
            suite.addTrace(stored[i].rowID)
            suite.fold(results, against: side.against(results, others: others), traceID: stored[i].rowID, probe: false)
        })
        log("\(screen): read and replayed \(stored.count) trace\(stored.count == 1 ? "" : "s") (\(events) events) against \(info.source)"
            + side.progressSuffix + " in \(clock.lap())")
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
            for input in inputs {
                let results = replayer.replay(trace: input.name, events: input.events)
                suite.fold(results, against: side.probeResults(results, name: input.name, theirs: theirs),
                           traceID: nil, probe: true)
            }
            log("\(screen): pressed \(inputs.count) target\(inputs.count == 1 ? "" : "s") with \(pattern.rawValue) probes"
                + (side.replayer != nil ? " (and the baseline snapshot's targets alike)" : "") + " in \(clock.lap())")
        }
        let coverage = tester.coverage(step: request.gridStep, predict: true).sorted { $0.node.utf8.lexicographicallyPrecedes($1.node.utf8) }
        log("\(screen): sampled the coverage and predicted the first-try success of \(coverage.count) targets in \(clock.lap())")
        var before = recomputed ? side.coverage(step: request.gridStep, newCoverage: coverage) : side.compared?.targets
        if let b = before, !recomputed, let file {
            before = side.withPredictions(b, newCoverage: coverage, settings: settings) { log("note: \(file): " + $0) }
        }
        let diff = suite.finish(before: before, after: coverage) { node in tester.coverageLossReason(node, step: request.gridStep) }
        try writeBaseline(plan, snapshot: snapshot, coverage: coverage, settings: settings, folder: folder, file: file, info: info, log: log)

        var outcome = SuiteOutcome(suite: screen, snapshot: info, stats: suite.stats, coverage: coverage, diff: diff, baseline: plan.status,
                                   baselineFile: file, passed: plan.status.passes(diff))
        outcome.profile = tester.profile.description
        outcome.touchRadius = request.hit.touchRadius
        outcome.mmPerPoint = tester.density.mmPerPoint
        outcome.density = tester.density.because
        outcome.sampled = sampled
        outcome.baselineVersion = baseline?.fileVersion
        outcome.traces = stored.count
        outcome.expectations = suite.expectations
        outcome.warnings = fit.warnings
        for w in fit.warnings { log("warning: \(screen): \(w)") }
        if request.picture {
            outcome.picture = ScreenPicture(tester)
            outcome.marks = suite.marks
        }
        if request.audit {
            outcome.audit = Auditor.audit(snapshot, settings: AuditSettings(hit: hit, replay: request.replay, step: request.gridStep),
                                          source: info.source)
        }
        observer?.suiteFinished(outcome)
        return (outcome, suite.rows)
    }

    /// The screen's baseline file, if the run has a baselines folder and the file exists; notes about it.
    private func loadBaseline(_ screen: String, _ folder: BaselineFolder?, _ request: RunRequest,
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

    /// Writes the suite's baseline when the record mode says so, and says what happened.
    private func writeBaseline(_ plan: (status: BaselineStatus, write: Bool), snapshot: Snapshot, coverage: [TargetCoverage],
                               settings: BaselineSettings, folder: BaselineFolder?, file: String?, info: SnapshotInfo,
                               log: (String) -> Void) throws {
        if plan.write {
            do {
                try folder!.save(Baseline(snapshot: snapshot, coverage: coverage, settings: settings))
            } catch {
                throw RunInputError("cannot write the baseline \(file!): \(error)")
            }
        }
        switch plan.status {
        case .recorded: log("recorded \(file!) (the snapshot of \(info.source) and the coverage of its \(coverage.count) targets)")
        case .written: log("wrote a new baseline \(file!): review it, commit it, and run again")
        case .missing: log("no baseline \(file!), and the record mode (never) forbids writing one")
        default: break
        }
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
                throw RunInputError(e.located(in: file))
            }
        }
    }
}

/// Whether recorded traces fit the snapshot they are replayed against: touches
/// outside its bounds, a different device, an `expect` naming no node.
struct TraceFit {
    let snapshot: Snapshot
    let tester: HitTester
    private var outside = 0
    private var outsideTraces = Set<String>()
    private var devices = Set<String>()
    private var unknownExpect: [String: Int] = [:]

    init(snapshot: Snapshot, tester: HitTester) { self.snapshot = snapshot; self.tester = tester }

    mutating func check(_ trace: StoredTrace, _ results: [PressResult]) {
        let bounds = snapshot.canvas
        if let model = trace.header.deviceModel, let mine = snapshot.device.model, model != mine { devices.insert(model) }
        for r in results where r.partOf == nil {
            if !bounds.containsClosed(r.at) { outside += 1; outsideTraces.insert(r.trace) }
            if let e = r.expect, tester.index(ofID: e) == nil { unknownExpect[e, default: 0] += 1 }
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
