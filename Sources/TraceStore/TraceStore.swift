import Foundation
import GRDB

/// The database could not be used: one line that says why, naming the file.
public struct StoreError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }

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

/// The SQLite database of traces, snapshots and runs.
///
/// Opening it runs the migrations, so a store with an old schema cannot exist;
/// a database written by a newer `replay` is refused rather than misread.
/// WAL journal and a busy timeout let several `replay` processes share it.
/// Every write is one method that runs in one transaction.
public final class TraceStore: Sendable {
    public let path: String
    let queue: DatabaseQueue

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

    /// Opens (creating the file and its folder if needed) and migrates.
    /// - Parameter upTo: migrate only up to this migration (tests of older schemas).
    public init(path: String, busyTimeout: Double = TraceStore.defaultBusyTimeout(), upTo: String? = nil) throws {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw StoreError("cannot create the folder \(folder) for the database \(path)")
            }
        }
        var config = Configuration()
        config.journalMode = .wal
        config.busyMode = .timeout(busyTimeout)
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA cache_size = -16384")  // 16 MiB: fewer page spills in big imports, memory still bounded
        }
        do {
            // Look before touching: a file that is not ours must be left exactly as it is
            // (opening it for writing would already switch it to WAL).
            if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > 0 {
                var look = Configuration()
                look.readonly = true
                look.busyMode = .timeout(busyTimeout)
                try TraceStore.checkSchema(try DatabaseQueue(path: path, configuration: look), path: path)
            }
            queue = try DatabaseQueue(path: path, configuration: config)
            try TraceStore.checkSchema(queue, path: path)
            if let upTo {
                try Migrations.migrator.migrate(queue, upTo: upTo)
            } else {
                try Migrations.migrator.migrate(queue)
            }
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Refuses databases that are not ours, or that a newer version wrote.
    static func checkSchema(_ queue: DatabaseQueue, path: String) throws {
        try queue.read { db in
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
        try wrap { try queue.read { try Migrations.migrator.appliedMigrations($0) } }
    }

    public static var knownMigrations: [String] { Migrations.known }

    /// Runs `body` in one IMMEDIATE transaction: it takes the write lock up front
    /// (waiting out other writers), commits if `body` returns, rolls back if it throws.
    func writeTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try wrap {
            try queue.writeWithoutTransaction { db in
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
        try wrap { try queue.read(body) }
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

    static func now() -> String {
        ISO8601DateFormatter().string(from: Date())
    }
}
