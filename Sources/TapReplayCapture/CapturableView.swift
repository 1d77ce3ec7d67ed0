import Foundation

/// What the capture kit reads from a view. `UIView` conforms in a few lines
/// under `#if canImport(UIKit)`; tests use fakes. Everything the bundle holds
/// comes through here, so the walk and the bundle are tested on any platform.
@MainActor public protocol CapturableView {
    /// The runtime class name (`UIButton`, `_TtGC7SwiftUI14_UIHostingView…`).
    var captureClassName: String { get }
    /// `convert(bounds, to: window)`: x, y, width, height in window points.
    var captureFrameInWindow: [Double] { get }
    var captureAlpha: Double { get }
    var captureIsHidden: Bool { get }
    var captureIsUserInteractionEnabled: Bool { get }
    var captureClipsToBounds: Bool { get }
    var captureAccessibilityIdentifier: String? { get }
    var captureAccessibilityLabel: String? { get }
    /// A UIControl's state and action selector names; nil for other views.
    var captureControl: CapturedControl? { get }
    var captureGestureRecognizers: [CapturedRecognizer] { get }
    /// The view's class overrides `hitTest(_:with:)` or `point(inside:with:)`.
    var captureOverridesHitTest: Bool { get }
    /// Subviews, back to front.
    var captureSubviews: [any CapturableView] { get }
    /// A SwiftUI hosting view's `_ViewDebug` data as SwiftUI serialized it; nil when
    /// the view is not a hosting view or SwiftUI recorded nothing.
    var captureSwiftUIDebugData: Data? { get }
}

public struct CapturedControl: Sendable, Equatable {
    public var enabled: Bool
    public var actions: [String]
    public init(enabled: Bool, actions: [String]) { self.enabled = enabled; self.actions = actions }
}

public struct CapturedRecognizer: Sendable, Equatable {
    public var className: String
    public var enabled: Bool
    public var numberOfTapsRequired: Int?
    public var minimumPressDuration: Double?
    public var cancelsTouchesInView: Bool
    public init(className: String, enabled: Bool, numberOfTapsRequired: Int? = nil, minimumPressDuration: Double? = nil,
                cancelsTouchesInView: Bool = true) {
        self.className = className; self.enabled = enabled; self.numberOfTapsRequired = numberOfTapsRequired
        self.minimumPressDuration = minimumPressDuration; self.cancelsTouchesInView = cancelsTouchesInView
    }
}

/// The app and device a capture or trace comes from.
public struct CaptureEnvironment: Sendable, Equatable {
    public var appID: String?
    public var appVersion: String?
    public var appBuild: String?
    public var deviceModel: String?
    public var os: String?
    public var scale: Double?
    public var width: Double?
    public var height: Double?

    public init(appID: String? = nil, appVersion: String? = nil, appBuild: String? = nil, deviceModel: String? = nil,
                os: String? = nil, scale: Double? = nil, width: Double? = nil, height: Double? = nil) {
        self.appID = appID; self.appVersion = appVersion; self.appBuild = appBuild; self.deviceModel = deviceModel
        self.os = os; self.scale = scale; self.width = width; self.height = height
    }

    /// The app's id, version and build from its Info.plist (`Bundle.main.infoDictionary`).
    public init(infoDictionary info: [String: Any], deviceModel: String?, os: String?, scale: Double?, width: Double?, height: Double?) {
        self.init(appID: info["CFBundleIdentifier"] as? String, appVersion: info["CFBundleShortVersionString"] as? String,
                  appBuild: info["CFBundleVersion"] as? String, deviceModel: deviceModel, os: os, scale: scale, width: width, height: height)
    }

    var appJSON: [String: Any] {
        var a: [String: Any] = [:]
        if let appID { a["id"] = appID }
        if let appVersion { a["version"] = appVersion }
        if let appBuild { a["build"] = appBuild }
        return a
    }

    var deviceJSON: [String: Any] {
        var d: [String: Any] = [:]
        if let deviceModel { d["model"] = deviceModel }
        if let os { d["os"] = os }
        if let scale, scale.isFinite { d["scale"] = scale }
        if let width, width.isFinite { d["width"] = width }
        if let height, height.isFinite { d["height"] = height }
        return d
    }
}

/// ISO 8601 time stamps (UTC, whole seconds) as the formats write them.
enum Timestamps {
    static func iso(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: date)
    }

    /// `20261120T100000` for file names and trace ids.
    static func compact(_ date: Date) -> String {
        iso(date).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "Z", with: "")
    }

    /// A name usable in a file name: letters, digits, `-`, `_`, `.`; others become `_`.
    static func fileSafe(_ s: String) -> String {
        let cleaned = String(s.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
        return cleaned.isEmpty ? "Screen" : cleaned
    }
}
