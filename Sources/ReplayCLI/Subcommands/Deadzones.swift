import ArgumentParser
import HitTesting
import Reports
import TapModel

struct Deadzones: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Dead-zone coverage of every target: the share of its frame that fires it, fires another target, is blocked, ambiguous, disabled or dead; and its predicted first-try success.",
        discussion: """
        The predicted first-try success is the probability that a person's touch aimed at the centre of the target fires it: Bi and Zhai's dual-Gaussian model of finger touches, integrated through the engine's touch binding (docs/audit.md, "People miss"). --json adds it to each target as predicted: { success, stolen: [{ node, p }], miss, blocked, ambiguous, disabled }.

        Examples:
          replay deadzones Traces/builds/Settings.no-content-shape.json
          replay deadzones Traces/snapshots/Settings.json --json --mm-per-point 0.156
        """)

    @Argument(help: "A snapshot file (.json).") var snapshot: String
    @Option(help: ArgumentHelp("Grid step in points; samples are taken at cell centres.", valueName: "pt")) var step: Double = 1
    @Flag(help: "Print { screen, targets: [ { node, action, own, stolen, blocked, ambiguous, disabled, miss, predicted } ] } and nothing else on stdout.") var json = false
    @Flag(name: .customLong("no-predicted"), help: "Leave out the predicted first-try success (coverage only).") var noPredicted = false
    @OptionGroup var global: TouchRadiusOption
    @OptionGroup var density: DensityOption

    func validate() throws {
        guard step.isFinite, step > 0 else { throw ValidationError("--step must be a number of points > 0 (got \(step)); write a negative value as --step=-1") }
    }

    func run() throws {
        try runReportingInputErrors {
            let snap = try SnapshotFiles.load(snapshot)
            let tester = HitTester(snap, settings: density.apply(global.hitSettings))
            Console.profileNote(tester)
            let targets = tester.coverage(step: step, predict: !noPredicted)
            let header = DeadzoneReport.Header(screen: snap.screen, profile: tester.profile.description, radius: global.touchRadius,
                                               density: noPredicted ? nil : tester.density)
            if json {
                Console.out(DeadzoneReport.json(header, targets: targets))
            } else {
                Console.out(DeadzoneReport.table(header, targets: targets, step: step))
            }
        }
    }
}
