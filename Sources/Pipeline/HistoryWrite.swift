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

/// A run being recorded in history on its own thread (`RunPipeline.start`, `startMerge`).
public final class HistoryWrite: @unchecked Sendable {
    /// The run's id, how long recording it took, and what the progress line says of the rows recorded.
    private let recording: Background<(id: Int64, took: String, note: String?)>
    /// Whether a call to `wait` has said how long recording took (under `lock`).
    private var logged = false
    private let lock = NSLock()
    private let path: String

    /// - Parameter record: records the run; returns its id, and what it recorded it from: let go of
    ///   only once the id is handed over (a regressed run's rows take a tenth of a second to free).
    init(store: TraceStore, record: @escaping @Sendable () throws -> (Int64, RunRecord)) {
        path = store.path
        recording = Background(freeingAfter: {
            var clock = Stopwatch()
            let (id, rows) = try record()
            return ((id, clock.lap(), nil), rows)
        })
    }

    /// A run recorded suite by suite as `feed` hands its suites over (`replay merge`): the run's row is
    /// written with `head`'s fields at once, each suite's rows as it comes, the run's outcome at the end,
    /// all in one transaction (a feed that fails stores nothing). `took` is the time from the last suite on.
    init(store: TraceStore, head: RunRecord, feed: HistoryFeed) {
        path = store.path
        recording = Background(freeingAfter: {
            var clock = Stopwatch()
            var ending: (passed: Bool, finishedAt: String)?
            var suites = 0, grouped = 0
            let id: Int64
            do {
                id = try store.recordRun(head, suites: {
                    switch try feed.take() {
                    case .suite(let outcome, let rows):
                        let suite = HistoryRecord.suite(outcome, rows: rows)
                        if suite.findingTable.map({ $0.count > 0 }) ?? !suite.findings.isEmpty {
                            suites += 1
                            if suite.findingTable != nil { grouped += 1 }
                        }
                        return suite
                    case .end(let passed, let finishedAt):
                        ending = (passed, finishedAt)
                        _ = clock.lap()
                        return nil
                    }
                }, end: { ending! })
            } catch {
                feed.fail(error)  // the merge stops handing suites over (a database locked past the busy timeout)
                throw error
            }
            // Whether history took the findings as the shards grouped them, or grouped them anew.
            let note = suites == 0 ? nil : "the findings of \(plural(grouped, "screen")) of \(suites) as the shards grouped them"
            return ((id, clock.lap(), note), ())
        })
    }

    /// Waits until the run is recorded; the first call given a `log` says there how long recording took.
    /// - Returns: the run's id in history.
    /// - Throws: what recording it threw (`StoreError`, a database error): nothing of the run is stored then.
    public func wait(log: ((String) -> Void)? = nil) throws -> Int64 {
        let (id, took, note) = try recording.value
        if let log, lock.withLock({ defer { logged = true }; return !logged }) {
            log("recorded run #\(id) in \(path) in \(took)" + (note.map { " (\($0))" } ?? ""))
        }
        return id
    }
}

/// The suites of a run being recorded suite by suite (`HistoryWrite(store:head:feed:)`), handed from the
/// thread that makes them to the one that records them: at most `limit` wait at a time (a suite's rows
/// are large), so `put` waits while the recording is behind.
final class HistoryFeed: @unchecked Sendable {
    enum Item {
        case suite(SuiteOutcome, HistoryRecord.SuiteRows)
        /// Every suite is in: the run's outcome.
        case end(passed: Bool, finishedAt: String)
    }
    private let condition = NSCondition()
    private var items: [Item] = []
    private var failure: Error?
    private let limit: Int

    init(limit: Int = 1) { self.limit = limit }

    /// - Throws: why the run cannot be recorded, once it cannot (the merge stops then).
    func put(_ item: Item) throws {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= limit && failure == nil { condition.wait() }
        if let failure { throw failure }
        items.append(item)
        condition.broadcast()
    }

    /// The run cannot be recorded (its merge failed or was stopped, or the recording failed): the recording
    /// stops with `error`, storing nothing, and so does the merge. The first failure is the one kept.
    func fail(_ error: Error) {
        condition.lock()
        defer { condition.unlock() }
        if failure == nil { failure = error }
        items.removeAll()
        condition.broadcast()
    }

    func take() throws -> Item {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && failure == nil { condition.wait() }
        if let failure { throw failure }
        condition.broadcast()
        return items.removeFirst()
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
