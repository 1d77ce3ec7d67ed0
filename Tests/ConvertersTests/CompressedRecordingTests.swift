import SessionRecordings
import Foundation
import TestSupport
import Testing

/// Compressed recordings and PostHog's stored blocks (docs/field-report.md, "Compressed recordings").
@Suite("Compressed recordings")
struct CompressedRecordingTests {
    static let fixture = PostHogRecordingTests.fixture

    /// The fixture's events, as JSON objects.
    static func events() throws -> [[String: Any]] {
        let root = try #require(try JSONSerialization.jsonObject(with: Files.repo(fixture)) as? [String: Any])
        return try #require((root["data"] as? [String: Any])?["snapshots"] as? [[String: Any]])
    }

    static func lines(_ events: [[String: Any]]) throws -> Data {
        var out = Data()
        for e in events {
            out += try JSONSerialization.data(withJSONObject: ["0192f3a1-window", e])
            out += Data("\n".utf8)
        }
        return out
    }

    @Test("gzip and zlib streams inflate to the bytes they hold; several gzip members read as one stream")
    func inflate() throws {
        let text = Data(String(repeating: "a settings row with a dead gap; ", count: 100_000).utf8)
        #expect(try Inflate.inflate(try Compressed.gzip(text)) == text)
        #expect(try Inflate.inflate(try Compressed.zlib(text)) == text)
        #expect(try Inflate.inflate(try Compressed.gzip(text) + Compressed.gzip(Data("tail".utf8))) == text + Data("tail".utf8))
        let gz = try Compressed.gzip(text), z = try Compressed.zlib(text)
        #expect(Inflate.isCompressed(gz) && Inflate.isCompressed(z))
        #expect(!Inflate.isCompressed(Data("{\"version\"".utf8)) && !Inflate.isCompressed(Data("[\"w\"".utf8)) && !Inflate.isCompressed(Data()))
    }

    @Test("A cut-off or damaged stream, or one inflating past the limit, is an error saying so")
    func damaged() throws {
        let gz = try Compressed.gzip(Data(String(repeating: "row ", count: 50_000).utf8))
        #expect(throws: RecordingError("$", "compressed data cut short (\(gz.count / 2) bytes read, the stream did not end)")) {
            try Inflate.inflate(gz.prefix(gz.count / 2))
        }
        var broken = gz
        broken[12] ^= 0xff
        broken[13] ^= 0xff
        do {
            _ = try Inflate.inflate(broken)
            Issue.record("damaged data inflated")
        } catch let e as RecordingError {
            #expect(e.message.hasPrefix("damaged compressed data (zlib: "))
        }
        #expect(throws: RecordingError("$", "inflates to more than 1000 bytes; refused (split the recording)")) {
            try Inflate.inflate(gz, limit: 1000)
        }
    }

    @Test("PostHog's stored blocks, [window id, event] a line, read as the export does")
    func postHogLines() throws {
        let data = try Self.lines(try Self.events())
        #expect(RecordingFormat.detect(data) == .posthog)
        let lines = try PostHogRecording.read(data, fallbackID: "0192f3a1")
        let export = try PostHogRecordingTests.recording()
        #expect(lines.visits.map(\.header.screen) == export.visits.map(\.header.screen))
        #expect(lines.visits.map(\.events) == export.visits.map(\.events))
        // The blocks carry no person properties: no device, OS or app version, so the inferred screens name no build.
        #expect(lines.visits.map { $0.inferredSnapshot != nil } == export.visits.map { $0.inferredSnapshot != nil })
        #expect(lines.droppedTouches == export.droppedTouches && lines.skipped == export.skipped)
        // A line that is not a pair names its line.
        let bad = data + Data(#"["w", 1]"#.utf8)
        let count = String(decoding: data, as: UTF8.self).split(separator: "\n").count
        #expect(throws: RecordingError("line \(count + 1): $", "expected [window id, event]")) { try PostHogRecording.read(bad, fallbackID: "x") }
    }

    @Test("PostHog's compressed events (cv: data gzipped into a binary string) read as the plain ones")
    func postHogCompressedEvents() throws {
        var events = try Self.events()
        var compressed = 0
        for i in events.indices where [2, 3].contains(events[i]["type"] as? Int) {
            let data = try JSONSerialization.data(withJSONObject: try #require(events[i]["data"]))
            let gz = try Compressed.gzip(data)
            events[i]["data"] = String(String.UnicodeScalarView(gz.map { Unicode.Scalar($0) }))
            events[i]["cv"] = "2024-10"
            compressed += 1
        }
        #expect(compressed > 5)
        let r = try PostHogRecording.read(try Self.lines(events), fallbackID: "0192f3a1")
        let plain = try PostHogRecording.read(try Self.lines(try Self.events()), fallbackID: "0192f3a1")
        #expect(r.visits.map(\.events) == plain.visits.map(\.events))
        #expect(r.visits.map(\.inferredSnapshot) == plain.visits.map(\.inferredSnapshot))
        // Damaged compressed data names the event's data.
        let i = try #require(events.firstIndex { $0["cv"] != nil })
        events[i]["data"] = "\u{1f}\u{8b}not gzip"
        do {
            _ = try PostHogRecording.read(try Self.lines(events), fallbackID: "x")
            Issue.record("damaged event data read")
        } catch let e as RecordingError {
            #expect(e.path == "line \(i + 1): $[1].data")
        }
    }
}
