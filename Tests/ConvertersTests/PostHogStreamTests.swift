import SessionRecordings
import Foundation
import TapModel
import TestSupport
import Testing

/// A PostHog export read a buffer at a time (docs/field-report.md, "Streamed"): the same visits as the whole-document read.
@Suite("PostHog recordings, streamed")
struct PostHogStreamTests {
    /// The recording streamed from a file holding `data` (its visits gathered as they are handed on).
    static func streamed(_ data: Data, name: String = "rec.ph-recording.json") throws -> ProductionRecording {
        let folder = TemporaryFolder()
        let path = folder.path + "/" + name
        try data.write(to: URL(fileURLWithPath: path))
        var visits: [ScreenVisit] = []
        var r = try PostHogRecording.stream(try RecordingBytes(path: path), fallbackID: "file") { visits.append($0) }
        #expect(r.visits.isEmpty, "the streamed read keeps no visit")
        r.visits = visits
        return r
    }

    /// Everything a read gives, the visits' contents included.
    static func expectSame(_ a: ProductionRecording, _ b: ProductionRecording) {
        #expect(a.visits.map(\.header) == b.visits.map(\.header))
        #expect(a.visits.map(\.events) == b.visits.map(\.events))
        #expect(a.visits.map(\.inferredSnapshot) == b.visits.map(\.inferredSnapshot))
        #expect(a.visits.map(\.width) == b.visits.map(\.width) && a.visits.map(\.height) == b.visits.map(\.height))
        #expect(a.skipped == b.skipped && a.droppedTouches == b.droppedTouches && a.notes == b.notes)
        #expect(a.sealed.visits == b.sealed.visits && a.sealed.screens == b.sealed.screens && a.sealed.inferred == b.sealed.inferred)
    }

    static func fixture() throws -> Data { try Files.repo(PostHogRecordingTests.fixture) }

    @Test("The fixture streams to the same visits, touches, inferred screens and counts as the whole-document read")
    func sameAsWhole() throws {
        let whole = try PostHogRecordingTests.recording()
        let streamed = try Self.streamed(try Self.fixture())
        Self.expectSame(streamed, whole)
        #expect(streamed.visits.count == 2 && streamed.droppedTouches == 2 && streamed.skipped == ["type 42": 1])
    }

    @Test("A gzipped export streams through zlib to the same visits")
    func compressed() throws {
        let gz = try Compressed.gzip(try Self.fixture())
        Self.expectSame(try Self.streamed(gz, name: "rec.ph-recording.json.gz"), try PostHogRecordingTests.recording())
    }

    /// An export of `visits` screen visits, `taps` taps each, with a full snapshot of `rows` rows per visit,
    /// written compactly (events cross the 1 MiB buffer's ends; a full snapshot of many rows outgrows it).
    static func export(visits: Int, taps: Int, rows: Int, windowId: String = "main") throws -> Data {
        var events: [[String: Any]] = []
        for v in 0..<visits {
            let start = 1_764_320_000_000 + v * 10_000_000  // a visit's taps end before the next begins
            events.append(["type": 4, "timestamp": start, "data": ["href": "MyApp.Screen\(v % 3)ViewController", "width": 393, "height": 852]])
            let children: [[String: Any]] = (0..<rows).map { r in
                ["id": 10 + r, "type": r % 2 == 0 ? "input" : "text", "inputType": "button", "x": 0, "y": r, "width": 393, "height": 1,
                 "text": "row \"\(r)\" \\ é " + String(repeating: "-", count: 120), "disabled": r % 3 == 0]
            }
            events.append(["type": 2, "timestamp": start + 1, "data": ["wireframes": [
                ["id": 1, "type": "div", "x": 0, "y": 0, "width": 393, "height": 852, "childWireframes": children],
            ]]])
            for i in 0..<taps {
                let x = (i * 37) % 393, y = (i * 53) % 852
                for (dt, kind) in [(0, 7), (80, 9)] {
                    events.append(["type": 3, "timestamp": start + 1000 + i * 400 + dt, "windowId": windowId,
                                   "data": ["source": 2, "type": kind, "id": 0, "x": x, "y": y, "pointerType": 2]])
                }
            }
        }
        let root: [String: Any] = ["version": "2023-04-28", "data": ["id": "big", "person": ["properties": ["$app_build": 7]], "snapshots": events]]
        return try JSONSerialization.data(withJSONObject: root, options: .sortedKeys)  // id and person before the events
    }

