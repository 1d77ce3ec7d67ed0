// The UI test's half of the UI-test channel (TapReplayCapture's
// UITestChannel.swift): a UI test runs in a process of its own, so it asks the
// app it launched for a capture of the screen on display. Not built on Linux;
// docs/testing.md lists how each line was checked. The workflow
// .github/workflows/capture-kit.yml runs it in the example app's UI test.
#if canImport(XCTest) && canImport(UIKit) && (os(iOS) || os(visionOS))
import CoreFoundation
import Foundation
import TapReplayCapture
import XCTest

extension XCUIApplication {
    /// Call before `launch()`: lets `assertTappable(self)` ask the app for its
    /// screen (a new folder in the simulator's shared folder, named in the launch
    /// environment), and sets `SWIFTUI_VIEW_DEBUG=31` so that SwiftUI keeps the
    /// data the audit reads. The app must call `TapReplayCapture.answerUITests()` at launch.
    public func prepareForAssertTappable() {
        let folder = UITestChannel.newDirectory()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        launchEnvironment[UITestChannel.directoryVariable] = folder.path
        launchEnvironment["SWIFTUI_VIEW_DEBUG"] = "31"
    }
}

/// Asks the running `app` for the capture bundle of its key window (on a
/// simulator; the app answers with `TapReplayCapture.answerUITests()`) and
/// audits it as `assertTappable(bundle:)` does: each unwaived error fails the
/// test at this line, with its node, value and fix.
///
/// ```swift
/// let app = XCUIApplication()
/// app.prepareForAssertTappable()
/// app.launch()
/// assertTappable(app, screen: "Settings")
/// ```
/// - Parameters:
///   - screen: the screen name; nil: the app's `.tapReplayScreen` name, else its top view controller's class.
///   - timeout: how long to wait for the app's answer, in seconds.
@MainActor @discardableResult
public func assertTappable(_ app: XCUIApplication, screen: String? = nil, options: TappableOptions = TappableOptions(),
                           timeout: TimeInterval = 10, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                           line: UInt = #line, column: UInt = #column) -> TappableAudit? {
    let location = AssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let path = app.launchEnvironment[UITestChannel.directoryVariable] else {
        TestIssues.fail("call app.prepareForAssertTappable() before app.launch(): the app does not know where to answer", at: location)
        return nil
    }
    let folder = URL(fileURLWithPath: path, isDirectory: true)
    let request = UITestChannel.Request(screen: screen, captureText: options.captureText)
    do {
        try UITestChannel.write(request, in: folder)
    } catch {
        TestIssues.fail("cannot write the request into \(path): \(error)", at: location)
        return nil
    }
    CFNotificationCenterPostNotification(CFNotificationCenterGetDarwinNotifyCenter(),
                                         CFNotificationName(UITestChannel.requestNotification as CFString), nil, nil, true)
    let answer = UITestChannel.awaitAnswer(to: request.id, in: folder, timeout: timeout) { seconds in
        RunLoop.current.run(until: Date(timeIntervalSinceNow: seconds))
    }
    switch answer {
    case .success(let bundle):
        let screenshot = options.attachments == .never ? nil : app.screenshot().pngRepresentation
        return TappableAssertion.run(bundle: bundle, screen: screen, options: options, at: location, screenshot: screenshot)
    case .failure(let failure):
        TestIssues.fail(TappableReport.problem(failure.description, screen: screen), at: location)
        return nil
    }
}
#endif
