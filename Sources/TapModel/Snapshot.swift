/// One screen of an app as laid out on a device (snapshot format v1).
///
/// Nodes are stored flat in document (pre-)order: `nodes[0]` is the root, a
/// node's subtree is the contiguous range `index..<node.end`, and a later
/// sibling is drawn over an earlier one. Nothing here recurses, so trees of any
/// depth are safe.
public struct Snapshot: Sendable {
    public var screen: String
    public var app: AppInfo
    public var device: DeviceInfo
    public var capturedAt: String?
    /// Where the snapshot came from and what that source cannot know.
    public var capture: CaptureInfo?
    /// What the screen looked like, when the capture took a picture of it (docs/snapshot.md, "screenshot").
    public var screenshot: Screenshot?
    public var nodes: [Node]

    /// `screenshot`: a PNG of the window, drawn in window points at `frame` (the engine never reads it).
    public struct Screenshot: Sendable, Equatable {
        /// The PNG file, base64 (as the snapshot carries it).
        public var png: String
        /// Pixels per point of the PNG.
        public var scale: Double
        /// Where the picture lies, in window points.
        public var frame: Rect
        /// The largest PNG a snapshot carries, base64 (the kit downscales to fit).
        public static let maxBase64 = 1_500_000
        public init(png: String, scale: Double, frame: Rect) { self.png = png; self.scale = scale; self.frame = frame }

        /// What is wrong with a screenshot's fields, if anything: the field and why (the snapshot
        /// reader and `replay convert` say it at that field's line).
        public static func problem(png: String, scale: Double, frame: [Double]) -> (field: String, message: String)? {
            if !png.hasPrefix("iVBORw0KGgo") { return ("png", "the screenshot is not a base64 PNG (it must start with iVBORw0KGgo)") }
            if png.utf8.count > maxBase64 {
                return ("png", "the screenshot is \(png.utf8.count) base64 characters, more than the \(maxBase64) a snapshot carries")
            }
            if !(scale > 0 && scale <= 10) { return ("scale", "scale must be greater than 0 and at most 10") }
            if frame.count != 4 { return ("frame", "frame is [x, y, width, height]") }
            if !frame.allSatisfy({ $0.isFinite && abs($0) <= 100_000 }) || !(frame[2] > 0 && frame[3] > 0) {
                return ("frame", "frame must be finite, with a width and a height greater than 0")
            }
            return nil
        }
    }

    /// `capture`: the source of a converted snapshot and the limits of that source.
    public struct CaptureInfo: Sendable, Equatable {
        public static let sources = ["tapreplay-capture", "swiftui-debug", "recursive-description", "xcuitest", "wda-xml", "hand", "session-replay"]
        public var from: String
        public var limits: [String]
        public init(from: String, limits: [String] = []) { self.from = from; self.limits = limits }
    }

    public struct AppInfo: Sendable, Equatable {
        public var id: String?
        public var version: String?
        public var build: String?
        /// The SDK the app was built with (Info.plist `DTSDKName`, as `iOS 26.0`): with
        /// `device.os` it chooses the touch-binding profile.
        public var sdk: String?
        public init(id: String? = nil, version: String? = nil, build: String? = nil, sdk: String? = nil) {
            self.id = id; self.version = version; self.build = build; self.sdk = sdk
        }
    }

    public struct DeviceInfo: Sendable, Equatable {
        public var model: String?
        public var os: String?
        public var scale: Double?
        public var width: Double?
        public var height: Double?
        public init(model: String? = nil, os: String? = nil, scale: Double? = nil, width: Double? = nil, height: Double? = nil) {
            self.model = model; self.os = os; self.scale = scale; self.width = width; self.height = height
        }
    }

    public init(screen: String, app: AppInfo = AppInfo(), device: DeviceInfo = DeviceInfo(), capturedAt: String? = nil,
                capture: CaptureInfo? = nil, nodes: [Node]) {
        self.screen = screen
        self.app = app
        self.device = device
        self.capturedAt = capturedAt
        self.capture = capture
        self.nodes = nodes
    }

    public var root: Node { nodes[0] }

