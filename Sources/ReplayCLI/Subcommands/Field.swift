import ArgumentParser
import Foundation
import HitTesting
import Pipeline
import TapJSON
import TraceStore

struct Field: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The field report: production taps (imported session recordings) replayed against your own snapshots — what fired nothing and why, rage bursts, retries felt as slow.",
        discussion: """
        Every trace imported from a production recording (replay import of a PostHog, Datadog or Measure recording) is replayed against the team's own snapshot of its screen: the one of the same app build if stored, else the newest; where the screen has none, against the snapshot inferred from the recording's wireframes, and the report says so (its interactivity is guessed from view types). A recording from a screen of another size is scaled when only the scale differs, and refused (said so) when the shape differs.

        Per screen and target: taps, the ones that fired nothing and their cause, rage bursts (3 taps within 1 s and 30 pt of the first), and slow retries (a tap that fired nothing followed within 1 s by one that fired), and the rate of taps that fired nothing by app version. docs/field-report.md defines each.

        Exit status: 0 shown (the report never fails a build: it reports what users met); 2 no database, or the database or an output file cannot be used; 64 a usage error.

        Examples:
          replay import session.ph-recording.json
          replay field
          replay field --screen Settings --json
          replay field --markdown field.md --html field.html
        """)

    @Option(help: ArgumentHelp("Only this screen.", valueName: "name")) var screen: String?
    @Flag(help: "Print the report as JSON on stdout, and nothing else there.") var json = false
    @Option(help: ArgumentHelp("Also write the report as Markdown here.", valueName: "file")) var markdown: String?
    @Option(help: ArgumentHelp("Also write the report as one self-contained HTML page here (bars of the rate that fired nothing, per target and app version).", valueName: "file")) var html: String?
    @OptionGroup var global: DatabaseOption
    @OptionGroup var touch: TouchRadiusOption

    /// The report of the stored production traces. A report reads: a missing database is an error, never created (as for history).
    static func report(database: String, screen: String?, settings: HitSettings) throws -> FieldReport {
        guard FileManager.default.fileExists(atPath: database) else {
            throw InputError("no database at \(database): replay import a PostHog, Datadog or Measure recording first (docs/field-report.md)")
        }
        return try FieldReport.make(store: try TraceStore.openForReading(path: database), screen: screen, settings: settings)
    }

    func run() throws {
        try runReportingInputErrors {
            let report = try Field.report(database: global.databasePath, screen: screen, settings: touch.hitSettings)
            if report.screens.isEmpty {
                Console.progress("note: \(global.databasePath) holds no traces from production recordings" + (screen.map { " of screen '\($0.clipped)'" } ?? "")
                    + " (replay import a PostHog, Datadog or Measure recording first)")
            }
            for (file, text, what) in [(markdown, { report.markdown }, "Markdown"), (html, { report.html }, "HTML")] {
                guard let file else { continue }
                do {
                    try Data(text().utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
                } catch {
                    throw InputError("\(file): cannot write the \(what) report")
                }
                Console.progress("wrote \(file)")
            }
            Console.out(json ? report.json : report.text)
        }
    }
}
