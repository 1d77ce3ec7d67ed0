import Foundation
import GRDB
import TapJSON

/// The database could not be used: one line that says why, naming the file.
public struct StoreError: LocatedError {
    public let message: String
    public init(_ message: String) { self.message = message }

    /// Words a SQLite failure for a person: which file, and what to do.
    static func from(_ error: Error, path: String) -> StoreError {
        if let e = error as? StoreError { return e }
        guard let db = error as? DatabaseError else { return StoreError("\(path): \(error)") }
        switch db.resultCode {
        case .SQLITE_NOTADB: return StoreError("\(path) is not a SQLite database")
        case .SQLITE_BUSY, .SQLITE_LOCKED: return StoreError("\(path) is locked by another process (gave up waiting; set REPLAY_BUSY_TIMEOUT to wait longer)")
        case .SQLITE_FULL: return StoreError("the disk holding \(path) is full; nothing was stored")
        case .SQLITE_READONLY: return StoreError("\(path) is read-only: cannot write to it")
        case .SQLITE_CANTOPEN: return StoreError("cannot open \(path) (its folder is missing or not writable)")
        case .SQLITE_CORRUPT: return StoreError("\(path) is corrupt (\(db.message ?? "database disk image is malformed"))")
        case .SQLITE_IOERR: return StoreError("I/O error on \(path) (\(db.message ?? "disk I/O error")); is the disk full or read-only?")
        default: return StoreError("\(path): \(db.message ?? "\(db.resultCode)")")
        }
    }
}

/// The SQLite database of traces, snapshots and runs (GRDB's AppDatabase pattern).
///
/// The store wraps any GRDB `DatabaseWriter` (a file in WAL mode, or an
/// in-memory database in tests); creating it runs the migrations, so a store
/// with an old schema cannot exist, and a database written by a newer
/// `replay` is refused rather than misread. Every write is one method that
/// runs in one transaction.
///
/// Several `replay` processes may share one file. Setting a new file up (the
/// switch to WAL, the migrations) is serialized across processes by an
/// exclusive lock on `<database>-lock` (GRDB's DatabaseSharing guidance):
/// without it two processes starting together race on both.
public final class TraceStore: Sendable {
    public let path: String
    let dbWriter: any DatabaseWriter
    /// The next trace file of an import, parsed while the current one is inserted.
    let readAhead = ReadAhead()