    /// Whether `ancestor` is `node` or one of its ancestors.
    @inline(__always) public func isInSubtree(_ node: Int, of ancestor: Int) -> Bool {
        node >= ancestor && node < nodes[ancestor].end
    }

    /// The window size: the device's width and height when given, else the root frame's extent.
    public var canvas: Rect {
        if let w = device.width, let h = device.height, w > 0, h > 0 { return Rect(0, 0, w, h) }
        var r = Rect.null
        for n in nodes { r = r.union(n.frame) }
        return r.width < 0 ? Rect(0, 0, 0, 0) : Rect(0, 0, max(r.maxX, 0), max(r.maxY, 0))
    }
}

public enum UISystem: String, Sendable {
    case swiftui
    case uikit
}

/// One view in the snapshot.
public struct Node: Sendable {
    public var id: String
    public var type: String
    public var frame: Rect
    public var system: UISystem
    /// Index of the parent, -1 for the root.
    public var parent: Int
    /// Indices of the children, back to front.
    public var children: [Int]
    /// One past the last index of this node's subtree.
    public var end: Int
    public var depth: Int
    public var label: String?
    /// SwiftUI: draws visible content over its frame (or `shape`).
    public var isLeaf: Bool
    public var shape: ShapeSpec?
    /// A leaf that draws nothing (`Color.clear`).
    public var clear: Bool
    /// `Button` (or any node with an `action`): its action, attached innermost.
    public var action: String?
    public var isButton: Bool
    /// SwiftUI modifiers in source order (the first written is innermost).
    public var modifiers: [Modifier]
    public var uikit: UIKitProperties
    /// What the view is in a list or a Toggle (docs/snapshot.md, "Lists and forms"); nil: none of these.
    public var role: Role?
    /// The resolved style of a Button, NavigationLink, Picker or Toggle (`automatic`, `plain`, `switch`, ...);
    /// nil: not known (the snapshot means what it meant before styles were written).
    public var style: String?
    /// A `row`'s own action (`List(selection:)`): the cell runs it itself.
    public var rowAction: String?
    /// Scroll views, `ScrollView` and lists: whether touches reach the content late, and can be cancelled (U11–U13).
    public var delaysContentTouches: Bool?
    public var canCancelContentTouches: Bool?

    /// The roles a node can have (docs/snapshot.md, "Lists and forms").
    public enum Role: String, Sendable, CaseIterable {
        case list, row, header, footer
        case `switch`
    }

    public init(id: String, type: String, frame: Rect, system: UISystem = .swiftui, parent: Int = -1,
                children: [Int] = [], end: Int = 0, depth: Int = 0, label: String? = nil,
                isLeaf: Bool? = nil, shape: ShapeSpec? = nil, clear: Bool = false, action: String? = nil,
                modifiers: [Modifier] = [], uikit: UIKitProperties = UIKitProperties(),
                role: Role? = nil, style: String? = nil, rowAction: String? = nil,
                delaysContentTouches: Bool? = nil, canCancelContentTouches: Bool? = nil) {
        self.id = id
        self.type = type
        self.frame = frame
        self.system = system
        self.parent = parent
        self.children = children
        self.end = end
        self.depth = depth
        self.label = label
        self.isLeaf = isLeaf ?? Node.leafTypes.contains(type)
        self.shape = shape
        self.clear = clear
        self.action = action
        self.isButton = type == "Button" || action != nil
        self.modifiers = modifiers
        self.uikit = uikit
        self.role = role
        self.style = style
        self.rowAction = rowAction
        self.delaysContentTouches = delaysContentTouches
        self.canCancelContentTouches = canCancelContentTouches
    }

    /// Types that draw over their whole frame unless `leaf` says otherwise.
    public static let leafTypes: Set<String> = [
        "Text", "Image", "Color", "Rectangle", "RoundedRectangle", "Circle", "Ellipse", "Capsule", "Path", "Divider",
    ]

    /// UIKit types whose `isUserInteractionEnabled` is false unless changed.
    public static let nonInteractiveUIKitTypes: Set<String> = ["UILabel", "UIImageView"]
}

