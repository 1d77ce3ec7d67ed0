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
    /// Written only when the app opts in with `captureText: true` (it is text a person reads).
    var captureAccessibilityLabel: String? { get }
    /// The class of the view controller whose root view this is (`UIView.next`),
    /// as `NSStringFromClass` gives it; nil for any other view. `replay convert`
    /// builds stable ids from it.
    var captureViewControllerClassName: String? { get }
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
    /// A UIScrollView's touch delays (`delaysContentTouches`, `canCancelContentTouches`); nil for
    /// any other view.
    var captureScrollTouches: CapturedScrollTouches? { get }
}

extension CapturableView {
    public var captureScrollTouches: CapturedScrollTouches? { nil }
}

public struct CapturedScrollTouches: Sendable, Equatable {
    public var delaysContentTouches: Bool
    public var canCancelContentTouches: Bool
    public init(delaysContentTouches: Bool, canCancelContentTouches: Bool) {
        self.delaysContentTouches = delaysContentTouches; self.canCancelContentTouches = canCancelContentTouches
    }
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
