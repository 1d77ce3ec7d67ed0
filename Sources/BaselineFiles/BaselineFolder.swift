import Baselines
import Foundation
import TapJSON

// The baselines folder on disk: the I/O of baselines, which the Baselines module (values,
// their encoding and comparison) does not do (docs/baselines.md).

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
                // At its `suite` field (the top level's, two spaces in as a written baseline has it; else the first).
                let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                let at = lines.firstIndex { $0.hasPrefix("  \"suite\"") } ?? lines.firstIndex { $0.contains("\"suite\"") }
                throw BaselineError(line: at.map { $0 + 1 }, path: "suite", "it is the baseline of suite '\(baseline.suite)', not '\(suite)'")
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
