import Baselines
import Dispatch
import Foundation
import HitTesting
import ReplayEngine
import TapModel
import TraceStore

/// The input of the run could not be used: printed as one line, exit status 2.
public struct RunInputError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// What a run is asked to do.
public struct RunRequest: Sendable {
    /// Snapshot files or folders; empty: the newest stored snapshot of each screen.
    public var snapshotPaths: [String] = []
    /// The baselines folder (`Baselines/`); nil: compare with nothing (R6 still applies).
    public var baselineFolder: String?
    public var recordMode: RecordMode = .missing
    public var hit = HitSettings()
    public var replay = ReplaySettings()
    public var gridStep: Double = 1
    public var thresholds = DiffThresholds()
    public var revision: String?
    /// Where baselines are written (tests replace it to simulate failures).
    public var writer = AtomicWriter()
    /// Record the run in history (`replay report` does not).
    public var recordHistory = true
    /// Write baselines as the record mode says; false: only compare with those that exist (`replay report`).
    public var writeBaselines = true
    /// Sample each screen for a picture (`--html`, `--svg`).
    public var picture = false

    public init() {}
}

/// Where a suite's snapshot came from.
public struct SnapshotInfo: Sendable, Equatable {
    /// A file path, or `db:<id>` for a stored snapshot.
    public var source: String
    public var contentHash: String
    public var appVersion: String?
    public var appBuild: String?
}

/// One suite's result: the replay, its comparison with the baseline, and whether it passed.
public struct SuiteOutcome: Sendable {
    public var replay: SuiteReplay
    /// The engine's sampling of the screen, when the request asked for a picture.
    public var picture: ScreenPicture?
    public var snapshot: SnapshotInfo
    public var diff: Diff.Result
    public var baseline: BaselineStatus
    public var baselineFile: String?
    public var passed: Bool
    public var suite: String { replay.suite }
}

public struct RunOutcome: Sendable {
    public var suites: [SuiteOutcome]
    public var passed: Bool
    public var runID: Int64?
    public var startedAt: String
    public var revision: String?
    public var request: RunRequest
}

/// The nightly job: replay every stored trace against each snapshot, compare with
/// the baselines, write baselines as the record mode says, and record the run in history.
public struct RunPipeline: Sendable {
    public let store: TraceStore
    public init(store: TraceStore) { self.store = store }

