import Foundation

/// How a UI test asks the app it launched for the capture bundle of its key
/// window (`assertTappable(_ app:)` of TapReplayTesting). A UI test runs in a
/// process of its own, which cannot see the app's views; on a simulator both
/// processes share the Mac's file system, so they talk through a folder the
/// test chooses:
///
/// 1. the test launches the app with `TAPREPLAY_UITEST_DIRECTORY` set to a
///    new folder (`XCUIApplication.prepareForAssertTappable()`, `newDirectory()`);
/// 2. to audit the screen on display it writes `request.json` there
///    (`{"id", "screen", "captureText"}`) and posts the Darwin notification
///    `com.tapreplay.uitest.capture`;
/// 3. the app (`TapReplayCapture.answerUITests()`) captures its key window and
///    writes `<id>.capture.json`, or `<id>.error.txt` saying why it could not;
/// 4. the test waits for one of the two files.
///
/// Everything here but the notification is plain Foundation, so both sides are
/// tested on Linux; the UIKit and Darwin-notification lines are in
/// `TestingGlue.swift` and TapReplayTesting's `AssertTappableUITest.swift`.
public enum UITestChannel {
    /// The launch environment variable that names the folder.
    public static let directoryVariable = "TAPREPLAY_UITEST_DIRECTORY"
    /// The Darwin notification the test posts after writing a request.
    public static let requestNotification = "com.tapreplay.uitest.capture"

    /// One request of the test: which screen name to give the bundle (nil: the
    /// app's `.tapReplayScreen` name, else its top view controller's class).
    public struct Request: Sendable, Equatable {
        public var id: String
        public var screen: String?
        public var captureText: Bool
        /// Add a picture of the window, secure text inputs painted over (`CaptureScreenshot`).
        public var captureScreenshot: Bool

        public init(id: String = UUID().uuidString, screen: String? = nil, captureText: Bool = false, captureScreenshot: Bool = false) {
            self.id = id; self.screen = screen; self.captureText = captureText; self.captureScreenshot = captureScreenshot
        }
    }

    /// Why the test got no bundle.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The app wrote `<id>.error.txt`.
        case app(String)
        /// Nothing arrived in time.
        case timedOut(seconds: Double)
        /// The folder could not be written or read.
        case files(String)

        public var description: String {
            switch self {
            case .app(let message): return "the app could not capture its screen: \(message)"
            case .timedOut(let seconds):
                return "the app did not answer within \(AnswerTime.format(seconds)) s: it must call TapReplayCapture.answerUITests() at launch "
                    + "(Examples/FlowSettings/FlowSettings/TapReplaySupport.swift), be launched after app.prepareForAssertTappable(), "
                    + "and run on a simulator (a device does not share its files with the test)"
            case .files(let message): return message
            }
        }
    }

    /// A new folder for one launch of the app, chosen by the test: under the
    /// simulated device's shared folder (`SIMULATOR_SHARED_RESOURCES_DIRECTORY`,
    /// which every process on that simulator reads and writes, whatever its
    /// container), else under `temporary`.
    public static func newDirectory(environment: [String: String] = ProcessInfo.processInfo.environment,
                                    temporary: URL = FileManager.default.temporaryDirectory) -> URL {
        let shared = environment["SIMULATOR_SHARED_RESOURCES_DIRECTORY"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
        return (shared ?? temporary).appendingPathComponent("TapReplayUITest-" + UUID().uuidString, isDirectory: true)
    }

    public static func requestFile(in directory: URL) -> URL { directory.appendingPathComponent("request.json") }
    public static func bundleFile(for id: String, in directory: URL) -> URL { directory.appendingPathComponent(id + ".capture.json") }
    public static func errorFile(for id: String, in directory: URL) -> URL { directory.appendingPathComponent(id + ".error.txt") }

    // MARK: - The test's side

    /// Writes the request (atomically: the app never reads half of one).
    public static func write(_ request: Request, in directory: URL) throws {
        var object: [String: Any] = ["id": request.id, "captureText": request.captureText]
        if request.captureScreenshot { object["captureScreenshot"] = true }
        if let screen = request.screen { object["screen"] = screen }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        try data.write(to: requestFile(in: directory), options: .atomic)
    }

    /// Waits for the app's answer to `id`: the bundle's bytes, or why there are none.
    /// Both files are removed once read.
    /// - Parameters:
    ///   - wait: lets time pass between two looks (a UI test turns its run loop); called with the seconds to wait.
    ///   - now: the clock (seconds).
    public static func awaitAnswer(to id: String, in directory: URL, timeout: Double, wait: (Double) -> Void,
                                   now: () -> Double = { ProcessInfo.processInfo.systemUptime }) -> Result<Data, Failure> {
        let bundle = bundleFile(for: id, in: directory), error = errorFile(for: id, in: directory)
        let deadline = now() + timeout
        while true {
            if let data = FileManager.default.contents(atPath: bundle.path) {
                try? FileManager.default.removeItem(at: bundle)
                return .success(data)
            }
            if let data = FileManager.default.contents(atPath: error.path) {
                try? FileManager.default.removeItem(at: error)
                return .failure(.app(String(decoding: data, as: UTF8.self)))
            }
            let left = deadline - now()
            if left <= 0 { return .failure(.timedOut(seconds: timeout)) }
            wait(min(0.05, left))
        }
    }

    // MARK: - The app's side

    /// Reads the pending request.
    public static func readRequest(in directory: URL) throws -> Request {
        let file = requestFile(in: directory)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw Failure.files("\(file.path): no request to answer")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], let id = object["id"] as? String,
              !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw Failure.files("\(file.path): not a request of TapReplayTesting")
        }
        return Request(id: id, screen: object["screen"] as? String, captureText: object["captureText"] as? Bool ?? false,
                       captureScreenshot: object["captureScreenshot"] as? Bool ?? false)
    }

    /// Answers the pending request with `capture(request)`'s bundle, or with the
    /// error it threw. Never throws: a failure to answer is what the test reports
    /// when its wait times out.
    /// - Returns: the file written, nil when there was no readable request.
    @discardableResult
    public static func answer(in directory: URL, capture: (Request) throws -> Data) -> URL? {
        guard let request = try? readRequest(in: directory) else { return nil }
        do {
            let data = try capture(request)
            let file = bundleFile(for: request.id, in: directory)
            try data.write(to: file, options: .atomic)
            return file
        } catch {
            let file = errorFile(for: request.id, in: directory)
            try? Data(String(describing: error).utf8).write(to: file, options: .atomic)
            return file
        }
    }
}

/// Seconds as the channel's messages write them: `10`, `2.5`.
enum AnswerTime {
    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