/// UIKit properties of a node with `"system": "uikit"`.
public struct UIKitProperties: Sendable, Equatable {
    public var alpha: Double = 1
    public var hidden: Bool = false
    public var userInteractionEnabled: Bool = true
    public var clipsToBounds: Bool = false
    /// top, left, bottom, right; negative grows the touchable area.
    public var hitInsets: [Double] = [0, 0, 0, 0]
    public var passThroughSelf: Bool = false
    public var control: Control?
    public var gestureRecognizers: [Recognizer] = []
    /// A raw-touch handler the view runs from `touchesEnded` (a table or collection cell's selection, U9).
    public var touchAction: TouchAction?

    public init() {}

    public struct Control: Sendable, Equatable {
        /// Which UIControl it is (U6–U8); `unknown` when the snapshot does not say.
        public enum Kind: String, Sendable, CaseIterable {
            case button, `switch`, stepper, segmented, pageControl, slider, custom, unknown
        }
        public var action: String?
        public var enabled: Bool
        public var kind: Kind
        public init(action: String?, enabled: Bool = true, kind: Kind = .unknown) {
            self.action = action; self.enabled = enabled; self.kind = kind
        }
    }

    /// `touchAction`: what a view does with raw touches when no recognizer cancels them.
    public struct TouchAction: Sendable, Equatable {
        public var action: String?
        public var enabled: Bool
        public init(action: String?, enabled: Bool = true) { self.action = action; self.enabled = enabled }
    }

    public struct Recognizer: Sendable, Equatable {
        public enum Kind: String, Sendable, CaseIterable { case tap, longPress, pan, swipe, pinch, rotation }
        public var kind: Kind
        public var action: String?
        public var enabled: Bool = true
        public var numberOfTapsRequired: Int = 1
        public var minimumPressDuration: Double = 0.5
        public var allowableMovement: Double = 10
        /// Whether recognizing cancels the touches of the views it is on (raw-touch handlers, U9).
        public var cancelsTouchesInView: Bool = true
        public init(kind: Kind, action: String? = nil) { self.kind = kind; self.action = action }
    }
}

/// A shape as written in a snapshot, before it is laid out.
public struct ShapeSpec: Sendable, Equatable {
    public enum Form: String, Sendable, CaseIterable { case rectangle, roundedRectangle, capsule, circle, ellipse, polygon }
    public enum Purpose: String, Sendable, CaseIterable {
        case interaction, dragPreview, contextMenuPreview, hoverEffect, focusEffect, accessibility
    }

    public var form: Form
    public var cornerRadius: Double = 0
    public var points: [Point] = []
    public var offset: Point = Point(0, 0)
    public var scale: Point = Point(1, 1)
    public var inset: Double = 0
    public var bounds: Rect?
    public var purpose: Purpose = .interaction

    public init(_ form: Form) { self.form = form }

    /// Lays the shape out for a view with `frame`: into `bounds` (default the
    /// frame), then inset, scaled about the centre, then offset.
    public func resolve(in frame: Rect) -> HitShape {
        let base = bounds ?? frame
        let r = base.inset(by: inset)
        let c = r.center
        let sx = scale.x, sy = scale.y
        func scaled(_ rect: Rect) -> Rect {
            let w = rect.width * abs(sx), h = rect.height * abs(sy)
            let cx = c.x + (rect.midX - c.x) * sx + offset.x
            let cy = c.y + (rect.midY - c.y) * sy + offset.y
            return Rect(cx - w / 2, cy - h / 2, w, h)
        }
        switch form {
        case .rectangle:
            return .rect(scaled(r))
        case .roundedRectangle:
            let radius = max(0, min(cornerRadius, r.width / 2, r.height / 2))
            let s = scaled(r)
            return .rounded(s, rx: radius * abs(sx), ry: radius * abs(sy))
        case .capsule:
            let radius = min(r.width, r.height) / 2
            let s = scaled(r)
            return .rounded(s, rx: radius * abs(sx), ry: radius * abs(sy))
        case .circle:
            let d = min(r.width, r.height)
            return .ellipse(scaled(Rect(c.x - d / 2, c.y - d / 2, d, d)))
        case .ellipse:
            return .ellipse(scaled(r))
        case .polygon:
            // Points are relative to the bounds' origin; an inset maps the bounds onto the inset rectangle.
            let fx = base.width > 0 ? r.width / base.width : 0
            let fy = base.height > 0 ? r.height / base.height : 0
            return .polygon(points.map { p in
                let px = r.x + p.x * fx, py = r.y + p.y * fy
                return Point(c.x + (px - c.x) * sx + offset.x, c.y + (py - c.y) * sy + offset.y)
            })
        }
    }
}

