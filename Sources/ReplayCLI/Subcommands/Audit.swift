import ArgumentParser
import Audit
import Foundation
import HitTesting
import Reports
import TapModel

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Static findings over snapshots (rules A1–A11): hollow, small, crowded, intercepted, invisible, error-prone targets and more, with the numbers and a fix.",
        discussion: """
        Every number comes from the engine's own sampling of each target's frame (the grid replay deadzones uses), with the fix to make. Rules: A1 hollow target, A2 shape after gesture, A3 small target, A4 crowded, A5 intercepted, A6 waiting single tap, A7 outside the parent, A8 invisible handler, A9 disabled target, A10 error-prone target (docs/audit.md). A10 predicts how many of the touches a person aims at each target's centre fail: Bi and Zhai's model of finger touches at the screen's density (--mm-per-point, else from device.model, else 0.16), through the engine's binding; a warning from --failure-warning [0.05], an error from --failure-error [0.15]. A waived finding is listed as waived, never dropped.

        The text groups each target's findings as run groups causes: one cause per target, the findings it explains folded into it (A1 explains A3 and A10 on the same row), the counts at the top and again at the end; lines fit 120 columns unless --wide.

        With one snapshot, --json prints { "screen", "findings": [ { "rule", "severity", "node", "action", "value", "message", "fix", "waived" } ] }; with several, { "screens": [ { "snapshot", "screen", "findings" } ] }.

        Exit status: 0 no unwaived error (warnings and notes never fail); 1 an unwaived error remains; 2 an input could not be used; 64 a usage error.

        Examples:
          replay audit Traces/builds/Settings.no-content-shape.json
          replay audit Traces/snapshots/Settings.json Traces/snapshots/Checkout.json --junit audit.xml
          replay audit Traces/snapshots/Checkout.json --waivers docs/audit-waivers.json
          replay audit Traces/builds/Settings.no-content-shape.json --annotations - --sarif audit.sarif   (in a GitHub workflow)
        """)

    @Argument(help: "Snapshot files (.json).") var snapshots: [String]
    @Flag(help: "Print the findings as JSON and nothing else on stdout.") var json = false
    @Flag(help: "Do not wrap the text at 120 columns.") var wide = false
    @Option(help: ArgumentHelp("Also write a JUnit XML report here.", valueName: "file")) var junit: String?
    @Option(help: ArgumentHelp("A JSON file of waivers: [{ \"rule\": \"A3\", \"node\": \"toolbar.close\", \"why\": \"…\" }].", valueName: "file"))
    var waivers: String?
    @Option(name: .customLong("min-size"), help: ArgumentHelp("A3: a firing region narrower or shorter than this is small.", valueName: "pt"))
    var minSize: Double = AuditSettings().minSize
    @Option(name: .customLong("failure-warning"), help: ArgumentHelp("A10: a predicted failure (share of a person's touches aimed at the target that do not fire it) at or above this is a warning.", valueName: "f"))
    var failureWarning: Double = AuditSettings().failureWarning
    @Option(name: .customLong("failure-error"), help: ArgumentHelp("A10: ... and at or above this an error.", valueName: "f"))
    var failureError: Double = AuditSettings().failureError
    @OptionGroup var global: TouchRadiusOption
    @OptionGroup var density: DensityOption
    @OptionGroup var scanning: CodeScanningOptions

    func validate() throws {
        guard !snapshots.isEmpty else { throw ValidationError("give at least one snapshot file") }
        try scanning.check(json: json)
        guard minSize.isFinite, minSize > 0 else { throw ValidationError("--min-size must be a number of points > 0 (got \(minSize))") }
        for (name, v) in [("--failure-warning", failureWarning), ("--failure-error", failureError)] where !(v.isFinite && v > 0 && v <= 1) {
            throw ValidationError("\(name) must be a fraction > 0 and ≤ 1 (got \(v))")
        }
        guard failureWarning <= failureError else {
            throw ValidationError("--failure-warning (\(failureWarning)) must not be above --failure-error (\(failureError))")
        }
    }

    func run() throws {
        try runReportingInputErrors {
            let waiverList = try waivers.map(loadWaivers) ?? []
            let settings = AuditSettings(hit: density.apply(global.hitSettings), minSize: minSize,
                                         failureWarning: failureWarning, failureError: failureError)
            var results: [AuditResult] = []
            for path in snapshots {
                let snap = try SnapshotFiles.load(path)
                results.append(Auditor.audit(snap, settings: settings, waivers: waiverList, source: path))
            }
            for w in Waiver.unused(waiverList, in: results) {
                Console.error("warning: the waiver for \(w.rule) on \(w.node) matches no finding; remove it if the problem is fixed")
            }
            if json {
                Console.out(AuditReport.json(results))
            } else {
                Console.out(AuditReport.text(results, width: wide ? nil : 120))
            }
            if let junit { try Files.write(AuditReport.junit(results), to: junit) }
            try scanning.write(results)
            if results.contains(where: \.fails) { throw ExitCode(1) }
        }
    }

    private func loadWaivers(_ path: String) throws -> [Waiver] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw InputError("\(path): cannot read the file (\(reasonText(error)))")
        }
        do {
            return try Waiver.parse(text)
        } catch let e as WaiverError {
            throw InputError(e.located(in: path))
        }
    }
}
