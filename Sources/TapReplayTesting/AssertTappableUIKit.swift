// The few lines that host a view: a SwiftUI view or a view controller in an
// off-screen window of the test process, and a running app's window. Not built
// on Linux; type-checked against an iOS SDK (docs/testing.md lists how each
// line was checked) and run by the example app's tests on macOS runners.
#if canImport(UIKit) && canImport(SwiftUI) && (os(iOS) || os(visionOS))
import SwiftUI
import TapReplayCapture
import UIKit

/// Hosts `view` off-screen at `size` in the test process, captures it in
/// memory with the kit, and audits it as `replay audit` would (A1–A11).
/// The snapshot records the simulator's system
/// (`device.os`) and the app's SDK (`app.sdk`), which choose the touch-binding
/// profile (docs/snapshot.md, S9 "Profiles"). Each unwaived error fails the test at this
/// line, with its node, value and fix.
///
/// ```swift
/// @MainActor @Test func settingsRowsAreTappable() {
///     assertTappable(SettingsScreen(), size: CGSize(width: 393, height: 852))
/// }
/// ```
///
/// SwiftUI keeps the data the audit reads only when `SWIFTUI_VIEW_DEBUG` is
/// set before its first view is built: this sets it when no SwiftUI view was
/// built yet (a test bundle without a host app); in a test hosted by your
/// app, set `SWIFTUI_VIEW_DEBUG=31` in the scheme's Test environment.
/// Without it the assertion fails saying so, never passes unaudited.
/// - Parameters:
///   - size: the window's size in points (a phone: 393 × 852).
///   - screen: the screen name; nil: the view's type name.
@MainActor @discardableResult
public func assertTappable<V: View>(_ view: V, size: CGSize, screen: String? = nil, options: TappableOptions = TappableOptions(),
                                    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
                                    column: UInt = #column) -> TappableAudit? {
    OffscreenHost.requestSwiftUIDebugData()
    return assertTappable(UIHostingController(rootView: view), size: size, screen: screen ?? String(describing: V.self), options: options,
                          fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Shows `viewController` as the root of an off-screen window of `size`
/// (default: the key window's size, else 393 × 852), captures and audits it
/// as `assertTappable(_:size:)` does.
/// - Parameter screen: the screen name; nil: the controller's class name.
@MainActor @discardableResult
public func assertTappable(_ viewController: UIViewController, size: CGSize? = nil, screen: String? = nil,
                           options: TappableOptions = TappableOptions(), fileID: StaticString = #fileID,
                           filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> TappableAudit? {
    let bounds = CGRect(origin: .zero, size: size ?? TapReplayCapture.foregroundKeyWindow?.bounds.size ?? CGSize(width: 393, height: 852))
    let window = OffscreenHost.show(viewController, in: bounds)
    defer { OffscreenHost.dismiss(window) }
    return assertTappable(window: window, screen: screen ?? String(describing: type(of: viewController)), options: options,
                          fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Captures `window` as it is now (a running app's, in a test hosted by the
/// app: `TapReplayCapture.foregroundKeyWindow`) and audits it as
/// `assertTappable(_:size:)` does. A UI test, which runs in a process of its
/// own, uses `assertTappable(_ app:)` instead.
/// - Parameter screen: the screen name; nil: the `.tapReplayScreen` name, else the top view controller's class.
@MainActor @discardableResult
public func assertTappable(window: UIWindow, screen: String? = nil, options: TappableOptions = TappableOptions(),
                           fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
                           column: UInt = #column) -> TappableAudit? {
    window.layoutIfNeeded()
    var environment = TapReplayCapture.captureEnvironment(for: window)
    if let scale = environment.scale, !(scale > 0) { environment.scale = nil }  // an off-screen window may report none
    // The screen as drawn, attached beside the map (docs/testing.md, "Attachments").
    let screenshot = options.attachments == .never ? nil
        : UIGraphicsImageRenderer(bounds: window.bounds).pngData { _ in _ = window.drawHierarchy(in: window.bounds, afterScreenUpdates: true) }
    return assertTappable(capturing: [window], environment: environment,
                          screen: screen ?? TapReplayCapture.screenName(for: window), options: options, screenshot: screenshot,
                          fileID: fileID, filePath: filePath, line: line, column: column)
}

/// An off-screen window of the test process: never made key, attached to no scene.
@MainActor enum OffscreenHost {
    /// Sets `SWIFTUI_VIEW_DEBUG=31` unless the environment already says something.
    static func requestSwiftUIDebugData() {
        setenv("SWIFTUI_VIEW_DEBUG", "31", 0)
    }

    static func show(_ viewController: UIViewController, in bounds: CGRect) -> UIWindow {
        let window = UIWindow(frame: bounds)
        window.rootViewController = viewController
        window.isHidden = false
        viewController.view.frame = bounds
        window.layoutIfNeeded()
        // One turn of the run loop: SwiftUI applies the updates its first layout scheduled (onAppear, state).
        RunLoop.current.run(until: Date())
        window.layoutIfNeeded()
        return window
    }

    static func dismiss(_ window: UIWindow) {
        window.isHidden = true
        window.rootViewController = nil
    }
}
#endif
