import SessionRecordings
import Foundation
import TapModel
import TestSupport
import Testing

/// Measure sessions → screen visits and their presses (docs/field-report.md).
@Suite("Measure recordings")
struct MeasureRecordingTests {
    static let fixture = "Tests/Fixtures/Production/settings.measure-session.json"

    static func recording(_ data: Data? = nil) throws -> ProductionRecording {
        try MeasureRecording.read(data ?? Files.repo(fixture), fallbackID: "file")
    }

    @Test("A session is recognised by its gesture and lifecycle events")
    func detection() throws {
        #expect(RecordingFormat.detect(try Files.repo(Self.fixture)) == .measure)
    }

    @Test("One trace per screen (screen_view, a view controller's viewDidAppear), clicks as presses, scrolls as drags")
    func visits() throws {
        let r = try Self.recording()
        #expect(r.visits.map(\.header.screen) == ["Settings", "ProfileViewController"])
        #expect(r.visits.map(\.header.trace) == ["measure-3f0c9e2a-001", "measure-3f0c9e2a-002"])
        let h = r.visits[0].header
        #expect(h.appVersion == "3.2.0" && h.appBuild == "513" && h.deviceModel == "iPhone16,1" && h.os == "iOS 18.1" && h.source == "measure")
        let events = r.visits[0].events
        #expect(events.filter { $0.phase == .began }.count == 8 && events.filter { $0.phase == .moved }.count == 1)
        let first = try #require(events.first)
        #expect(first.t == 0.99 && first.x == 24 && first.y == 122)
        #expect(abs(events[1].t - 1.07) < 1e-9)  // touch-up 80 ms later
        #expect(r.skipped == ["type heartbeat_v9": 1])
        #expect(r.visits.allSatisfy { $0.inferredSnapshot == nil })  // Measure draws no wireframes
    }

    @Test("A malformed session is an error naming the JSON path")
    func malformed() throws {
        let text = String(decoding: try Files.repo(Self.fixture), as: UTF8.self).replacingOccurrences(of: #""x": 200,"#, with: #""x": true,"#)
        #expect(throws: RecordingError("$.events[3].gesture_click.x", "expected a finite number")) { try Self.recording(Data(text.utf8)) }
    }
}
