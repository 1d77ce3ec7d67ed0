import Converters
import Foundation
import TapModel
import TapReplayCapture
import TestSupport
import Testing

let environment = CaptureEnvironment(infoDictionary: ["CFBundleIdentifier": "com.example.flow", "CFBundleShortVersionString": "3.2.0",
                                                      "CFBundleVersion": "512", "DTSDKName": "iphoneos26.0"],
                                     deviceModel: "iPhone16,1", os: "iOS 18.1", scale: 3, width: 393, height: 852)

/// A recorder writing into a new temporary folder (kept alive by the returned folder).
func temporaryRecorder(source: String = "device") -> (TemporaryFolder, TraceRecorder) {
    let temp = TemporaryFolder("tapreplay-kit")
    return (temp, TraceRecorder(directory: URL(fileURLWithPath: temp.path), environment: environment, source: source))
}

/// The JSON object of each line of a file (the header first).
func jsonLines(_ url: URL) throws -> [[String: Any]] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
}

/// Reads a trace file with the repository's own JSONL reader (every rule of the trace format).
func readTrace(_ url: URL) throws -> (TraceHeader, [TouchEvent]) {
    let text = try String(contentsOf: url, encoding: .utf8)
    var reader = JSONLTraceReader()
    var events: [TouchEvent] = []
    var number = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        number += 1
        let bytes = Array(line.utf8)
        if let e = try bytes.withUnsafeBufferPointer({ try reader.read(line: $0, number: number) }) { events.append(e) }
    }
    try reader.finish(lastLine: number)
    return (reader.header!, events)
}

@Suite("Capture kit core (fakes for UIView and UITouch)")
struct CaptureKitTests {
    @MainActor @Test("A screenshot is in the bundle only when given, and replay convert keeps it with the snapshot")
    func screenshot() throws {
        let window = FakeView("UIWindow", [0, 0, 200, 120], [FakeView("UIButton", [20, 20, 60, 40])])
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        let none = CaptureBundleWriter.bundle(screen: "Grid", windows: [window], environment: environment, capturedAt: date)
        #expect(none["screenshot"] == nil)
        // A PNG's first bytes are enough here: the kit encodes it, the reader checks the signature.
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        let shot = CaptureScreenshot(png: png, scale: 2, frame: [0, 0, 200, 120])
        let data = try CaptureBundleWriter.data(screen: "Grid", windows: [window], environment: environment, capturedAt: date, screenshot: shot)
        let kept = try #require(try Converter.convert(data).snapshot.screenshot)
        #expect(kept.png == png.base64EncodedString() && kept.scale == 2 && kept.frame == Rect(0, 0, 200, 120))
        // Drawn at the device's scale but at most 2 pixels per point, halved until the PNG fits.
        #expect(CaptureScreenshot.scales(deviceScale: 3) == [2, 1, 0.5] && CaptureScreenshot.scales(deviceScale: 1) == [1, 0.5])
    }

