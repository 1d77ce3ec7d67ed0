// What history holds, as plain values: read back by TraceStore, written out by Reports, so that
// Reports needs nothing of the database (docs/traces-and-database.md).

/// One past run, for `replay history`.
public struct RunSummary: Sendable, Equatable {
    public var id: Int64
    public var startedAt: String
    public var revision: String?
    public var passed: Bool
    public var regressions: Int
    public var improvements: Int
    public var suites: [SuiteSummary]

    public init(id: Int64, startedAt: String, revision: String?, passed: Bool, regressions: Int, improvements: Int,
                suites: [SuiteSummary]) {
        self.id = id; self.startedAt = startedAt; self.revision = revision; self.passed = passed
        self.regressions = regressions; self.improvements = improvements; self.suites = suites
    }

    public struct SuiteSummary: Sendable, Equatable {
        public var suite: String
        public var appBuild: String?
        public var snapshotHash: String
        public var baseline: BaselineState?
        public var passed: Bool
        public var regressions: Int
        public var presses: Int

        public init(suite: String, appBuild: String?, snapshotHash: String, baseline: BaselineState?, passed: Bool, regressions: Int,
                    presses: Int) {
            self.suite = suite; self.appBuild = appBuild; self.snapshotHash = snapshotHash; self.baseline = baseline
            self.passed = passed; self.regressions = regressions; self.presses = presses
        }
    }
}

/// A target's coverage and first-try success in one run.
public struct TargetTrendPoint: Sendable, Equatable {
    public var runID: Int64
    public var startedAt: String
    public var revision: String?
    public var suite: String
    public var appBuild: String?
    public var node: String
    public var own: Double
    public var miss: Double
    public var expectedTries: Int
    public var firstTryMet: Int

    public init(runID: Int64, startedAt: String, revision: String?, suite: String, appBuild: String?, node: String,
                own: Double, miss: Double, expectedTries: Int, firstTryMet: Int) {
        self.runID = runID; self.startedAt = startedAt; self.revision = revision; self.suite = suite; self.appBuild = appBuild
        self.node = node; self.own = own; self.miss = miss; self.expectedTries = expectedTries; self.firstTryMet = firstTryMet
    }
}

/// A press whose outcome differs between runs of the same snapshot.
public struct FlakyPress: Sendable, Equatable {
    public var suite: String
    public var snapshotHash: String
    public var appBuild: String?
    public var trace: String
    public var press: Int
    /// (run id, outcome), oldest first.
    public var outcomes: [(run: Int64, outcome: Outcome)]

    /// What the press did in one run: whether it fired (`hit` and `expanded` alike), else its outcome.
    public enum Outcome: String, Sendable, CaseIterable {
        case fired, ambiguous, blocked, disabled, miss
    }

    public init(suite: String, snapshotHash: String, appBuild: String?, trace: String, press: Int,
                outcomes: [(run: Int64, outcome: Outcome)]) {
        self.suite = suite; self.snapshotHash = snapshotHash; self.appBuild = appBuild; self.trace = trace; self.press = press
        self.outcomes = outcomes
    }

    public static func == (a: FlakyPress, b: FlakyPress) -> Bool {
        a.suite == b.suite && a.snapshotHash == b.snapshotHash && a.trace == b.trace && a.press == b.press
            && a.outcomes.map(\.run) == b.outcomes.map(\.run) && a.outcomes.map(\.outcome) == b.outcomes.map(\.outcome)
    }
}

/// One value of a query result (`replay query`).
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}
