import ArgumentParser
import Audit
import ReplayEngine
import TapModel
import TraceStore

struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Write a synthetic trace of single taps on every target of a snapshot, each expecting that target: the manual check for hollow rows, automated; or taps where people's fingers land.",
        discussion: """
        edges (default) taps each target at its leading edge, centre and trailing edge on its vertical middle, and at its top and bottom edge on its horizontal middle, each --inset inside the frame; grid taps the 3 × 3 grid of those lines; human taps each target --taps times [50] where people aiming at its centre land, drawn from Bi and Zhai's model of finger touches at the screen's density (--mm-per-point, else from device.model, else 0.16), seeded by --seed [1] and the target's id, so the same snapshot and seed give the same file. Targets come in document order; taps are 2 s apart, so no two form a double tap. The trace (JSON Lines, source "probe") imports with replay import. To press every target inside a run instead, use replay run --probe edges.

        Examples:
          replay probe Traces/snapshots/Settings.json
          replay probe Traces/snapshots/Settings.json --pattern grid -o probe.jsonl
          replay probe Traces/snapshots/Settings.json --pattern human --taps 200 --seed 7 -o people.jsonl
          replay import probe.jsonl
        """)

    @Argument(help: "A snapshot file (.json).") var snapshot: String
    @Option(help: ArgumentHelp("edges, grid or human.", valueName: "pattern")) var pattern: Probe.Pattern = .edges
    @Option(help: ArgumentHelp("How far inside the frame the edge taps land.", valueName: "pt")) var inset: Double = Probe().inset
    @Option(name: .short, help: ArgumentHelp("Write the trace here (default: stdout).", valueName: "file")) var output: String?
    @OptionGroup var progress: ProgressOption
    @OptionGroup var human: HumanProbeOptions
    @OptionGroup var density: DensityOption

    func validate() throws {
        guard inset.isFinite, inset >= 0 else { throw ValidationError("--inset must be a number of points ≥ 0 (got \(inset))") }
        try human.validate(pattern: pattern)
    }

    func run() throws {
        try runReportingInputErrors {
            let snap = try SnapshotFiles.load(snapshot)
            let probe = Probe(pattern: pattern, inset: inset, taps: human.taps ?? Probe.defaultHumanTaps, seed: human.seed ?? Probe.defaultHumanSeed,
                              mmPerPoint: density.mmPerPoint)
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
