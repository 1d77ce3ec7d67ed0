import ArgumentParser
import Baselines
import Foundation
import Pipeline
import Reports
import RunResults
import TraceStore

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw snapshots as an HTML report (and SVG maps): where taps fire, dead zones, stored presses, regressions.",
        discussion: """
        Replays the stored traces of each snapshot's screen and, where a baseline exists,
        compares with it — without writing baselines or recording history. Given snapshot files,
        it draws only their screens (--all-screens also reports screens whose baseline has no snapshot);
        --screen NAME keeps to the named screens.
        Example: replay report Traces/builds/Settings.no-content-shape.json --baseline Baselines --html report.html
        Exit status: 0 when the report is written (whatever it shows); 1 when it is written but an error was printed
        (a baseline whose screen has no snapshot in the report); 2 when an input cannot be used (a --baseline folder
        that does not exist, a --screen that names no screen); 64 without --html or --svg.
        """)

    @Argument(help: "Snapshot files or folders (default: the newest stored snapshot of each screen).") var snapshotArguments: [String] = []
    @Option(parsing: .upToNextOption, help: ArgumentHelp("The same, as `replay run` takes them.", valueName: "path")) var snapshots: [String] = []
    @Option(help: ArgumentHelp("The baselines folder to compare with, if any.", valueName: "path")) var baseline: String?
    @OptionGroup var pictures: PictureOptions
    @Flag(help: "Also audit each snapshot (rules A1–A11) and draw the findings over its map.") var audit = false
    @OptionGroup var screens: ScreenOptions
    @OptionGroup var density: DensityOption
    @OptionGroup var tuning: ReplayOptions
    @OptionGroup var global: GlobalOptions
    @OptionGroup var progress: ProgressOption

    func validate() throws {
        if !pictures.wanted { throw ValidationError("say where to write the report: --html FILE and/or --svg DIR") }
    }

    func run() throws {
        let snapshots = snapshotArguments + self.snapshots
        try runReportingInputErrors {
            let store = try TraceStore(path: global.databasePath)
            var request = tuning.request(global, snapshots: snapshots, baseline: baseline, screens: screens, progress: progress, stoppable: false)
            request.recordHistory = false
            request.writeBaselines = false
            request.picture = true
            request.audit = audit
            request.hit = density.apply(request.hit)
            if snapshots.isEmpty { _ = try ExampleData.importIfEmpty(store, log: Console.progress) }
            // An error printed is an exit status too: the report is written, and the status says something is wrong.
            var printedError = false
            let outcome = try RunPipeline(store: store).run(request) { line in
                if line.hasPrefix("error:") { printedError = true }
                Console.progress(line)
            }
            ProgressLine.shared.end()
            try pictures.write(outcome)
            for s in outcome.suites where s.passed { if let note = s.errorProneNote { Console.progress("note: \(s.suite) passes, but \(note)") } }
            if printedError || outcome.suites.contains(where: { $0.baseline == .noSnapshot }) { throw ExitCode(1) }
        }
    }
}
