// What TapReplayTesting needs of the kit on Apple platforms: the environment,
// key window and screen name of an in-memory capture, and the app's half of the
// UI-test channel (UITestChannel.swift). Apple-only lines, checked against an
// iOS SDK and Apple's documentation (docs/testing.md lists them).
#if canImport(UIKit) && (os(iOS) || os(visionOS))
import CoreFoundation
import Foundation
import UIKit

extension TapReplayCapture {
    /// The app and device as a capture of `window` records them: Info.plist's
    /// id, version, build and SDK, the system version, the window's scale and size.
    @MainActor public static func captureEnvironment(for window: UIWindow?) -> CaptureEnvironment {
        environment(window)
    }

    /// The foreground scene's key window (the window `captureScreen(_:)` captures).
    @MainActor public static var foregroundKeyWindow: UIWindow? { keyWindow }

    /// The name a capture of `window` gets: the one given to `startRecording(screen:)`,
    /// else the `.tapReplayScreen` name on display, else the top view controller's class.
    @MainActor public static func screenName(for window: UIWindow) -> String {
        Recording.fixedScreen ?? Recording.namedScreen ?? Recording.topViewControllerName(window)
    }

    /// Lets a UI test audit this app's screens with `assertTappable(app)`
    /// (TapReplayTesting): when the app was launched by a test that called
    /// `app.prepareForAssertTappable()`, every request of the test is answered
    /// with the capture bundle of the key window, in memory, into the test's
    /// folder. Does nothing otherwise. Call it from `App.init` or
    /// `application(_:didFinishLaunchingWithOptions:)`, in debug builds only.
    @MainActor public static func answerUITests() {
        guard UITestAnswering.directory == nil,
              let path = ProcessInfo.processInfo.environment[UITestChannel.directoryVariable], !path.isEmpty else { return }
        UITestAnswering.directory = URL(fileURLWithPath: path, isDirectory: true)
        // A Darwin notification carries no payload and calls a C function: the request is in the folder.
        CFNotificationCenterAddObserver(CFNotificationCenterGetDarwinNotifyCenter(), nil, { _, _, _, _, _ in
            DispatchQueue.main.async { MainActor.assumeIsolated { UITestAnswering.answer() } }
        }, UITestChannel.requestNotification as CFString, nil, .deliverImmediately)
    }
}

@MainActor enum UITestAnswering {
    /// The test's folder, once `answerUITests()` found one.
    static var directory: URL?

    static func answer() {
        guard let directory else { return }
        UITestChannel.answer(in: directory) { request in
            guard let window = TapReplayCapture.keyWindow else { throw CaptureKitError.noKeyWindow }
            window.layoutIfNeeded()
            let screen = request.screen ?? TapReplayCapture.screenName(for: window)
            return try CaptureBundleWriter.data(screen: screen, windows: [window], environment: TapReplayCapture.environment(window),
                                                capturedAt: Date(), captureText: request.captureText,
                                                screenshot: request.captureScreenshot ? TapReplayCapture.screenshot(of: window) : nil)
        }
    }
}
#endif
