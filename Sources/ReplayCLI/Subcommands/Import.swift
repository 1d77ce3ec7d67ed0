import ArgumentParser
import Foundation
import Pipeline
import TapModel
import TraceStore

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Store traces (.jsonl, .csv) and snapshots (.json; capture bundles are converted), from files or folders (recursively).",
        discussion: """
        Each file is one transaction: a file that breaks a rule of the trace or snapshot format stores nothing and is reported as file:line: what is wrong; the other files of the same call are still imported, and the exit status is 2. Re-importing identical content is a no-op; the same trace id with different content is an error.

        Example: replay import Traces
        """)

    @Argument(help: "Files or folders to import.") var paths: [String]
    @Flag(help: "Print the summary as JSON on stdout.") var json = false
    @OptionGroup var global: DatabaseOption

    func run() throws {
        var files: [String] = []
        var store: TraceStore!
        try runReportingInputErrors {
            files = try InputFiles.collect(paths) { TraceStore.importKind(of: $0) != nil }
            store = try TraceStore(path: global.databasePath)
        }
        var results: [FileImport] = []
        var failures: [String] = []
        let progress = Progress(enabled: Console.stderrIsTerminal)
        for file in files {
            do {
                results.append(try Importer.importFile(file, into: store) { done, total in progress.update(file, done, total) })
                progress.clear()
                for w in results.last!.warnings { Console.progress(w) }
            } catch let e as ImportError {
                progress.clear()
                Console.error(e.description)
                failures.append(e.description)
            } catch let e as StoreError {
                progress.clear()
                Console.error(e.description)
                throw ExitCode(2)
            }
        }
        let summary = ImportSummary(results: results, failures: failures)
        Console.out(json ? summary.json : summary.text)
        if !failures.isEmpty { throw ExitCode(2) }
    }
}

/// A progress line on a terminal's stderr, redrawn at most a few times a second.
final class Progress: @unchecked Sendable {
    let enabled: Bool
    private var last = Date.distantPast
    private var shown = false
    init(enabled: Bool) { self.enabled = enabled }

    func update(_ file: String, _ done: Int64, _ total: Int64) {
        guard enabled, Date().timeIntervalSince(last) > 0.25 else { return }
        last = Date()
        let pct = total > 0 ? Int(Double(done) / Double(total) * 100) : 0
        FileHandle.standardError.write(Data("\r\u{1B}[K\(file): \(pct)% of \(total / 1_000_000) MB".utf8))
        shown = true
    }

    func clear() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }
}

