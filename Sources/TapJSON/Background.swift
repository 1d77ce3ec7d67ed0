import Foundation

/// Work started on a thread of its own; `value` waits for its result.
///
/// The one thread future of the package: a run is recorded in history while its report is written,
/// lint parses on a thread with a large stack and reads a child process's stderr while it writes to
/// the child's stdin. (Short pieces of work split across cores go on Dispatch's shared queues instead.)
///
///     let rows = Background { prepareRows(presses) }
///     …                       // other work meanwhile
///     insert(try rows.value)  // waits until the rows are ready
public final class Background<T: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Set once by the thread, under `condition`.
    private var result: Result<T, Error>?

    /// Starts `work` on a new thread.
    /// - Parameter stackSize: the thread's stack in bytes (reserved, not committed); nil: the system's default.
    public convenience init(stackSize: Int? = nil, _ work: @escaping @Sendable () throws -> T) {
        self.init(stackSize: stackSize, freeingAfter: { (try work(), ()) })
    }

    /// Starts `work` on a new thread; what it returns beside its value is let go of on that thread, only
    /// after the value is handed over (large inputs that take a while to free need not delay the waiter).
    public init<Kept>(stackSize: Int? = nil, freeingAfter work: @escaping @Sendable () throws -> (T, Kept)) {
        let thread = Thread { [self] in
            var kept: Kept?
            let outcome = Result { () throws -> T in
                let (value, rest) = try work()
                kept = rest
                return value
            }
            condition.lock()
            result = outcome
            condition.broadcast()
            condition.unlock()
            withExtendedLifetime(kept) {}
        }
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
    }

    /// The work's value, once it is done (every call after the first returns at once).
    /// - Throws: what the work threw.
    public var value: T {
        get throws {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let result { return try result.get() }
                condition.wait()
            }
        }
    }
}
