import Converters
import Foundation
import TapModel
import TapReplayCapture
import TestSupport
import Testing

/// The views of a capture bundle as the kit would see them (its SwiftUI payload as SwiftUI serialized it).
@MainActor func fakeViews(fromBundle path: String) throws -> [FakeView] {
    let top = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    func view(_ v: [String: Any]) throws -> FakeView {
        let f = FakeView(try #require(v["class"] as? String), try #require(v["frame"] as? [Double]),
                         try ((v["subviews"] as? [[String: Any]]) ?? []).map(view))
        f.captureAlpha = v["alpha"] as? Double ?? 1
        f.captureIsUserInteractionEnabled = v["userInteractionEnabled"] as? Bool ?? true
        f.captureAccessibilityIdentifier = v["accessibilityIdentifier"] as? String
        f.captureAccessibilityLabel = v["accessibilityLabel"] as? String
        if let payload = v["swiftUI"] { f.captureSwiftUIDebugData = try JSONSerialization.data(withJSONObject: payload) }
        return f
    }
    return try ((top["windows"] as? [[String: Any]]) ?? []).map(view)
}

@Suite("Privacy by default: no touches on keyboards or secrets, no text unless the app opts in")
struct CapturePrivacyTests {
    static let keyboard = CapturePrivacy.TouchOrigin(windowClassName: "UIRemoteKeyboardWindow")

    @Test("Keyboard windows are recognised by class; app windows are not", arguments: [
        ("UIRemoteKeyboardWindow", true), ("UITextEffectsWindow", true), ("_UIKeyboardWindow", true),
        ("UIWindow", false), ("Flow.OverlayWindow", false), ("UITextEffectsWindowOther", false),
    ])
    func keyboardWindows(_ name: String, _ isKeyboard: Bool) {
        #expect(CapturePrivacy.isKeyboardWindow(name) == isKeyboard)
        #expect(CapturePrivacy.dropsTouch(.init(windowClassName: name)) == isKeyboard)
    }

    @Test("A touch over secure text entry, or while a secure field is edited, is dropped; an ordinary one is kept")
    func secureText() {
        #expect(CapturePrivacy.dropsTouch(.init(windowClassName: "UIWindow", overSecureTextEntry: true)))
        #expect(CapturePrivacy.dropsTouch(.init(windowClassName: "UIWindow", secureTextEditing: true)))
        #expect(!CapturePrivacy.dropsTouch(.init(windowClassName: "UIWindow")))
    }

    @Test("The recorder leaves a dropped touch out from began to its end, keeps the touches around it, and holds the screen change until it ends")
    func recorderDropsTouches() throws {
        let (temp, rec) = temporaryRecorder()
        defer { withExtendedLifetime(temp) {} }
        rec.setScreen("Login", at: 0)
        rec.record([TouchSample(touch: 1, phase: .began, x: 10, y: 10, origin: .init(windowClassName: "UIWindow"))], at: 0.1)
        rec.record([TouchSample(touch: 1, phase: .ended, x: 10, y: 10)], at: 0.2)
        rec.record([TouchSample(touch: 2, phase: .began, x: 50, y: 700, origin: Self.keyboard)], at: 1)
        rec.setScreen("Home", at: 1.05)  // the key press navigates: the session waits for that finger too
        rec.record([TouchSample(touch: 2, phase: .moved, x: 51, y: 700)], at: 1.05)
        rec.record([TouchSample(touch: 2, phase: .ended, x: 51, y: 700)], at: 1.1)
        rec.record([TouchSample(touch: 3, phase: .began, x: 20, y: 300, origin: .init(windowClassName: "UIWindow", overSecureTextEntry: true))], at: 2)
        rec.record([TouchSample(touch: 3, phase: .ended, x: 20, y: 300)], at: 2.1)
        rec.record([TouchSample(touch: 4, phase: .began, x: 30, y: 30, origin: .init(windowClassName: "UIWindow"))], at: 3)
        rec.record([TouchSample(touch: 4, phase: .ended, x: 30, y: 30)], at: 3.1)
        rec.stop()
        #expect(rec.droppedTouches == 2)
        #expect(rec.files.count == 2)
        let (h1, e1) = try readTrace(rec.files[0])
        let (h2, e2) = try readTrace(rec.files[1])
        #expect(h1.screen == "Login" && e1.map(\.x) == [10, 10])
        #expect(h2.screen == "Home" && e2.map(\.x) == [30, 30] && e2.map(\.touch) == [1, 1])
    }

