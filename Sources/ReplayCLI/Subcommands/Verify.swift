import ArgumentParser
import Foundation
import HitTesting
import Pipeline
import Reports
import TapJSON
import RunResults
import TapModel
import TraceStore

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the touch-binding model against real devices: replay every stored press that has a fired event (or a device hit view) under each profile and a range of radii.",
        discussion: """
        A trace's `fired` events (docs/traces-and-database.md; the capture kit's TapReplayCapture.fired(_:), called from the app's own handlers) record what the device really did; a press without one whose `hit` event names the view the device hit-tested (a Measure click's target; docs/field-report.md) is checked against the engine's hit view instead, where the snapshot has that view. Each press is replayed against its screen's snapshot under the profiles ios17, ios18, ios26 and ios26-sdk, at its own recorded radius and at fixed radii; a setting agrees on a press when the engine fires exactly the actions the device fired (or hit-tests the view the device did). The report gives the agreement of every setting, names the best, and lists each disagreement with its touch, the engine's answer and the device's: attach `--json` to a bug report.

        Exit status: 0 when it verified something; 2 when no stored press has a fired event or a hit view the snapshot has (nothing to verify) or an input cannot be used.

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
                let unmatched = result.unmatchedViews > 0
                    ? "; \(plural(result.unmatchedViews, "press")) recorded the view the device hit-tested, but the snapshot has no node with its identifier, class and size" : ""
                throw InputError("nothing to verify: no stored press of \(snapshots.isEmpty ? "the stored screens" : "these screens") has a fired event "
                                 + "or a hit view the snapshot has (record fired events with TapReplayCapture.fired(_:) in the app's handlers, "
                                 + "or import a Measure session, whose clicks name the view UIKit hit-tested; then replay import)\(unmatched)")
            }
            Console.out(json ? VerifyReport.json(result) : VerifyReport.text(result))
        }
    }
}
