import ArgumentParser

/// `--progress`: for the commands whose work can take a while (import, run, report, accept, deadzones, probe).
struct ProgressOption: ParsableArguments {
    @Flag(help: "Show a progress line on stderr even when it is not a terminal (on a terminal it is shown anyway, for work longer than a second).")
    var progress = false

    /// Starts the progress line as the option and stderr say.
    func start() { ProgressLine.shared.start(forced: progress) }
}
