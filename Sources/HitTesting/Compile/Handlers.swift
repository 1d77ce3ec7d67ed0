import TapModel

/// Compile, handlers: the state a handler is compiled with — disabled (S6), masked (S11) —
/// and a UIKit view's recognizers, control and raw-touch handler in U4's order.

// MARK: - S6 (Rules/S6Disabled.swift)

extension Node {
    /// S6: `disabled(true)` among this view's modifiers.
    public var isDisabledHere: Bool {
        modifiers.contains { if case .disabled(true) = $0 { return true }; return false }
    }
}

// MARK: - S11 (Rules/S11Masks.swift)

extension GestureAttachment.Mask {
    /// Whether gestures inside the view are switched off.
    var disablesInside: Bool { self == .gesture || self == .none }
    /// Whether the attached gesture itself is switched off.
    var disablesSelf: Bool { self == .subviews || self == .none }
}

extension Node {
    /// S11: a gesture on this view masks the gestures inside it.
    var masksGesturesInside: Bool {
        modifiers.contains { if case .gesture(let g) = $0 { return g.mask.disablesInside }; return false }
    }
}

extension Compilation {
    /// S11: whether the handler attached at `modifier` (-1: a Button's action) with mask `own`
    /// is switched off: by its own mask, by an ancestor's, or by a gesture written later on
    /// the same view (which is outside it) whose mask switches off what is inside.
    func isMasked(_ i: Int, at modifier: Int, own: GestureAttachment.Mask) -> Bool {
        if own.disablesSelf || maskedAbove[i] { return true }
        for (m, mod) in nodes[i].modifiers.enumerated() where m > modifier {
            if case .gesture(let g) = mod, g.mask.disablesInside { return true }
        }
        return false
    }
}

// MARK: - U4 (Rules/U4UIKitWhoFires.swift)

extension Compilation {
    /// U4: on one view, its recognizers come before its control, then its raw-touch handler (U9).
    /// A `custom` control handles raw touches (U7, U9); a slider fires on a drag only (U8).
    func appendUIKitHandlers(_ i: Int, to list: inout [Handler]) {
        let node = nodes[i]
        for (r, recognizer) in node.uikit.gestureRecognizers.enumerated() {
            list.append(Handler(node: i, slot: list.count, source: .recognizer(index: r), priority: .normal,
                                gesture: recognizer.equivalentGesture, action: recognizer.action,
                                isDisabled: !recognizer.enabled, isMasked: false, system: .uikit,
                                region: .anywhere, gestureName: recognizer.kind.rawValue,
                                cancelsTouches: recognizer.cancelsTouchesInView))
        }
        if let control = node.uikit.control {
            list.append(Handler(node: i, slot: list.count, source: .control, priority: .normal,
                                gesture: control.gesture, action: control.action,
                                isDisabled: !control.enabled, isMasked: false, system: .uikit,
                                region: .anywhere, gestureName: "control",
                                isRawTouch: control.kind == .custom, controlKind: control.kind))
        }
        if let touch = node.uikit.touchAction {
            list.append(Handler(node: i, slot: list.count, source: .touchAction, priority: .normal,
                                gesture: Gesture(.button, action: touch.action), action: touch.action,
                                isDisabled: !touch.enabled, isMasked: false, system: .uikit,
                                region: .anywhere, gestureName: "touchAction", isRawTouch: true))
        }
    }
}