/// A hit-relevant SwiftUI modifier.
public enum Modifier: Sendable, Equatable {
    case contentShape(ShapeSpec)
    case gesture(GestureAttachment)
    case allowsHitTesting(Bool)
    case disabled(Bool)
    case opacity(Double)
    case hidden(Bool)
    case clipped(Bool)
}

/// A gesture attached by a modifier (`onTapGesture`, `gesture`, ...), or a
/// Button's action, which is attached innermost.
public struct GestureAttachment: Sendable, Equatable {
    public enum Priority: String, Sendable { case normal, high, simultaneous }
    public enum Mask: String, Sendable, CaseIterable { case all, gesture, subviews, none }
    /// The modifier entry's name (`onTapGesture`, `gesture`, `highPriorityGesture`, ...), or `Button`.
    public var entry: String
    public var priority: Priority
    public var mask: Mask
    public var gesture: Gesture

    public init(entry: String, priority: Priority = .normal, mask: Mask = .all, gesture: Gesture) {
        self.entry = entry; self.priority = priority; self.mask = mask; self.gesture = gesture
    }

    /// The action a report names when this attachment fires.
    public var action: String? { gesture.action ?? gesture.tapAction }
}

/// A SwiftUI gesture value: a primitive or a composition of two.
public struct Gesture: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case tap(count: Int)
        case spatialTap(count: Int)
        case longPress(minimumDuration: Double, maximumDistance: Double)
        case drag(minimumDistance: Double)
        case magnify
        case rotate
        /// A Button's action (a single tap).
        case button
        case exclusively
        case simultaneously
        case sequenced
    }

    public var kind: Kind
    public var action: String?
    /// The two parts of a composition; empty for primitives.
    public var parts: [Gesture]

    public init(_ kind: Kind, action: String? = nil, parts: [Gesture] = []) {
        self.kind = kind; self.action = action; self.parts = parts
    }

    /// The name reports use for the gesture's kind.
    public var kindName: String {
        switch kind {
        case .tap: return "tap"
        case .spatialTap: return "spatialTap"
        case .longPress: return "longPress"
        case .drag: return "drag"
        case .magnify: return "magnify"
        case .rotate: return "rotate"
        case .button: return "button"
        case .exclusively: return "exclusively"
        case .simultaneously: return "simultaneously"
        case .sequenced: return "sequenced"
        }
    }

    /// Whether a tap can fire it: a tap of any count, a spatial tap, a Button,
    /// or a composition containing one.
    public var isTapLike: Bool {
        switch kind {
        case .tap, .spatialTap, .button: return true
        case .exclusively, .simultaneously, .sequenced: return parts.contains { $0.isTapLike }
        default: return false
        }
    }

    public var tapCount: Int? {
        switch kind {
        case .tap(let n), .spatialTap(let n): return n
        case .button: return 1
        default: return nil
        }
    }

    /// For a composition without its own action: the action of the tap part a
    /// single tap would fire (count 1 preferred), else of the first tap part.
    public var tapAction: String? {
        guard !parts.isEmpty else { return nil }
        var stack = Array(parts.reversed())
        var firstTap: String?
        while let g = stack.popLast() {
            if let n = g.tapCount {
                if n == 1, let a = g.action { return a }
                if firstTap == nil { firstTap = g.action }
            } else if g.isTapLike, let a = g.action, firstTap == nil, g.parts.isEmpty {
                firstTap = a
            }
            if g.action == nil || g.tapCount == nil { stack.append(contentsOf: g.parts.reversed()) }
        }
        return firstTap
    }

    /// The largest tap count anywhere in the gesture (0 when it has no tap).
    public var maxTapCount: Int {
        var best = tapCount ?? 0
        for p in parts { best = max(best, p.maxTapCount) }
        return best
    }
}
