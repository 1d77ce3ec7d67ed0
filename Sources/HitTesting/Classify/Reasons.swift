import TapModel

/// Classify, in words: why a touch fired nothing — a hollow container (S2), a view that takes
/// no touches (S5, U1), a disabled handler (S6), a mask (S11), a point outside a superview (U2).
/// `reason(for:)` (Explanation.swift) puts them together.

// MARK: - S2 (Rules/S2HollowContainers.swift)

extension HitTester {
    /// S2/S4 in words: why a tap on a container's target in its gap fires nothing.
    func whyHollow(_ target: Int, handler h: Handler) -> String? {
        let node = snapshot.nodes[target]
        guard node.system == .swiftui, !(node.isLeaf && !node.clear),
              case .swiftUI(let m) = h.source, case .base = h.region else { return nil }
        let later = node.modifiers.enumerated().contains { k, mod in
            if k > m, case .contentShape(let s) = mod, s.purpose == .interaction { return true }
            return false
        }
        let entry = entryName(of: h)
        if later {
            return "\(node.id): tap lands in the gap between its leaves; its contentShape comes after \(entry), so it takes the tap without widening the gesture"
        }
        return "\(node.id): tap lands in the gap between its leaves; its container has no contentShape before \(entry)"
    }
}

// MARK: - S5 (Rules/S5NoHitTesting.swift)

extension HitTester {
    /// Why a view itself takes no touches (S5, U1), or nil.
    public func whyDead(_ v: Int) -> String? {
        let node = snapshot.nodes[v]
        for mod in node.modifiers { if let why = mod.removalReason { return why } }
        if node.system == .uikit { return node.uikit.whyNoTouches }
        return nil
    }
}

// MARK: - S6 (Rules/S6Disabled.swift)

extension HitTester {
    /// Whether `node` or an ancestor is disabled (S6).
    public func isDisabled(_ node: Int) -> Bool { disabledBy(node) != nil }

    /// The view whose `disabled(true)` disables `node` (itself or the nearest ancestor), or nil.
    public func disabledBy(_ node: Int) -> Int? {
        var a = node
        while a >= 0 {
            if snapshot.nodes[a].isDisabledHere { return a }
            a = snapshot.nodes[a].parent
        }
        return nil
    }

    /// " (disabled(true) on row.x)" for a disabled handler.
    public func disabledReason(_ h: Handler) -> String {
        switch h.source {
        case .control: return " (the control is not enabled)"
        case .recognizer: return " (the recognizer is not enabled)"
        case .touchAction: return " (the touchAction is not enabled)"
        case .row:
            guard let by = disabledBy(h.node) else { return " (every row-level control of the row is disabled)" }
            return " (disabled(true) on \(snapshot.nodes[by].id))"
        case .swiftUI:
            guard let by = disabledBy(h.node) else { return "" }
            return " (disabled(true) on \(snapshot.nodes[by].id))"
        }
    }
}

// MARK: - S11 (Rules/S11Masks.swift)

extension HitTester {
    /// S11 in words: the first tap-like handler on the path from `view` up that a mask switched off.
    func maskedTapOnPath(from view: Int) -> Handler? {
        var v = view
        while v >= 0 {
            if let h = handlers[v].first(where: { $0.isTapLike && $0.isMasked }) { return h }
            v = snapshot.nodes[v].parent
        }
        return nil
    }
}

// MARK: - U2 (Rules/U2OutsideParent.swift)

extension HitTester {
    /// U2 in words: the point lies outside a UIKit ancestor's bounds on the way to `target`.
    func whyOutsideSuperview(_ target: Int, gate v: Int) -> String {
        let name = snapshot.nodes[target].id
        if v == target { return "\(name): the point is outside its hit bounds" }
        let relation = snapshot.nodes[target].parent == v ? "superview" : "ancestor"
        return "\(name) lies outside its \(relation) \(snapshot.nodes[v].id)'s bounds at this point; UIKit delivers no touches there (U2)"
    }
}
