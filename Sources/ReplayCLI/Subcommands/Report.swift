import ArgumentParser
import Baselines
import Foundation
import Pipeline
import Reports
import TraceStore

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw snapshots as an HTML report (and SVG maps): where taps fire, dead zones, stored presses, regressions.",
        discussion: """
        Replays the stored traces of each snapshot's screen and, where a baseline exists,
        compares with it — without writing baselines or recording history.
        Example: replay report Traces/builds/Settings.no-content-shape.json --baseline Baselines --html report.html
        Exit status: 0 when the report is written (whatever it shows); 2 when an input cannot be used; 64 without --html or --svg.
        """)

    @Argument(help: "Snapshot files or folders (default: the newest stored snapshot of each screen).") var snapshotArguments: [String] = []
    @Option(parsing: .upToNextOption, help: ArgumentHelp("The same, as `replay run` takes them.", valueName: "path")) var snapshots: [String] = []
    @Option(help: ArgumentHelp("The baselines folder to compare with, if any.", valueName: "path")) var baseline: String?
    @OptionGroup var pictures: PictureOptions
    @Flag(help: "Also audit each snapshot (rules A1–A10) and draw the findings over its map.") var audit = false
    @OptionGroup var density: DensityOption
    @OptionGroup var tuning: ReplayOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if !pictures.wanted { throw ValidationError("say where to write the report: --html FILE and/or --svg DIR") }
    }

    func run() throws {
        let snapshots = snapshotArguments + self.snapshots
        try runReportingInputErrors {
            let store = try TraceStore(path: global.databasePath)
            var request = tuning.request(global)
            request.snapshotPaths = snapshots
            request.baselineFolder = baseline
            request.recordHistory = false
            request.writeBaselines = false
            request.picture = true
            request.audit = audit
            request.hit = density.apply(request.hit)
            if snapshots.isEmpty { _ = try ExampleData.importIfEmpty(store, log: Console.progress) }
            try pictures.write(try RunPipeline(store: store).run(request, log: Console.progress))
        }
    }
}
