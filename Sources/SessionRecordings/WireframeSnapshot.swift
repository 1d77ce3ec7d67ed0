import Foundation
import TapJSON
import TapModel

/// A box a session-replay SDK drew for one view: where it was and what kind of
/// view it looked like. Text, values, images and URLs are never read into it.
public struct Wireframe: Sendable, Equatable {
    /// The recording's id for the view (stable between full snapshots).
    public var id: Int
    /// `text`, `image`, `input`, `div`, … (the SDK's own word) and, for inputs, `button`, `toggle`, `password`, …
    public var type: String
    public var inputType: String?
    public var frame: Rect
    public var disabled = false
    public var children: [Wireframe] = []

    public init(id: Int, type: String, inputType: String? = nil, frame: Rect, disabled: Bool = false, children: [Wireframe] = []) {
        self.id = id; self.type = type; self.inputType = inputType; self.frame = frame; self.disabled = disabled; self.children = children
    }

    /// A field whose touches are private (a password field): dropped from the trace.
    public var isSecure: Bool { inputType == "password" }

    /// Every secure field's frame in this subtree.
    public func secureFrames() -> [Rect] {
        (isSecure ? [frame] : []) + children.flatMap { $0.secureFrames() }
    }
}

/// A snapshot guessed from wireframes (docs/field-report.md, "Inferred screens"):
/// buttons, toggles, checkboxes, radios, selects and text fields become UIKit
/// controls that fire; text and images take no touches; every other box is a
/// plain view that takes touches and fires nothing. Gesture recognizers,
/// `isUserInteractionEnabled`, content shapes and hit-test overrides are not in
/// any recording, so such a snapshot is never a baseline and never fails a run.
public enum WireframeSnapshot {
    /// What reports print next to results computed against an inferred snapshot.
    public static let limits = [
        "inferred from session-replay wireframes: which views fire is guessed from their type (buttons, toggles, checkboxes, radios, selects, text fields)",
        "no gesture recognizers, onTapGesture, isUserInteractionEnabled, contentShape or hit-test overrides: a tappable row drawn as a plain box looks dead",
    ]

    /// Canonical snapshot JSON for the screen these wireframes drew.
    /// - Parameters:
    ///   - width, height: the screen in points (the recording's meta record); nil: the wireframes' extent.
    public static func json(screen: String, wireframes: [Wireframe], width: Double?, height: Double?,
                            header: TraceHeader, capturedAt: String?) -> String? {
        guard !wireframes.isEmpty else { return nil }
        let extent = wireframes.reduce(Rect(0, 0, 0, 0)) { r, w in
            Rect(0, 0, max(r.width, w.frame.x + w.frame.width), max(r.height, w.frame.y + w.frame.height))
        }
        let w = width ?? extent.width, h = height ?? extent.height
        var used: Set<String> = ["window"]
        func node(_ wf: Wireframe) -> JSONValue {
            let (kind, type, control) = classify(wf)
            var id = "\(kind).\(wf.id)"
            if used.contains(id) {
                var n = 2
                while used.contains("\(id).\(n)") { n += 1 }
                id = "\(id).\(n)"
            }
            used.insert(id)
            var pairs: [JSONValue.Pair] = [
                .init("id", .string(id)), .init("type", .string(type)),
                .init("frame", .array([wf.frame.x, wf.frame.y, wf.frame.width, wf.frame.height].map { JSONValue.number(JSONValue.round($0)) })),
            ]
            if let control {
                var c: [JSONValue.Pair] = [.init("action", .string(id)), .init("kind", .string(control))]
                if wf.disabled { c.append(.init("enabled", .bool(false))) }
                pairs.append(.init("control", .object(c)))
            }
            if !wf.children.isEmpty { pairs.append(.init("children", .array(wf.children.map(node)))) }
            return .object(pairs)
        }
        var app: [JSONValue.Pair] = []
        if let v = header.appVersion { app.append(.init("version", .string(v))) }
        if let b = header.appBuild { app.append(.init("build", .string(b))) }
        var device: [JSONValue.Pair] = [.init("width", .number(w)), .init("height", .number(h))]
        if let m = header.deviceModel { device.append(.init("model", .string(m))) }
        if let os = header.os { device.append(.init("os", .string(os))) }
        var top: [JSONValue.Pair] = [
            .init("format", "tapreplay-snapshot"), .init("version", 1), .init("screen", .string(screen)),
            .init("app", .object(app)), .init("device", .object(device)),
            .init("capture", .object([.init("from", "session-replay"), .init("limits", .array(limits.map { .string($0) }))])),
            .init("root", .object([
                .init("id", "window"), .init("type", "UIWindow"), .init("system", "uikit"),
                .init("frame", .array([0, 0, .number(w), .number(h)])),
                .init("children", .array(wireframes.map(node))),
            ])),
        ]
        if let capturedAt { top.append(.init("capturedAt", .string(capturedAt))) }
        // Through the model and back: the canonical form, and proof that it is a valid snapshot.
        guard let snapshot = try? Snapshot(json: Data(JSONValue.object(top).serialized(.compact).utf8)) else { return nil }
        return snapshot.encoded()
    }

    /// The node id's first word, the UIKit type it stands for, and its control kind (nil: not a control).
    static func classify(_ wf: Wireframe) -> (String, String, String?) {
        switch wf.type {
        case "input":
            switch wf.inputType ?? "" {
            case "button": return ("button", "UIButton", "button")
            case "toggle": return ("toggle", "UISwitch", "switch")
            case "checkbox", "radio": return (wf.inputType!, "UIButton", "button")
            case "select": return ("select", "UIButton", "button")
            case "progress": return ("progress", "UIProgressView", nil)
            case let t where !t.isEmpty: return (t == "text_area" ? "textArea" : "textField", t == "text_area" ? "UITextView" : "UITextField", "custom")
            default: return ("input", "UIControl", "unknown")
            }
        case "text": return ("text", "UILabel", nil)
        case "image", "screenshot": return ("image", "UIImageView", nil)
        case "web_view": return ("webView", "UIView", "custom")  // a web page handles its own taps
        case "status_bar", "navigation_bar": return (wf.type == "status_bar" ? "statusBar" : "navigationBar", "UIView", nil)
        default: return (wf.type.isEmpty ? "view" : wf.type.replacingOccurrences(of: "_", with: ""), "UIView", nil)
        }
    }
}
