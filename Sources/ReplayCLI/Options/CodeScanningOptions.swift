import ArgumentParser
import Audit
import CodeScanning
import Foundation
import Reports
import RunResults

/// `--annotations FILE|-` and `--sarif FILE` of `run`, `merge` and `audit`: the findings where a pull
/// request's reader looks, at the line of each node in its snapshot file (docs/replay.md, "Annotations and SARIF").
struct CodeScanningOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write GitHub workflow annotations (::error file=…,line=…::…), one per cause, within GitHub's 10 per level and step, to this file; - for stdout.", valueName: "file|-"))
    var annotations: String?
    @Option(help: ArgumentHelp("Write SARIF 2.1.0 (for GitHub code scanning's upload-sarif) to this file.", valueName: "file"))
    var sarif: String?

    var wanted: Bool { annotations != nil || sarif != nil }

    /// - Parameter json: stdout holds JSON, so annotations cannot go there.
    func check(json: Bool) throws {
        if json && annotations == "-" { throw ValidationError("--annotations - prints on stdout, which --json keeps for JSON: write them to a file") }
        if sarif == "-" { throw ValidationError("--sarif writes a file: name it (--sarif replay.sarif)") }
    }

    func write(_ outcome: RunOutcome) throws {
        guard wanted else { return }
        let lines = Self.lines(outcome.suites.map(\.snapshot.source))
        if let annotations { try emit(GitHubAnnotations.commands(CodeScanningReport.annotations(outcome, snapshots: lines)), to: annotations) }
        if let sarif { try emit(CodeScanningReport.sarif(outcome, snapshots: lines, root: FileManager.default.currentDirectoryPath), to: sarif) }
    }

    func write(_ results: [AuditResult]) throws {
        guard wanted else { return }
        let lines = Self.lines(results.compactMap(\.source))
        if let annotations { try emit(GitHubAnnotations.commands(CodeScanningReport.annotations(results, snapshots: lines)), to: annotations) }
        if let sarif { try emit(CodeScanningReport.sarif(results, snapshots: lines, root: FileManager.default.currentDirectoryPath), to: sarif) }
    }

    private func emit(_ text: String, to path: String) throws {
        if path == "-" { Console.out(text); return }
        try Files.write(text, to: path)
        Console.progress("wrote \(path)")
    }

    /// The node lines of each snapshot file that can still be read (a stored snapshot's by the file it came from).
    static func lines(_ sources: [String]) -> [String: SnapshotLines] {
        var out: [String: SnapshotLines] = [:]
        for source in Set(sources) {
            let file = SnapshotLines.file(ofSource: source)
            guard !file.hasPrefix("db:"), let data = FileManager.default.contents(atPath: file) else { continue }
            out[source] = SnapshotLines(file: Self.relative(file), bytes: data)
        }
        return out
    }

    /// A path as GitHub wants it: relative to the repository root, taken to be the working directory.
    static func relative(_ path: String) -> String {
        SARIFLog.relative(path, to: FileManager.default.currentDirectoryPath) ?? path
    }
}
