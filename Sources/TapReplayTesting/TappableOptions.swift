import Audit
import Baselines
import TapModel

/// A reviewed exception, as `replay audit --waivers` reads them (module Audit).
public typealias Waiver = Audit.Waiver
/// When record mode writes (module Baselines): `missing`, `all`, `never`.
public typealias RecordMode = Baselines.RecordMode
/// One finding of the audit (module Audit).
public typealias AuditFinding = Audit.AuditFinding
/// `error`, `warning`, `note` (module Audit).
public typealias AuditSeverity = Audit.AuditSeverity

/// The options of `assertTappable`, mirroring `replay audit`'s: rules to skip,
/// waivers (the `--waivers` format), `--min-size`, `--touch-radius`, a minimum
/// predicted success, and a record mode that writes the snapshot and a baseline
/// next to the test file.
///
/// ```swift
/// let options = TappableOptions(skip: ["A3"], waiversFile: "tap-waivers.json")
/// assertTappable(SettingsScreen(), size: CGSize(width: 393, height: 852), options: options)
/// ```
public struct TappableOptions: Sendable {
    /// Rule ids not to run (`["A3", "A6"]`). Every other rule of the audit runs:
    /// A1–A11.
    public var skip: Set<String>
    /// Waivers given in code: a waived finding is listed, never a failure.
    public var waivers: [Waiver]
    /// A waivers file in `replay audit --waivers` format (`[{ "rule", "node", "why" }]`);
    /// a relative path is taken from the test file's folder.
    public var waiversFile: String?
    /// A3: a firing region narrower or shorter than this (points) is small (`--min-size`, 44).
    public var minSize: Double
    /// The touch radius (`--touch-radius`); nil: the engine's default.
    public var touchRadius: Double?
    /// The lowest predicted first-try success (0…1) a target may have: A10 (the
    /// human touch model) fails a target predicted below it; nil: A10's default
    /// (an error from 15 % failure, `replay audit --failure-error`).
    public var minimumPredictedSuccess: Double?
    /// Whether to write the snapshot and a baseline next to the test file; nil:
    /// `$REPLAY_RECORD` when set, else nothing is written. `missing` writes them
    /// when there is no baseline yet (and fails, as `replay run` does, until the
    /// new files are reviewed and committed), `all` rewrites them, `never` writes
    /// nothing and fails when the baseline is missing.
    public var record: RecordMode?
    /// Where record mode writes; nil: `__TapReplay__` in the test file's folder.
    /// A relative path is taken from the test file's folder.
    public var recordDirectory: String?
    /// Keep accessibility labels and SwiftUI's text in the capture (and the
    /// recorded snapshot). Default: no text a person could read, as the kit.
    public var captureText: Bool
    /// When to attach the screen's map, picture, snapshot and findings to the test (docs/testing.md,
    /// "Attachments"): `.onFailure` (default), `.always`, `.never`.
    public var attachments: TappableAttachments.Policy

    public init(skip: Set<String> = [], waivers: [Waiver] = [], waiversFile: String? = nil, minSize: Double = 44,
                touchRadius: Double? = nil, minimumPredictedSuccess: Double? = nil, record: RecordMode? = nil,
                recordDirectory: String? = nil, captureText: Bool = false, attachments: TappableAttachments.Policy = .onFailure) {
        self.skip = skip; self.waivers = waivers; self.waiversFile = waiversFile; self.minSize = minSize
        self.touchRadius = touchRadius; self.minimumPredictedSuccess = minimumPredictedSuccess; self.record = record
        self.recordDirectory = recordDirectory; self.captureText = captureText; self.attachments = attachments
    }
}
