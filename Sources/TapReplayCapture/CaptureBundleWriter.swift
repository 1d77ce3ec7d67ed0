import Foundation

/// Writes a capture bundle (`tapreplay-capture`, version 1): the raw view
/// tree of the key window, as little interpreted as possible, so improving
/// the mapping in `replay convert` needs no new app build.
///
/// Without `captureText` a bundle holds no text a person could read on the
/// screen: no accessibility labels, and SwiftUI's debug data without its
/// strings (`CapturePrivacy.redactText(inSwiftUIPayload:)`). Accessibility
/// identifiers, class names and frames are always kept.
@MainActor public enum CaptureBundleWriter {
    /// Views deeper than this are not walked (a guard; real trees are far shallower).
    public nonisolated static let maxDepth = 400

    /// The bundle as a JSON object.
    /// - Parameter screenshot: the window's picture, when the app opted in (`CaptureScreenshot`).
    public static func bundle(screen: String, windows: [any CapturableView], environment: CaptureEnvironment, capturedAt: Date,
                              captureText: Bool = false, screenshot: CaptureScreenshot? = nil) -> [String: Any] {
        var top: [String: Any] = [
            "format": "tapreplay-capture", "version": 1, "screen": screen,
            "capturedAt": Timestamps.iso(capturedAt),
            "windows": windows.map { view($0, depth: 0, captureText: captureText) },
        ]
        let app = environment.appJSON, device = environment.deviceJSON
        if !app.isEmpty { top["app"] = app }
        if !device.isEmpty { top["device"] = device }
        if let screenshot { top["screenshot"] = screenshot.json }
        return top
    }

    static func view(_ v: any CapturableView, depth: Int, captureText: Bool) -> [String: Any] {
        let frame = v.captureFrameInWindow.count == 4 && v.captureFrameInWindow.allSatisfy(\.isFinite) ? v.captureFrameInWindow : [0, 0, 0, 0]
        var out: [String: Any] = [
            "class": v.captureClassName,
            "frame": frame,
            "alpha": v.captureAlpha.isFinite ? v.captureAlpha : 1,
            "hidden": v.captureIsHidden,
            "userInteractionEnabled": v.captureIsUserInteractionEnabled,
            "clipsToBounds": v.captureClipsToBounds,
        ]
        if let id = v.captureAccessibilityIdentifier, !id.isEmpty { out["accessibilityIdentifier"] = id }
        if captureText, let label = v.captureAccessibilityLabel, !label.isEmpty { out["accessibilityLabel"] = label }
        if let vc = v.captureViewControllerClassName, !vc.isEmpty { out["viewController"] = vc }
        if let c = v.captureControl { out["control"] = ["enabled": c.enabled, "actions": c.actions] }
        let recognizers = v.captureGestureRecognizers
        if !recognizers.isEmpty {
            out["gestureRecognizers"] = recognizers.map { r -> [String: Any] in
                var g: [String: Any] = ["class": r.className, "enabled": r.enabled, "cancelsTouchesInView": r.cancelsTouchesInView]
                if let n = r.numberOfTapsRequired { g["numberOfTapsRequired"] = n }
                if let d = r.minimumPressDuration, d.isFinite { g["minimumPressDuration"] = d }
                return g
            }
        }
        if v.captureOverridesHitTest { out["overridesHitTest"] = true }
        if let s = v.captureScrollTouches {
            out["scroll"] = ["delaysContentTouches": s.delaysContentTouches, "canCancelContentTouches": s.canCancelContentTouches]
        }
        if let data = v.captureSwiftUIDebugData {
            // Embedded as SwiftUI serialized it (its text removed unless captureText); data that is
            // not JSON is kept under `extra`: its first bytes with captureText, else only its size.
            if let payload = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
                out["swiftUI"] = captureText ? payload : CapturePrivacy.redactText(inSwiftUIPayload: payload)
            } else {
                out["extra"] = captureText ? ["swiftUIUnreadable": String(decoding: data.prefix(200), as: UTF8.self)]
                                           : ["swiftUIUnreadableBytes": data.count]
            }
        }
        if depth < maxDepth {
            let subviews = v.captureSubviews
            if !subviews.isEmpty { out["subviews"] = subviews.map { view($0, depth: depth + 1, captureText: captureText) } }
        }
        return out
    }

    /// The bundle's JSON bytes (sorted keys, so the same screen gives the same file).
    public static func data(screen: String, windows: [any CapturableView], environment: CaptureEnvironment, capturedAt: Date,
                            captureText: Bool = false, screenshot: CaptureScreenshot? = nil) throws -> Data {
        try JSONSerialization.data(withJSONObject: bundle(screen: screen, windows: windows, environment: environment, capturedAt: capturedAt,
                                                          captureText: captureText, screenshot: screenshot),
                                   options: [.prettyPrinted, .sortedKeys])
    }

    /// Writes `<screen>-<time>.capture.json` into `directory` (created if needed).
    /// - Returns: the file written.
    @discardableResult
    public static func write(screen: String, windows: [any CapturableView], environment: CaptureEnvironment, capturedAt: Date,
                             captureText: Bool = false, screenshot: CaptureScreenshot? = nil, to directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("\(Timestamps.fileSafe(screen))-\(Timestamps.compact(capturedAt)).capture.json")
        try data(screen: screen, windows: windows, environment: environment, capturedAt: capturedAt, captureText: captureText,
                 screenshot: screenshot)
            .write(to: url, options: .atomic)
        return url
    }
}
