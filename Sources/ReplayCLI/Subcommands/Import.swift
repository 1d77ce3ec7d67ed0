import ArgumentParser
import Foundation
import TapModel
import TraceStore

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Store traces (.jsonl, .csv) and snapshots (.json; capture bundles are converted), from files or folders (recursively).",
        discussion: """
        Each file is one transaction: a file that breaks a rule of the trace or snapshot
        format stores nothing and is reported as file:line: what is wrong; the other files
        of the same call are still imported, and the exit status is 2.
        Re-importing identical content is a no-op; the same trace id with different
        content is an error.
        """)

    @Argument(help: "Files or folders to import.") var paths: [String]
    @Flag(help: "Print the summary as JSON on stdout.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        var files: [String] = []
        var store: TraceStore!
        try runReportingInputErrors {
            files = try ImportFiles.expand(paths)
            store = try TraceStore(path: global.databasePath)
        }
        var results: [FileImport] = []
        var failures: [String] = []
        let progress = Progress(enabled: Console.stderrIsTerminal)
        for file in files {
            do {
                results.append(try store.importFile(file) { done, total in progress.update(file, done, total) })
                progress.clear()
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
        Console.out(json ? summary.json.serialized(.pretty) + "\n" : summary.text)
        if !failures.isEmpty { throw ExitCode(2) }
    }
}

/// Totals of an import call.
struct ImportSummary {
    var results: [FileImport]
    var failures: [String]

    var tracesAdded: Int { results.reduce(0) { $0 + $1.tracesAdded.count } }
    var tracesPresent: Int { results.reduce(0) { $0 + $1.tracesPresent.count } }
    var events: Int { results.reduce(0) { $0 + $1.eventsAdded } }
    var snapshotsAdded: Int { results.reduce(0) { $0 + $1.snapshotsAdded } }
    var snapshotsPresent: Int { results.reduce(0) { $0 + $1.snapshotsPresent } }

    var text: String {
        var s = "imported \(tracesAdded) trace\(tracesAdded == 1 ? "" : "s") (\(events) events) and \(snapshotsAdded) snapshot\(snapshotsAdded == 1 ? "" : "s")"
        s += "; already present: \(tracesPresent) trace\(tracesPresent == 1 ? "" : "s"), \(snapshotsPresent) snapshot\(snapshotsPresent == 1 ? "" : "s")"
        if !failures.isEmpty { s += "; \(failures.count) file\(failures.count == 1 ? "" : "s") rejected (nothing of them stored)" }
        return s + "\n"
    }

    var json: JSONValue {
        .object([
            "files": .number(results.count + failures.count),
            "tracesImported": .number(tracesAdded),
            "tracesAlreadyPresent": .number(tracesPresent),
            "eventsImported": .number(events),
            "snapshotsImported": .number(snapshotsAdded),
            "snapshotsAlreadyPresent": .number(snapshotsPresent),
            "rejected": .array(failures.map { .string($0) }),
        ])
    }
}

enum ImportFiles {
    /// Files named directly, and the trace and snapshot files under folders (sorted).
    static func expand(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else { throw InputError("\(path): no such file or folder") }
            if !isDir.boolValue {
                files.append(path)
                continue
            }
            guard let walker = fm.enumerator(atPath: path) else { throw InputError("\(path): cannot list the folder") }
            var found: [String] = []
            while let rel = walker.nextObject() as? String {
                let full = (path as NSString).appendingPathComponent(rel)
                var sub: ObjCBool = false
                if fm.fileExists(atPath: full, isDirectory: &sub), !sub.boolValue, TraceStore.importKind(of: full) != nil {
                    found.append(full)
                }
            }
            files.append(contentsOf: found.sorted())
        }
        return files
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

