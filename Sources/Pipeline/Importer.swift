import Converters
import SessionRecordings
import Foundation
import TapJSON
import TraceStore

/// `replay import` of one file: traces and snapshots go to the store as they
/// are; a capture bundle is converted to its snapshot first (the store knows
/// no capture format).
public enum Importer {
    /// Imports one file in one transaction: all of it, or (on any error) nothing.
    /// - Parameter progress: (bytes read, file size), about every megabyte (traces).
    /// - Throws: `ImportError` for bad input, `StoreError` for database trouble.
    /// - Parameter shouldStop: asked as a trace file is read; true stops with `ImportInterrupted` (nothing of the file stored).
    /// - Parameter next: the file imported next, read ahead while this one is stored (`TraceStore.importFile`).
    /// - Parameter screenMap: for a session recording, its screen names → the team's snapshot screens.
    public static func importFile(_ path: String, into store: TraceStore,
                                  progress: ((Int64, Int64) -> Void)? = nil,
                                  shouldStop: (@Sendable () -> Bool)? = nil, next: String? = nil,
                                  screenMap: ScreenMap = ScreenMap()) throws -> FileImport {
        if TraceStore.importKind(of: path) == .recording || RecordingImporter.isCompressed(path) {
            // A compressed session recording (gzip or zlib; docs/field-report.md, "Compressed recordings").
            return try RecordingImporter.importCompressed(path, into: store, screenMap: screenMap)
        }
        if TraceStore.importKind(of: path) == .jsonl, let format = RecordingImporter.format(ofFile: path) {
            // Session-recording segments one a line (Datadog), not a TapReplay trace.
            return try RecordingImporter.importRecording(try RecordingImporter.contents(of: path), format: format, from: path, into: store, screenMap: screenMap)
        }
        guard TraceStore.importKind(of: path) == .snapshot else {
            return try store.importFile(path, progress: progress, shouldStop: shouldStop, next: next)
        }
        if RecordingImporter.format(ofFile: path) == .posthog {  // streamed, not read whole (docs/field-report.md, "Streamed")
            return try RecordingImporter.importStreamed(path, into: store, screenMap: screenMap)
        }
        let fileData: Data
        do {
            fileData = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ImportError(file: path, line: nil, "cannot read the file")
        }
        if let format = RecordingFormat.detect(fileData) {  // a production session recording (docs/field-report.md)
            return try RecordingImporter.importRecording(fileData, format: format, from: path, into: store, screenMap: screenMap)
        }
        let data: Data
        do {
            data = try CaptureImport.snapshotJSON(fileData, fallbackScreen: (path as NSString).lastPathComponent.components(separatedBy: ".")[0])
        } catch let e as CaptureError {
            throw ImportError(file: path, line: e.line, path: e.path, e.message)
        }
        do {
            return try store.importSnapshot(data, from: path)
        } catch is ImportError where FileKind.reason(fileData, file: path, expected: "tapreplay-snapshot") != nil {
            throw ImportError(file: path, line: nil, "this is " + FileKind.reason(fileData, file: path, expected: "tapreplay-snapshot")!)
        } catch let e as ImportError where !e.path.isEmpty {
            throw ImportError(file: path, line: e.line, path: e.path, NodePath.message(e.message, path: e.path, in: data))
        }
    }
}
