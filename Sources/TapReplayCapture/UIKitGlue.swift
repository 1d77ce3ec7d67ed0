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
    public var captureViewControllerClassName: String? {
        // UIView.next is the view controller whose root view this is, else the superview.
        guard let controller = next as? UIViewController, controller.viewIfLoaded === self else { return nil }
        return NSStringFromClass(type(of: controller))
    }
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
    public var captureScrollTouches: CapturedScrollTouches? {
        guard let scroll = self as? UIScrollView else { return nil }
        return CapturedScrollTouches(delaysContentTouches: scroll.delaysContentTouches,
                                     canCancelContentTouches: scroll.canCancelContentTouches)
    }
    public var captureSwiftUIDebugData: Data? {
        // SPI: `_UIHostingView.makeViewDebugData()` is @objc and returns NSData? (filled only when
        // SWIFTUI_VIEW_DEBUG was set before the first view graph was built).
        let selector = NSSelectorFromString("makeViewDebugData")
        guard responds(to: selector), let result = perform(selector)?.takeUnretainedValue() else { return nil }
        return result as? Data
    }
}

extension TapReplayCapture {
    /// The app's key window (iOS 15+: the foreground scene's key window).
    @MainActor static var keyWindow: UIWindow? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        return scenes.first { $0.activationState == .foregroundActive }?.keyWindow ?? scenes.compactMap(\.keyWindow).first
    }

    /// The app and device; the screen's scale and size when there is a window.
    @MainActor static func environment(_ window: UIWindow?) -> CaptureEnvironment {
        let model = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"] ?? {
            var info = utsname()
            uname(&info)
            return withUnsafeBytes(of: &info.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }()
        return CaptureEnvironment(infoDictionary: Bundle.main.infoDictionary ?? [:], deviceModel: model,
                                  os: CaptureEnvironment.os(systemName: UIDevice.current.systemName, systemVersion: UIDevice.current.systemVersion),
                                  scale: window.map { Double($0.traitCollection.displayScale) },
                                  width: window.map { Double($0.bounds.width) }, height: window.map { Double($0.bounds.height) })
    }

    /// Writes the capture bundle of the key window into `Documents/TapReplay/`.
    /// - Parameter captureText: keep accessibility labels and the text in SwiftUI's
    ///   debug data (default: no text a person could read; identifiers are kept).
    /// - Parameter captureScreenshot: add a PNG of the window, secure text inputs painted
    ///   over (default: none; it shows everything a person could read).
    /// - Returns: the file written.
    @MainActor @discardableResult
    public static func captureScreen(_ name: String, captureText: Bool = false, captureScreenshot: Bool = false) throws -> URL {
        guard let window = keyWindow else { throw CaptureKitError.noKeyWindow }
        return try CaptureBundleWriter.write(screen: name, windows: [window], environment: environment(window),
                                             capturedAt: Date(), captureText: captureText,
                                             screenshot: captureScreenshot ? screenshot(of: window) : nil, to: directory)
    }

    /// A PNG of `window` in window points, every secure text input painted over, at the
    /// largest of `CaptureScreenshot.scales` whose PNG fits `CaptureScreenshot.maxBytes`.
    @MainActor static func screenshot(of window: UIWindow) -> CaptureScreenshot? {
        let bounds = window.bounds
        let secure = secureRects(in: window)
        for scale in CaptureScreenshot.scales(deviceScale: Double(window.traitCollection.displayScale)) {
            let format = UIGraphicsImageRendererFormat()
            format.scale = CGFloat(scale)
            format.opaque = true
            let image = UIGraphicsImageRenderer(bounds: bounds, format: format).image { context in
                window.drawHierarchy(in: bounds, afterScreenUpdates: false)
                UIColor.darkGray.setFill()
                for r in secure { context.fill(r) }
            }
            guard let png = image.pngData() else { return nil }
            if png.count <= CaptureScreenshot.maxBytes {
                return CaptureScreenshot(png: png, scale: scale,
                                         frame: [Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height)])
            }
        }
        return nil
    }

    /// The frames, in `window`'s points, of the views that take secure text (and all they hold).
    @MainActor static func secureRects(in window: UIWindow) -> [CGRect] {
        var out: [CGRect] = []
        var stack: [UIView] = [window]
        while let v = stack.popLast() {
            if let traits = v as? UITextInputTraits, traits.isSecureTextEntry == true {
                out.append(v.convert(v.bounds, to: window))
                continue
            }
            stack.append(contentsOf: v.subviews)
        }
        return out
    }

    /// Records every touch of the key window into trace JSONL, one file per screen
    /// session, without changing how touches are delivered. Touches in keyboard
    /// windows, over secure text entry, and while a secure field is edited are
    /// never recorded (`CapturePrivacy`). Call it as early as you like (`App.init`,
    /// `application(_:didFinishLaunchingWithOptions:)`): it needs no window. A
    /// second call while recording does nothing.
    /// - Parameters:
    ///   - screen: the screen name; default: the SwiftUI `.tapReplayScreen` name, else the top view controller's class.
    ///   - source: `source` in the trace header: `device`, or `uitest` under UI tests.
    @MainActor public static func startRecording(screen: String? = nil, source: String = "device") {
        guard Recording.recorder == nil else { return }
        Recording.fixedScreen = screen
        Recording.recorder = TraceRecorder(directory: directory, environment: environment(nil), source: source)
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

extension Recording {
    static var installed: Bool { installation != nil }
    /// The editing observers, kept for as long as the process runs (the sendEvent wrapper is never removed).
    private static var installation: [NSObjectProtocol]?

    /// Replaces UIWindow.sendEvent(_:) once with a block that calls the original
    /// implementation first (delivery unchanged) and then looks at the event;
    /// and follows the editing of text inputs, to know when a secure one is edited.
    static func installObserver() {
        guard !installed else { return }
        installation = observeSecureEditing()
        let selector = #selector(UIWindow.sendEvent(_:))
        guard let method = class_getInstanceMethod(UIWindow.self, selector) else { return }
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
            let origin = phase == .began ? CapturePrivacy.TouchOrigin(windowClassName: NSStringFromClass(type(of: window)),
                                                                      overSecureTextEntry: isSecureTextEntry(touch.view),
                                                                      secureTextEditing: secureTextEditing) : nil
            return TouchSample(touch: ObjectIdentifier(touch).hashValue, phase: phase, x: Double(p.x), y: Double(p.y),
                               radius: Double(touch.majorRadius), origin: origin)
        }
        recorder.record(samples.sorted { $0.touch < $1.touch }, at: event.timestamp)
    }

    /// The view or one of its superviews takes secure text (`UITextInputTraits.isSecureTextEntry`).
    static func isSecureTextEntry(_ view: UIView?) -> Bool {
        var current = view
        while let v = current {
            if let traits = v as? UITextInputTraits, traits.isSecureTextEntry == true { return true }
            current = v.superview
        }
        return false
    }

    /// Follows UITextField's and UITextView's editing notifications: `secureTextEditing`
    /// is true while a secure one is being edited.
    static func observeSecureEditing() -> [NSObjectProtocol] {
        let center = NotificationCenter.default
        let changes: [(Notification.Name, Bool)] = [
            (UITextField.textDidBeginEditingNotification, true), (UITextField.textDidEndEditingNotification, false),
            (UITextView.textDidBeginEditingNotification, true), (UITextView.textDidEndEditingNotification, false),
        ]
        return changes.map { name, begins in
            center.addObserver(forName: name, object: nil, queue: .main) { note in
                let input = note.object as? UITextInputTraits
                MainActor.assumeIsolated {
                    guard input?.isSecureTextEntry == true else { return }
                    secureTextEditing = begins
                }
            }
        }
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

extension View {
    /// Names the screen for the capture kit's traces while this view is on screen.
    @MainActor public func tapReplayScreen(_ name: String) -> some View {
        onAppear { TapReplayCapture.screenAppeared(name) }
            .onDisappear { TapReplayCapture.screenDisappeared(name) }
    }
}
#endif
#endif
