import Audit
import BaselineFiles
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
    /// The replay workers' read-only connections, kept from screen to screen (opening one reads the
    /// schema and checks the migrations: each screen opened its own before).
    let readers: EventReaders
    public init(store: TraceStore) {
        self.store = store
        readers = EventReaders(store)
    }

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
    func runSuite(_ snapshot: Snapshot, _ info: SnapshotInfo, _ request: RunRequest, _ folder: BaselineFolder?,
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
        let readers = self.readers
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
    }}
