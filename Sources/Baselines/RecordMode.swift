import Foundation

/// When baselines are written (as in swift-snapshot-testing): a value, with
/// `REPLAY_RECORD` as the fallback so CI can forbid recording.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Default: a missing baseline is written and the run fails, saying so.
    case missing
    /// `--record`: every baseline is rewritten from this run, and the run passes.
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
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw BaselineError(line: nil, "cannot write \(path) (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            guard n > 0 else { throw BaselineError(line: nil, "cannot write \(path) (\(String(cString: strerror(errno))))") }
            offset += n
        }
        guard fsync(fd) == 0 else { throw BaselineError(line: nil, "cannot flush \(path) to disk (\(String(cString: strerror(errno))))") }
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
            throw BaselineError(line: nil, e.located(in: file))
        }
    }

    public func save(_ baseline: Baseline) throws {
        try writer.write(baseline.encoded, to: file(for: baseline.suite))
    }
}
