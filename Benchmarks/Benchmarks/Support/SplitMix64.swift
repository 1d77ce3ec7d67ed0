import HitTesting

/// The engine's seeded generator (`HitTesting.SplitMix64`: the same numbers on
/// every platform and every run), with the draws the synthetic data needs.
extension SplitMix64 {
    /// Uniform integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
