import Foundation
import GRDB
import GRDBSQLite
import TapJSON
import TapModel

/// A file that could not be imported: `file:line: what is wrong`. Nothing of it was stored.
public struct ImportError: LocatedError {
    public let file: String?
    public let line: Int?
    public let path: String
    public let message: String
    public init(file: String, line: Int?, path: String = "", _ message: String) {
        self.file = file; self.line = line; self.path = path; self.message = message
    }
}

/// An import stopped on request (Ctrl-C) while reading a file: nothing of that
/// file was stored (its transaction rolled back); files imported before it are kept.
public struct ImportInterrupted: Error, Equatable {
    public let file: String
    public init(file: String) { self.file = file }
}

/// What importing one file did.
public struct FileImport: Sendable, Equatable {
    public enum Kind: String, Sendable { case jsonl, csv, snapshot, recording }
    public var file: String
    public var kind: Kind
    /// Trace ids newly stored, and those already present with identical content.
    public var tracesAdded: [String] = []
    public var tracesPresent: [String] = []
    public var eventsAdded = 0
    public var snapshotsAdded = 0
    public var snapshotsPresent = 0
    /// `file:line: warning: …` for what was stored but deserves a word (a `fired` event that binds to no touch).
    public var warnings: [String] = []
    /// The same bytes were imported before: recognised by the file's hash, nothing was parsed.
    public var sameFileAs: EarlierImport?

    /// Where and when a file with the same bytes was imported.
    public struct EarlierImport: Sendable, Equatable {
        public var path: String
        public var importedAt: String
    }

    public init(file: String, kind: Kind) { self.file = file; self.kind = kind }
}

extension TraceStore {
    /// The kind of file a path names, by its extension: `.jsonl` and `.csv` traces, `.json` snapshots.
    public static func importKind(of path: String) -> FileImport.Kind? {
        switch (path as NSString).pathExtension.lowercased() {
        case "gz":  // a gzipped session recording (`.json.gz`, `.jsonl.gz`): only recordings are read compressed
            return ["json", "jsonl"].contains((((path as NSString).deletingPathExtension) as NSString).pathExtension.lowercased()) ? .recording : nil
        case "jsonl": return .jsonl
        case "csv": return .csv
        case "json": return .snapshot
        default: return nil
        }
    }

    /// Imports one file in one transaction: all of it, or (on any error) nothing.
    ///
    /// Traces stream through a fixed buffer, so memory stays flat however large
    /// the file. Re-importing a trace with identical content is a no-op; the
    /// same trace id with different content is an error.
    /// - Parameter progress: (bytes read, file size), about every megabyte.
    /// - Throws: `ImportError` for bad input, `StoreError` for database trouble.
    /// - Parameter shouldStop: asked after every read of a trace file; true stops the import with
    ///   `ImportInterrupted`, and nothing of the file is stored.
    ///
    /// A trace file whose bytes were imported before is recognised by its SHA-256 and reported as
    /// already present; nothing of it is stored. A small file is hashed before it is parsed. A file
    /// over 1 MiB is hashed on another thread while its first rows are parsed and inserted: when the
    /// hash is known, it is looked up, and a file imported before rolls back (a re-import costs what
    /// the hashing takes, about 0.1 s for 50 MB, not the whole file).
    ///
    /// - Parameter next: the file the caller imports next, if any: a small trace file (up to 1 MiB) is
    ///   then hashed (on a thread of its own) and parsed (on the parser thread) while this one is inserted, so that a folder of
    ///   small files keeps both threads busy. It is only read ahead after a file that was not already
    ///   present (a folder imported again parses nothing for nothing), and nothing of it is stored
    ///   until `importFile(next)` is called; a call for another file drops what was read ahead.
    public func importFile(_ path: String, progress: ((Int64, Int64) -> Void)? = nil,
                           shouldStop: (@Sendable () -> Bool)? = nil, next: String? = nil) throws -> FileImport {
        let ahead = readAhead.take(path)
        guard let kind = TraceStore.importKind(of: path) else {
            throw ImportError(file: path, line: nil, "not a trace (.jsonl, .csv), snapshot (.json) or gzipped recording (.json.gz) file")
        }
        let importedAt = TraceStore.now()  // one timestamp per import
        if kind == .snapshot { return try importSnapshotFile(path, importedAt: importedAt) }
        if ahead == nil && ReadAhead.size(of: path) > ReadAhead.largest {
            let hash = HashingTask(path, shouldStop: shouldStop)
            defer { hash.cancel() }
            let parsed = ParseStream.of(kind, path: path, progress: progress, shouldStop: shouldStop)
            parsed.start()
            do {
                return try importTraces(parsed, kind: kind, path, hash: hash, importedAt: importedAt)
            } catch let same as SameBytes {
                return same.result
            }
        }
        let file: FileHash
        let found: ImportedFile?
        do {
            file = try ahead?.hash.wait() ?? FileHash.of(path, shouldStop: shouldStop)
            // One SELECT needs no transaction of its own (a read transaction would add four statements per file).
            found = try wrap({ try dbWriter.unsafeRead { try ImportedFile.find(file.hash, in: $0) } })
        } catch {
            ahead?.cancel()
            throw error is CancellationError ? ImportInterrupted(file: path) : error
        }
        if let earlier = found {
            ahead?.cancel()
            return SameBytes(path, kind, earlier).result
        }
        let parsed = ahead?.stream ?? ParseStream.of(kind, path: path, progress: progress, shouldStop: shouldStop)
        if ahead == nil { parsed.start() }
        if let next { readAhead.start(next, shouldStop: shouldStop) }  // parsed after this file, on the same thread
        return try importTraces(parsed, kind: kind, path, hash: HashingTask(known: file), importedAt: importedAt)
    }