    /// - Parameter log: progress and notes for stderr.
    /// - Throws: `RunInputError` when an input (snapshot, baseline) cannot be used; `StoreError` for the database.
    public func run(_ request: RunRequest, log: (String) -> Void = { _ in }) throws -> RunOutcome {
        let startedAt = TraceStoreClock.now()
        let snapshots = try loadSnapshots(request.snapshotPaths)
        guard !snapshots.isEmpty else {
            throw RunInputError(request.snapshotPaths.isEmpty
                ? "no snapshots to replay against: the database holds none (import some with replay import, or pass --snapshots)"
                : "no snapshot files (.json) under \(request.snapshotPaths.joined(separator: ", "))")
        }
        var seen: [String: String] = [:]
        for (snapshot, info) in snapshots {
            if let other = seen[snapshot.screen] {
                throw RunInputError("two snapshots of screen '\(snapshot.screen)' (\(other) and \(info.source)): a run takes one build per screen")
            }
            seen[snapshot.screen] = info.source
        }
        let folder = request.baselineFolder.map { BaselineFolder(path: $0, writer: request.writer) }
        var outcomes: [SuiteOutcome] = []
        for (snapshot, info) in snapshots.sorted(by: { $0.0.screen < $1.0.screen }) {
            let tester = HitTester(snapshot, settings: request.hit)
            let replayer = Replayer(tester: tester, settings: request.replay)
            let stored = try store.traces(screen: snapshot.screen)
            if stored.isEmpty { log("note: no stored traces of screen '\(snapshot.screen)'; only its coverage is compared") }
            var clock = Stopwatch()
            let events = stored.reduce(0) { $0 + $1.eventCount }
            let store = self.store
            let perTrace = try replayer.replayTraces(count: stored.count) { i in
                TraceInput(name: stored[i].header.trace, events: try store.events(ofTrace: stored[i].rowID, expectedCount: stored[i].eventCount))
            }
            log("\(snapshot.screen): read and replayed \(stored.count) trace\(stored.count == 1 ? "" : "s") (\(events) events) against \(info.source) in \(clock.lap())")
            let replay = replayer.suite(from: perTrace, coverageStep: request.gridStep)
            log("\(snapshot.screen): sampled the coverage of \(replay.coverage.count) targets in \(clock.lap())")

            var baseline: Baseline?
            var status = BaselineStatus.none
            var file: String?
            if let folder {
                file = folder.file(for: snapshot.screen)
                do {
                    baseline = try folder.load(snapshot.screen)
                } catch let e as BaselineError {
                    throw RunInputError(e.message)
                }
                if let b = baseline, b.touchRadius != request.hit.touchRadius || b.gridStep != request.gridStep {
                    log("warning: \(file!) was recorded with touch radius \(JSONValue.format(b.touchRadius)) and grid step \(JSONValue.format(b.gridStep)); this run uses \(JSONValue.format(request.hit.touchRadius)) and \(JSONValue.format(request.gridStep))")
                }
                let plan = request.recordMode.plan(existing: baseline != nil, mayWrite: request.writeBaselines)
                status = plan.status
                if plan.write { try write(Baseline(replay, touchRadius: request.hit.touchRadius, gridStep: request.gridStep), folder) }
                switch status {
                case .recorded: log("recorded \(file!)")
                case .written: log("wrote a new baseline \(file!): review it, commit it, and run again")
                case .missing: log("no baseline \(file!), and the record mode (never) forbids writing one")
                default: break
                }
            }
            let diff = Diff.compare(baseline: status == .compared ? baseline : nil, current: replay, thresholds: request.thresholds)
            let passed = status.passes(diff)
            outcomes.append(SuiteOutcome(replay: replay, picture: request.picture ? ScreenPicture(tester) : nil, snapshot: info, diff: diff, baseline: status, baselineFile: file, passed: passed))
        }
        var outcome = RunOutcome(suites: outcomes, passed: outcomes.allSatisfy(\.passed), runID: nil, startedAt: startedAt,
                                 revision: request.revision, request: request)
        if request.recordHistory {
            var clock = Stopwatch()
            outcome.runID = try store.recordRun(HistoryRecord.make(outcome, finishedAt: TraceStoreClock.now()))
            log("recorded run #\(outcome.runID!) in \(store.path) in \(clock.lap())")
        }
        return outcome
    }

    private func write(_ baseline: Baseline, _ folder: BaselineFolder) throws {
        do {
            try folder.save(baseline)
        } catch {
            throw RunInputError("cannot write the baseline \(folder.file(for: baseline.suite)): \(error)")
        }
    }

    /// Snapshot files (folders searched for `.json`), or the newest stored snapshot of each screen.
    func loadSnapshots(_ paths: [String]) throws -> [(Snapshot, SnapshotInfo)] {
        if paths.isEmpty {
            var newest: [String: StoredSnapshot] = [:]
            for s in try store.snapshots() where newest[s.screen] == nil || s.rowID > newest[s.screen]!.rowID {
                newest[s.screen] = s
            }
            return try newest.values.sorted { $0.screen < $1.screen }.map { s in
                guard let json = try store.snapshotJSON(s.rowID) else { throw RunInputError("stored snapshot \(s.rowID) vanished") }
                do {
                    let snapshot = try Snapshot(json: json)
                    return (snapshot, SnapshotInfo(source: "db:\(s.rowID)" + (s.importedFrom.map { " (\($0))" } ?? ""),
                                                   contentHash: s.contentHash, appVersion: s.appVersion, appBuild: s.appBuild))
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
                                               appVersion: snapshot.app.version, appBuild: snapshot.app.build))
            } catch let e as SnapshotError {
                throw RunInputError(e.located(in: file))
            }
        }
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

enum TraceStoreClock {
    static func now() -> String { ISO8601DateFormatter().string(from: Date()) }
}
