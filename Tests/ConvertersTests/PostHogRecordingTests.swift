import SessionRecordings
import Foundation
import TapModel
import TestSupport
import Testing

/// PostHog mobile session replay → screen visits, their touches and inferred screens (docs/field-report.md).
@Suite("PostHog recordings")
struct PostHogRecordingTests {
    static let fixture = "Tests/Fixtures/Production/settings.ph-recording.json"

    static func recording(_ data: Data? = nil) throws -> ProductionRecording {
        try PostHogRecording.read(data ?? Files.repo(fixture), fallbackID: "file")
    }

    @Test("An export is recognised by its first bytes; a snapshot is not")
    func detection() throws {
        #expect(RecordingFormat.detect(try Files.repo(Self.fixture)) == .posthog)
        #expect(RecordingFormat.detect(Data(#"[{"type":4,"data":{"href":"Settings","width":393,"height":852},"timestamp":1}]"#.utf8)) == .posthog)
        #expect(RecordingFormat.detect(try Files.repo("Traces/snapshots/Settings.json")) == nil)
    }

    @Test("One trace per screen visit, named after the screen, with device, OS, app version and build")
    func visits() throws {
        let r = try Self.recording()
        #expect(r.visits.map(\.header.screen) == ["Settings", "ProfileViewController"])
        #expect(r.visits.map(\.header.trace) == ["posthog-0192f3a1-settings-demo-001", "posthog-0192f3a1-settings-demo-002"])
        let h = r.visits[0].header
        #expect(h.deviceModel == "iPhone16,1" && h.os == "iOS 18.1" && h.appVersion == "3.2.0" && h.appBuild == "513" && h.source == "posthog")
        #expect(r.visits[0].width == 393 && r.visits[0].height == 852)
        // 7 taps kept on Settings (one on the keyboard dropped) and a scroll with its two moves.
        let settings = r.visits[0].events
        #expect(settings.filter { $0.phase == .began }.count == 8)
        #expect(settings.filter { $0.phase == .moved }.count == 2)
        #expect(settings.first { $0.phase == .began }.map { ($0.t, $0.x, $0.y) } ?? (0, 0, 0) == (1.0, 24, 122))
        #expect(r.visits[1].events.filter { $0.phase == .began }.count == 2)
    }

    @Test("Privacy: touches over the keyboard and a password field are dropped; no text, value or person data is kept")
    func privacy() throws {
        let r = try Self.recording()
        #expect(r.droppedTouches == 2)
        #expect(!r.visits[0].events.contains { $0.y == 700 })
        #expect(!r.visits[1].events.contains { $0.y == 222 })
        for v in r.visits {
            let json = try #require(v.inferredSnapshot)
            for secret in ["Flow Meter", "Metric", "hunter2", "Ana Lima", "Save profile", "ana@example.com", "#000000"] {
                #expect(!json.contains(secret), "\(secret) leaked into the inferred snapshot")
            }
        }
    }

    @Test("Unknown record types are skipped and counted")
    func unknownTypes() throws {
        let r = try Self.recording()
        #expect(r.skipped == ["type 42": 1])
        #expect(r.skippedSummary == "1 record of unknown type skipped (type 42: 1)")
    }

    @Test("The inferred snapshot: buttons and toggles fire, boxes are plain views, marked session-replay")
    func inferredSnapshot() throws {
        let r = try Self.recording()
        let s = try Snapshot(json: Data(try #require(r.visits[0].inferredSnapshot).utf8))
        #expect(s.capture?.from == "session-replay" && !(s.capture?.limits.isEmpty ?? true))
        #expect(s.screen == "Settings" && s.app.build == "513" && s.device.width == 393)
        #expect(s.node("toggle.12")?.uikit.control?.kind == .switch)
        #expect(s.node("button.13")?.uikit.control?.action == "button.13")
        #expect(s.node("div.3")?.uikit.control == nil && s.node("text.5")?.type == "UILabel")
        #expect(s.node("div.3")?.frame == Rect(0, 100, 393, 44))
    }

    @Test("A malformed recording is an error naming the JSON path")
    func malformed() throws {
        var text = String(decoding: try Files.repo(Self.fixture), as: UTF8.self)
        text = text.replacingOccurrences(of: #""x": 200,"#, with: #""x": "two hundred","#)
        #expect(throws: RecordingError("$.data.snapshots[4].data.x", "expected a finite number")) { try Self.recording(Data(text.utf8)) }
        do {
            _ = try Self.recording(Data("{\"version\":\"2023-04-28\",".utf8))
            Issue.record("a cut-off file was read")
        } catch let e as RecordingError {
            #expect(e.path == "$" && e.message.hasPrefix("not valid JSON"))
        }
        let web = #"{"version":"2023-04-28","data":{"snapshots":[{"type":2,"timestamp":1,"data":{"node":{"type":0},"initialOffset":{"top":0,"left":0}}}]}}"#
        #expect(throws: RecordingError("$.data.snapshots[0].data", "a web recording (an HTML snapshot): only mobile recordings, with wireframes, are read")) {
            try Self.recording(Data(web.utf8))
        }
    }
}

extension PostHogRecordingTests {
    @Test("A boolean is not a number, and a number is not a boolean")
    func booleans() throws {
        var text = String(decoding: try Files.repo(Self.fixture), as: UTF8.self)
        text = text.replacingOccurrences(of: #""x": 200,"#, with: #""x": true,"#)
        #expect(throws: RecordingError("$.data.snapshots[4].data.x", "expected a finite number")) { try Self.recording(Data(text.utf8)) }
        let numbered = String(decoding: try Files.repo(Self.fixture), as: UTF8.self).replacingOccurrences(of: #""disabled": false"#, with: #""disabled": 1"#)
        let s = try Snapshot(json: Data(try #require(try Self.recording(Data(numbered.utf8)).visits[0].inferredSnapshot).utf8))
        #expect(s.node("button.13")?.uikit.control?.enabled == true)
    }
}
