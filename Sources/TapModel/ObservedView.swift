import TapJSON

/// The view a device says took a press: what UIKit hit-tested, as a session-replay SDK
/// reports it (Measure's `gesture_click`: `target`, `target_id`, `width`, `height`).
/// `replay verify` checks the engine's hit view against it (docs/field-report.md,
/// "The device's hit view").
public struct ObservedView: Sendable, Equatable {
    /// The view's class as the SDK printed it (`UIButton`, `SwiftUI._UIHostingView<…>`).
    public var className: String
    /// Its accessibility identifier, when it has one.
    public var identifier: String?
    /// Its size in points, when recorded (whole points: Measure truncates).
    public var width: Double?
    public var height: Double?

    public init(className: String, identifier: String? = nil, width: Double? = nil, height: Double? = nil) {
        self.className = className; self.identifier = identifier; self.width = width; self.height = height
    }

    /// `{"view":"UISwitch","id":"alerts","size":[51,31]}`: how a `hit` event keeps it (in `expect`).
    public var text: String {
        var w = JSONWriter(style: .compact)
        w.object { w in
            w.field("view", className)
            if let identifier { w.field("id", identifier) }
            if let width, let height { w.key("size"); w.numbers([width, height]) }
        }
        return w.text
    }

    /// Reads `text`; nil when it is not that shape.
    public init?(text: String) {
        guard let doc = try? JSONDocument(parsing: text), case .object = doc[doc.root],
              let v = doc.member("view", of: doc.root), case .string(let name) = doc[v], !name.isEmpty else { return nil }
        className = name
        if let i = doc.member("id", of: doc.root) {
            guard case .string(let id) = doc[i] else { return nil }
            identifier = id
        }
        if let s = doc.member("size", of: doc.root) {
            guard case .array(let items) = doc[s], items.count == 2,
                  case .number(let w) = doc[items[0]], case .number(let h) = doc[items[1]], w.isFinite, h.isFinite, w >= 0, h >= 0 else { return nil }
            width = w; height = h
        }
    }

    /// The class without its module or generic arguments: `SwiftUI._UIHostingView<Root>` → `_UIHostingView`.
    public var bareClassName: String { ObservedView.bare(className) }

    public static func bare(_ name: String) -> String {
        let head = name.prefix { $0 != "<" }
        return String(head.split(separator: ".").last ?? head)
    }

    /// `UISwitch "alerts" 51×31`: for reports.
    public var description: String {
        var s = className
        if let identifier { s += " \"\(identifier)\"" }
        if let width, let height { s += " \(JSONValue.format(width))×\(JSONValue.format(height))" }
        return s
    }
}