    /// A file whose bytes were imported before: what to report (thrown to roll a large file's transaction back).
    private struct SameBytes: Error {
        let result: FileImport
        init(_ path: String, _ kind: FileImport.Kind, _ earlier: ImportedFile) {
            var result = FileImport(file: path, kind: kind)
            result.tracesPresent = earlier.traces
            result.sameFileAs = FileImport.EarlierImport(path: earlier.path, importedAt: earlier.importedAt)
            self.result = result
        }
    }

    // MARK: - Traces

    /// One trace being imported: its row, what the database already had, its checks and hash.
    struct Pending {
        var header: TraceHeader
        var rowID: Int64
        var existing: (id: Int64, hash: String, from: String?)?
        var hasher = ContentHasher()
        var events = 0
        /// The ids of its first and last event (0: none stored).
        var range: (first: Int64, last: Int64) = (0, 0)
    }

    /// JSON Lines and CSV on two threads (`parsed` is started): a parser (`ParseStream`) reads, checks and hashes
    /// the file's traces while this thread inserts the rows parsed before, in the import's
    /// one transaction (the sqlite3 CLI does both on one thread). Memory stays flat: at most
    /// a few chunks of parsed rows are in flight. The file's hash is looked up as soon as it is
    /// known (between chunks, and at the end): bytes imported before throw `SameBytes`.
    /// - Parameter hash: nil for a production recording (its file is not recorded by its bytes; each visit's content is).
    func importTraces(_ parsed: ParseStream, kind: FileImport.Kind, _ path: String, hash: HashingTask?,
                      importedAt: String) throws -> FileImport {
        var result = FileImport(file: path, kind: kind)
        defer { parsed.cancel() }
        try writeTransaction { db in
            var looked = hash?.isKnown ?? true  // a hash known before the import began was looked up already
            func lookUp(_ file: FileHash) throws {
                looked = true
                if let earlier = try ImportedFile.find(file.hash, in: db) { throw SameBytes(path, kind, earlier) }
            }
            let insert = try EventInserter(db)
            // Per trace, in the order the parser met them: where its events go (nil: already stored).
            // Kept apart from `pending` so that an event copies one integer, not a trace's state.
            var rowIDs: [Int64?] = []
            var pendings: [Pending] = []
            // Per trace: the ids of its first and last event (v8-event-ranges).
            var ranges: [(first: Int64, last: Int64)] = []
            while let chunk = try parsed.next() {
                if !looked, let file = try hash?.poll() { try lookUp(file) }
                for item in chunk {
                    switch item {
                    case .trace(let header, let line):
                        let p = try begin(header, db: db, file: path, line: line, importedAt: importedAt)
                        rowIDs.append(p.existing == nil ? p.rowID : nil)
                        pendings.append(p)
                        ranges.append((0, 0))
                    case .event(let index, let event):
                        if let rowID = rowIDs[Int(index)] {
                            let id = try insert.add(event, trace: rowID)
                            if ranges[Int(index)].first == 0 { ranges[Int(index)].first = id }
                            ranges[Int(index)].last = id
                        }
                    }
                }
            }
            let file = try hash?.wait()
            if !looked, let file { try lookUp(file) }
            try insert.flush()
            let traces = try parsed.finish()
            for i in traces.indices {
                var pending = pendings[i]
                pending.hasher = traces[i].hasher
                pending.events = traces[i].events
                pending.range = ranges[i]
                let isNew = pending.existing == nil
                try finish(&pending, db: db, file: path, into: &result)
                result.warnings += traces[i].validator.warnings.map { $0.located(in: path) }
                if isNew, let visit = traces[i].visit { try storeVisit(visit, trace: pending.rowID, db: db) }
            }
            if let file { try ImportedFile.record(file, path: path, result: result, importedAt: importedAt, in: db) }
        }
        return result
    }

