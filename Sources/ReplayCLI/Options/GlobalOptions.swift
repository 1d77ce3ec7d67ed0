import ArgumentParser
import HitTesting
import TraceStore

/// Options every command takes (baseline-and-cli.md: "Everywhere").
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp(
        "The history database (default: $REPLAY_DB, else .replay/replay.sqlite in the current folder).",
        valueName: "path"))
    var database: String?

    @Option(name: .customLong("touch-radius"), help: ArgumentHelp(
        "Touch tolerance radius in points (S9); 0 turns tolerance off.", valueName: "r"))
    var touchRadius: Double = 10

    func validate() throws {
        guard touchRadius.isFinite, touchRadius >= 0 else {
            throw ValidationError("--touch-radius must be a number of points ≥ 0")
        }
    }

    var hitSettings: HitSettings { HitSettings(touchRadius: touchRadius) }

    /// `--db`, else `$REPLAY_DB`, else `.replay/replay.sqlite`.
    var databasePath: String { database ?? TraceStore.defaultPath() }
}
