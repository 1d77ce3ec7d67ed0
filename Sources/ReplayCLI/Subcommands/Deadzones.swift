import ArgumentParser
import HitTesting
import Reports
import TapModel

struct Deadzones: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Dead-zone coverage of every target: the share of its frame that fires it, fires another target, is blocked, ambiguous, disabled or dead.",
        discussion: "Example: replay deadzones Traces/builds/Settings.no-content-shape.json")

    @Argument(help: "A snapshot file (.json).") var snapshot: String
    @Option(help: ArgumentHelp("Grid step in points; samples are taken at cell centres.", valueName: "pt")) var step: Double = 1
    @Flag(help: "Print { screen, targets: [ { node, action, own, stolen, blocked, ambiguous, disabled, miss } ] } and nothing else on stdout.") var json = false
    @OptionGroup var global: TouchRadiusOption

    func validate() throws {
        guard step.isFinite, step > 0 else { throw ValidationError("--step must be a number of points > 0 (got \(step)); write a negative value as --step=-1") }
    }

    func run() throws {
        try runReportingInputErrors {
            let snap = try SnapshotFiles.load(snapshot)
            let tester = HitTester(snap, settings: global.hitSettings)
            Console.profileNote(tester)
            let targets = tester.coverage(step: step)
            let profile = tester.profile.description
            if json {
                Console.out(DeadzoneReport.json(screen: snap.screen, targets: targets, profile: profile, radius: global.touchRadius))
            } else {
                Console.out(DeadzoneReport.table(screen: snap.screen, targets: targets, step: step, radius: global.touchRadius, profile: profile))
            }
        }
    }
}
