import Foundation
import GRDB

/// One value of a query result.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    init(_ v: DatabaseValue) {
        switch v.storage {
        case .null: self = .null
        case .int64(let i): self = .integer(i)
        case .double(let d): self = .real(d)
        case .string(let s): self = .text(s)
        case .blob(let d): self = .blob(Array(d))
        }
    }
}

/// Columns and rows of a read-only query.
public struct QueryResult: Sendable {
    public var columns: [String]
    public var rows: [[SQLValue]]
}

/// A read-only view of a database for `replay query`: the connection is opened
/// read-only and `query_only`, every statement is checked to be read-only
/// before any runs, and ATTACH/DETACH are refused.
public final class ReadOnlyStore: Sendable {
    public let path: String
    let queue: DatabaseQueue

    public init(path: String, busyTimeout: Double = TraceStore.defaultBusyTimeout()) throws {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else {
            throw StoreError("no database at \(path) (import traces first, or pass --db)")
        }
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(busyTimeout)
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA query_only = 1") }
        do {
            queue = try DatabaseQueue(path: path, configuration: config)
            try TraceStore.checkSchema(queue, path: path)
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Runs SQL that only reads. Several statements may be given; the last one's rows are returned.
    /// - Throws: `QueryRefused` for anything that would write or attach, before anything runs.
    public func query(_ sql: String) throws -> QueryResult {
        do {
            return try queue.read { db in
                var statements: [Statement] = []
                let cursor = try db.allStatements(sql: sql)
                while let s = try cursor.next() {
                    let keyword = s.sql.drop(while: { $0.isWhitespace }).prefix(6).uppercased()
                    if keyword.hasPrefix("ATTACH") || keyword.hasPrefix("DETACH") {
                        throw QueryRefused("replay query is read-only: ATTACH and DETACH are refused")
                    }
                    guard s.isReadonly else {
                        throw QueryRefused("replay query is read-only: refusing \(s.sql.trimmingCharacters(in: .whitespacesAndNewlines).prefix(60))")
                    }
                    statements.append(s)
                }
                guard let last = statements.last else { throw QueryRefused("no SQL statement given") }
                for s in statements.dropLast() { try s.execute() }
                var rows: [[SQLValue]] = []
                let rowCursor = try Row.fetchCursor(last)
                while let row = try rowCursor.next() {
                    rows.append(row.databaseValues.map(SQLValue.init))
                }
                return QueryResult(columns: last.columnNames, rows: rows)
            }
        } catch let e as QueryRefused {
            throw e
        } catch let e as DatabaseError where e.resultCode == .SQLITE_ERROR || e.resultCode == .SQLITE_AUTH || e.resultCode == .SQLITE_READONLY {
            throw QueryRefused("SQL error: \(e.message ?? "\(e.resultCode)")")
        } catch {
            throw StoreError.from(error, path: path)
        }
    }
}

/// A query that was not run: it would write, or it is not valid SQL.
public struct QueryRefused: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
