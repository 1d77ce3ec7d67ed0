import Foundation
@testable import TapReplayCapture
import TestSupport
import Testing

@Suite("fired: what the app really did, in the trace")
struct FiredTests {
    @Test("fired(_:at:) appends {\"t\": …, \"fired\": …} at its time from the session start, after the touch it follows")
    func firedLine() throws {
        let (temp, rec) = temporaryRecorder()
        defer { withExtendedLifetime(temp) {} }
        rec.setScreen("Settings", at: 100)
        rec.record([TouchSample(touch: 9, phase: .began, x: 24, y: 122, radius: 20)], at: 100.5)
        rec.record([TouchSample(touch: 9, phase: .ended, x: 24, y: 122)], at: 100.58)
        rec.fired("openFlowMeter", at: 100.591)
        rec.stop()
        let url = try #require(rec.files.first)
        let lines = try jsonLines(url)
        let fired = try #require(lines.last)
        #expect(Set(fired.keys) == ["t", "fired"])
        #expect(fired["fired"] as? String == "openFlowMeter")
        #expect(abs((fired["t"] as? Double ?? -1) - 0.591) < 1e-9)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.hasSuffix("{\"t\":0.591,\"fired\":\"openFlowMeter\"}\n"))
    }

    @Test("A fired action name is a JSON string however it is spelt; times never go backwards")
    func firedEscapingAndOrder() throws {
        let (temp, rec) = temporaryRecorder()
        defer { withExtendedLifetime(temp) {} }
        rec.setScreen("Settings", at: 0)
        rec.record([TouchSample(touch: 1, phase: .began, x: 1, y: 1)], at: 1)
        rec.record([TouchSample(touch: 1, phase: .ended, x: 1, y: 1)], at: 2)
        let name = "say \"hi\"\\\n\t\u{1}é\u{2028}"
        rec.fired(name, at: 1.5)  // earlier than the last line: written at its time
        rec.stop()
        let lines = try jsonLines(try #require(rec.files.first))
        #expect(lines.last?["fired"] as? String == name)
        #expect(lines.last?["t"] as? Double == 2)
    }

    @Test("fired before any touch of the session, after recording stopped, or with an empty name writes nothing")
    func firedWithoutTouch() throws {
        let temp = TemporaryFolder("tapreplay-kit")
        defer { withExtendedLifetime(temp) {} }
        let folder = URL(fileURLWithPath: temp.path)
        let rec = TraceRecorder(directory: folder, environment: environment)
        rec.fired("early", at: 0)
        rec.setScreen("Settings", at: 0)
        rec.fired("beforeTouch", at: 0.1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        rec.record([TouchSample(touch: 1, phase: .began, x: 1, y: 1)], at: 1)
        rec.record([TouchSample(touch: 1, phase: .ended, x: 1, y: 1)], at: 1.1)
        rec.fired("", at: 1.2)
        rec.stop()
        rec.fired("late", at: 3)
        let lines = try jsonLines(try #require(rec.files.first))
        #expect(lines.count == 3)
        #expect(!lines.contains { $0["fired"] != nil })
    }

    @MainActor @Test("TapReplayCapture.fired(_:) writes into the running recording on the event clock (ProcessInfo.systemUptime), and does nothing without one")
    func publicFired() throws {
        let temp = TemporaryFolder("tapreplay-kit")
        defer { withExtendedLifetime(temp) {} }
        TapReplayCapture.fired("nothingRecording")  // no recording: no effect, no crash
        let rec = TraceRecorder(directory: URL(fileURLWithPath: temp.path), environment: environment)
        let start = ProcessInfo.processInfo.systemUptime
        rec.setScreen("Settings", at: start)
        rec.record([TouchSample(touch: 1, phase: .began, x: 1, y: 1)], at: start)
        rec.record([TouchSample(touch: 1, phase: .ended, x: 1, y: 1)], at: start)
        Recording.recorder = rec
        defer { Recording.recorder = nil }
        TapReplayCapture.fired("openFlowMeter")
        let after = ProcessInfo.processInfo.systemUptime
        rec.stop()
        let file = try #require(rec.files.first)
        let last = try #require(try jsonLines(file).last)
        #expect(last["fired"] as? String == "openFlowMeter")
        let t = try #require(last["t"] as? Double)
        #expect(t >= 0 && t <= after - start + 1e-6)
    }
}
