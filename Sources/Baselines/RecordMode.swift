import Foundation
import TapJSON

/// When baselines are written (as in swift-snapshot-testing): a value, with
/// `REPLAY_RECORD` as the fallback so CI can forbid recording.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Default: a missing baseline is written and the run fails, saying so.
    case missing
    /// `--record`: every baseline is rewritten from this run (an unmet expectation still fails it).
    case all
    /// CI: a missing baseline fails the run and nothing is written.
    case never

    /// `--record` wins; else `--record-mode`; else `$REPLAY_RECORD`; else `missing`.
    public static func resolve(record: Bool, explicit: RecordMode?, environment: [String: String]) throws -> RecordMode {
        if record { return .all }
        if let explicit { return explicit }
        if let env = environment["REPLAY_RECORD"], !env.isEmpty {
            guard let mode = RecordMode(rawValue: env.lowercased()) else {
                throw BaselineError(line: nil, "REPLAY_RECORD must be one of missing, all, never (it is '\(env)')")
            }
            return mode
        }
        return .missing
    }

    /// The decision table: what happens to a suite's baseline, given whether one exists
    /// and whether this command may write baselines at all (`replay report` may not).
    public func plan(existing: Bool, mayWrite: Bool) -> (status: BaselineStatus, write: Bool) {
        guard mayWrite else { return (existing ? .compared : .none, false) }
        switch (self, existing) {
        case (.all, _): return (.recorded, true)
        case (.missing, false): return (.written, true)
        case (.never, false): return (.missing, false)
        default: return (.compared, false)
        }
    }
}

/// What happened to a suite's baseline in a run.
public enum BaselineStatus: String, Sendable {
    /// Compared with the existing baseline.
    case compared
    /// There was none: it was written, and the run fails until it is reviewed and committed.
    case written
    /// There was none, and the record mode forbids writing one.
    case missing
    /// There was none, and `--record` would have written one over audit errors without `--why`
    /// (docs/baselines.md, "A new baseline of a screen with audit errors"): nothing was written.
    case refused
    /// Rewritten from this run (`--record`).
    case recorded
    /// No baselines folder given.
    case none
    /// A baseline exists, but no snapshot of its screen is in the run: nothing was compared.
    case noSnapshot

    /// Whether the suite passes: a new or missing baseline fails; otherwise no regression
    /// may remain. With `--record` only R6 can remain (nothing is compared): an unmet
    /// expectation is never reported as a pass.
    public func passes(_ diff: Comparison.Result) -> Bool {
        switch self {
        case .written, .missing, .refused, .noSnapshot: return false
        case .compared, .none, .recorded: return diff.regressions.isEmpty
        }
    }

    /// What the reports say of a `refused` baseline.
    public static let refusedText = "--record writes a new baseline of a screen with audit errors only with --why TEXT (replay audit shows them)"
}
