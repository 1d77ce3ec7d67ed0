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
        try importRecording(format: format, from: path) { visit in
            for v in visits { try visit(v) }
        }
    }

    /// Stores a recording read while it is stored (docs/field-report.md, "Streamed"): `read` runs on the
    /// parser thread and hands each screen visit to `visit` as soon as it is sealed; there the visit is
    /// checked and hashed, and its rows go to this thread, which inserts them, as a CSV file's are
    /// (`ParseStream`). One transaction for the whole recording: an error thrown by `read` (a malformed
    /// event late in the file) or by a check stores nothing of it.
    /// - Parameter format: the SDK (`posthog`, `datadog`, `measure`).
    public func importRecording(format: String, from path: String,
                                reading read: @escaping @Sendable (_ visit: (ScreenVisit) throws -> Void) throws -> Void) throws -> FileImport {
        let parsed = ParseStream(chunkSize: 8192, maxChunks: 4) { emitter in
            var traces: [ParseStream.TraceState] = []
            try read { visit in
                let trace = visit.header.trace
                var state = ParseStream.TraceState(header: visit.header, validator: TraceValidator(trace: trace), lastLine: 0,
                                                   visit: .init(format: format, width: visit.width, height: visit.height,
                                                                inferredSnapshot: visit.inferredSnapshot))
                state.hasher.add(visit.header)
                let index = Int32(traces.count)
                try emitter.add(.trace(visit.header, line: 0))
                for (n, e) in visit.events.enumerated() {
                    do {
                        try state.validator.accept(e, line: n + 1)
                    } catch let e as TraceError {
                        throw ImportError(file: path, line: nil, path: "\(trace) event \(n + 1)", e.message)
                    }
                    state.hasher.add(e)
                    try emitter.add(.event(index, e))
                }
                state.events = visit.events.count
                do {
                    try state.validator.finish(line: visit.events.count)
                } catch let e as TraceError {
                    throw ImportError(file: path, line: nil, path: trace, e.message)
                }
                traces.append(state)
            }
            return traces
        }
        parsed.start()
        return try importTraces(parsed, kind: .recording, path, hash: nil, importedAt: TraceStore.now())
    }

    /// The `recording_visit` row of a trace newly stored from a recording.
    func storeVisit(_ visit: ParseStream.RecordingVisit, trace rowID: Int64, db: Database) throws {
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO recording_visit (trace_id, format, width, height, inferred_snapshot) VALUES (?, ?, ?, ?, ?)")
            .execute(arguments: [rowID, visit.format, visit.width, visit.height, visit.inferredSnapshot])
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