    /// The default database: `$REPLAY_DB`, else `.replay/replay.sqlite` under the current folder.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let p = environment["REPLAY_DB"], !p.isEmpty { return p }
        return ".replay/replay.sqlite"
    }

    /// Seconds to wait for another process's write: `$REPLAY_BUSY_TIMEOUT`, else 30.
    public static func defaultBusyTimeout(environment: [String: String] = ProcessInfo.processInfo.environment) -> Double {
        if let s = environment["REPLAY_BUSY_TIMEOUT"], let v = Double(s), v >= 0 { return v }
        return 30
    }

    /// Wraps an open database and migrates it to the current schema.
    /// - Parameter path: how messages name the database.
    public init(_ writer: any DatabaseWriter, path: String) throws {
        self.path = path
        self.dbWriter = writer
        do {
            try TraceStore.checkSchema(writer, path: path)
            try Migrations.migrator.migrate(writer)
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// A fresh in-memory store (tests).
    public static func inMemory() throws -> TraceStore {
        try TraceStore(try DatabaseQueue(configuration: TraceStore.configuration(busyTimeout: 0, wal: false)), path: ":memory:")
    }

    /// Opens the file (creating it and its folder if needed), switches it to WAL and migrates,
    /// holding the setup lock so that processes starting together take turns.
    public convenience init(path: String, busyTimeout: Double = TraceStore.defaultBusyTimeout()) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw StoreError("cannot create the folder \(folder) for the database \(path)")
            }
        }
        let queue: DatabaseQueue
        do {
            // Look before touching: a file that is not ours must be left exactly as it is
            // (opening it for writing would already switch it to WAL, and the lock file would appear).
            if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > 0 {
                var look = Configuration()
                look.readonly = true
                look.busyMode = .timeout(busyTimeout)
                try TraceStore.checkSchema(try DatabaseQueue(path: path, configuration: look), path: path)
            }
        } catch {
            throw StoreError.from(error, path: path)
        }
        let lock = SetupLock(path: path + "-lock")
        defer { lock.release() }
        do {
            queue = try DatabaseQueue(path: path, configuration: TraceStore.configuration(busyTimeout: busyTimeout, wal: true))
        } catch {
            throw StoreError.from(error, path: path)
        }
        try self.init(queue, path: path)
    }

    /// Opens an existing database to read its history: read-only when its schema is
    /// current; a database an older version wrote is upgraded first (its migrations
    /// are the only write this makes). A missing file is an error, never created.
    public static func openForReading(path: String, busyTimeout: Double = TraceStore.defaultBusyTimeout()) throws -> TraceStore {
        guard FileManager.default.fileExists(atPath: path) else {
            throw StoreError("no database at \(path): nothing has been run yet (replay run records history)")
        }
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(busyTimeout)
        let reader: DatabaseQueue
        let current: Bool
        do {
            reader = try DatabaseQueue(path: path, configuration: config)
            try checkSchema(reader, path: path)
            current = try reader.read { try Migrations.migrator.hasCompletedMigrations($0) }
        } catch {
            throw StoreError.from(error, path: path)
        }
        guard current else { return try TraceStore(path: path, busyTimeout: busyTimeout) }
        return TraceStore(reading: reader, path: path)
    }

    /// Opens an existing database for writing (`history prune`); a missing file is an error, never created.
    public static func openExisting(path: String, busyTimeout: Double = TraceStore.defaultBusyTimeout()) throws -> TraceStore {
        guard FileManager.default.fileExists(atPath: path) else {
            throw StoreError("no database at \(path): nothing has been run yet (replay run records history)")
        }
        return try TraceStore(path: path, busyTimeout: busyTimeout)
    }

    private init(reading reader: DatabaseQueue, path: String) {
        self.path = path
        self.dbWriter = reader
    }

    /// WAL (files only), a busy timeout, `synchronous = NORMAL`, a 4 MiB page cache, and 16 KiB
    /// pages for a database created now (docs/traces-and-database.md, "Pages").
    static func configuration(busyTimeout: Double, wal: Bool) -> Configuration {
        var config = Configuration()
        if wal { config.journalMode = .wal }
        config.busyMode = .timeout(busyTimeout)
        config.prepareDatabase { db in
            // Before WAL is set up (a database in WAL keeps its page size); an existing database keeps its own.
            try db.execute(sql: "PRAGMA page_size = \(TraceStore.pageSize)")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA cache_size = -4096")  // 4 MiB: an import of 2M events peaks at 1.3× the RSS of 50k (16 MiB: 1.64×) at the same speed
        }
        return config
    }

    /// The page size of a database created now: a merge's history and an import write fewer, fuller
    /// pages than with SQLite's 4 KiB (a merge 8 % faster, an import 5 %: docs/traces-and-database.md, "Pages").
    static let pageSize = 16384

    /// Refuses databases that are not ours, or that a newer version wrote.
    static func checkSchema(_ reader: any DatabaseReader, path: String) throws {
        try reader.read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            if !tables.isEmpty && !tables.contains("grdb_migrations") {
                throw StoreError("\(path) is a SQLite database but not a TapReplay one (it has tables \(tables.prefix(3).joined(separator: ", "))); use another --db")
            }
            let applied = try Migrations.migrator.appliedIdentifiers(db)
            let unknown = applied.subtracting(Migrations.known)
            if !unknown.isEmpty {
                throw StoreError("\(path) was written by a newer version of replay (schema \(unknown.sorted().joined(separator: ", "))); upgrade replay to use it")
            }
        }
    }

    /// The migrations applied to this database, oldest first.
    public func appliedMigrations() throws -> [String] {
        try wrap { try dbWriter.read { try Migrations.migrator.appliedMigrations($0) } }
    }

    public static var knownMigrations: [String] { Migrations.known }

    /// Runs `body` in one IMMEDIATE transaction: it takes the write lock up front
    /// (waiting out other writers), commits if `body` returns, rolls back if it throws.
    func writeTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try wrap {
            try dbWriter.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        }
    }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try wrap { try dbWriter.read(body) }
    }

    /// Translates SQLite errors into `StoreError`s; other errors (bad input) pass through.
    func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as DatabaseError {
            throw StoreError.from(e, path: path)
        }
    }

    /// `PRAGMA integrity_check`: "ok" for a sound database.
    public func integrityCheck() throws -> String {
        try read { try String.fetchOne($0, sql: "PRAGMA integrity_check") ?? "" }
    }

    /// The time as history and imports record it (ISO 8601, UTC, seconds): the one clock.
    /// Written by hand from `gmtime_r`: a new `ISO8601DateFormatter` per call set up ICU each
    /// time (9 % of importing 1,000 JSON Lines files, one timestamp per file).
    public static func now() -> String {
        var seconds = time(nil)
        var t = tm()
        gmtime_r(&seconds, &t)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(t.tm_year + 1900)-\(two(t.tm_mon + 1))-\(two(t.tm_mday))T\(two(t.tm_hour)):\(two(t.tm_min)):\(two(t.tm_sec))Z"
    }
}

/// An exclusive advisory lock on a file beside the database, held while a process
/// opens and migrates it (`flock`, on Linux and macOS alike). Where the lock file
/// cannot be created (a read-only folder) setup goes ahead unlocked: such a
/// database cannot be written, so there is nothing to race on.
struct SetupLock {
    private let fd: Int32

    init(path: String) {
        let fd = open(path, O_RDWR | O_CREAT, 0o644)
        if fd >= 0 {
            while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        }
        self.fd = fd
    }

    func release() {
        guard fd >= 0 else { return }
        _ = flock(fd, LOCK_UN)
        close(fd)
    }
}
