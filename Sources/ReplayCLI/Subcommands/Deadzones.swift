import ArgumentParser
import HitTesting
import Reports
import RunResults
import TapJSON
import TapModel

struct Deadzones: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Dead-zone coverage of every target: the share of its frame that fires it, fires another target, is blocked, ambiguous, disabled or dead; and its predicted first-try success.",
        discussion: """
        The predicted first-try success is the probability that a person's touch aimed at the centre of the target fires it: Bi and Zhai's dual-Gaussian model of finger touches, integrated through the engine's touch binding (docs/audit.md, "People miss"). --json adds it to each target as predicted: { success, stolen: [{ node, p }], miss, blocked, ambiguous, disabled }.

        For scripts: --fail-under 0.9 exits 1 when a target fires on less than 90 % of its frame (its own fraction), naming each on stderr.

        Exit status: 0 measured (and every target at or above --fail-under); 1 a target below --fail-under; 2 the snapshot cannot be used; 64 a usage error.

        Examples:
          replay deadzones Traces/builds/Settings.no-content-shape.json
          replay deadzones Traces/snapshots/Settings.json --fail-under 0.9
          replay deadzones Traces/snapshots/Settings.json --json --mm-per-point 0.156
        """)

    @Argument(help: "A snapshot file (.json).") var snapshot: String
    @Option(help: ArgumentHelp("Grid step in points; samples are taken at cell centres.", valueName: "pt")) var step: Double = RunRequest().gridStep
    @Flag(help: "Print { screen, targets: [ { node, action, own, stolen, blocked, ambiguous, disabled, miss, predicted } ] } and nothing else on stdout.") var json = false
    @Flag(name: .customLong("no-predicted"), help: "Leave out the predicted first-try success (coverage only).") var noPredicted = false
    @Option(name: .customLong("fail-under"), help: ArgumentHelp(
        "Exit 1 when a target's own fraction (the share of its frame that fires it) is below this, 0 … 1.", valueName: "fraction"))
    var failUnder: Double?
    @OptionGroup var global: TouchRadiusOption
    @OptionGroup var density: DensityOption
    @OptionGroup var progress: ProgressOption

    func validate() throws {
        guard step.isFinite, step > 0 else { throw ValidationError("--step must be a number of points > 0 (got \(step)); write a negative value as --step=-1") }
        if let failUnder, !(failUnder.isFinite && failUnder >= 0 && failUnder <= 1) {
            throw ValidationError("--fail-under is a fraction of the frame, 0 … 1 (got \(failUnder)); 90 % is 0.9")
        }
    }

    func run() throws {
        try runReportingInputErrors {
            let snap = try SnapshotFiles.load(snapshot)
            progress.start()
            ProgressLine.shared.update("\(snap.screen): sampling the coverage of its targets every \(JSONValue.format(step)) pt"
                                       + (noPredicted ? "" : " and predicting their first-try success"))
            let tester = HitTester(snap, settings: density.apply(global.hitSettings))
            Console.profileNote(tester)
            let targets = tester.coverage(step: step, predict: !noPredicted)
            ProgressLine.shared.end()
            let header = DeadzoneReport.Header(screen: snap.screen, profile: tester.profile.description, radius: global.touchRadius,
                                               density: noPredicted ? nil : tester.density)
            if json {
                Console.out(DeadzoneReport.json(header, targets: targets))
            } else {
                Console.out(DeadzoneReport.table(header, targets: targets, step: step))
            }
            if targets.isEmpty { Console.progress("note: \(snapshot) has no targets (no view with a handler): nothing to measure") }
            if let failUnder {
                let below = targets.filter { $0.own < failUnder }
                for t in below {
                    Console.progress("replay deadzones: \(t.node)\(t.action.map { " (\($0))" } ?? "") fires on \(JSONValue.format(JSONValue.round(t.own * 100, places: 1)))% of its frame, under --fail-under \(JSONValue.format(failUnder))")
                }
                if !below.isEmpty { throw ExitCode(1) }
            }
        }
    }
}
