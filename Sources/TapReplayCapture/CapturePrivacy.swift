import Foundation

/// What the kit keeps out of its files unless the app opts in. Touches that
/// could spell a secret are never recorded; text a person could read on the
/// screen (labels, values, the strings inside SwiftUI's debug data) is kept
/// only with `captureText: true`. Accessibility identifiers, class and type
/// names, frames and flags are always kept: they are the app's code, not its
/// users' data, and the snapshot needs them.
public enum CapturePrivacy {
    /// Where a touch began, as the recorder needs it to decide.
    public struct TouchOrigin: Sendable, Equatable {
        /// The class of the window the touch belongs to (`UIWindow`, `UIRemoteKeyboardWindow`).
        public var windowClassName: String
        /// The touched view, or one of its superviews, is a text input with secure text entry.
        public var overSecureTextEntry: Bool
        /// A secure text input is being edited (a password field is first responder):
        /// an app-drawn keypad on screen would spell the secret.
        public var secureTextEditing: Bool

        public init(windowClassName: String, overSecureTextEntry: Bool = false, secureTextEditing: Bool = false) {
            self.windowClassName = windowClassName; self.overSecureTextEntry = overSecureTextEntry
            self.secureTextEditing = secureTextEditing
        }
    }

    /// Whether a touch that began at `origin` is left out of the trace (with all
    /// its later events): in a keyboard window (keystroke positions are the
    /// text typed), over secure text entry, or while a secure field is edited.
    public static func dropsTouch(_ origin: TouchOrigin) -> Bool {
        isKeyboardWindow(origin.windowClassName) || origin.overSecureTextEntry || origin.secureTextEditing
    }

    /// UIKit's keyboard windows: `UIRemoteKeyboardWindow`, `UITextEffectsWindow`
    /// (which hosts the keyboard and text loupes), and any other window class
    /// whose name says keyboard.
    public static func isKeyboardWindow(_ className: String) -> Bool {
        className.range(of: "Keyboard", options: .caseInsensitive) != nil || className.hasSuffix("TextEffectsWindow")
    }

    /// SwiftUI's `_ViewDebug` data without the text it holds. Every string under
    /// a `value` key is removed unless it is a number or a Boolean written as
    /// text (opacity, counts, masks), an environment key path
    /// (`\EnvironmentValues.isEnabled`, code), or an accessibility identifier
    /// (the value of an `IdentifierKey` entry). Type names (`type`,
    /// `readableType`) and field names (`name`) are kept: they are the app's
    /// code. What `Text` shows, attributed strings, model values in `@State`,
    /// and descriptions of objects go.
    /// - Complexity: O(n) in the size of the payload; iterative, so any depth is safe.
    public static func redactText(inSwiftUIPayload payload: Any) -> Any {
        // An explicit stack of containers being rebuilt, so a deep payload cannot overflow the stack.
        final class Frame {
            enum Kind { case array([Any]), object([(String, Any)]) }
            var kind: Kind
            var index = 0
            var built: [Any] = []
            var builtObject: [String: Any] = [:]
            /// Strings here are the value of an attribute (the `value` key on the way down).
            let underValue: Bool
            /// Inside the stored value of an `IdentifierKey` entry.
            let inIdentifier: Bool
            let keyInParent: String?
            let isKeyPath: Bool
            init(_ kind: Kind, underValue: Bool, inIdentifier: Bool, keyInParent: String?, isKeyPath: Bool) {
                self.kind = kind; self.underValue = underValue; self.inIdentifier = inIdentifier
                self.keyInParent = keyInParent; self.isKeyPath = isKeyPath
            }
        }
        func frame(for value: Any, underValue: Bool, inIdentifier: Bool, key: String?, isKeyPath: Bool) -> Frame? {
            if let a = value as? [Any] {
                return Frame(.array(a), underValue: underValue, inIdentifier: inIdentifier, keyInParent: key, isKeyPath: isKeyPath)
            }
            if let o = value as? [String: Any] {
                let identifierEntry = inIdentifier || isIdentifierEntry(o)
                let keyPath = isKeyPath || (o["name"] as? String) == "keyPath"
                return Frame(.object(o.sorted { $0.key < $1.key }), underValue: underValue, inIdentifier: identifierEntry,
                             keyInParent: key, isKeyPath: keyPath)
            }
            return nil
        }
        func keeps(_ s: String, _ f: Frame, key: String?) -> Bool {
            guard f.underValue || key == "value" else { return true }
            if f.inIdentifier || f.isKeyPath { return true }
            let t = s.trimmingCharacters(in: .whitespaces)
            return Double(t) != nil || t == "true" || t == "false"
        }
        guard let root = frame(for: payload, underValue: false, inIdentifier: false, key: nil, isKeyPath: false) else { return payload }
        var stack = [root]
        var result: Any = payload
        while let f = stack.last {
            var next: (key: String?, value: Any)?
            switch f.kind {
            case .array(let a): if f.index < a.count { next = (nil, a[f.index]) }
            case .object(let o): if f.index < o.count { next = (o[f.index].0, o[f.index].1) }
            }
            guard let (key, value) = next else {
                stack.removeLast()
                let done: Any
                if case .array = f.kind { done = f.built } else { done = f.builtObject }
                if let parent = stack.last {
                    if case .array = parent.kind { parent.built.append(done) } else if let k = f.keyInParent { parent.builtObject[k] = done }
                    parent.index += 1
                } else {
                    result = done
                }
                continue
            }
            let underValue = f.underValue || key == "value"
            if let child = frame(for: value, underValue: underValue, inIdentifier: f.inIdentifier, key: key, isKeyPath: f.isKeyPath) {
                stack.append(child)
                continue
            }
            f.index += 1
            if let s = value as? String, !keeps(s, f, key: key) { continue }  // removed: an array loses the element, an object the key
            if case .array = f.kind { f.built.append(value) } else if let key { f.builtObject[key] = value }
        }
        return result
    }

    /// An attribute whose subattributes name an `IdentifierKey`: the entry
    /// `.accessibilityIdentifier(_:)` writes (its stored value is the identifier).
    static func isIdentifierEntry(_ o: [String: Any]) -> Bool {
        guard let subs = o["subattributes"] as? [Any] else { return false }
        return subs.contains { (($0 as? [String: Any])?["readableType"] as? String)?.hasPrefix("IdentifierKey") == true }
    }
}
