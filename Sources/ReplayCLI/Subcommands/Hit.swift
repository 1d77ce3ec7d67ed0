import ArgumentParser
import HitTesting
import Reports
import TapModel

struct Hit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain one touch: outcome, the view hit, the handler that fires, the path, candidates, and why.",
        discussion: """
        Example: replay hit Traces/Settings.good.json 60 120.5 --json
        Outcomes: hit, expanded (within the touch radius), ambiguous, blocked, disabled, miss.
        """)

    @Argument(help: "A snapshot file (.json).") var snapshot: String
    @Argument(help: "x in window points.") var x: Double
    @Argument(help: "y in window points.") var y: Double
    @Flag(help: "Print the JSON of baseline-and-cli.md and nothing else on stdout.") var json = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard x.isFinite, y.isFinite else { throw ValidationError("x and y must be finite numbers") }
    }

    func run() throws {
        try runReportingInputErrors {
            let snap = try SnapshotFiles.load(snapshot)
            let tester = HitTester(snap, settings: global.hitSettings)
            let result = tester.resolve(at: Point(x, y))
            if json {
                Console.out(HitReport.json(result, tester: tester).serialized(.pretty) + "\n")
            } else {
                Console.out(HitReport.text(result, tester: tester) + "\n")
            }
        }
    }
}
