import Foundation
import TapReplayCapture

/// A view as the capture kit sees it, built by hand: what `UIView` gives the
/// kit on a device, here on any platform (tests of the kit and of assertTappable).
@MainActor public final class FakeView: CapturableView {
    public var captureClassName: String
    public var captureFrameInWindow: [Double]
    public var captureAlpha: Double = 1
    public var captureIsHidden = false
    public var captureIsUserInteractionEnabled = true
    public var captureClipsToBounds = false
    public var captureAccessibilityIdentifier: String?
    public var captureAccessibilityLabel: String?
    public var captureViewControllerClassName: String?
    public var captureControl: CapturedControl?
    public var captureGestureRecognizers: [CapturedRecognizer] = []
    public var captureOverridesHitTest = false
    public var captureSubviews: [any CapturableView]
    public var captureSwiftUIDebugData: Data?
    public var captureScrollTouches: CapturedScrollTouches?

    public init(_ cls: String, _ frame: [Double], _ subviews: [FakeView] = []) {
        captureClassName = cls; captureFrameInWindow = frame; captureSubviews = subviews
    }

    /// The views of a capture bundle's window (its JSON object), as the kit would
    /// meet them again on a device: class, frame, flags, identifier, control,
    /// recognizers and each hosting view's SwiftUI payload as SwiftUI serialized it.
    public convenience init(bundleView v: [String: Any]) throws {
        let frame = (v["frame"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? [0, 0, 0, 0]
        self.init(v["class"] as? String ?? "UIView", frame,
                  try ((v["subviews"] as? [[String: Any]]) ?? []).map { try FakeView(bundleView: $0) })
        captureAlpha = (v["alpha"] as? NSNumber)?.doubleValue ?? 1
        captureIsHidden = v["hidden"] as? Bool ?? false
        captureIsUserInteractionEnabled = v["userInteractionEnabled"] as? Bool ?? true
        captureClipsToBounds = v["clipsToBounds"] as? Bool ?? false
        captureAccessibilityIdentifier = v["accessibilityIdentifier"] as? String
        captureAccessibilityLabel = v["accessibilityLabel"] as? String
        captureViewControllerClassName = v["viewController"] as? String
        if let c = v["control"] as? [String: Any] {
            captureControl = CapturedControl(enabled: c["enabled"] as? Bool ?? true, actions: c["actions"] as? [String] ?? [])
        }
        captureGestureRecognizers = ((v["gestureRecognizers"] as? [[String: Any]]) ?? []).map { g in
            CapturedRecognizer(className: g["class"] as? String ?? "UIGestureRecognizer", enabled: g["enabled"] as? Bool ?? true,
                               numberOfTapsRequired: (g["numberOfTapsRequired"] as? NSNumber)?.intValue,
                               minimumPressDuration: (g["minimumPressDuration"] as? NSNumber)?.doubleValue,
                               cancelsTouchesInView: g["cancelsTouchesInView"] as? Bool ?? true)
        }
        captureOverridesHitTest = v["overridesHitTest"] as? Bool ?? false
        if let s = v["scroll"] as? [String: Any] {
            captureScrollTouches = CapturedScrollTouches(delaysContentTouches: s["delaysContentTouches"] as? Bool ?? true,
                                                         canCancelContentTouches: s["canCancelContentTouches"] as? Bool ?? true)
        }
        if let payload = v["swiftUI"] { captureSwiftUIDebugData = try JSONSerialization.data(withJSONObject: payload) }
    }
}
