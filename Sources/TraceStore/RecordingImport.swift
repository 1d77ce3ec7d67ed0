import Foundation
import GRDB
import TapModel

/// What the store knows of a trace that came from a production recording.
public struct StoredVisit: Sendable, Equatable {
    public var format: String
    public var width: Double?
    public var height: Double?
    public var inferredSnapshot: String?
}

extension TraceStore {
    /// Stores the visits of one recording in one transaction: every trace checked by
    /// the trace format's rules (docs/traces-and-database.md, "What is rejected"), all of them or nothing.
    /// A visit already stored with the same content is left as it is.
    /// - Parameter format: the SDK (`posthog`, `datadog`, `measure`).
    public func importRecording(_ visits: [ScreenVisit], format: String, from path: String) throws -> FileImport {
        var result = FileImport(file: path, kind: .recording)
        let importedAt = TraceStore.now()
        try writeTransaction { db in
            let insert = try EventInserter(db)
            var sealed: [(Pending, ScreenVisit)] = []
            for visit in visits {
                var validator = TraceValidator(trace: visit.header.trace)
                for (n, e) in visit.events.enumerated() {
                    do {
                        try validator.accept(e, line: n + 1)
                    } catch let e as TraceError {
                        throw ImportError(file: path, line: nil, path: "\(visit.header.trace) event \(n + 1)", e.message)
                    }
                }
                do {
                    try validator.finish(line: visit.events.count)
                } catch let e as TraceError {
                    throw ImportError(file: path, line: nil, path: visit.header.trace, e.message)
                }
                var pending = try begin(visit.header, db: db, file: path, line: 0, importedAt: importedAt)
                for e in visit.events {
                    pending.hasher.add(e)
                    pending.events += 1
                    if pending.existing == nil {
                        let id = try insert.add(e, trace: pending.rowID)
                        if pending.range.first == 0 { pending.range.first = id }
                        pending.range.last = id
                    }
                }
                sealed.append((pending, visit))
            }
            try insert.flush()
            for (sealedPending, visit) in sealed {
                var pending = sealedPending
                let isNew = pending.existing == nil
                try finish(&pending, db: db, file: path, into: &result)
                guard isNew else { continue }
                try db.execute(sql: "INSERT OR REPLACE INTO recording_visit (trace_id, format, width, height, inferred_snapshot) VALUES (?, ?, ?, ?, ?)",
                               arguments: [pending.rowID, format, visit.width, visit.height, visit.inferredSnapshot])
            }
        }
        return result
    }

    /// The recording a trace came from, if it came from one.
    public func visit(ofTrace rowID: Int64) throws -> StoredVisit? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT format, width, height, inferred_snapshot FROM recording_visit WHERE trace_id = ?", arguments: [rowID])
                .map { StoredVisit(format: $0["format"], width: $0["width"], height: $0["height"], inferredSnapshot: $0["inferred_snapshot"]) }
        }
    }

    /// Every trace imported from a production recording, oldest first, with its visit.
    public func productionTraces(screen: String? = nil) throws -> [(trace: StoredTrace, visit: StoredVisit)] {
        let visits: [Int64: StoredVisit] = try read { db in
            var byTrace: [Int64: StoredVisit] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT trace_id, format, width, height, inferred_snapshot FROM recording_visit") {
                byTrace[row["trace_id"]] = StoredVisit(format: row["format"], width: row["width"], height: row["height"], inferredSnapshot: row["inferred_snapshot"])
            }
            return byTrace
        }
        return try traces(screen: screen).compactMap { t in visits[t.rowID].map { (trace: t, visit: $0) } }
    }
}
