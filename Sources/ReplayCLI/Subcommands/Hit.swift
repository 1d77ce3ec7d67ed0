import ArgumentParser
import HitTesting
import Reports
import TapModel

struct Hit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain one touch: outcome, the view hit, the handler that fires, the path, candidates, and why.",
        discussion: """
        X and Y are window points and may be negative (a touch just off the screen's edge).
        Outcomes: hit, expanded (bound on the touch's ring samples only), ambiguous, blocked, disabled, miss.
        The touch is bound as SwiftUI does (a weighted cloud of samples, --touch-radius, --profile); the output names both and the scores at each level.

        Examples:
          replay hit Traces/snapshots/Settings.json 24 121.5 --json
          replay hit Traces/builds/Settings.no-content-shape.json 250 122
          replay hit Traces/snapshots/Settings.json -4 121.5
        """)

    @Argument(help: "A snapshot file (.json).") var snapshot: String
    // Collected unparsed so that negative numbers (`-4`) are taken as coordinates, not options.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("x and y in window points.", valueName: "x y")) var point: [String] = []
    @Flag(help: "Print the JSON of the hit contract and nothing else on stdout.") var json = false
    @OptionGroup var global: TouchRadiusOption

    func validate() throws {
        if let flag = point.first(where: { Double($0) == nil && $0.hasPrefix("-") && $0.count > 1 && !$0.hasPrefix("-.") }) {
            throw ValidationError(UnknownOption.message(flag, known: ["--json", "--touch-radius", "--profile", "--help"]))
        }
        guard point.count == 2 else { throw ValidationError("give the point as two numbers, x and y (got \(point.count))") }
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
        }
    }
}
