import Dispatch
import Foundation
import GRDB
import HistoryValues
import TapJSON

extension SQLValue {
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
    let dbReader: DatabaseQueue

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
            dbReader = try DatabaseQueue(path: path, configuration: config)
            try TraceStore.checkSchema(dbReader, path: path)
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Runs SQL that only reads, handing each row of the last statement to `row` as it is read
    /// (so a result of any size streams). Several statements may be given.
    /// - Parameter timeout: seconds before the query is interrupted (a runaway recursive CTE).
    /// - Returns: the last statement's column names.
    /// - Throws: `QueryRefused` for anything that would write or attach (before anything runs),
    ///   for invalid SQL, and for a query interrupted by the time limit.
    @discardableResult
    public func query(_ sql: String, timeout: Double = 30, columns: ([String]) throws -> Void = { _ in },
                      row: ([SQLValue]) throws -> Void) throws -> [String] {
        let expired = LockedFlag()
        let dbReader = self.dbReader
        let timer = DispatchWorkItem {
            expired.set()
            dbReader.interrupt()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        defer { timer.cancel() }
        do {
            return try dbReader.read { db in
                var statements: [Statement] = []
                let cursor = try db.allStatements(sql: sql)
                while let s = try cursor.next() {
                    let keyword = SQLText.firstKeyword(s.sql)
                    if keyword == "ATTACH" || keyword == "DETACH" {
                        throw QueryRefused("replay query is read-only: ATTACH and DETACH are refused")
                    }
                    guard s.isReadonly else {
                        throw QueryRefused("replay query is read-only: refusing \(s.sql.trimmingCharacters(in: .whitespacesAndNewlines).prefix(60))")
                    }
                    statements.append(s)
                }
                guard let last = statements.last else { throw QueryRefused("no SQL statement given") }
                for s in statements.dropLast() { try s.execute() }
                try columns(last.columnNames)
                let rowCursor = try Row.fetchCursor(last)
                while let r = try rowCursor.next() {
                    try row(r.databaseValues.map(SQLValue.init))
                }
                return last.columnNames
            }
        } catch let e as QueryRefused {
            throw e
        } catch let e as DatabaseError where e.resultCode == .SQLITE_INTERRUPT || expired.isSet {
            _ = e
            throw QueryRefused("the query ran longer than \(JSONText.seconds(timeout)) and was stopped (raise the limit with --timeout)")
        } catch let e as DatabaseError where e.resultCode == .SQLITE_ERROR || e.resultCode == .SQLITE_AUTH || e.resultCode == .SQLITE_READONLY {
            throw QueryRefused("SQL error: \(e.message ?? "\(e.resultCode)")")
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Runs SQL that only reads and returns every row (small results, tests).
    public func query(_ sql: String, timeout: Double = 30) throws -> QueryResult {
        var rows: [[SQLValue]] = []
        let columns = try query(sql, timeout: timeout) { rows.append($0) }
        return QueryResult(columns: columns, rows: rows)
    }
}

/// What SQL text begins with, past white space and comments.
enum SQLText {
    /// The first keyword, upper-cased: `/**/ ATTACH …` and `-- note\nATTACH …` give "ATTACH".
    static func firstKeyword(_ sql: String) -> String {
        var s = Substring(sql)
        while true {
            s = s.drop(while: { $0.isWhitespace })
            if s.hasPrefix("--") {
                s = s.drop(while: { $0 != "\n" })
            } else if s.hasPrefix("/*") {
                if let end = s.range(of: "*/") { s = s[end.upperBound...] } else { return "" }
            } else {
                break
            }
        }
        return String(s.prefix(while: { $0.isLetter })).uppercased()
    }
}

enum JSONText {
    static func seconds(_ s: Double) -> String { s == s.rounded() ? "\(Int(s)) s" : "\(s) s" }
}

/// A flag set from another thread.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}

/// A query that was not run: it would write, or it is not valid SQL.
public struct QueryRefused: LocatedError {
    public let message: String
    public init(_ message: String) { self.message = message }
}
