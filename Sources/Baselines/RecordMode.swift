import Foundation
import TapJSON

/// When baselines are written (as in swift-snapshot-testing): a value, with
/// `REPLAY_RECORD` as the fallback so CI can forbid recording.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Default: a missing baseline is written and the run fails, saying so.
    case missing
    /// `--record`: every baseline is rewritten from this run (an unmet expectation still fails it).
    case all
    /// CI: a missing baseline fails the run and nothing is written.
    case never

    /// `--record` wins; else `--record-mode`; else `$REPLAY_RECORD`; else `missing`.
    public static func resolve(record: Bool, explicit: RecordMode?, environment: [String: String]) throws -> RecordMode {
        if record { return .all }
        if let explicit { return explicit }
        if let env = environment["REPLAY_RECORD"], !env.isEmpty {
            guard let mode = RecordMode(rawValue: env.lowercased()) else {
                throw BaselineError(line: nil, "REPLAY_RECORD must be one of missing, all, never (it is '\(env)')")
            }
            return mode
        }
        return .missing
    }

    /// The decision table: what happens to a suite's baseline, given whether one exists
    /// and whether this command may write baselines at all (`replay report` may not).
    public func plan(existing: Bool, mayWrite: Bool) -> (status: BaselineStatus, write: Bool) {
        guard mayWrite else { return (existing ? .compared : .none, false) }
        switch (self, existing) {
        case (.all, _): return (.recorded, true)
        case (.missing, false): return (.written, true)
        case (.never, false): return (.missing, false)
        default: return (.compared, false)
        }
    }
}

/// What happened to a suite's baseline in a run.
public enum BaselineStatus: String, Sendable {
    /// Compared with the existing baseline.
    case compared
    /// There was none: it was written, and the run fails until it is reviewed and committed.
    case written
    /// There was none, and the record mode forbids writing one.
    case missing
    /// There was none, and `--record` would have written one over audit errors without `--why`
    /// (docs/baselines.md, "A new baseline of a screen with audit errors"): nothing was written.
    case refused
    /// Rewritten from this run (`--record`).
    case recorded
    /// No baselines folder given.
    case none
    /// A baseline exists, but no snapshot of its screen is in the run: nothing was compared.
    case noSnapshot

    /// Whether the suite passes: a new or missing baseline fails; otherwise no regression
    /// may remain. With `--record` only R6 can remain (nothing is compared): an unmet
    /// expectation is never reported as a pass.
    public func passes(_ diff: Comparison.Result) -> Bool {
        switch self {
        case .written, .missing, .refused, .noSnapshot: return false
        case .compared, .none, .recorded: return diff.regressions.isEmpty
        }
    }

    /// What the reports say of a `refused` baseline.
    public static let refusedText = "--record writes a new baseline of a screen with audit errors only with --why TEXT (replay audit shows them)"
}

/// Writes a file atomically: the bytes go to a temporary file beside it, are
/// flushed to disk, then renamed over the old file. A crash or error part-way
/// leaves the old file as it was.
public struct AtomicWriter: Sendable {
    /// Writes the temporary file's bytes (replaceable in tests to simulate a failure part-way).
    public var writeTemporary: @Sendable (_ path: String, _ bytes: [UInt8]) throws -> Void

    public init(writeTemporary: @escaping @Sendable (_ path: String, _ bytes: [UInt8]) throws -> Void = AtomicWriter.writeAndSync) {
        self.writeTemporary = writeTemporary
    }

    public func write(_ text: String, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let temporary = (folder.isEmpty ? "." : folder) + "/." + (path as NSString).lastPathComponent + ".tmp-\(getpid())"
        do {
            try writeTemporary(temporary, Array(text.utf8))
            guard rename(temporary, path) == 0 else {
                throw BaselineError(line: nil, "cannot replace \(path) (\(String(cString: strerror(errno))))")
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    public static let writeAndSync: @Sendable (String, [UInt8]) throws -> Void = { path, bytes in
        do {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw BaselineError(line: nil, "cannot write \(path)")
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.write(contentsOf: bytes)
            try handle.synchronize()  // fsync: the bytes are on disk before the rename
        } catch let e as BaselineError {
            throw e
        } catch {
            throw BaselineError(line: nil, "cannot write \(path) (\(error.localizedDescription))")
        }
    }
}

/// The baselines folder: `<folder>/<screen>.json`.
public struct BaselineFolder: Sendable {
    public let path: String
    public var writer: AtomicWriter

    public init(path: String, writer: AtomicWriter = AtomicWriter()) { self.path = path; self.writer = writer }

    public func file(for suite: String) -> String {
        (path as NSString).appendingPathComponent(Baseline.fileName(for: suite))
    }

    /// The suite's baseline, or nil when there is none.
    /// - Throws: `BaselineError` naming the file for one that cannot be read.
    public func load(_ suite: String) throws -> Baseline? {
        let file = self.file(for: suite)
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw BaselineError(line: nil, "\(file): cannot read the file")
        }
        do {
            let baseline = try Baseline(decoding: String(decoding: data, as: UTF8.self))
            guard baseline.suite == suite else {
                throw BaselineError(line: nil, "it is the baseline of suite '\(baseline.suite)', not '\(suite)'")
            }
            return baseline
        } catch let e as BaselineError {
            if let other = FileKind.mismatch(data, file: file, expected: "tapreplay-baseline") { throw BaselineError(line: nil, other) }
            throw BaselineError(line: nil, e.located(in: file))
        }
    }

    /// The suites that have a baseline file here (sorted).
    public func suites() throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        var out: [String] = []
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            if let b = try load(fileNamed: name) { out.append(b.suite) }
        }
        return out
    }

    private func load(fileNamed name: String) throws -> Baseline? {
        let file = (path as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        do {
            return try Baseline(decoding: String(decoding: data, as: UTF8.self))
        } catch let e as BaselineError {
            throw BaselineError(line: nil, e.located(in: file))
        }
    }

    public func save(_ baseline: Baseline) throws {
        try writer.write(baseline.encoded, to: file(for: baseline.suite))
    }
}
