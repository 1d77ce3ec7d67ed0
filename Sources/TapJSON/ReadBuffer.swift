/// A buffer a file streams through: what is still unread moves to the front before each
/// read, and the buffer doubles when that leaves no room (one record longer than the
/// buffer grows it), so memory stays flat however large the file.
/// Shared by the line reader of trace files and the streaming reader of recordings.
package struct ReadBuffer {
    package private(set) var base: UnsafeMutablePointer<UInt8>
    package private(set) var capacity: Int

    package init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    package func deallocate() { base.deallocate() }

    /// Moves `base[keep..<count]` to the front and doubles the buffer when it is then full.
    /// Returns the new count (`count - keep`): positions move back by `keep`.
    @inlinable package mutating func slide(keep: Int, count: Int) -> Int {
        var kept = count
        if keep > 0 {
            if count > keep { base.update(from: base + keep, count: count - keep) }
            kept = count - keep
        }
        if kept == capacity {
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            bigger.update(from: base, count: kept)
            base.deallocate()
            base = bigger
            capacity *= 2
        }
        return kept
    }
}
