import Foundation
import GRDB
import GRDBSQLite
import TapModel

/// A stored trace's header and database identity.
public struct StoredTrace: Sendable, Equatable {
    public var rowID: Int64
    public var header: TraceHeader
    public var eventCount: Int
    public var contentHash: String

    public init(rowID: Int64, header: TraceHeader, eventCount: Int, contentHash: String) {
        self.rowID = rowID; self.header = header; self.eventCount = eventCount; self.contentHash = contentHash
    }
}

/// A stored snapshot's provenance (its JSON is read on demand).
public struct StoredSnapshot: Sendable, Equatable {
    public var rowID: Int64
    public var screen: String
    public var appVersion: String?
    public var appBuild: String?
    public var contentHash: String
    public var importedFrom: String?
    public var capturedAt: String?

    /// Which of two snapshots of a screen is newer: by capture time (`capturedAt`), then
    /// by app build (numerically when both are numbers), then by import order. A run
    /// uses the newest, never merely the most recently imported file.
    public static func isOlder(_ a: StoredSnapshot, than b: StoredSnapshot) -> Bool {
        let ta = a.capturedAt.flatMap(StoredSnapshot.date), tb = b.capturedAt.flatMap(StoredSnapshot.date)
        if ta != tb {
            guard let ta else { return true }
            guard let tb else { return false }
            return ta < tb
        }
        if a.appBuild != b.appBuild {
            guard let ba = a.appBuild else { return true }
            guard let bb = b.appBuild else { return false }
            if let na = Double(ba), let nb = Double(bb), na != nb { return na < nb }
            return ba.compare(bb, options: .numeric) == .orderedAscending
        }
        return a.rowID < b.rowID
    }

    static func date(_ text: String) -> Date? {
        let f = ISO8601DateFormatter()
        if let d = f.date(from: text) { return d }
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.date(from: text)
    }
}

extension TraceStore {
    /// Every stored trace of a screen (all screens when nil), by trace id.
    public func traces(screen: String? = nil) throws -> [StoredTrace] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT \(StoredTrace.selection)
                FROM trace WHERE (?1 IS NULL OR screen = ?1) ORDER BY name
                """, arguments: [screen])
            return rows.map(StoredTrace.init(row:))
        }
    }

    /// The events of one trace in recorded order.
    /// - Parameter expectedCount: how many there are (`StoredTrace.eventCount`), to size the array once.
    /// - Complexity: O(events), read through the C API.
    public func events(ofTrace rowID: Int64, expectedCount: Int = 0) throws -> [TouchEvent] {
        try read { db in
            // The trace's range of event ids (v8-event-ranges), read through the table's own key.
            let statement = try db.cachedStatement(sql: """
                SELECT t, touch, phase, x, y, radius, expect FROM event
                WHERE id BETWEEN (SELECT first_event FROM trace WHERE id = ?1) AND (SELECT last_event FROM trace WHERE id = ?1)
                  AND trace_id = ?1
                ORDER BY id
                """)
            let s = statement.sqliteStatement
            sqlite3_reset(s)
            sqlite3_bind_int64(s, 1, rowID)
            defer { sqlite3_reset(s) }
            var events: [TouchEvent] = []
            events.reserveCapacity(expectedCount)
            while try SQLiteC.step(s) {
                guard let phase = Self.phase(sqlite3_column_text(s, 2)) else { continue }
                let radius: Double? = sqlite3_column_type(s, 5) == SQLITE_NULL ? nil : sqlite3_column_double(s, 5)
                let expect: String? = sqlite3_column_type(s, 6) == SQLITE_NULL ? nil : String(cString: sqlite3_column_text(s, 6))
                events.append(TouchEvent(t: sqlite3_column_double(s, 0), touch: Int(sqlite3_column_int64(s, 1)), phase: phase,
                                         x: sqlite3_column_double(s, 3), y: sqlite3_column_double(s, 4), radius: radius, expect: expect))
            }
            return events
        }
    }

    /// The phase stored as text, read without making a String (the seven words begin with seven different letters).
    static func phase(_ text: UnsafePointer<UInt8>?) -> Phase? {
        guard let t = text else { return nil }
        switch t[0] {
        case UInt8(ascii: "b"): return .began
        case UInt8(ascii: "m"): return .moved
        case UInt8(ascii: "e"): return .ended
        case UInt8(ascii: "c"): return .cancelled
        case UInt8(ascii: "s"): return .stationary
        case UInt8(ascii: "f"): return .fired
        case UInt8(ascii: "h"): return .hit
        default: return nil
        }
    }

    /// Stored snapshots, by screen, newest import first (all screens when nil).
    public func snapshots(screen: String? = nil) throws -> [StoredSnapshot] {
        try read { db in
            try StoredSnapshot.fetchAll(db, sql: """
                SELECT \(StoredSnapshot.selection) FROM snapshot
                WHERE (?1 IS NULL OR screen = ?1) ORDER BY screen, id DESC
                """, arguments: [screen])
        }
    }

    /// The JSON of a stored snapshot.
    public func snapshotJSON(_ rowID: Int64) throws -> String? {
        try read { try String.fetchOne($0, sql: "SELECT json FROM snapshot WHERE id = ?", arguments: [rowID]) }
    }

    /// Counts for summaries: traces, events, snapshots, runs.
    public func counts() throws -> (traces: Int, events: Int, snapshots: Int, runs: Int) {
        try read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM trace") ?? 0,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM event") ?? 0,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM snapshot") ?? 0,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM run") ?? 0)
        }
    }
}

extension TraceStore {
    /// Whether any trace or snapshot was imported from a file under `folder`.
    public func hasImports(under folder: String) throws -> Bool {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return try read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM trace WHERE substr(imported_from, 1, length(?1)) = ?1)
                    OR EXISTS (SELECT 1 FROM snapshot WHERE substr(imported_from, 1, length(?1)) = ?1)
                """, arguments: [prefix]) ?? false
        }
    }
}

