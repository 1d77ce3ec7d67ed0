import ArgumentParser
import Baselines
import Foundation
import Pipeline
import TraceStore

/// `--why TEXT` and `--who NAME`: accept what a run finds as the baselines' known problems.
struct AcceptanceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Why the problems are accepted (written into the baseline beside each known problem).", valueName: "text"))
    var why: String?
    @Option(help: ArgumentHelp("Who accepts them (default: git config user.name, else $USER).", valueName: "name"))
    var who: String?

    func validate() throws {
        if let why, why.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--why needs a reason") }
    }

    /// The acceptance, dated today, when `--why` is given.
    func value() -> Acceptance? {
        guard let why else { return nil }
        return Acceptance(who: who ?? AcceptanceOptions.defaultWho(), why: why, since: String(TraceStore.now().prefix(10)))
    }

    /// `git config user.name`, else `$USER`, else nil.
    static func defaultWho() -> String? {
        if let name = Revision.git(["config", "user.name"]) { return name }
        let user = ProcessInfo.processInfo.environment["USER"] ?? ""
        return user.isEmpty ? nil : user
    }
}