    @MainActor @Test("Without captureText a bundle has no accessibility label; with it, it has; identifiers are always kept")
    func labels() throws {
        let button = FakeView("UIButton", [16, 770, 361, 50])
        button.captureAccessibilityIdentifier = "save"
        button.captureAccessibilityLabel = "Pay Alexandra 120 €"
        let window = FakeView("UIWindow", [0, 0, 393, 852], [button])
        let plain = String(decoding: try CaptureBundleWriter.data(screen: "Pay", windows: [window], environment: environment, capturedAt: Date()), as: UTF8.self)
        let opted = String(decoding: try CaptureBundleWriter.data(screen: "Pay", windows: [window], environment: environment, capturedAt: Date(),
                                                                  captureText: true), as: UTF8.self)
        #expect(!plain.contains("Alexandra") && !plain.contains("accessibilityLabel"))
        #expect(plain.contains("\"save\""))
        #expect(opted.contains("Pay Alexandra 120 €"))
    }

    @MainActor @Test("SwiftUI debug data without captureText keeps no Text string but keeps identifiers, numbers and types, and converts to the same tree")
    func swiftUIText() throws {
        let windows = try fakeViews(fromBundle: repositoryRoot + "/Traces/builds/Settings.capture.json")
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        let redacted = try CaptureBundleWriter.data(screen: "Settings", windows: windows, environment: environment, capturedAt: date)
        let full = try CaptureBundleWriter.data(screen: "Settings", windows: windows, environment: environment, capturedAt: date, captureText: true)
        let text = String(decoding: redacted, as: UTF8.self)
        for shown in ["Flow Meter", "Metric", "Alerts", "About", "\"Save\"", "\"Units\"", "chevron.right"] {
            #expect(!text.contains(shown), "\(shown) is still in the bundle")
        }
        for kept in ["row.flowMeter", "row.alerts.toggle", "save.badge", "IdentifierKey", "AddGestureModifier"] {
            #expect(text.contains(kept), "\(kept) was removed")
        }
        #expect(String(decoding: full, as: UTF8.self).contains("Flow Meter"))

        let a = try Converter.convert(redacted).snapshot, b = try Converter.convert(full).snapshot
        #expect(a.nodes.map(\.id) == b.nodes.map(\.id))
        #expect(a.nodes.map(\.frame) == b.nodes.map(\.frame))
        #expect(a.nodes.map(\.type) == b.nodes.map(\.type))
        #expect(a.nodes.map(\.modifiers.count) == b.nodes.map(\.modifiers.count))
        #expect(a.nodes.allSatisfy { $0.label == nil })
        #expect(b.nodes.contains { $0.label == "Flow Meter" })
    }

    @Test("Strings that are numbers, Booleans, key paths or identifiers survive redaction; others go, at any depth")
    func redactionRules() throws {
        let payload: [Any] = [[
            "properties": [
                ["id": 1, "attribute": ["type": "SwiftUI.Text", "readableType": "Text", "value": "Alexandra",
                                        "subattributes": [["name": "opacity", "value": "0.5"], ["name": "isOn", "value": "true"],
                                                          ["name": "keyPath", "value": "\\EnvironmentValues.isEnabled"],
                                                          ["name": "colors", "value": ["red", 0.5, ["nested": "x"]]]]]],
                ["id": 0, "attribute": ["type": "Flow.ProfileRow", "readableType": "ProfileRow", "flags": 1]],
            ] as [Any],
            "children": [] as [Any],
        ] as [String: Any]]
        let out = CapturePrivacy.redactText(inSwiftUIPayload: payload)
        let json = String(decoding: try JSONSerialization.data(withJSONObject: out, options: [.sortedKeys]), as: UTF8.self)
        #expect(!json.contains("Alexandra") && !json.contains("secret") && !json.contains("red") && !json.contains("\"x\""))
        #expect(json.contains("\"0.5\"") && json.contains("\"true\"") && json.contains("isEnabled"))
        #expect(json.contains("ProfileRow") && json.contains("SwiftUI.Text") && json.contains("\"opacity\""))
        #expect(json.contains("[0.5,{}]"))

        // A deep value tree is walked without recursion.
        var deep: Any = ["value": "secret", "name": "n"]
        for _ in 0..<2_000 { deep = ["subattributes": [deep]] }
        var node: Any? = CapturePrivacy.redactText(inSwiftUIPayload: deep)
        var depth = 0
        while let o = node as? [String: Any], let subs = o["subattributes"] as? [Any] { node = subs.first; depth += 1 }
        #expect(depth == 2_000)
        #expect((node as? [String: Any]).map { $0["value"] == nil && $0["name"] as? String == "n" } == true)
    }
}
