import ArgumentParser
import Foundation
import HitTesting
import Pipeline
import Reports
import RunResults
import TapModel
import TraceStore

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the touch-binding model against real devices: replay every stored press that has a fired event under each profile and a range of radii.",
        discussion: """
        A trace's `fired` events (docs/traces-and-database.md; the capture kit's TapReplayCapture.fired(_:), called from the app's own handlers) record what the device really did. Each press with one is replayed against its screen's snapshot under the profiles ios17, ios18, ios26 and ios26-sdk, at its own recorded radius and at fixed radii; a setting agrees on a press when the engine fires exactly the actions the device fired. The report gives the agreement of every setting, names the best, and lists each disagreement with its touch, the engine's answer and the device's: attach `--json` to a bug report.

        Exit status: 0 when it verified something; 2 when no stored press has a fired event (nothing to verify) or an input cannot be used.

        Examples:
          replay import recorded-traces/ && replay verify
          replay verify --snapshots captures/Settings.json --json > verify.json
        """)

    @Option(name: .customLong("snapshots"), parsing: .upToNextOption, help: ArgumentHelp(
        "Snapshot files or folders (default: the newest stored snapshot of each screen).", valueName: "path"))
    var snapshots: [String] = []
    @Option(name: .customLong("radii"), help: ArgumentHelp(
        "Fixed radii to try besides each touch's recorded one, comma-separated points (default: 0,5,10,15,20,25,30,40).", valueName: "list"))
    var radii: String?
    @Flag(help: "Print the report as JSON and nothing else on stdout.") var json = false
    @OptionGroup var global: DatabaseOption

    func validate() throws {
        if let radii {
            for part in radii.split(separator: ",", omittingEmptySubsequences: false) {
                guard let r = Double(part.trimmingCharacters(in: .whitespaces)), r.isFinite, r >= 0, r <= TouchEvent.maximumRadius else {
                    throw ValidationError("--radii: '\(part)' is not a radius in points (0 to \(Int(TouchEvent.maximumRadius)))")
                }
            }
        }
    }

    var radiusList: [Verification.Radius] {
        guard let radii else { return Verification.defaultRadii }
        return [.recorded] + radii.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.map { .fixed($0) }
    }

    func run() throws {
        try runReportingInputErrors {
            let store = try TraceStore.openForReading(path: global.databasePath)
            let result = try Verifier.verify(store: store, snapshotPaths: snapshots, radii: radiusList) { Console.progress($0) }
            guard result.presses > 0 else {
                throw InputError("nothing to verify: no stored press of \(snapshots.isEmpty ? "the stored screens" : "these screens") has a fired event "
                                 + "(record them with TapReplayCapture.fired(_:) in the app's handlers, then replay import)")
            }
            Console.out(json ? VerifyReport.json(result) : VerifyReport.text(result))
        }
    }
}
