import Audit
import BaselineFiles
import Baselines
import Foundation
import HitTesting

/// Record mode: the snapshot the test saw and a baseline of it (version 2: the
/// snapshot and its targets' coverage), next to the test file, as
/// swift-snapshot-testing writes `__Snapshots__/`:
///
///     <test folder>/__TapReplay__/snapshots/<Screen>.json   replay import / replay run --snapshots
///     <test folder>/__TapReplay__/baselines/<Screen>.json   replay run --baseline
///
/// so the Linux nightly replays recorded traces against exactly what the test
/// saw. When to write follows `replay run`'s record modes (`RecordMode.plan`).
enum TappableRecorder {
    static func record(_ audit: inout TappableAudit, json: String, settings: AuditSettings, options: TappableOptions,
                       testFolder: URL, environment: [String: String]) {
        let mode: RecordMode
        do {
            guard let resolved = try resolveMode(options.record, environment: environment) else { return }
            mode = resolved
        } catch {
            audit.problems.append("\(error)")
            return
        }
        let root = options.recordDirectory.map { TappableAuditor.resolve($0, from: testFolder) }
            ?? testFolder.appendingPathComponent("__TapReplay__").path
        let baselines = BaselineFolder(path: (root as NSString).appendingPathComponent("baselines"))
        let screen = audit.snapshot.screen
        let baselineFile = baselines.file(for: screen)
        let snapshotFile = ((root as NSString).appendingPathComponent("snapshots") as NSString)
            .appendingPathComponent(Baseline.fileName(for: screen))
        let plan = mode.plan(existing: FileManager.default.fileExists(atPath: baselineFile), mayWrite: true)
        if plan.write {
            do {
                let coverage = HitTester(audit.snapshot, settings: settings.hit).coverage(step: settings.step)
                try baselines.writer.write(json + "\n", to: snapshotFile)
                try baselines.save(Baseline(snapshot: audit.snapshot, coverage: coverage,
                                            settings: BaselineSettings(touchRadius: settings.hit.touchRadius, gridStep: settings.step,
                                                                       replay: settings.replay)))
                audit.recorded = [snapshotFile, baselineFile]
            } catch {
                audit.problems.append("record mode (\(mode.rawValue)) could not write \(baselineFile): \(error)")
                return
            }
        }
        switch plan.status {
        case .recorded:
            audit.notes.append("recorded \(snapshotFile) and \(baselineFile) (record mode all)")
        case .written:
            audit.problems.append("wrote a new baseline \(baselineFile) and the snapshot \(snapshotFile): review them, commit them, and run again")
        case .missing:
            audit.problems.append("no baseline \(baselineFile), and the record mode (never) forbids writing one")
        default:
            break
        }
    }

    /// `explicit`, else `$REPLAY_RECORD`, else nil: record nothing.
    /// - Throws: `BaselineError` for a `REPLAY_RECORD` that is not a mode.
    static func resolveMode(_ explicit: RecordMode?, environment: [String: String]) throws -> RecordMode? {
        if explicit == nil, (environment["REPLAY_RECORD"] ?? "").isEmpty { return nil }
        return try RecordMode.resolve(record: false, explicit: explicit, environment: environment)
    }
}
