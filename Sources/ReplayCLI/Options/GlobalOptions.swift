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

/// `--touch-radius` and `--profile`: for the commands that hit-test.
struct TouchRadiusOption: ParsableArguments {
    @Option(name: .customLong("touch-radius"), help: ArgumentHelp(
        "The radius of a touch that records none, in points (S9; 20, the iOS simulator's). A recorded touch binds with its own; 0 is one sample (exact).",
        valueName: "r"))
    var touchRadius: Double = HitSettings.defaultTouchRadius

    @Option(name: .customLong("profile"), help: ArgumentHelp(
        "How SwiftUI binds touches: ios17, ios18, ios26 or ios26-sdk (default: from each snapshot's device.os and app.sdk, else ios18).",
        valueName: "name"))
    var profileName: String?

    func validate() throws {
        guard touchRadius.isFinite, touchRadius >= 0 else {
            throw ValidationError("--touch-radius must be a number of points ≥ 0 (got \(touchRadius))")
        }
        if let profileName, TouchProfile.named(profileName) == nil {
            let names = TouchProfile.all.map(\.description)
            var message = "--profile: unknown profile '\(profileName.clipped)'"
            if let near = Suggestion.nearest(profileName, among: names) { message += " (did you mean '\(near)'?)" }
            throw ValidationError(message + "; the profiles are \(names.joined(separator: ", "))")
        }
    }

    var profile: TouchProfile? { profileName.flatMap(TouchProfile.named) }
    var hitSettings: HitSettings { HitSettings(touchRadius: touchRadius, profile: profile) }
}

/// `--mm-per-point`: for the commands that predict what people's fingers do (the human touch model).
struct DensityOption: ParsableArguments {
    @Option(name: .customLong("mm-per-point"), help: ArgumentHelp(
        "The screen's millimetres per point for the human touch model (default: from each snapshot's device.model, else 0.16).",
        valueName: "mm"))
    var mmPerPoint: Double?

    func validate() throws {
        if let mmPerPoint, !(mmPerPoint.isFinite && mmPerPoint > 0 && mmPerPoint <= 10) {
            throw ValidationError("--mm-per-point must be a number of millimetres > 0 and ≤ 10 (got \(mmPerPoint))")
        }
    }

    /// `settings` with this density.
    func apply(_ settings: HitSettings) -> HitSettings {
        var s = settings
        s.mmPerPoint = mmPerPoint
        return s
    }
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
