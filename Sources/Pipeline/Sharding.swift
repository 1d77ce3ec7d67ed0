import Foundation
import TapJSON
import TraceStore

/// Which part of a run a shard replays: `i/n`, 1-based (`--shard 2/4`), as Playwright
/// numbers its shards. The CI's job matrix runs the n shards; `replay merge` adds them up.
public struct ShardSpec: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws {
        guard count >= 1, (1...count).contains(index) else {
            throw ShardSpecError("a shard is i/n with 1 ≤ i ≤ n (got \(index)/\(count))")
        }
        self.index = index
        self.count = count
    }

    /// `2/4`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0].trimmingCharacters(in: .whitespaces)),
              let n = Int(parts[1].trimmingCharacters(in: .whitespaces)) else {
            throw ShardSpecError("a shard is written i/n, 1-based, like 2/4 (got '\(text.clipped)')")
        }
        try self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// The shard `REPLAY_SHARD` asks for: `i/n`, or `auto` for the CI's own parallel-job
    /// variables — GitLab `CI_NODE_INDEX`/`CI_NODE_TOTAL` (1-based), Buildkite
    /// `BUILDKITE_PARALLEL_JOB`/`BUILDKITE_PARALLEL_JOB_COUNT`, CircleCI
    /// `CIRCLE_NODE_INDEX`/`CIRCLE_NODE_TOTAL` and Bazel `TEST_SHARD_INDEX`/`TEST_TOTAL_SHARDS`
    /// (0-based). GitHub Actions exposes its matrix only to the workflow, so there
    /// `REPLAY_SHARD: ${{ matrix.shard }}/${{ strategy.job-total }}` is set explicitly.
    /// - Returns: nil when `REPLAY_SHARD` is unset or empty.
    public static func fromEnvironment(_ env: [String: String]) throws -> ShardSpec? {
        guard let value = env["REPLAY_SHARD"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        guard value.lowercased() == "auto" else {
            do { return try ShardSpec(parsing: value) } catch let e as ShardSpecError { throw ShardSpecError("REPLAY_SHARD: \(e.message)") }
        }
        let sources: [(index: String, count: String, base: Int)] = [
            ("CI_NODE_INDEX", "CI_NODE_TOTAL", 1),
            ("BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", 0),
            ("CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", 0),
            ("TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", 0),
        ]
        for s in sources {
            guard let i = env[s.index], let n = env[s.count], !i.isEmpty, !n.isEmpty else { continue }
            guard let index = Int(i), let count = Int(n) else {
                throw ShardSpecError("REPLAY_SHARD=auto: \(s.index)=\(i.clipped) and \(s.count)=\(n.clipped) are not a shard number and count")
            }
            if s.index == "TEST_SHARD_INDEX", let status = env["TEST_SHARD_STATUS_FILE"], !status.isEmpty {
                // Bazel asks a test that shards to say so by touching this file.
                _ = FileManager.default.createFile(atPath: status, contents: nil)
            }
            do {
                return try ShardSpec(index: index - s.base + 1, count: count)
            } catch let e as ShardSpecError {
                throw ShardSpecError("REPLAY_SHARD=auto: \(s.index)=\(i) and \(s.count)=\(n): \(e.message)")
            }
        }
        throw ShardSpecError("REPLAY_SHARD=auto, but none of CI_NODE_INDEX/CI_NODE_TOTAL (GitLab), BUILDKITE_PARALLEL_JOB/BUILDKITE_PARALLEL_JOB_COUNT, CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL or TEST_SHARD_INDEX/TEST_TOTAL_SHARDS (Bazel) is set: give --shard i/n (on GitHub Actions: --shard ${{ matrix.shard }}/${{ strategy.job-total }})")
    }
}

/// A shard number that cannot be used (a usage error).
public struct ShardSpecError: LocatedError {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// Which traces each shard replays.
///
/// Every trace of the run goes to exactly one shard, decided by its content hash
/// and the event counts alone, so every shard computes the same assignment
/// without talking to the others: the traces are laid out in the order of their
/// content hashes (a fixed, random-looking order that no trace's name or screen
/// biases) and that line is cut into `count` ranges of equal events. A trace goes
/// to the range holding its middle event. Balance is by events, not by traces: a
/// shard holds at most `total / count` events plus one trace. Stability: a trace
/// moves only when the traces that come or go before it in hash order carry it
/// across a cut — adding or removing `e` events moves each cut by at most `e`
/// events, so a few traces beside each cut change shard and every other stays put.
public enum ShardAssignment {
    /// The 1-based shard of each trace, by trace row id.
    /// - Complexity: O(t log t) for t traces.
    public static func shards(of traces: [StoredTrace], count: Int) -> [Int64: Int] {
        let ordered = traces.sorted { ($0.contentHash, $0.header.trace) < ($1.contentHash, $1.header.trace) }
        let total = ordered.reduce(0) { $0 + weight($1) }
        var out: [Int64: Int] = [:]
        var before = 0
        for t in ordered {
            let w = weight(t)
            // The middle event, in units of 1/2 event: (2·before + w) / (2·total) of the line.
            let middle = 2 * before + w
            out[t.rowID] = min(count, middle * count / (2 * max(total, 1)) + 1)
            before += w
        }
        return out
    }

    /// A trace's share of the work: its events (an empty trace still counts as one).
    static func weight(_ t: StoredTrace) -> Int { max(t.eventCount, 1) }
}
