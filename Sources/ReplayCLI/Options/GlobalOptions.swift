import ArgumentParser
import HitTesting
import TapJSON
import TapModel
import TraceStore

/// `--db`: for the commands that use the database.
struct DatabaseOption: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp(
        "The history database (default: $REPLAY_DB, else .replay/replay.sqlite in the current folder).",
        valueName: "path"))
    var database: String?

    /// `--db`, else `$REPLAY_DB`, else `.replay/replay.sqlite`.
    var databasePath: String { database ?? TraceStore.defaultPath() }
}

/// `--touch-radius`: for the commands that hit-test.
struct TouchRadiusOption: ParsableArguments {
    @Option(name: .customLong("touch-radius"), help: ArgumentHelp(
        "Touch tolerance radius in points (S9); 0 turns tolerance off.", valueName: "r"))
    var touchRadius: Double = 10

    func validate() throws {
        guard touchRadius.isFinite, touchRadius >= 0 else {
            throw ValidationError("--touch-radius must be a number of points ≥ 0 (got \(touchRadius))")
        }
    }

    var hitSettings: HitSettings { HitSettings(touchRadius: touchRadius) }
}

/// Both, for the commands that replay stored traces (`run`, `report`).
struct GlobalOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOption
    @OptionGroup var touch: TouchRadiusOption

    var hitSettings: HitSettings { touch.hitSettings }
    var databasePath: String { database.databasePath }
}

/// "unknown option '--jsn' (did you mean '--json'?)".
enum UnknownOption {
    static func message(_ flag: String, known: [String]) -> String {
        var text = "unknown option '\(flag)'"
        if let near = Suggestion.nearest(flag, among: known) { text += " (did you mean '\(near)'?)" }
        return text
    }
}
