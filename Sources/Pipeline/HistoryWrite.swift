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

/// A run being recorded in history on its own thread (`RunPipeline.start`).
public final class HistoryWrite: @unchecked Sendable {
    /// The run's id, how long recording it took, and what `note` said of it.
    private let recording: Background<(id: Int64, took: String, note: String?)>
    /// Whether a call to `wait` has said how long recording took (under `lock`).
    private var logged = false
    private let lock = NSLock()
    private let path: String

    /// - Parameter record: records the run; returns its id, and what it recorded it from: let go of
    ///   only once the id is handed over (a regressed run's rows take a tenth of a second to free).
    /// - Parameter note: what the progress line says of the rows recorded, besides their time.
    init(store: TraceStore, record: @escaping @Sendable () throws -> (Int64, RunRecord),
         note: (@Sendable (RunRecord) -> String?)? = nil) {
        path = store.path
        recording = Background(freeingAfter: {
            var clock = Stopwatch()
            let (id, rows) = try record()
            return ((id, clock.lap(), note?(rows)), rows)
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
