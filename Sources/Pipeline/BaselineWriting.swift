import Audit
import BaselineFiles
import Baselines
import Foundation
import HitTesting
import ReplayEngine
import RunResults
import TapJSON
import TapModel
import TraceStore

// Reading and writing a suite's baseline file as the record mode says (docs/baselines.md, "Record modes").

extension RunPipeline {
    /// The screen's baseline file, if the run has a baselines folder and the file exists; notes about it.
    func loadBaseline(_ screen: String, _ folder: BaselineFolder?, _ request: RunRequest,
                              log: (String) -> Void) throws -> (Baseline?, String?) {
        guard let folder else { return (nil, nil) }
        let file = folder.file(for: screen)
        let baseline: Baseline?
        do {
            baseline = try folder.load(screen)
        } catch let e as BaselineError {
            throw RunInputError(e.message)
        }
        if let b = baseline, b.fileVersion == 1 {
            log("note: \(file) is a version-1 baseline (per-press results); it is still compared — --record rewrites it as version 2, the accepted snapshot")
        }
        return (baseline, file)
    }

    /// Writes the suite's baseline into `folder` when the record mode says so (or, with an acceptance,
    /// its known problems into the existing one), and says what happened.
    /// A new baseline of a screen with audit errors is a screen accepted with its errors: without
    /// `--record` it is written and the run fails, as for any new baseline, saying so; `--record`
    /// writes it only with `--why` (docs/baselines.md, "A new baseline of a screen with audit errors").
    /// - Returns: what happened to the known problems, when a baseline was written with or over some,
    ///   and the suite's baseline status (`refused` when `--record` was refused for want of `--why`).
    func writeBaseline(_ plan: (status: BaselineStatus, write: Bool), snapshot: Snapshot, coverage: [TargetCoverage],
                       settings: BaselineSettings, baseline old: Baseline?, diff: Comparison.Result, folder: BaselineFolder,
                       file: String?, info: SnapshotInfo, hit: HitSettings, request: RunRequest,
                       log: (String) -> Void) throws -> (KnownChange?, BaselineStatus) {
        // `replay accept` on a compared baseline: the same file, with its known problems updated.
        let acceptInPlace = request.acceptance != nil && plan.status == .compared && old != nil && request.writeBaselines
        guard plan.write || acceptInPlace else { return (nil, plan.status) }
        let file = file ?? folder.file(for: snapshot.screen)
        var auditNote: String?
        if old == nil, !acceptInPlace {
            let audit = Auditor.audit(snapshot, settings: AuditSettings(hit: hit, replay: request.replay, step: request.gridStep), source: info.source)
            if let errors = AuditErrorsNote(audit, file: info.source) {
                if request.acceptance == nil && plan.status == .recorded {
                    log("error: \(snapshot.screen): not recording a new baseline \(file): \(errors.text); "
                        + "to accept the screen with them, say why: --record --why TEXT")
                    return (nil, .refused)
                }
                auditNote = errors.text + (request.acceptance.map { "; accepted with them: \"\($0.why)\"" } ?? "")
            }
        }
        let change = KnownProblems.next(old: plan.status == .written ? [] : old?.known ?? [], result: diff, rerecorded: !acceptInPlace,
                                        after: coverage)
        var written = acceptInPlace ? old ?? Baseline(snapshot: snapshot, coverage: coverage, settings: settings)
                                    : Baseline(snapshot: snapshot, coverage: coverage, settings: settings)
        written.known = change.list
        // Accepting nothing into a baseline leaves its file alone (byte for byte).
        if !(acceptInPlace && change.added.isEmpty && change.dropped.isEmpty) {
            do {
                try folder.save(written)
            } catch {
                throw RunInputError("cannot write the baseline \(file): \(error)")
            }
        }
        if !change.added.isEmpty {
            log("\(snapshot.screen): accepted \(plural(change.added.count, "known problem")) into \(file): "
                + change.added.prefix(5).map(\.place).joined(separator: "; ") + (change.added.count > 5 ? "; …" : ""))
        }
        if !change.dropped.isEmpty {
            let fixed = change.dropped.filter { k in diff.fixed.contains { $0.key == k.key } }.count
            log("\(snapshot.screen): dropped \(plural(change.dropped.count, "known problem")) from \(file): "
                + [fixed > 0 ? "\(fixed) fixed" : nil,
                   change.dropped.count > fixed ? "\(change.dropped.count - fixed) about the snapshot this record replaces" : nil]
                    .compactMap { $0 }.joined(separator: ", "))
        }
        if acceptInPlace && change.added.isEmpty && change.dropped.isEmpty {
            log("\(snapshot.screen): nothing to accept: no regression" + (change.kept.isEmpty ? "" : ", and \(plural(change.kept.count, "known problem")) still known")
                + "; \(file) is left as it was")
        }
        switch plan.status {
        case .recorded: log("recorded \(file) (the snapshot of \(info.source) and the coverage of its \(coverage.count) targets)"
                            + (auditNote.map { " — \($0)" } ?? ""))
        case .written:
            log("wrote a new baseline \(file): review it, commit it, and run again"
                + (auditNote.map { " — \($0); committing it accepts them: --record --why TEXT says why" } ?? ""))
        default: break
        }
        return (change.isEmpty && !acceptInPlace ? nil : change, plan.status)
    }
}
