import Audit
import Baselines
import HitTesting
import ReplayEngine
import TapJSON
import TapModel

/// Where a suite's snapshot came from.
public struct SnapshotInfo: Sendable, Equatable {
    /// A file path, or `db:<id> (<file>)` for a stored snapshot.
    public var source: String
    public var contentHash: String
    public var appVersion: String?
    public var appBuild: String?
    public var capturedAt: String?
    /// What the capture source cannot know (`capture.limits`).
    public var limits: [String] = []

    public init(source: String, contentHash: String, appVersion: String? = nil, appBuild: String? = nil,
                capturedAt: String? = nil, limits: [String] = []) {
        self.source = source; self.contentHash = contentHash; self.appVersion = appVersion; self.appBuild = appBuild
        self.capturedAt = capturedAt; self.limits = limits
    }
}

/// A recorded press as a picture marks it.
public struct PressMark: Sendable {
    public var key: PressKey
    public var at: Point
    public var fired: Bool
    public var regressed: Bool
    public var title: String
    /// What the press did now, with the node and action that fired (or that it was meant for).
    public var outcome: TouchResult.Outcome
    public var node: String?
    public var action: String?
    public var reason: String
    /// What it did on the baseline's snapshot (nil: no baseline, or not known to the run).
    public var baseline: PressSide?
    /// The touch radius its trace recorded (nil: the run's).
    public var radius: Double?

    public init(key: PressKey, at: Point, fired: Bool, regressed: Bool, title: String, outcome: TouchResult.Outcome? = nil,
                node: String? = nil, action: String? = nil, reason: String = "", baseline: PressSide? = nil, radius: Double? = nil) {
        self.key = key; self.at = at; self.fired = fired; self.regressed = regressed; self.title = title
        self.outcome = outcome ?? (fired ? .hit : .miss); self.node = node; self.action = action; self.reason = reason
        self.baseline = baseline; self.radius = radius
    }
}

/// One suite's result: what its presses added up to, its coverage, the comparison
/// with the baseline, and whether it passed. It holds no list of every press.
public struct SuiteOutcome: Sendable {
    public var suite: String
    public var snapshot: SnapshotInfo
    public var stats: SuiteStats
    /// Dead-zone coverage of every target, by node id.
    public var coverage: [TargetCoverage]
    public var diff: Comparison.Result
    public var baseline: BaselineStatus
    public var baselineFile: String?
    /// The baseline file's version (1 or 2), when one was read.
    public var baselineVersion: Int?
    public var passed: Bool
    /// Traces replayed.
    public var traces: Int = 0
    /// Presses with `expect`: (trace, press, expected node), for a test case each.
    public var expectations: [(key: PressKey, expect: String)] = []
    /// Notes about traces that do not fit the snapshot (outside its bounds, another device, unknown expect).
    public var warnings: [String] = []
    /// The engine's sampling of the screen, when the request asked for a picture.
    public var picture: ScreenPicture?
    /// The snapshot's compiled tree, when the request asked for a picture: the report draws its
    /// wireframe and explains the marked presses with it (docs/report.md).
    public var pictureTester: HitTester?
    /// The baseline's accepted snapshot, sampled and compiled alike, when the suite was compared
    /// with a baseline that holds one (the new snapshot's when the tree is unchanged).
    public var baselinePicture: ScreenPicture?
    public var baselineTester: HitTester?
    /// Every press of the suite counted on a coarse grid (the picture's heat), fired or not.
    public var heat: PressHeat?
    /// Press marks for the picture: every regressed press, then others up to a cap.
    public var marks: [PressMark] = []
    /// The audit of the snapshot, when the request asked for one.
    public var audit: AuditResult?
    /// The touch-binding profile and default radius the suite bound its touches with.
    public var profile: String?
    public var touchRadius: Double?
    /// What writing the baseline did to its known problems (when it was written with some, or had some).
    public var knownChange: KnownChange?
    /// The screen density the targets' predictions were made at, and why (`ScreenDensity.because`).
    public var mmPerPoint: Double?
    public var density: String?
    /// `--probe human`: per target (node id), the touches aimed at it that fired it.
    public var sampled: [String: SampledRate] = [:]

    public init(suite: String, snapshot: SnapshotInfo, stats: SuiteStats, coverage: [TargetCoverage], diff: Comparison.Result,
                baseline: BaselineStatus, baselineFile: String? = nil, passed: Bool) {
        self.suite = suite; self.snapshot = snapshot; self.stats = stats; self.coverage = coverage; self.diff = diff
        self.baseline = baseline; self.baselineFile = baselineFile; self.passed = passed
    }

    /// Targets a person's first try is predicted to miss 15 % of the time or more (the threshold
    /// of `replay audit`'s A10 errors), worst first: a screen can pass its run and still have them.
    public var errorProne: [TargetCoverage] {
        coverage.filter { t in t.predicted.map { 1 - $0.success >= SuiteOutcome.errorProneFailure - 1e-9 } ?? false }
            .sorted { ($0.predicted?.success ?? 0, $0.node) < ($1.predicted?.success ?? 0, $1.node) }
    }

    /// A10's default error threshold: a predicted failure of 15 % or more.
    public static let errorProneFailure = 0.15

    /// One line for a screen that passes with error-prone targets, with the command that shows
    /// them: `audit: 3 of 5 targets fail a person's first try 15 % of the time or more (row.about 0.5 %
    /// success, …): replay audit Settings.json`; nil when there are none.
    public var errorProneNote: String? {
        let bad = errorProne
        guard !bad.isEmpty else { return nil }
        let worst = bad.prefix(3).map { "\($0.node) \(JSONValue.format(JSONValue.round(($0.predicted?.success ?? 0) * 100, places: 1)))%" }
        let file = snapshot.source.hasPrefix("db:") ? "<its snapshot file>" : snapshot.source
        return "audit: \(bad.count) of \(coverage.count) target\(coverage.count == 1 ? "" : "s") fail a person's first try 15% of the time "
            + "or more (predicted success: \(worst.joined(separator: ", "))\(bad.count > 3 ? ", …" : "")); see them: replay audit \(file)"
    }

    /// Whether the run wrote this suite's baseline file (recorded, new, or its known problems updated).
    public var baselineWritten: Bool { baseline == .recorded || baseline == .written || knownChange != nil }
}

public struct RunOutcome: Sendable {
    public var suites: [SuiteOutcome]
    public var passed: Bool
    public var runID: Int64?
    public var startedAt: String
    public var revision: String?
    public var request: RunRequest
    /// Screens with stored traces but no snapshot in this run.
    public var screensWithoutSnapshot: [String] = []
    /// Screens with a baseline that this run left out (`--snapshots` without `--all-screens`, or `--screen`).
    public var screensNotInRun: [String] = []

    public init(suites: [SuiteOutcome], passed: Bool, runID: Int64? = nil, startedAt: String, revision: String?,
                request: RunRequest, screensWithoutSnapshot: [String] = []) {
        self.suites = suites; self.passed = passed; self.runID = runID; self.startedAt = startedAt; self.revision = revision
        self.request = request; self.screensWithoutSnapshot = screensWithoutSnapshot
    }
}

/// Follows a run as it goes (the streamed `--json --presses`); called on the run's thread.
public protocol RunObserver: AnyObject {
    func suiteStarted(_ suite: String, snapshot: SnapshotInfo)
    /// One press, now and against the baseline's snapshot (nil without a v2 baseline).
    func press(_ current: PressResult, baseline: PressResult?, legacy: PressSide?, probe: Bool)
    func suiteFinished(_ outcome: SuiteOutcome)
}