    /// Looks the trace up; stores its row unless it is already there.
    /// - Complexity: two cached statements per trace (prepared once per import).
    func begin(_ header: TraceHeader, db: Database, file: String, line: Int, importedAt: String) throws -> Pending {
        var pending = Pending(header: header, rowID: 0, existing: nil)
        pending.hasher.add(header)
        let lookup = try db.cachedStatement(sql: "SELECT id, content_hash, imported_from FROM trace WHERE name = ?")
        if let row = try Row.fetchOne(lookup, arguments: [header.trace]) {
            pending.existing = (row["id"], row["content_hash"], row["imported_from"])
            pending.rowID = row["id"]
        } else {
            let insert = try db.cachedStatement(sql: """
                INSERT INTO trace (name, screen, device_model, os, app_version, app_build, recorded_at, source,
                                   content_hash, event_count, imported_from, imported_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', 0, ?, ?)
                """)
            try insert.execute(arguments: [header.trace, header.screen, header.deviceModel, header.os, header.appVersion,
                                           header.appBuild, header.recordedAt, header.source, file, importedAt])
            pending.rowID = db.lastInsertedRowID
        }
        return pending
    }

    /// Seals a trace: records its hash and count, or checks it against what was there.
    func finish(_ pending: inout Pending, db: Database, file: String, into result: inout FileImport) throws {
        let hash = pending.hasher.finalize()
        if let existing = pending.existing {
            guard existing.hash == hash else {
                let from = existing.from.map { " (imported from \($0))" } ?? ""
                throw ImportError(file: file, line: nil,
                                  "trace '\(pending.header.trace.clipped)' is already in the database with different content\(from); give the new recording another trace id")
            }
            result.tracesPresent.append(pending.header.trace)
        } else {
            try db.cachedStatement(sql: "UPDATE trace SET content_hash = ?, event_count = ?, first_event = ?, last_event = ? WHERE id = ?")
                .execute(arguments: [hash, pending.events, pending.range.first > 0 ? pending.range.first : nil,
                                     pending.range.last > 0 ? pending.range.last : nil, pending.rowID])
            result.tracesAdded.append(pending.header.trace)
            result.eventsAdded += pending.events
        }
    }

    // MARK: - Snapshots