    @MainActor @Test("The walk writes a bundle that replay convert reads: classes, window frames, flags, controls, recognizers, the SwiftUI payload, Info.plist header")
    func bundle() throws {
        let button = FakeView("UIButton", [16, 770, 361, 50])
        button.captureControl = CapturedControl(enabled: true, actions: ["save:"])
        button.captureAccessibilityIdentifier = "save"
        let row = FakeView("FlowRowView", [0, 100, 393, 44])
        row.captureGestureRecognizers = [CapturedRecognizer(className: "UITapGestureRecognizer", enabled: true, numberOfTapsRequired: 2)]
        row.captureOverridesHitTest = true
        let host = FakeView("_TtGC7SwiftUI14_UIHostingViewVS_4Text_", [0, 200, 393, 100])
        host.captureSwiftUIDebugData = Data(#"[{"properties":[{"id":0,"attribute":{"type":"SwiftUI.Text","readableType":"Text","flags":1}},{"id":3,"attribute":{"value":[10,10]}},{"id":4,"attribute":{"value":[50,20]}}],"children":[]}]"#.utf8)
        let label = FakeView("UILabel", [0, 0, 10, 10])
        label.captureIsUserInteractionEnabled = false
        label.captureAlpha = 0.5
        let window = FakeView("UIWindow", [0, 0, 393, 852], [row, button, host, label])
        let temp = TemporaryFolder("tapreplay-kit")
        defer { withExtendedLifetime(temp) {} }
        let folder = URL(fileURLWithPath: temp.path)
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        let url = try CaptureBundleWriter.write(screen: "Settings", windows: [window], environment: environment, capturedAt: date, to: folder)
        #expect(url.lastPathComponent.hasPrefix("Settings-") && url.lastPathComponent.hasSuffix(".capture.json"))
        let c = try Converter.convert(try Data(contentsOf: url))
        let s = c.snapshot
        #expect(c.from == .tapreplayCapture && s.screen == "Settings")
        #expect(s.app.id == "com.example.flow" && s.app.version == "3.2.0" && s.app.build == "512")
        #expect(s.device.model == "iPhone16,1" && s.device.width == 393)
        #expect(s.nodes.first { $0.id == "save" }?.uikit.control == .init(action: "save", enabled: true, kind: .button))   // a UIButton: its kind from its class
        let r = try #require(s.nodes.first { $0.type == "FlowRowView" })
        #expect(r.uikit.gestureRecognizers.first?.numberOfTapsRequired == 2)
        #expect(c.limits.contains { $0.contains("FlowRowView") })
        #expect(s.nodes.first { $0.type == "Text" }?.frame == Rect(10, 210, 50, 20))
        let l = try #require(s.nodes.first { $0.type == "UILabel" })
        #expect(!l.uikit.userInteractionEnabled && l.uikit.alpha == 0.5)
    }

    @MainActor @Test("The kit writes a scroll view's touch delays and each recognizer's cancelsTouchesInView; convert keeps what differs from UIKit's defaults")
    func scrollViewsAndCancelling() throws {
        let scroll = FakeView("UIScrollView", [0, 0, 393, 852])
        scroll.captureScrollTouches = CapturedScrollTouches(delaysContentTouches: false, canCancelContentTouches: true)
        scroll.captureGestureRecognizers = [CapturedRecognizer(className: "UITapGestureRecognizer", enabled: true, cancelsTouchesInView: false)]
        let window = FakeView("UIWindow", [0, 0, 393, 852], [scroll])
        let bundle = CaptureBundleWriter.bundle(screen: "Feed", windows: [window], environment: environment, capturedAt: Date())
        let w = try #require((bundle["windows"] as? [[String: Any]])?.first)
        let v = try #require((w["subviews"] as? [[String: Any]])?.first)
        #expect(v["scroll"] as? [String: Bool] == ["delaysContentTouches": false, "canCancelContentTouches": true])
        #expect(w["scroll"] == nil)
        let data = try CaptureBundleWriter.data(screen: "Feed", windows: [window], environment: environment, capturedAt: Date())
        let node = try #require(try Converter.convert(data).snapshot.nodes.first { $0.type == "UIScrollView" })
        #expect(node.delaysContentTouches == false && node.canCancelContentTouches == nil)
        #expect(node.uikit.gestureRecognizers.first?.cancelsTouchesInView == false)
    }

    @MainActor @Test("A view controller's root view carries viewController: the controller's class; other views do not")
    func viewControllerField() throws {
        let table = FakeView("UITableView", [0, 0, 393, 852])
        table.captureViewControllerClassName = "Flow.SettingsViewController"
        let cell = FakeView("UITableViewCell", [0, 100, 393, 44])
        table.captureSubviews = [cell]
        let window = FakeView("UIWindow", [0, 0, 393, 852], [table])
        let bundle = CaptureBundleWriter.bundle(screen: "Settings", windows: [window], environment: environment, capturedAt: Date())
        let w = try #require((bundle["windows"] as? [[String: Any]])?.first)
        let t = try #require((w["subviews"] as? [[String: Any]])?.first)
        let c = try #require((t["subviews"] as? [[String: Any]])?.first)
        #expect(w["viewController"] == nil)
        #expect(t["viewController"] as? String == "Flow.SettingsViewController")
        #expect(c["viewController"] == nil)
    }

    @Test("The touch radius (majorRadius) is written on every event that has one; the began event's binds the touch")
    func radius() throws {
        let (temp, rec) = temporaryRecorder()
        defer { withExtendedLifetime(temp) {} }
        rec.setScreen("Settings", at: 0)
        rec.record([TouchSample(touch: 1, phase: .began, x: 24, y: 121.5, radius: 12.345678)], at: 0.1)
        rec.record([TouchSample(touch: 1, phase: .ended, x: 24, y: 121.5, radius: 14)], at: 0.2)
        rec.record([TouchSample(touch: 2, phase: .began, x: 24, y: 121.5, radius: .nan)], at: 0.3)
        rec.record([TouchSample(touch: 2, phase: .ended, x: 24, y: 121.5)], at: 0.4)
        rec.stop()
        let (_, events) = try readTrace(try #require(rec.files.first))
        #expect(events.map(\.radius) == [12.346, 14, nil, nil])
    }

    @Test("A session's trace: header from the environment, times from the session start, one finger id per touch, valid JSONL")
    func trace() throws {
        let temp = TemporaryFolder("tapreplay-kit")
        defer { withExtendedLifetime(temp) {} }
        let folder = URL(fileURLWithPath: temp.path)
        let rec = TraceRecorder(directory: folder, environment: environment, source: "uitest", now: { Date(timeIntervalSince1970: 1_795_000_000) })
        rec.setScreen("Settings", at: 1000)
        rec.record([TouchSample(touch: 77, phase: .began, x: 24, y: 121.5, radius: 20)], at: 1000.5)
        rec.record([TouchSample(touch: 77, phase: .stationary, x: 24, y: 121.5), TouchSample(touch: 99, phase: .began, x: 200, y: 300)], at: 1000.55)
        rec.record([TouchSample(touch: 77, phase: .ended, x: 24.5, y: 121), TouchSample(touch: 99, phase: .moved, x: 210, y: 300)], at: 1000.6)
        rec.record([TouchSample(touch: 99, phase: .ended, x: 210, y: 300)], at: 1000.7)
        rec.stop()
        #expect(rec.files.count == 1 && rec.lastError == nil)
        let (header, events) = try readTrace(rec.files[0])
        #expect(header.screen == "Settings" && header.deviceModel == "iPhone16,1" && header.appBuild == "512")
        #expect(events.map(\.t) == [0.5, 0.55, 0.55, 0.6, 0.6, 0.7])
        #expect(events.map(\.touch) == [1, 1, 2, 1, 2, 2])
        #expect(events.first?.radius == 20)
    }

    @Test("A new screen starts a new file, but only once every finger is up; touches that began before the session are ignored")
    func sessions() throws {
        let temp = TemporaryFolder("tapreplay-kit")
        defer { withExtendedLifetime(temp) {} }
        let folder = URL(fileURLWithPath: temp.path)
        var clock = 0.0
        let rec = TraceRecorder(directory: folder, environment: environment, now: { clock += 1; return Date(timeIntervalSince1970: 1_795_000_000 + clock) })
        rec.setScreen("Settings", at: 10)
        rec.record([TouchSample(touch: 1, phase: .moved, x: 1, y: 1)], at: 10.1)  // began before recording
        rec.record([TouchSample(touch: 1, phase: .ended, x: 1, y: 1)], at: 10.2)
        rec.record([TouchSample(touch: 2, phase: .began, x: 5, y: 5)], at: 11)
        rec.setScreen("Units", at: 11.05)  // navigation while the finger is down
        rec.record([TouchSample(touch: 2, phase: .ended, x: 5, y: 5)], at: 11.1)
        rec.record([TouchSample(touch: 3, phase: .began, x: 6, y: 6)], at: 12)
        rec.stop()  // finger 3 still down: cancelled
        #expect(rec.files.count == 2)
        let (h1, e1) = try readTrace(rec.files[0])
        let (h2, e2) = try readTrace(rec.files[1])
        #expect(h1.screen == "Settings" && e1.map(\.phase) == [.began, .ended] && e1.map(\.t) == [1, 1.1])
        #expect(h2.screen == "Units" && e2.map(\.phase) == [.began, .cancelled] && e2.first?.t == 0.9)
        #expect(h1.trace != h2.trace)
    }

    @Test("Nothing is written for a session without touches; a write failure stops recording without throwing")
    func failures() throws {
        let temp = TemporaryFolder("tapreplay-kit")
        defer { withExtendedLifetime(temp) {} }
        let folder = URL(fileURLWithPath: temp.path)
        let rec = TraceRecorder(directory: folder, environment: environment)
        rec.setScreen("Empty", at: 0)
        rec.stop()
        #expect(rec.files.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let file = folder.appendingPathComponent("not-a-folder")
        try Data().write(to: file)
        let broken = TraceRecorder(directory: file, environment: environment)
        broken.setScreen("S", at: 0)
        broken.record([TouchSample(touch: 1, phase: .began, x: 1, y: 1)], at: 0.1)
        #expect(broken.lastError != nil)
        broken.record([TouchSample(touch: 1, phase: .ended, x: 1, y: 1)], at: 0.2)
        broken.stop()
        #expect(broken.files.isEmpty)
    }
}
