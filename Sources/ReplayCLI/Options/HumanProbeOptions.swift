import ArgumentParser
import ReplayEngine
import RunResults

/// `--taps N` and `--seed S`: for the human probe (`probe --pattern human`, `run --probe human`).
struct HumanProbeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("With the human pattern: touches per target [\(Probe.defaultHumanTaps)].", valueName: "n")) var taps: Int?
    @Option(help: ArgumentHelp("With the human pattern: the seed; the same seed gives the same touches [\(Probe.defaultHumanSeed)].", valueName: "s")) var seed: UInt64?

    func validate(pattern: Probe.Pattern?) throws {
        if pattern != .human && (taps != nil || seed != nil) { throw ValidationError("--taps and --seed go with the human pattern") }
        if let taps, !(1...100_000).contains(taps) { throw ValidationError("--taps must be between 1 and 100000 (got \(taps))") }
    }

    func apply(to request: inout RunRequest) {
        request.humanTaps = taps ?? Probe.defaultHumanTaps
        request.humanSeed = seed ?? Probe.defaultHumanSeed
    }
}