    private func importSnapshotFile(_ path: String, importedAt: String) throws -> FileImport {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ImportError(file: path, line: nil, "cannot read the file")
        }
        return try importSnapshot(data, from: path, importedAt: importedAt)
    }

    /// Stores one snapshot document (canonical snapshot JSON; a capture bundle is
    /// converted before it reaches the store), unless identical content is already stored.
    /// - Parameter path: the file it came from, for messages and `imported_from`.
    public func importSnapshot(_ data: Data, from path: String) throws -> FileImport {
        try importSnapshot(data, from: path, importedAt: TraceStore.now())
    }

    private func importSnapshot(_ data: Data, from path: String, importedAt: String) throws -> FileImport {
        var result = FileImport(file: path, kind: .snapshot)
        // Stored by the hash of its bytes: the same bytes again are recognised before parsing.
        let hash = ContentHasher.hex(of: data)
        if try read({ try Bool.fetchOne($0, sql: "SELECT 1 FROM snapshot WHERE content_hash = ?", arguments: [hash]) }) == true {
            result.snapshotsPresent = 1
            return result
        }
        let snapshot: Snapshot
        do {
            snapshot = try Snapshot(json: data)
        } catch let e as SnapshotError {
            throw ImportError(file: path, line: e.line, path: e.path, e.message)
        }
        try writeTransaction { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM snapshot WHERE content_hash = ?", arguments: [hash]) == true {
                result.snapshotsPresent = 1
                return
            }
            try db.execute(sql: """
                INSERT INTO snapshot (screen, app_id, app_version, app_build, device_model, os, captured_at, node_count,
                                      content_hash, json, imported_from, imported_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [snapshot.screen, snapshot.app.id, snapshot.app.version, snapshot.app.build,
                                 snapshot.device.model, snapshot.device.os, snapshot.capturedAt, snapshot.nodes.count,
                                 hash, String(decoding: data, as: UTF8.self), path, importedAt])
            result.snapshotsAdded = 1
        }
        return result
    }
}

/// The hot path of an import: events are buffered and inserted 256 rows per
/// statement, bound and stepped through the SQLite C API (GRDB's argument
/// binding costs about half the rate here, and one row per statement spends
/// much of SQLite's time starting and finishing statements: 64 rows per
/// statement imported 1M events in 1.45 s, 256 in 1.36 s, in a test with 16 KB pages). Call `flush()`
/// before the transaction ends.
final class EventInserter {
    /// Rows per statement: 256, or fewer (a power of two) when this SQLite allows fewer than 2,048
    /// parameters in a statement (before 3.32 the limit was 999).
    let batch: Int
    private var pending: [(id: Int64, trace: Int64, event: TouchEvent)] = []
    /// Each phase's name as a C string that lives as long as the process: bound without a copy
    /// (`SQLITE_STATIC`), where a transient binding costs SQLite an allocation and a copy per row.
    /// Written once, then only read.
    nonisolated(unsafe) private static let phaseNames: [(text: UnsafePointer<CChar>, count: Int32)] = Phase.allCases.map {
        (UnsafePointer(strdup($0.rawValue)!), Int32($0.rawValue.utf8.count))
    }

    /// The id the next event gets: events are numbered in file order from one past the largest id
    /// stored (the transaction holds the write lock), so the importer knows each trace's range.
    private var nextID: Int64

    private static let columns = 9
    /// `INSERT … VALUES (?, …), …` for 1, 2, 4, … 256 rows.
    private static let sql: [String] = (0...8).map { power in
        "INSERT INTO event (id, trace_id, t, touch, phase, x, y, radius, expect) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?)", count: 1 << power).joined(separator: ", ")
    }

    private let db: Database
    private let many: OpaquePointer

    init(_ db: Database) throws {
        self.db = db
        let limit = Int(sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        var rows = 1 << (EventInserter.sql.count - 1)
        while rows > 1 && rows * EventInserter.columns > limit { rows /= 2 }
        batch = rows
        nextID = try Int64.fetchOne(db.cachedStatement(sql: "SELECT coalesce(max(id), 0) + 1 FROM event")) ?? 1
        // Cached on the connection: a folder of JSON Lines files prepares them once, not once a file.
        many = try db.cachedStatement(sql: EventInserter.sql[rows.trailingZeroBitCount]).sqliteStatement
        pending.reserveCapacity(batch)
    }

    /// Queues one event of the trace with this row id; returns the id it gets.
    func add(_ e: TouchEvent, trace: Int64) throws -> Int64 {
        let id = nextID
        nextID += 1
        pending.append((id, trace, e))
        if pending.count == batch {
            try insert(many, pending[...])
            pending.removeAll(keepingCapacity: true)
        }
        return id
    }

    /// The rows left over, in statements of half a batch, a quarter, … one row (a file of
    /// 1,000 events ends with 232 rows: four statements, not 232).
    func flush() throws {
        var start = 0
        var size = batch / 2
        while start < pending.count {
            if pending.count - start >= size {
                let statement = try db.cachedStatement(sql: EventInserter.sql[size.trailingZeroBitCount])
                try insert(statement.sqliteStatement, pending[start..<(start + size)])
                start += size
            } else {
                size /= 2
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    private func insert(_ s: OpaquePointer, _ rows: ArraySlice<(id: Int64, trace: Int64, event: TouchEvent)>) throws {
        var i: Int32 = 1
        for (_, trace, e) in rows {
            // The id is left to SQLite, which gives the next one past the largest (`nextID`, as the write lock
            // is held): a given id costs a search of the table for a row that has it, a new one none.
            sqlite3_bind_null(s, i)
            i += 1
            sqlite3_bind_int64(s, i, trace)
            sqlite3_bind_double(s, i + 1, e.t)
            sqlite3_bind_int64(s, i + 2, Int64(e.touch))
            let phase: Int = switch e.phase { case .began: 0; case .moved: 1; case .stationary: 2; case .ended: 3; case .cancelled: 4; case .fired: 5; case .hit: 6 }
            let name = EventInserter.phaseNames[phase]
            sqlite3_bind_text(s, i + 3, name.text, name.count, nil)  // SQLITE_STATIC
            sqlite3_bind_double(s, i + 4, e.x)
            sqlite3_bind_double(s, i + 5, e.y)
            if let r = e.radius { sqlite3_bind_double(s, i + 6, r) } else { sqlite3_bind_null(s, i + 6) }
            if let x = e.expect {
                _ = x.withCString { sqlite3_bind_text(s, i + 7, $0, -1, RawInsert.transient) }
            } else {
                sqlite3_bind_null(s, i + 7)
            }
            i += 8
        }
        try SQLiteC.execute(s)
        // The ids SQLite gave are the ones the trace ranges were written with (it gives the next past the largest).
        if let last = rows.last, sqlite3_last_insert_rowid(db.sqliteConnection) != last.id {
            throw StoreError("event ids out of step: SQLite gave \(sqlite3_last_insert_rowid(db.sqliteConnection)) where \(last.id) was expected; nothing was imported")
        }
    }
}
