// The only part of the kit that is not built on Linux: UIView and UITouch onto
// the kit's protocol, the key window, the sendEvent observer and the SwiftUI
// modifier. Each line is checked against Apple's documentation (docs/capture.md).
#if canImport(UIKit) && (os(iOS) || os(visionOS))
import ObjectiveC
import UIKit

extension UIView: CapturableView {
    public var captureClassName: String { NSStringFromClass(type(of: self)) }
    public var captureFrameInWindow: [Double] {
        let r = window.map { convert(bounds, to: $0) } ?? frame
        return [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
    }
    public var captureAlpha: Double { Double(alpha) }
    public var captureIsHidden: Bool { isHidden }
    public var captureIsUserInteractionEnabled: Bool { isUserInteractionEnabled }
    public var captureClipsToBounds: Bool { clipsToBounds }
    public var captureAccessibilityIdentifier: String? { accessibilityIdentifier }
    public var captureAccessibilityLabel: String? { accessibilityLabel }
    public var captureControl: CapturedControl? {
        guard let control = self as? UIControl else { return nil }
        // allTargets may hold NSNull for responder-chain actions: actions(forTarget:) of nil is always nil, so ask each target.
        let actions = control.allTargets.flatMap { control.actions(forTarget: $0.base, forControlEvent: .touchUpInside) ?? [] }
        return CapturedControl(enabled: control.isEnabled, actions: actions.sorted())
    }
    public var captureGestureRecognizers: [CapturedRecognizer] {
        (gestureRecognizers ?? []).map { g in
            CapturedRecognizer(className: NSStringFromClass(type(of: g)), enabled: g.isEnabled,
                               numberOfTapsRequired: (g as? UITapGestureRecognizer)?.numberOfTapsRequired,
                               minimumPressDuration: (g as? UILongPressGestureRecognizer).map { Double($0.minimumPressDuration) },
                               cancelsTouchesInView: g.cancelsTouchesInView)
        }
    }
    public var captureOverridesHitTest: Bool {
        // An app class (not UIKit's own) that replaces hitTest(_:with:) or point(inside:with:).
        let uikit = Bundle(for: UIView.self)
        var base: AnyClass = type(of: self)
        while Bundle(for: base) != uikit, let superclass = class_getSuperclass(base) { base = superclass }
        let cls: AnyClass = type(of: self)
        for selector in [#selector(UIView.hitTest(_:with:)), #selector(UIView.point(inside:with:))] {
            if class_getMethodImplementation(cls, selector) != class_getMethodImplementation(base, selector) { return true }
        }
        return false
    }
    public var captureSubviews: [any CapturableView] { subviews }
    public var captureSwiftUIDebugData: Data? {
        // SPI: `_UIHostingView.makeViewDebugData()` is @objc and returns NSData? (filled only when
        // SWIFTUI_VIEW_DEBUG was set before the first view graph was built).
        let selector = NSSelectorFromString("makeViewDebugData")
        guard responds(to: selector), let result = perform(selector)?.takeUnretainedValue() else { return nil }
        return result as? Data
    }
}

@available(iOS 15.0, visionOS 1.0, *)
extension TapReplayCapture {
    /// The app's key window (iOS 15+: the foreground scene's key window).
    @MainActor static var keyWindow: UIWindow? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        return scenes.first { $0.activationState == .foregroundActive }?.keyWindow ?? scenes.compactMap(\.keyWindow).first
    }

    @MainActor static func environment(_ window: UIWindow) -> CaptureEnvironment {
        let model = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"] ?? {
            var info = utsname()
            uname(&info)
            return withUnsafeBytes(of: &info.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }()
        return CaptureEnvironment(infoDictionary: Bundle.main.infoDictionary ?? [:], deviceModel: model,
                                  os: "\(UIDevice.current.systemName) \(UIDevice.current.systemVersion)",
                                  scale: Double(window.traitCollection.displayScale),
                                  width: Double(window.bounds.width), height: Double(window.bounds.height))
    }

    /// Writes the capture bundle of the key window into `Documents/TapReplay/`.
    /// - Returns: the file written.
    @MainActor @discardableResult
    public static func captureScreen(_ name: String) throws -> URL {
        guard let window = keyWindow else { throw CaptureKitError.noKeyWindow }
        return try CaptureBundleWriter.write(screen: name, windows: [window], environment: environment(window),
                                             capturedAt: Date(), to: directory)
    }

