import Crypto
import Foundation
import GRDB
import TapJSON

/// The SHA-256 of a whole file's bytes, read in 1 MiB chunks (memory stays flat).
struct FileHash {
    var hash: String
    var bytes: Int64

    /// - Parameter shouldStop: asked after every chunk; true ends the reading with `ImportInterrupted`.
    /// - Complexity: one pass over the file; SHA-256 runs at several hundred MB/s.
    static func of(_ path: String, shouldStop: (@Sendable () -> Bool)?) throws -> FileHash {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw ImportError(file: path, line: nil, "cannot read the file (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        var info = stat()
        // The file's size, up to 1 MiB: a folder of small files does not map a fresh megabyte per file.
        let capacity = fstat(fd, &info) == 0 && info.st_size >= 0 ? Int(min(Int64(info.st_size) + 1, 1 << 20)) : 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        var sha = SHA256()
        var total: Int64 = 0
        while true {
            let n = read(fd, buffer.baseAddress, capacity)
            if n < 0 {
                if errno == EINTR { continue }
                throw ImportError(file: path, line: nil, "read error (\(String(cString: strerror(errno))))")
            }
            if n == 0 { break }
            sha.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            total += Int64(n)
            if shouldStop?() == true { throw ImportInterrupted(file: path) }
        }
        return FileHash(hash: ContentHasher.hex(digest: sha.finalize()), bytes: total)
    }
}

/// A file's hash, known already or worked out on another thread (a large file is hashed while
/// its rows are parsed and inserted).
final class HashingTask: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<FileHash, Error>?
    private var cancelled = false
    private let finished = DispatchGroup()
    let isKnown: Bool

    init(known: FileHash) {
        result = .success(known)
        isKnown = true
    }

    /// Starts hashing `path` on a global queue; `shouldStop` and `cancel()` both end it early.
    init(_ path: String, shouldStop: (@Sendable () -> Bool)?) {
        isKnown = false
        finished.enter()
        DispatchQueue.global().async { [self] in
            let r = Result { try FileHash.of(path, shouldStop: { [self] in shouldStop?() == true || isCancelled }) }
            condition.lock(); result = r; condition.broadcast(); condition.unlock()
            finished.leave()
        }
    }

    private var isCancelled: Bool { condition.lock(); defer { condition.unlock() }; return cancelled }

    /// The hash if it is known by now.
    /// - Throws: what hashing threw.
    func poll() throws -> FileHash? {
        condition.lock(); defer { condition.unlock() }
        return try result?.get()
    }

    /// The hash, waiting for it.
    func wait() throws -> FileHash {
        condition.lock(); defer { condition.unlock() }
        while result == nil { condition.wait() }
        return try result!.get()
    }

    /// Stops the hashing (if it still runs) and waits for its thread to let go of the file.
    func cancel() {
        guard !isKnown else { return }
        condition.lock(); cancelled = true; condition.unlock()
        finished.wait()
    }
}

/// A trace file stored before (`imported_file`, migration `v4-file-hash`).
struct ImportedFile {
    var path: String
    var importedAt: String
    var traces: [String]

    static func find(_ hash: String, in db: Database) throws -> ImportedFile? {
        let find = try db.cachedStatement(sql: "SELECT path, imported_at, traces FROM imported_file WHERE file_hash = ?")
        guard let row = try Row.fetchOne(find, arguments: [hash]) else { return nil }
        var traces: [String] = []
        if let doc = try? JSONDocument(parsing: row["traces"] as String), case .array(let items) = doc[doc.root] {
            for i in items { if case .string(let s) = doc[i] { traces.append(s) } }
        }
        return ImportedFile(path: row["path"], importedAt: row["imported_at"], traces: traces)
    }

    /// Records a file whose import just succeeded, in the same transaction.
    static func record(_ file: FileHash, path: String, result: FileImport, importedAt: String, in db: Database) throws {
        var names = JSONWriter(style: .compact)
        names.array(result.tracesAdded + result.tracesPresent) { w, t in w.string(t) }
        try db.cachedStatement(sql: """
            INSERT OR IGNORE INTO imported_file (file_hash, path, bytes, traces, events, imported_at) VALUES (?, ?, ?, ?, ?, ?)
            """).execute(arguments: [file.hash, path, file.bytes, names.text, result.eventsAdded, importedAt])
    }
}
