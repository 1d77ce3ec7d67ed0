import ArgumentParser
import Baselines
import Foundation
import Pipeline
import ReplayEngine
import Reports
import RunResults
import TraceStore

struct Accept: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Accept the problems a run finds as the baselines' known problems, with who and why: listed as known, never failing.",
        discussion: """
        Replays and compares as `replay run` does (without recording history), then writes every regression and unmet \
        expectation it finds into the screen's baseline as a known problem — rule and press (or target), who accepted it, \
        why and since when — keeping the baseline's accepted snapshot as it is. Known problems still found keep their first \
        who and why; known problems no longer found are fixed and dropped. A screen without a baseline gets one (its \
        snapshot and coverage), with its unmet expectations known. Review the diff of Baselines/ and commit it, as for --record.

        Exit status: 0 the baselines were written (also when there was nothing to accept: it says so); 2 an input could not \
        be used (no snapshot, a --screen that names no screen, a version-1 baseline); 64 a usage error; 130 stopped by Ctrl-C \
        (baselines written before the stop are listed).

        Examples:
          replay accept --baseline Baselines --why "Units row redesign lands in 3.3 (JIRA-123)"
          replay accept --snapshots Traces/builds/Settings.no-content-shape.json --baseline Baselines --screen Settings --why "…" --who ana
        """)

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Snapshot files or folders (default: the newest stored snapshot of each screen).", valueName: "path"))
    var snapshots: [String] = []
    @Option(help: ArgumentHelp("The baselines folder: <path>/<screen>.json.", valueName: "path")) var baseline: String
    @OptionGroup var acceptance: AcceptanceOptions
    @OptionGroup var screens: ScreenOptions
    @Option(help: ArgumentHelp("Also press every target (edges or grid), so that the probes' unmet expectations can be accepted too.", valueName: "pattern"))
    var probe: Probe.Pattern?
    @OptionGroup var tuning: ReplayOptions
    @OptionGroup var global: GlobalOptions
    @OptionGroup var progress: ProgressOption

    func validate() throws {
        guard acceptance.why != nil else { throw ValidationError("say why the problems are accepted: --why \"…\" (it is written beside each one)") }
    }

    func run() throws {
        try runReportingInputErrors {
            let store = try TraceStore(path: global.databasePath)
            var request = tuning.request(global, snapshots: snapshots, baseline: baseline, screens: screens, progress: progress, stoppable: true)
            request.recordHistory = false
            request.recordMode = .missing
            request.probe = probe
            request.acceptance = acceptance.value()
            if snapshots.isEmpty { _ = try ExampleData.importIfEmpty(store, log: Console.progress, shouldStop: Interruption.requested) }
            let outcome: RunOutcome
            do {
                outcome = try RunPipeline(store: store).run(request, log: Console.progress)
            } catch let stop as RunInterrupted {
                throw Interruption.stop(stop.baselinesWritten.isEmpty
                    ? "no baseline was written"
                    : "baselines written before the stop: \(stop.baselinesWritten.joined(separator: ", ")); the others are as they were")
            }
            ProgressLine.shared.end()
            Console.out(AcceptReport.text(outcome))
        }
    }
}
