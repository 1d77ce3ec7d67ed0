import Converters
import SessionRecordings
import Foundation
import TapModel
import TraceStore

/// `replay import` of a production session recording (docs/field-report.md): the
/// recording is read whole (a malformed one stores nothing and names the JSON path),
/// then every screen visit becomes a trace and its inferred snapshot is kept beside it.
public enum RecordingImporter {
    /// - Throws: `ImportError` naming the file and the JSON path of what is wrong.
    /// - Parameter screenMap: the recording's screen names → the team's snapshot screens (`--screen-map`).
    public static func importRecording(_ data: Data, format: RecordingFormat, from path: String, into store: TraceStore,
                                       screenMap: ScreenMap = ScreenMap()) throws -> FileImport {
        var recording: ProductionRecording
        do {
            recording = try read(data, format: format, fallbackID: fallbackID(path))
        } catch let e as RecordingError {
            throw ImportError(file: path, line: nil, path: e.path, "\(format.title): \(e.message)")
        }
        let renamed = screenMap.apply(to: &recording)
        if !renamed.isEmpty { recording.notes.insert("screens named by the screen map: \(renamed.joined(separator: ", "))", at: 0) }
        if recording.visits.isEmpty {
            throw ImportError(file: path, line: nil, "\(format.title): no touches on any screen in this recording; nothing to import")
        }
        var result = try store.importRecording(recording.visits, format: format.rawValue, from: path)
        result.warnings = notes(recording, file: path) + result.warnings
        return result
    }

    /// A recording gzipped whole, or a zlib stream: inflated, then read as its format says.
    /// - Throws: `ImportError` naming the file when it is damaged or not a session recording.
    static func importCompressed(_ path: String, into store: TraceStore, screenMap: ScreenMap = ScreenMap()) throws -> FileImport {
        let data: Data
        do {
            data = try Inflate.inflate(try contents(of: path))
        } catch let e as RecordingError {
            throw ImportError(file: path, line: nil, e.message)
        }
        guard let format = RecordingFormat.detect(data) else {
            throw ImportError(file: path, line: nil, "a compressed file that is not a session recording (PostHog, Datadog, Measure); "
                + "only recordings are read compressed: decompress anything else first")
        }
        return try importRecording(data, format: format, from: path, into: store, screenMap: screenMap)
    }

    /// Whether a `.json`/`.jsonl` file starts as gzip or zlib data (a recording saved as its SDK uploads it).
    static func isCompressed(_ path: String) -> Bool {
        guard TraceStore.importKind(of: path) == .snapshot || TraceStore.importKind(of: path) == .jsonl,
              let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return Inflate.isCompressed((try? handle.read(upToCount: 2)) ?? Data())
    }

    public static func read(_ data: Data, format: RecordingFormat, fallbackID: String) throws -> ProductionRecording {
        switch format {
        case .posthog:
            return try PostHogRecording.read(data, fallbackID: fallbackID)
        case .datadog:
            return try DatadogRecording.read(data, fallbackID: fallbackID)
        case .measure:
            return try MeasureRecording.read(data, fallbackID: fallbackID)
        }
    }

    /// The recording format of a file, by its first 8 KiB (nil: not a recording).
    public static func format(ofFile path: String) -> RecordingFormat? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return RecordingFormat.detect((try? handle.read(upToCount: 8192)) ?? Data())
    }

    static func contents(of path: String) throws -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ImportError(file: path, line: nil, "cannot read the file")
        }
    }

    /// What the import says on stderr about the recording.
    static func notes(_ r: ProductionRecording, file: String) -> [String] {
        let inferred = r.visits.filter { $0.inferredSnapshot != nil }.count
        let screens = Set(r.visits.map(\.header.screen)).sorted()
        var lines = ["\(file): \(r.format.title): \(r.visits.count) screen visit\(r.visits.count == 1 ? "" : "s") (\(screens.joined(separator: ", "))), "
            + "\(inferred) with a snapshot inferred from its wireframes (kept for the field report, never a baseline)"]
        if let s = r.skippedSummary { lines.append("\(file): \(s)") }
        if r.droppedTouches > 0 {
            lines.append("\(file): \(r.droppedTouches) touch\(r.droppedTouches == 1 ? "" : "es") over a keyboard or a secure field dropped (never stored)")
        }
        return lines + r.notes.map { "\(file): \($0)" }
    }

    /// `abc.ph-recording.json` → `abc`: the session id when the export does not say.
    static func fallbackID(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return name.components(separatedBy: ".")[0]
    }
}
