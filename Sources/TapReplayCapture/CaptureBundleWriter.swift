import Foundation

/// Writes a capture bundle (`tapreplay-capture`, version 1): the raw view
/// tree of the key window, as little interpreted as possible, so improving
/// the mapping in `replay convert` needs no new app build.
@MainActor public enum CaptureBundleWriter {
    /// Views deeper than this are not walked (a guard; real trees are far shallower).
    public nonisolated static let maxDepth = 400

    /// The bundle as a JSON object.
    public static func bundle(screen: String, windows: [any CapturableView], environment: CaptureEnvironment, capturedAt: Date) -> [String: Any] {
        var top: [String: Any] = [
            "format": "tapreplay-capture", "version": 1, "screen": screen,
            "capturedAt": Timestamps.iso(capturedAt),
            "windows": windows.map { view($0, depth: 0) },
        ]
        let app = environment.appJSON, device = environment.deviceJSON
        if !app.isEmpty { top["app"] = app }
        if !device.isEmpty { top["device"] = device }
        return top
    }

    static func view(_ v: any CapturableView, depth: Int) -> [String: Any] {
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
        if let label = v.captureAccessibilityLabel, !label.isEmpty { out["accessibilityLabel"] = label }
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
        if let data = v.captureSwiftUIDebugData {
            // Embedded exactly as SwiftUI serialized it; unreadable data is kept as text under `extra`.
            if let payload = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
                out["swiftUI"] = payload
            } else {
                out["extra"] = ["swiftUIUnreadable": String(decoding: data.prefix(200), as: UTF8.self)]
            }
        }
        if depth < maxDepth {
            let subviews = v.captureSubviews
            if !subviews.isEmpty { out["subviews"] = subviews.map { view($0, depth: depth + 1) } }
        }
        return out
    }

    /// The bundle's JSON bytes (sorted keys, so the same screen gives the same file).
    public static func data(screen: String, windows: [any CapturableView], environment: CaptureEnvironment, capturedAt: Date) throws -> Data {
        try JSONSerialization.data(withJSONObject: bundle(screen: screen, windows: windows, environment: environment, capturedAt: capturedAt),
                                   options: [.prettyPrinted, .sortedKeys])
    }

    /// Writes `<screen>-<time>.capture.json` into `directory` (created if needed).
    /// - Returns: the file written.
    @discardableResult
    public static func write(screen: String, windows: [any CapturableView], environment: CaptureEnvironment, capturedAt: Date,
                             to directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("\(Timestamps.fileSafe(screen))-\(Timestamps.compact(capturedAt)).capture.json")
        try data(screen: screen, windows: windows, environment: environment, capturedAt: capturedAt).write(to: url, options: .atomic)
        return url
    }
}
