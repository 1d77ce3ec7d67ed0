import Foundation
import TapModel

/// Connections that read events side by side, one per replay worker: a store's one
/// connection serves one reader at a time, and replay workers would take turns at it.
/// Each is read-only, opened on first use and kept for the next trace; an in-memory
/// store (which no second connection can see) reads through the store itself.
public final class EventReaders: @unchecked Sendable {
    private let store: TraceStore
    private let lock = NSLock()
    private var idle: [TraceStore] = []

    public init(_ store: TraceStore) { self.store = store }

    /// The events of one trace (`TraceStore.events(ofTrace:expectedCount:)`), through an idle connection.
    public func events(ofTrace rowID: Int64, expectedCount: Int = 0) throws -> [TouchEvent] {
        guard store.path != ":memory:" else { return try store.events(ofTrace: rowID, expectedCount: expectedCount) }
        lock.lock()
        let taken = idle.popLast()
        lock.unlock()
        let reader = try taken ?? TraceStore.openForReading(path: store.path)
        defer {
            lock.lock()
            idle.append(reader)
            lock.unlock()
        }
        return try reader.events(ofTrace: rowID, expectedCount: expectedCount)
    }
}
