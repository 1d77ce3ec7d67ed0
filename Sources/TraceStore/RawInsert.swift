import GRDB
import GRDBSQLite

/// The one place that steps a statement through the SQLite C API and turns a
/// failure into GRDB's `DatabaseError` (import, history and the event reader use it).
enum SQLiteC {
    /// Steps `s` once: true for a row, false when done; resets it when done or failed.
    @inline(__always)
    static func step(_ s: OpaquePointer) throws -> Bool {
        let rc = sqlite3_step(s)
        if rc == SQLITE_ROW { return true }
        sqlite3_reset(s)
        guard rc == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: rc), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(s))))
        }
        return false
    }

    /// Steps a statement that returns no rows (an insert).
    @inline(__always)
    static func execute(_ s: OpaquePointer) throws {
        if try step(s) { sqlite3_reset(s) }
    }
}

/// Binds and steps a prepared statement through the SQLite C API, for the
/// bulk inserts of import and history (GRDB's argument binding costs about
/// half the rate on these paths). Must be used inside a transaction.
struct RawInsert {
    let statement: Statement
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ statement: Statement) { self.statement = statement }

    /// Binds parameters in order, 1, 2, 3, ...
    struct Binder {
        let s: OpaquePointer
        var index: Int32 = 1
        mutating func int(_ v: Int64?) {
            if let v { sqlite3_bind_int64(s, index, v) } else { sqlite3_bind_null(s, index) }
            index += 1
        }
        mutating func double(_ v: Double?) {
            if let v { sqlite3_bind_double(s, index, v) } else { sqlite3_bind_null(s, index) }
            index += 1
        }
        mutating func text(_ v: String?) {
            if var v {
                let i = index, s = self.s
                v.withUTF8 { Binder.bindText(s, i, $0) }
            } else {
                sqlite3_bind_null(s, index)
            }
            index += 1
        }
        /// Text given as its UTF-8 bytes (valid UTF-8).
        mutating func text(utf8 v: [UInt8]) {
            let i = index, s = self.s
            v.withUnsafeBufferPointer { Binder.bindText(s, i, $0) }
            index += 1
        }
        /// Bytes as a BLOB (an empty one is a zero-length BLOB, not NULL).
        mutating func blob(_ v: [UInt8]) {
            let i = index, s = self.s
            v.withUnsafeBytes { u in _ = sqlite3_bind_blob(s, i, u.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(u.count), RawInsert.transient) }
            index += 1
        }
        private static func bindText(_ s: OpaquePointer, _ i: Int32, _ u: UnsafeBufferPointer<UInt8>) {
            u.withMemoryRebound(to: CChar.self) { c in
                if let base = c.baseAddress {
                    _ = sqlite3_bind_text(s, i, base, Int32(c.count), RawInsert.transient)
                } else {
                    _ = sqlite3_bind_text(s, i, "", 0, RawInsert.transient)
                }
            }
        }
    }

    /// Binds one row with `bind`, then inserts it.
    func row(_ bind: (inout Binder) -> Void) throws {
        let s = statement.sqliteStatement
        var b = Binder(s: s)
        bind(&b)
        try SQLiteC.execute(s)
    }
}
