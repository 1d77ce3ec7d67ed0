import SessionRecordings
import Foundation
import TapModel
import TestSupport
import Testing

/// Datadog mobile session replay segments → screen visits and their touches (docs/field-report.md).
@Suite("Datadog recordings")
struct DatadogRecordingTests {
    static let fixture = "Tests/Fixtures/Production/settings.datadog-segments.jsonl"

    static func recording(_ data: Data? = nil) throws -> ProductionRecording {
        try DatadogRecording.read(data ?? Files.repo(fixture), fallbackID: "file")
    }

    @Test("Segments are recognised by their first bytes, one a line or one per file")
    func detection() throws {
        let lines = try Files.repo(Self.fixture)
        #expect(RecordingFormat.detect(lines) == .datadog)
        let first = lines.prefix(upTo: lines.firstIndex(of: UInt8(ascii: "\n"))!)
        #expect(RecordingFormat.detect(Data(first)) == .datadog)
        #expect(try Self.recording(Data(first)).visits.count == 1)
    }

    @Test("One trace per view, named after the view, fingers by pointer id, view-end and unknown records counted apart")
    func visits() throws {
        let r = try Self.recording()
        #expect(r.visits.map(\.header.screen) == ["Settings", "Profile"])
        #expect(r.visits.map(\.header.trace) == ["datadog-8d2f4c61-001", "datadog-8d2f4c61-002"])
        #expect(r.visits[0].header.appVersion == "3.2.0" && r.visits[0].header.source == "datadog")
        let events = r.visits[0].events
        #expect(events.filter { $0.phase == .began }.count == 8 && events.filter { $0.phase == .moved }.count == 2)
        #expect(Set(events.map(\.touch)).count == 8)
        #expect(r.skipped == ["type 99": 1])
        let s = try Snapshot(json: Data(try #require(r.visits[0].inferredSnapshot).utf8))
        #expect(s.node("shape.3")?.frame == Rect(0, 100, 393, 44) && s.node("text.5")?.type == "UILabel")
        #expect(!(r.visits[0].inferredSnapshot ?? "").contains("Flow Meter"))
    }

    @Test("A malformed segment is an error naming its line and JSON path")
    func malformed() throws {
        let original = String(decoding: try Files.repo(Self.fixture), as: UTF8.self)
        let text = original.replacingOccurrences(of: #""pointerId":2,"x":200"#, with: #""pointerId":2,"x":"left""#)
        #expect(throws: RecordingError("line 1: $.records[4].data.x", "expected a finite number")) { try Self.recording(Data(text.utf8)) }
        let wrong = original.replacingOccurrences(of: #""pointerEventType":"down","pointerType":"touch","pointerId":3"#,
                                              with: #""pointerEventType":"press","pointerType":"touch","pointerId":3"#)
        #expect(throws: RecordingError("line 1: $.records[6].data.pointerEventType", "expected down, up or move (0, 1, 2)")) {
            try Self.recording(Data(wrong.utf8))
        }
    }
}
