// Helpers for the per-touch buffers of the hot paths (a handful of elements each).

extension Array {
    /// Empties the array and keeps its storage, one `removeLast` per element: for the few
    /// elements the per-touch buffers hold, cheaper than `removeAll(keepingCapacity: true)`
    /// (a general `replaceSubrange`, even on an empty array).
    @inline(__always) mutating func clearKeepingCapacity() {
        while !isEmpty { removeLast() }
    }
}

extension Array where Element == Int32 {
    /// Sorts the elements from `start` on, largest first, by insertion in place: for the few
    /// candidates or children of one touch, cheaper than the general sort and its closure.
    @inline(__always) mutating func sortDescendingInPlace(from start: Int = 0) {
        guard count - start > 1 else { return }
        for i in (start + 1)..<count {
            let v = self[i]
            var j = i
            while j > start && self[j - 1] < v { self[j] = self[j - 1]; j -= 1 }
            self[j] = v
        }
    }
}
