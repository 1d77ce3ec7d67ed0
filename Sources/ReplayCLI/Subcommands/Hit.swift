import ArgumentParser
import HitTesting
import TapJSON
import Reports
import TapModel

struct Hit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain one touch: outcome, the view hit, the handler that fires, the path, candidates, and why.",
        usage: "replay hit <snapshot> <x> <y> [--json] [--fail-on <outcome> ...] [--touch-radius <r>] [--profile <name>]",
        discussion: """
        One point per call: X and Y are window points and may be negative (a touch just off the screen's edge). To explain several points, run hit once for each; `replay deadzones` and `replay audit` sample every target at once.
        Outcomes: hit, expanded (bound on the touch's ring samples only), ambiguous, blocked, disabled, miss.
        The touch is bound as SwiftUI does (a weighted cloud of samples, --touch-radius, --profile); the output names both and the scores at each level.
        For scripts: --fail-on miss (repeatable, or comma-separated; `unfired` is every outcome where nothing fires) exits 1 when the touch's outcome is one of them.

        Exit status: 0 explained (and not an outcome of --fail-on); 1 the outcome is one of --fail-on; 2 the snapshot or a coordinate cannot be used; 64 a usage error.

        Examples:
          replay hit Traces/snapshots/Settings.json 24 121.5 --json
          replay hit Traces/builds/Settings.no-content-shape.json 250 122
          replay hit Traces/snapshots/Settings.json -4 121.5
          replay hit Traces/builds/Settings.no-content-shape.json 250 122 --fail-on unfired
        """)

    @Argument(help: "A snapshot file (.json).") var snapshot: String
    // Collected unparsed so that negative numbers (`-4`) are taken as coordinates, not options.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The point: x and y in window points (one point per call).", valueName: "x y")) var point: [String] = []
    @Flag(help: "Print the JSON of the hit contract and nothing else on stdout.") var json = false
    @Option(name: .customLong("fail-on"), parsing: .singleValue, help: ArgumentHelp(
        "Exit 1 when the outcome is this one (repeatable or comma-separated): hit, expanded, ambiguous, blocked, disabled, miss, or unfired (any that fires nothing).",
        valueName: "outcome"))
    var failOn: [String] = []
    @OptionGroup var global: TouchRadiusOption

    /// The outcomes `--fail-on` names.
    static let failOutcomes = TouchResult.Outcome.allCases.map(\.rawValue) + ["unfired"]

    var failing: Set<String> {
        Set(failOn.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
    }

    func validate() throws {
        for name in failing where !Hit.failOutcomes.contains(name) {
            var message = "--fail-on: unknown outcome '\(name)'"
            if let near = Suggestion.nearest(name, among: Hit.failOutcomes) { message += " (did you mean '\(near)'?)" }
            throw ValidationError(message + "; the outcomes are \(Hit.failOutcomes.joined(separator: ", "))")
        }
        if let flag = point.first(where: { Double($0) == nil && $0.hasPrefix("-") && $0.count > 1 && !$0.hasPrefix("-.") }) {
            throw ValidationError(UnknownOption.message(flag, known: ["--json", "--fail-on", "--touch-radius", "--profile", "--help"]))
        }
        guard point.count == 2 else {
            let got = "got \(point.count) number\(point.count == 1 ? "" : "s")"
            throw ValidationError(point.count > 2 && point.count % 2 == 0
                ? "hit explains one point, x and y (\(got)): run it once per point"
                : "give the point as two numbers, x and y (\(got))")
        }
    }

    /// A coordinate: a number; `nan`, `inf` or text is an input error (exit 2), not a usage error.
    static func coordinate(_ text: String, _ name: String) throws -> Double {
        guard let d = Double(text), d.isFinite else {
            throw InputError("\(name) must be a finite number of points, got '\(text.prefix(200))'")
        }
        guard abs(d) <= 100_000 else { throw InputError("\(name) \(text) is beyond ±100000 pt") }
        return d
    }

    func run() throws {
        try runReportingInputErrors {
            let x = try Hit.coordinate(point[0], "x"), y = try Hit.coordinate(point[1], "y")
            let snap = try SnapshotFiles.load(snapshot)
            let tester = HitTester(snap, settings: global.hitSettings)
            Console.profileNote(tester)
            let result = tester.resolve(at: Point(x, y), explain: true)
            if json {
                Console.out(HitReport.json(result, tester: tester))
            } else {
                Console.out(HitReport.text(result, tester: tester) + "\n")
            }
            let fails = failing
            if fails.contains(result.outcome.rawValue) || (fails.contains("unfired") && !result.outcome.fires) {
                Console.progress("replay hit: the outcome is \(result.outcome.rawValue) (--fail-on \(failOn.joined(separator: ",")))")
                throw ExitCode(1)
            }
        }
    }
}
