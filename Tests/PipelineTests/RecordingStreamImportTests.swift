import Foundation
import Pipeline
import TestSupport
import Testing
import TraceStore

/// `replay import` of a PostHog export, streamed into the store (docs/field-report.md, "Streamed").
@Suite("Streamed recording import")
struct RecordingStreamImportTests {
    static let fixture = repositoryRoot + "/Tests/Fixtures/Production/settings.ph-recording.json"

    static func text() throws -> String { try String(contentsOfFile: fixture, encoding: .utf8) }

    /// The traces a file imports into a new store: their names, events and hashes.
    static func imported(_ path: String) throws -> [String] {
        let folder = TemporaryFolder()
        let store = try TraceStore(path: folder.db)
        _ = try Importer.importFile(path, into: store)
        return try store.traces().map { "\($0.header.trace) \($0.eventCount) \($0.contentHash)" }
    }

    @Test("A PostHog export streams into the store; one out of time order is rolled back and read whole, to the same traces")
    func streamed() throws {
        let folder = TemporaryFolder()
        let store = try TraceStore(path: folder.db)
        let result = try Importer.importFile(Self.fixture, into: store)
        #expect(result.tracesAdded == ["posthog-0192f3a1-settings-demo-001", "posthog-0192f3a1-settings-demo-002"] && result.eventsAdded == 22)
        #expect(result.warnings.first?.contains("2 screen visits (ProfileViewController, Settings), 2 with a snapshot inferred") == true)
        #expect(try store.visit(ofTrace: try #require(store.traces().first).rowID)?.inferredSnapshot != nil)
        // The first full snapshot timed before the meta record it follows: not in time order, so read whole (sorted),
        // to the same traces (the wireframes drawn before the screen's name stay with it).
        let expected = try Self.imported(Self.fixture)
        let shuffled = try Self.text().replacingOccurrences(of: #""timestamp": 1764320000010,"#, with: #""timestamp": 1764319999999,"#)
        #expect(shuffled != (try Self.text()))
        #expect(try Self.imported(folder.file("late.ph-recording.json", shuffled)) == expected)
    }

    @Test("A malformed event after a screen visit went to the store: the file and JSON path named, nothing stored")
    func malformedLate() throws {
        let folder = TemporaryFolder()
        let store = try TraceStore(path: folder.db)
        // The profile screen's touch over the password field: after the settings visit was sealed and handed on.
        let text = try Self.text().replacingOccurrences(of: #""y": 222"#, with: #""y": "low""#)
        let path = folder.file("bad.ph-recording.json", text)
        do {
            _ = try Importer.importFile(path, into: store)
            Issue.record("a malformed recording was imported")
        } catch let e as ImportError {
            #expect(e.file == path)
            #expect(e.path.hasPrefix("$.data.snapshots[") && e.path.hasSuffix("].data.y"), "\(e.path)")
            #expect(e.message == "PostHog mobile session replay: expected a finite number")
        }
        #expect(try store.traces().isEmpty)
    }
}
