import Foundation
import TapReplayCapture

/// Audits a capture bundle (`tapreplay-capture`, what the kit writes) as
/// `replay convert` and `replay audit` would, and fails the running test with
/// one failure per unwaived error (its rule, node, value, message and fix) at
/// the assertion's line. Warnings, notes, waived findings and capture limits
/// go to the test's log.
///
/// The SwiftUI, UIKit and UI-test forms (`assertTappable(_:size:)`,
/// `assertTappable(_ viewController:)`, `assertTappable(window:)`,
/// `assertTappable(_ app:)`) capture a bundle and end here.
/// - Parameter screen: the screen name; nil: the bundle's.
/// - Returns: the audit, or nil when the capture could not be audited (that is a failure too).
@discardableResult
public func assertTappable(bundle: Data, screen: String? = nil, options: TappableOptions = TappableOptions(),
                           fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
                           column: UInt = #column) -> TappableAudit? {
    TappableAssertion.run(bundle: bundle, screen: screen, options: options,
                          at: AssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Captures `windows` in memory with the kit (its bundle writer, as
/// `captureScreen` writes) and audits them as `assertTappable(bundle:)` does.
/// This is the form every Apple-platform one ends in; tests drive it with
/// fake views.
/// - Parameters:
///   - windows: the windows, back to front (`UIWindow` conforms to `CapturableView`).
///   - environment: the app and device (`TapReplayCapture.captureEnvironment(for:)` on a device or simulator):
///     `device.os` and `app.sdk` choose the touch-binding profile.
/// - Parameter screenshot: PNG bytes of the windows as drawn, attached beside the map (nil where none can be drawn).
@MainActor @discardableResult
public func assertTappable(capturing windows: [any CapturableView], environment: CaptureEnvironment, screen: String,
                           options: TappableOptions = TappableOptions(), screenshot: Data? = nil, fileID: StaticString = #fileID,
                           filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> TappableAudit? {
    let location = AssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let data: Data
    do {
        data = try CaptureBundleWriter.data(screen: screen, windows: windows, environment: environment, capturedAt: Date(),
                                            captureText: options.captureText)
    } catch {
        TestIssues.fail(TappableReport.problem("the capture kit could not write the bundle: \(error)", screen: screen), at: location)
        return nil
    }
    return TappableAssertion.run(bundle: data, screen: screen, options: options, at: location, screenshot: screenshot)
}

/// The assertion: audit, then report.
public enum TappableAssertion {
    /// - Parameters:
    ///   - screenshot: PNG bytes of the screen, attached beside the map.
    ///   - attach: where the attachments go; nil: to the running test (`TestIssues.attach`). Tests of this library read them here.
    @discardableResult
    public static func run(bundle: Data, screen: String?, options: TappableOptions, at location: AssertionLocation,
                           environment: [String: String] = ProcessInfo.processInfo.environment, screenshot: Data? = nil,
                           attach: (([TappableAttachment]) -> Void)? = nil) -> TappableAudit? {
        let attach = attach ?? { TestIssues.attach($0, at: location) }
        switch TappableAuditor.audit(bundle: bundle, screen: screen, options: options, testFolder: location.folder, environment: environment) {
        case .failure(let problems):
            for p in problems.messages { TestIssues.fail(TappableReport.problem(p, screen: screen), at: location) }
            if TappableAttachments.wanted(options.attachments, passed: false) { attach(TappableAttachments.capture(bundle, screen: screen)) }
            return nil
        case .success(let audit):
            report(audit, at: location)
            if TappableAttachments.wanted(options.attachments, passed: audit.passed) {
                attach(TappableAttachments.make(audit, screenshot: screenshot))
            }
            return audit
        }
    }

    /// One failure per unwaived error and per problem, in document order; the rest to the log.
    public static func report(_ audit: TappableAudit, at location: AssertionLocation) {
        TestIssues.log(TappableReport.log(audit))
        for f in audit.failures { TestIssues.fail(TappableReport.failure(f, screen: audit.snapshot.screen), at: location) }
        for p in audit.problems { TestIssues.fail(TappableReport.problem(p, screen: audit.snapshot.screen), at: location) }
    }
}