    @Test("A recording larger than the buffer, with a full snapshot larger than it, streams to the same visits")
    func acrossBuffers() throws {
        let data = try Self.export(visits: 2, taps: 5_000, rows: 5_000, windowId: "a \"quoted\" \\ window")
        #expect(data.count > 3 << 20)
        let whole = try PostHogRecording.read(data, fallbackID: "file")
        Self.expectSame(try Self.streamed(data), whole)
        #expect(whole.visits.count == 2 && whole.visits[0].events.count == 10_000 && whole.visits[0].header.appBuild == "7")
    }

    @Test("A malformed event late in the file is an error naming its JSON path")
    func malformedLate() throws {
        var text = String(decoding: try Self.export(visits: 2, taps: 5_000, rows: 3), as: UTF8.self)
        let key = try #require(text.range(of: #""x":"#, options: .backwards))
        let value = try #require(text[key.upperBound...].firstIndex(of: ","))
        text.replaceSubrange(key.upperBound..<value, with: #""far""#)
        #expect(throws: RecordingError("$.data.snapshots[20003].data.x", "expected a finite number")) {
            try Self.streamed(Data(text.utf8))
        }
        // The same error as the whole-document read names.
        #expect(throws: RecordingError("$.data.snapshots[20003].data.x", "expected a finite number")) {
            try PostHogRecording.read(Data(text.utf8), fallbackID: "file")
        }
        let fixture = String(decoding: try Self.fixture(), as: UTF8.self).replacingOccurrences(of: #""x": 200,"#, with: #""x": true,"#)
        #expect(throws: RecordingError("$.data.snapshots[4].data.x", "expected a finite number")) { try Self.streamed(Data(fixture.utf8)) }
    }

    @Test("A bare array of events streams, its paths $[n]")
    func bareArray() throws {
        let events = try CompressedRecordingTests.events()
        let data = try JSONSerialization.data(withJSONObject: events)
        Self.expectSame(try Self.streamed(data), try PostHogRecording.read(data, fallbackID: "file"))
        var bad = events
        bad[3]["timestamp"] = "soon"
        #expect(throws: RecordingError("$[3].timestamp", "expected a finite number")) {
            try Self.streamed(try JSONSerialization.data(withJSONObject: bad))
        }
    }

    @Test("What only the whole-document read takes is left to it: stored blocks, events by window, out of order, late ids, bad JSON")
    func notStreamable() throws {
        func reason(_ data: Data) -> String? {
            do {
                _ = try Self.streamed(data)
                return nil
            } catch let e as PostHogRecording.NotStreamable {
                return e.reason
            } catch {
                return "\(error)"
            }
        }
        #expect(reason(try CompressedRecordingTests.lines(try CompressedRecordingTests.events())) == "an event that is not an object")
        var events = try CompressedRecordingTests.events()
        events.swapAt(5, 6)
        let swapped = try JSONSerialization.data(withJSONObject: ["version": "2023-04-28", "data": ["id": "x", "person": NSNull(), "snapshots": events]],
                                                 options: .sortedKeys)
        #expect(reason(swapped) == "events out of time order")
        let late = #"{"version":"2023-04-28","data":{"snapshots":[],"id":"x","person":null}}"#
        #expect(reason(Data(late.utf8)) == "the session's id or person after its events")
        let byWindow = #"{"version":"2023-04-28","data":{"id":"x","person":null,"snapshotsByWindowId":{"w":[]}}}"#
        #expect(reason(Data(byWindow.utf8)) == "events by window")
        let fixture = String(decoding: try Self.fixture(), as: UTF8.self)
        #expect(reason(Data(fixture.dropLast(40).utf8)) != nil)
        #expect(reason(Data(fixture.replacingOccurrences(of: #""x": 200,"#, with: #""x": 2 00,"#).utf8)) == "an event that is not valid JSON")
        #expect(reason(Data((fixture + "}").utf8)) == "text after the recording")
    }
}