// MARK: - Database

extension StoredTrace: FetchableRecord {
    /// The `trace` table's columns a stored trace is read from.
    enum Columns {
        static let id = Column("id"), name = Column("name"), screen = Column("screen"), deviceModel = Column("device_model")
        static let os = Column("os"), appVersion = Column("app_version"), appBuild = Column("app_build")
        static let recordedAt = Column("recorded_at"), source = Column("source"), eventCount = Column("event_count")
        static let contentHash = Column("content_hash")
        static let all = [id, name, screen, deviceModel, os, appVersion, appBuild, recordedAt, source, eventCount, contentHash]
    }

    /// `id, name, …` for a SELECT.
    static let selection = Columns.all.map(\.name).joined(separator: ", ")

    public init(row: Row) {
        self.init(rowID: row[Columns.id],
                  header: TraceHeader(trace: row[Columns.name], screen: row[Columns.screen], deviceModel: row[Columns.deviceModel],
                                      os: row[Columns.os], appVersion: row[Columns.appVersion], appBuild: row[Columns.appBuild],
                                      recordedAt: row[Columns.recordedAt], source: row[Columns.source]),
                  eventCount: row[Columns.eventCount], contentHash: row[Columns.contentHash])
    }
}

extension StoredSnapshot: FetchableRecord {
    /// The `snapshot` table's columns its provenance is read from (not its JSON).
    enum Columns {
        static let id = Column("id"), screen = Column("screen"), appVersion = Column("app_version"), appBuild = Column("app_build")
        static let contentHash = Column("content_hash"), importedFrom = Column("imported_from"), capturedAt = Column("captured_at")
        static let all = [id, screen, appVersion, appBuild, contentHash, importedFrom, capturedAt]
    }

    static let selection = Columns.all.map(\.name).joined(separator: ", ")

    public init(row: Row) {
        self.init(rowID: row[Columns.id], screen: row[Columns.screen], appVersion: row[Columns.appVersion], appBuild: row[Columns.appBuild],
                  contentHash: row[Columns.contentHash], importedFrom: row[Columns.importedFrom], capturedAt: row[Columns.capturedAt])
    }
}
