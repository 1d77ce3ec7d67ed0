import Converters
import SessionRecordings
import Foundation
import TapModel
import TraceStore

/// `replay import` of a production session recording (docs/field-report.md): every
/// screen visit becomes a trace and its inferred snapshot is kept beside it; a malformed
/// recording stores nothing and names the JSON path. A PostHog export streams (read while
/// it is stored); Datadog and Measure recordings are read whole, then stored.
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
        if let note = ScreenMap.note(screenMap.apply(to: &recording)) { recording.notes.insert(note, at: 0) }
        if recording.visits.isEmpty {
            throw ImportError(file: path, line: nil, noTouches(format))
        }
        var result = try store.importRecording(recording.visits, format: format.rawValue, from: path)
        result.warnings = notes(recording, file: path) + result.warnings
        return result
    }

    /// A recording gzipped whole, or a zlib stream: a PostHog export streams through zlib into the store
    /// (`importStreamed`); any other is inflated, then read as its format says.
    /// - Throws: `ImportError` naming the file when it is damaged or not a session recording.
    static func importCompressed(_ path: String, into store: TraceStore, screenMap: ScreenMap = ScreenMap()) throws -> FileImport {
        let format: RecordingFormat?
        do {
            format = RecordingFormat.detect(try RecordingBytes(path: path).peek(8192))
        } catch let e as RecordingBytes.Failure {
            throw ImportError(file: path, line: nil, e.message)
        }
        guard let format else {
            throw ImportError(file: path, line: nil, "a compressed file that is not a session recording (PostHog, Datadog, Measure); "
                + "only recordings are read compressed: decompress anything else first")
        }
        if format == .posthog { return try importStreamed(path, into: store, screenMap: screenMap) }
        return try importRecording(try inflated(path), format: format, from: path, into: store, screenMap: screenMap)
    }

    /// A PostHog export (plain or compressed) read while it is stored (docs/field-report.md, "Streamed"):
    /// its events are read a buffer at a time on one thread and each screen visit goes to the store as it
    /// is sealed, inserted on another, in one transaction. A recording only the whole-document read takes
    /// (`PostHogRecording.NotStreamable`: stored blocks, events out of time order, invalid JSON …) is
    /// rolled back and read whole.
    /// - Throws: `ImportError` naming the file and the JSON path of what is wrong; nothing of it stored.
    /// - Parameter screenMap: the recording's screen names → the team's snapshot screens (`--screen-map`), applied to each visit as it is read.
    public static func importStreamed(_ path: String, into store: TraceStore, screenMap: ScreenMap = ScreenMap()) throws -> FileImport {
        let format = RecordingFormat.posthog
        let read = StreamedRead()
        let id = fallbackID(path)
        do {
            var result = try store.importRecording(format: format.rawValue, from: path) { visit in
                let recording = try PostHogRecording.stream(try RecordingBytes(path: path), fallbackID: id) { seen in
                    var renamed = seen
                    if let pair = screenMap.apply(to: &renamed), !read.renamed.contains(pair) { read.renamed.append(pair) }
                    try visit(renamed)
                }
                if recording.sealed.visits == 0 { throw ImportError(file: path, line: nil, Self.noTouches(format)) }
                read.recording = recording
            }
            var recording = read.recording!
            if let note = ScreenMap.note(read.renamed) { recording.notes.insert(note, at: 0) }
            result.warnings = notes(recording, file: path) + result.warnings
            return result
        } catch let e as RecordingError {
            throw ImportError(file: path, line: nil, path: e.path, "\(format.title): \(e.message)")
        } catch let e as RecordingBytes.Failure {
            throw ImportError(file: path, line: nil, e.message)
        } catch is PostHogRecording.NotStreamable {
            return try importRecording(try inflated(path), format: format, from: path, into: store, screenMap: screenMap)
        }
    }

    /// What the streamed read returns besides its visits, handed from the parser thread (read once the import is done).
    private final class StreamedRead: @unchecked Sendable {
        var recording: ProductionRecording?
        /// `from → to` for each screen the screen map renamed.
        var renamed: [String] = []
    }

    /// A file's bytes, inflated when it is gzip or zlib data.
    private static func inflated(_ path: String) throws -> Data {
        let data = try contents(of: path)
        guard Inflate.isCompressed(data) else { return data }
        do {
            return try Inflate.inflate(data)
        } catch let e as RecordingError {
            throw ImportError(file: path, line: nil, e.message)
        }
    }

    static func noTouches(_ format: RecordingFormat) -> String {
        "\(format.title): no touches on any screen in this recording; nothing to import"
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
        let count = r.sealed.visits, screens = r.sealed.screens.sorted()
        var lines = ["\(file): \(r.format.title): \(count) screen visit\(count == 1 ? "" : "s") (\(screens.joined(separator: ", "))), "
            + "\(r.sealed.inferred) with a snapshot inferred from its wireframes (kept for the field report, never a baseline)"]
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
