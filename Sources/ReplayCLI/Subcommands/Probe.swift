import ArgumentParser
import Audit
import ReplayEngine
import TapModel
import TraceStore

struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Write a synthetic trace of single taps on every target of a snapshot, each expecting that target: the manual check for hollow rows, automated.",
        discussion: """
        edges (default) taps each target at its leading edge, centre and trailing edge on its vertical middle, and at its top and bottom edge on its horizontal middle, each --inset inside the frame; grid taps the 3 × 3 grid of those lines. Targets come in document order; taps are 2 s apart, so no two form a double tap. The trace (JSON Lines, source "probe") imports with replay import. To press every target inside a run instead, use replay run --probe edges.

        Examples:
          replay probe Traces/snapshots/Settings.json
          replay probe Traces/snapshots/Settings.json --pattern grid -o probe.jsonl
          replay import probe.jsonl
        """)

    @Argument(help: "A snapshot file (.json).") var snapshot: String
    @Option(help: ArgumentHelp("edges or grid.", valueName: "pattern")) var pattern: Probe.Pattern = .edges
    @Option(help: ArgumentHelp("How far inside the frame the edge taps land.", valueName: "pt")) var inset: Double = 4
    @Option(name: .short, help: ArgumentHelp("Write the trace here (default: stdout).", valueName: "file")) var output: String?
    @OptionGroup var progress: ProgressOption

    func validate() throws {
        guard inset.isFinite, inset >= 0 else { throw ValidationError("--inset must be a number of points ≥ 0 (got \(inset))") }
    }

    func run() throws {
        try runReportingInputErrors {
            let snap = try SnapshotFiles.load(snapshot)
            let probe = Probe(pattern: pattern, inset: inset)
            progress.start()
            ProgressLine.shared.update("\(snap.screen): placing \(pattern.rawValue) probe taps on its targets")
            let text = probe.jsonl(for: snap) { String(TraceStore.contentHash(of: $0).prefix(8)) }
            ProgressLine.shared.end()
            let taps = text.split(separator: "\n").count / 2
            if let output {
                try Files.write(text, to: output)
                Console.progress("wrote \(taps) taps on the targets of \(snap.screen) to \(output)")
            } else {
                Console.out(text)
            }
        }
    }
}

extension Probe.Pattern: ExpressibleByArgument {}
