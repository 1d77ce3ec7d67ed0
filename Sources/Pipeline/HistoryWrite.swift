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