    /// Records every touch of the key window into trace JSONL, one file per screen
    /// session, without changing how touches are delivered.
    /// - Parameter screen: the screen name; default: the SwiftUI `.tapReplayScreen` name, else the top view controller's class.
    @MainActor public static func startRecording(screen: String? = nil, source: String = "device") {
        guard Recording.recorder == nil, let window = keyWindow else { return }
        Recording.fixedScreen = screen
        Recording.recorder = TraceRecorder(directory: directory, environment: environment(window), source: source)
        Recording.installObserver()
    }

    /// Ends the current session (fingers still down are written as cancelled).
    @MainActor public static func stopRecording() {
        Recording.recorder?.stop()
        Recording.recorder = nil
    }

    /// Called by `.tapReplayScreen(_:)`.
    @MainActor static func screenAppeared(_ name: String) { Recording.namedScreen = name }
    @MainActor static func screenDisappeared(_ name: String) { if Recording.namedScreen == name { Recording.namedScreen = nil } }
}

public enum CaptureKitError: Error { case noKeyWindow }

@available(iOS 15.0, visionOS 1.0, *)
@MainActor enum Recording {
    static var recorder: TraceRecorder?
    static var fixedScreen: String?
    static var namedScreen: String?
    static var installed = false

    /// Replaces UIWindow.sendEvent(_:) once with a block that calls the original
    /// implementation first (delivery unchanged) and then looks at the event.
    static func installObserver() {
        guard !installed else { return }
        let selector = #selector(UIWindow.sendEvent(_:))
        guard let method = class_getInstanceMethod(UIWindow.self, selector) else { return }
        installed = true
        typealias SendEvent = @convention(c) (UIWindow, Selector, UIEvent) -> Void
        let original = unsafeBitCast(method_getImplementation(method), to: SendEvent.self)
        let block: @convention(block) (UIWindow, UIEvent) -> Void = { window, event in
            original(window, selector, event)
            MainActor.assumeIsolated { observe(event, in: window) }
        }
        method_setImplementation(method, imp_implementationWithBlock(block))
    }

    static func observe(_ event: UIEvent, in window: UIWindow) {
        guard let recorder, event.type == .touches, window.isKeyWindow, let touches = event.touches(for: window) else { return }
        recorder.setScreen(fixedScreen ?? namedScreen ?? topViewControllerName(window), at: event.timestamp)
        let samples: [TouchSample] = touches.compactMap { touch in
            guard touch.type != .indirectPointer else { return nil }
            let phase: TouchSample.Phase
            switch touch.phase {
            case .began: phase = .began
            case .moved: phase = .moved
            case .stationary: phase = .stationary
            case .ended: phase = .ended
            case .cancelled: phase = .cancelled
            default: return nil  // regionEntered/Moved/Exited: hovering, not touching
            }
            let p = touch.location(in: window)
            return TouchSample(touch: ObjectIdentifier(touch).hashValue, phase: phase, x: Double(p.x), y: Double(p.y),
                               radius: Double(touch.majorRadius))
        }
        recorder.record(samples.sorted { $0.touch < $1.touch }, at: event.timestamp)
    }

    static func topViewControllerName(_ window: UIWindow) -> String {
        var vc = window.rootViewController
        while let current = vc {
            if let presented = current.presentedViewController { vc = presented; continue }
            if let nav = current as? UINavigationController, let top = nav.visibleViewController { vc = top; if top === current { break }; continue }
            if let tab = current as? UITabBarController, let selected = tab.selectedViewController { vc = selected; if selected === current { break }; continue }
            break
        }
        return vc.map { String(describing: type(of: $0)) } ?? "Screen"
    }
}

#if canImport(SwiftUI)
import SwiftUI

@available(iOS 15.0, visionOS 1.0, *)
extension View {
    /// Names the screen for the capture kit's traces while this view is on screen.
    public func tapReplayScreen(_ name: String) -> some View {
        onAppear { TapReplayCapture.screenAppeared(name) }
            .onDisappear { TapReplayCapture.screenDisappeared(name) }
    }
}
#endif
#endif
