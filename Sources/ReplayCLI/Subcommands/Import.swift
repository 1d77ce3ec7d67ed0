import ArgumentParser
import Foundation
import Pipeline
import TapJSON
import TapModel
import TraceStore

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Store traces (.jsonl, .csv) and snapshots (.json; capture bundles are converted; PostHog, Datadog and Measure session recordings become traces, docs/field-report.md), from files or folders (recursively).",
        discussion: """
        Each file is one transaction: a file that breaks a rule of the trace or snapshot format stores nothing and is reported as file:line: what is wrong; the other files of the same call are still imported, and the exit status is 2. Re-importing identical content is a no-op (a file whose bytes were imported before is recognised by its SHA-256 without being read again); the same trace id with different content is an error.

        Exit status: 0 every file imported or already present; 2 a file was rejected, a path does not exist, or the paths hold no .jsonl, .csv or .json file at all; 130 stopped by Ctrl-C (the file being read is not stored; the files before it are).

        Examples:
          replay import Traces
          replay import --screen-map screens.json session.ph-recording.json
        """)

    @Argument(help: "Files or folders to import.") var paths: [String]
    @Option(name: .customLong("screen-map"), help: ArgumentHelp(
        "A JSON object naming each recorded screen's snapshot screen, {\"SettingsViewController\": \"Settings\"}: session recordings' visits are stored under those names (docs/field-report.md).",
        valueName: "file"))
    var screenMap: String?
    @Flag(help: "Print the summary as JSON on stdout.") var json = false
    @OptionGroup var global: DatabaseOption
    @OptionGroup var progress: ProgressOption

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("name at least one file or folder to import") }
    }

    func run() throws {
        var files: [String] = []
        var store: TraceStore!
        var map = ScreenMap()
        try runReportingInputErrors {
            if let screenMap { map = try ScreenMap.load(screenMap) }
            files = try InputFiles.collect(paths) { TraceStore.importKind(of: $0) != nil }
            // Nothing to import where the person clearly expected something: say so, and fail.
            guard !files.isEmpty else {
                throw InputError("nothing to import: no .jsonl, .csv or .json file in \(paths.map(InputFiles.named).joined(separator: ", "))")
            }
            store = try TraceStore(path: global.databasePath)
        }
        progress.start()
        Interruption.install()
        var results: [FileImport] = []
        var failures: [String] = []
        for (n, file) in files.enumerated() {
            if Interruption.requested() {
                throw Interruption.stop(Import.kept(results, before: file, count: files.count - n))
            }
            let label = files.count > 1 ? "\(file) (file \(n + 1) of \(files.count))" : file
            ProgressLine.shared.update("importing \(label)")
            do {
                let result = try Importer.importFile(file, into: store, progress: { done, total in
                    ProgressLine.shared.update("importing \(label)", done: Int(done >> 20), total: Int(total >> 20), unit: "MB")
                }, shouldStop: Interruption.requested, next: n + 1 < files.count ? files[n + 1] : nil, screenMap: map)
                if let earlier = result.sameFileAs {
                    Console.progress("\(file): the same bytes as \(earlier.path), imported \(earlier.importedAt): already present (not read again)")
                }
                for w in result.warnings { Console.progress(w) }
                results.append(result)
            } catch let stop as ImportInterrupted {
                throw Interruption.stop("nothing of \(stop.file) was stored; " + Import.kept(results, before: nil, count: 0))
            } catch let e as ImportError {
                Console.error(e.description)
                failures.append(e.description)
            } catch let e as StoreError {
                ProgressLine.shared.end()
                Console.error(e.description)
                throw ExitCode(2)
            }
        }
        ProgressLine.shared.end()
        let summary = ImportSummary(results: results, failures: failures)
        Console.out(json ? summary.json : summary.text)
        if !failures.isEmpty { throw ExitCode(2) }
    }

    /// What a stopped import kept: `the database is intact; 3 files imported before the stop are kept (12 traces, 2 snapshots)`.
    static func kept(_ results: [FileImport], before file: String?, count: Int) -> String {
        let summary = ImportSummary(results: results, failures: [])
        var text = "the database is intact"
        if results.isEmpty {
            text += "; nothing was imported"
        } else {
            text += "; \(plural(results.count, "file")) imported before the stop \(results.count == 1 ? "is" : "are") kept "
                + "(\(plural(summary.tracesAdded, "new trace")), \(plural(summary.snapshotsAdded, "new snapshot")))"
        }
        if let file { text += "; \(file) and the \(count - 1) after it were not read" }
        return text
    }
}
