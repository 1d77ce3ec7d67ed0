import TapModel

/// Something on a view that can fire: a SwiftUI gesture, a Button's action, a
/// UIKit control or a UIKit gesture recognizer.
///
/// Compiled once per snapshot and then only read: a class, so the results that name
/// a handler (every press's) carry a reference instead of a copy of all its fields.
public final class Handler: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        /// A SwiftUI gesture attached by the modifier at `modifierIndex` (-1: a Button's action, innermost).
        case swiftUI(modifierIndex: Int)
        case control
        case recognizer(index: Int)
        /// A UIKit view's raw-touch handler (`touchAction`: a cell's selection, U9).
        case touchAction
        /// A list row's selection: every row-level control of the row at once (S12, S15).
        case row
    }

    /// Where a SwiftUI gesture is attached: the region in force just before its modifier (S4).
    enum Region: Sendable, Hashable {
        /// The view's own region before any contentShape: its leaf shape, or the union of its children.
        case base
        /// A contentShape written before the gesture.
        case shape(Int)  // index into HitTester.shapes
        /// UIKit: the hit view and its superviews all receive the touch (U4).
        case anywhere
    }

    public let node: Int
    /// Position among the node's handlers (stable identity within a snapshot).
    public let slot: Int
    public let source: Source
    public let priority: GestureAttachment.Priority
    /// The SwiftUI gesture (a Button's action is `.button`); UIKit handlers carry an equivalent.
    public let gesture: Gesture
    public let action: String?
    /// S6 or a disabled control/recognizer: it would fire but does not.
    public let isDisabled: Bool
    /// S11: switched off by a mask on it or around it; it takes no part at all.
    public let isMasked: Bool
    public let system: UISystem
    let region: Region

    /// A tap of any count, a spatial tap, a Button, a control, a tap recognizer,
    /// or a composition containing one.
    public let isTapLike: Bool

    /// The name reports give the gesture: the SwiftUI kind (`tap`, `button`,
    /// `longPress`, `exclusively`, ...), `control`, or the recognizer's type.
    public let gestureName: String

    /// S13: a row-level control's action, which fires through its row (the row's handler), never on its own.
    public let isRowLevel: Bool
    /// U9: a raw-touch handler (a `custom` control, a `touchAction`, a list row): it fires at touch-up
    /// only when no recognizer that cancels touches recognized first.
    public let isRawTouch: Bool
    /// Whether recognizing cancels the raw touches of the views below (`cancelsTouchesInView`; true but
    /// for recognizers that say false).
    public let cancelsTouches: Bool
    /// A row's handler: the actions that fire together (S15), in document order.
    public let rowActions: [String]
    /// The control kind of a UIKit control (U6–U10); nil for other handlers.
    public let controlKind: UIKitProperties.Control.Kind?

    public var id: HandlerID { HandlerID(node: node, slot: slot) }

    init(node: Int, slot: Int, source: Source, priority: GestureAttachment.Priority, gesture: Gesture, action: String?,
         isDisabled: Bool, isMasked: Bool, system: UISystem, region: Region, gestureName: String,
         isRowLevel: Bool = false, isRawTouch: Bool = false, cancelsTouches: Bool = true, rowActions: [String] = [],
         controlKind: UIKitProperties.Control.Kind? = nil) {
        self.node = node; self.slot = slot; self.source = source; self.priority = priority; self.gesture = gesture
        self.action = action; self.isDisabled = isDisabled; self.isMasked = isMasked; self.system = system
        self.region = region; self.gestureName = gestureName
        self.isTapLike = gesture.isTapLike
        self.isRowLevel = isRowLevel; self.isRawTouch = isRawTouch; self.cancelsTouches = cancelsTouches
        self.rowActions = rowActions; self.controlKind = controlKind
    }

    /// The same handler, made row-level (S13): it fires through its row only.
    func madeRowLevel() -> Handler {
        Handler(node: node, slot: slot, source: source, priority: priority, gesture: gesture, action: action,
                isDisabled: isDisabled, isMasked: isMasked, system: system, region: region, gestureName: gestureName,
                isRowLevel: true, isRawTouch: isRawTouch, cancelsTouches: cancelsTouches, rowActions: rowActions, controlKind: controlKind)
    }

    public static func == (a: Handler, b: Handler) -> Bool { a.node == b.node && a.slot == b.slot }
    public func hash(into h: inout Hasher) { h.combine(node); h.combine(slot) }
}

/// Identity of a handler within one snapshot.
public struct HandlerID: Sendable, Hashable, Comparable {
    public let node: Int
    public let slot: Int
    public static func < (a: HandlerID, b: HandlerID) -> Bool { (a.node, a.slot) < (b.node, b.slot) }
}

extension UIKitProperties.Recognizer {
    /// The SwiftUI gesture with the same recognition rule.
    var equivalentGesture: Gesture {
        switch kind {
        case .tap: return Gesture(.tap(count: numberOfTapsRequired), action: action)
        case .longPress: return Gesture(.longPress(minimumDuration: minimumPressDuration, maximumDistance: allowableMovement), action: action)
        case .pan: return Gesture(.drag(minimumDistance: 10), action: action)
        case .swipe: return Gesture(.drag(minimumDistance: 10), action: action)
        case .pinch: return Gesture(.magnify, action: action)
        case .rotation: return Gesture(.rotate, action: action)
        }
    }
}

extension UIKitProperties.Control {
    /// U8: the gesture that fires the control: a thumb drag for a slider (one that moves at least
    /// `sliderDrag`, as a UIKit pan does: a tap, which fires nothing of a slider, does not), a tap for the rest.
    var gesture: Gesture {
        kind == .slider ? Gesture(.drag(minimumDistance: Self.sliderDrag), action: action) : Gesture(.button, action: action)
    }

    /// How far a press on a slider must move to drag its thumb (Decision: DragGesture's and a pan's 10 pt).
    static let sliderDrag = 10.0
}

extension Array where Element == Handler {
    /// The action a target is named by in every report (coverage, audit, R4, R7 and latency alike): the
    /// one a single tap fires — the first tap-like handler that is not a multi-tap — else the first
    /// tap-like handler's (a target with only a double tap). So `row.about` with a double tap
    /// (`copyVersion`) and a single tap (`openAbout`) is `row.about (openAbout)` everywhere.
    public var targetAction: String? {
        (first { $0.isTapLike && ($0.gesture.tapCount ?? 1) <= 1 } ?? first { $0.isTapLike })?.action
    }
}
