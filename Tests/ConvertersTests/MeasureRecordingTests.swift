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

    @Test("A click's hit-tested view becomes a hit event after its release; a scroll's target is not kept, nor the readable name")
    func hitViews() throws {
        let data = try Files.repo("Tests/Fixtures/Production/profile.measure-session.json")
        let r = try MeasureRecording.read(data, fallbackID: "file")
        let events = try #require(r.visits.first).events
        let hits = events.filter { $0.phase == .hit }
        #expect(hits.compactMap(\.observedView) == [
            ObservedView(className: "UIButton", identifier: "saveProfile", width: 361, height: 50),
            ObservedView(className: "UIButtonLabel", width: 38, height: 20),
            ObservedView(className: "UIButton", identifier: "retryUpload", width: 361, height: 50),
            ObservedView(className: "SwiftUI._UIHostingView<SwiftUI.AnyView>", width: 393, height: 120),
        ])
        // Each follows its press's release, at its time and place: it binds to that press.
        for (i, e) in events.enumerated() where e.phase == .hit {
            #expect(events[i - 1].phase == .ended && events[i - 1].t == e.t && events[i - 1].x == e.x)
        }
        #expect(!events.contains { ($0.expect ?? "").contains("Save") || ($0.expect ?? "").contains("UIScrollView") })
        var validator = TraceValidator(trace: "t")
        for (n, e) in events.enumerated() { try validator.accept(e, line: n + 1) }
        #expect(validator.warnings.isEmpty)
    }

    @Test("A malformed session is an error naming the JSON path")
    func malformed() throws {
        let text = String(decoding: try Files.repo(Self.fixture), as: UTF8.self).replacingOccurrences(of: #""x": 200,"#, with: #""x": true,"#)
        #expect(throws: RecordingError("$.events[3].gesture_click.x", "expected a finite number")) { try Self.recording(Data(text.utf8)) }
    }

    @Test("A hit view's target that is not a string is an error naming it")
    func malformedTarget() throws {
        let text = String(decoding: try Files.repo("Tests/Fixtures/Production/profile.measure-session.json"), as: UTF8.self)
            .replacingOccurrences(of: #""target_id": "retryUpload""#, with: #""target_id": 7"#)
        #expect(throws: RecordingError("$.events[3].gesture_click.target_id", "expected a string")) {
            try MeasureRecording.read(Data(text.utf8), fallbackID: "file")
        }
    }
}
