import Foundation
import TapReplayCapture
import TapReplayTesting
import TestSupport
import Testing

/// The UI test and the app it launched, as two sides of one folder: the
/// Darwin notification between them is the only part not run here.
@Suite("The UI-test channel: a UI test asks the app for its screen and audits the bundle it answers with")
struct UITestChannelTests {
    @MainActor @Test("A request is answered with the app's capture bundle, which the test audits: the hollow row fails")
    func roundTrip() throws {
        let temp = TemporaryFolder("tapreplay-uitest")
        let folder = URL(fileURLWithPath: temp.path)
        let request = UITestChannel.Request(screen: "Settings", captureText: false)
        try UITestChannel.write(request, in: folder)
        let window = try SettingsCapture.window(hollowFlowMeter: true)
        var answered: UITestChannel.Request?
        // The test waits; meanwhile the app answers (on a simulator: when the Darwin notification arrives).
        let answer = UITestChannel.awaitAnswer(to: request.id, in: folder, timeout: 5) { _ in
            guard answered == nil else { return }
            UITestChannel.answer(in: folder) { r in
                answered = r
                return try CaptureBundleWriter.data(screen: r.screen ?? "Screen", windows: [window], environment: SettingsCapture.environment,
                                                    capturedAt: Date(), captureText: r.captureText)
            }
        }
        #expect(answered == request)
        let bundle = try answer.get()
        #expect(!FileManager.default.fileExists(atPath: UITestChannel.bundleFile(for: request.id, in: folder).path))
        var audit: TappableAudit?
        let issues = recordedIssues { audit = assertTappable(bundle: bundle) }
        #expect(audit?.snapshot.screen == "Settings" && issues.first?.text.hasPrefix("Settings: A1 hollow target on row.flowMeter") == true)
    }

    @Test("An app that cannot capture answers with why; the test reports it")
    func appError() throws {
        let temp = TemporaryFolder("tapreplay-uitest")
        let folder = URL(fileURLWithPath: temp.path)
        let request = UITestChannel.Request()
        try UITestChannel.write(request, in: folder)
        struct NoKeyWindow: Error, CustomStringConvertible { var description: String { "no key window" } }
        let written = UITestChannel.answer(in: folder) { _ in throw NoKeyWindow() }
        #expect(written == UITestChannel.errorFile(for: request.id, in: folder))
        let answer = UITestChannel.awaitAnswer(to: request.id, in: folder, timeout: 1) { _ in }
        #expect(answer.failure?.description == "the app could not capture its screen: no key window")
    }

    @Test("No answer in time is a failure that says what the app and the test must do; the clock is the caller's")
    func timeout() throws {
        let temp = TemporaryFolder("tapreplay-uitest")
        var clock = 0.0
        var waits = 0
        let answer = UITestChannel.awaitAnswer(to: "x", in: URL(fileURLWithPath: temp.path), timeout: 2.5, wait: { clock += $0; waits += 1 },
                                               now: { clock })
        #expect(clock >= 2.5 && (50...51).contains(waits))
        let message = try #require(answer.failure?.description)
        #expect(message.hasPrefix("the app did not answer within 2.5 s: it must call TapReplayCapture.answerUITests() at launch"))
        #expect(message.contains("app.prepareForAssertTappable()") && message.contains("simulator"))
    }

    @Test("The test's folder is a new one under the simulator's shared folder, which the app can reach; elsewhere under the temporary folder")
    func directory() {
        let temporary = URL(fileURLWithPath: "/tmp/runner", isDirectory: true)
        let shared = UITestChannel.newDirectory(environment: ["SIMULATOR_SHARED_RESOURCES_DIRECTORY": "/Users/ci/Library/Developer/CoreSimulator/Devices/D1/data"],
                                                temporary: temporary)
        #expect(shared.deletingLastPathComponent().path == "/Users/ci/Library/Developer/CoreSimulator/Devices/D1/data")
        #expect(shared.lastPathComponent.hasPrefix("TapReplayUITest-"))
        let elsewhere = UITestChannel.newDirectory(environment: ["SIMULATOR_SHARED_RESOURCES_DIRECTORY": ""], temporary: temporary)
        #expect(elsewhere.deletingLastPathComponent().path == "/tmp/runner")
        #expect(UITestChannel.newDirectory(environment: [:], temporary: temporary) != elsewhere)
    }

    @Test("The app ignores a folder without a readable request, and a request whose id could name another file")
    func badRequests() throws {
        let temp = TemporaryFolder("tapreplay-uitest")
        let folder = URL(fileURLWithPath: temp.path)
        #expect(UITestChannel.answer(in: folder) { _ in Data() } == nil)
        temp.file("request.json", #"{"id": "../../etc/passwd"}"#)
        #expect(UITestChannel.answer(in: folder) { _ in Data() } == nil)
        #expect(throws: UITestChannel.Failure.self) { try UITestChannel.readRequest(in: folder) }
    }
}

extension Result {
    var failure: Failure? { if case .failure(let f) = self { return f } else { return nil } }
}
