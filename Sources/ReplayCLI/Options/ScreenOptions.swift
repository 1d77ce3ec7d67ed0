import ArgumentParser
import Foundation
import RunResults

/// `--screen NAME` (repeatable) and `--all-screens`: which screens a run, a report or an acceptance is about.
struct ScreenOptions: ParsableArguments {
    @Option(name: .customLong("screen"), help: ArgumentHelp(
        "Only this screen (repeatable); a name that is no screen of the run is an input error.", valueName: "name"))
    var names: [String] = []
    @Flag(name: .customLong("all-screens"), help: "With --snapshots: also fail every screen that has a baseline but no snapshot given (by default a run given snapshot files compares only their screens).")
    var allScreens = false

    func validate() throws {
        if let empty = names.first(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw ValidationError("--screen needs a screen name (got '\(empty)')")
        }
        if allScreens && !names.isEmpty { throw ValidationError("--all-screens and --screen say opposite things: give one") }
    }

    func apply(to request: inout RunRequest) {
        request.screens = names
        request.allScreens = allScreens
    }
}
