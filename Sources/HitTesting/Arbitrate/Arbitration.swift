import TapModel

/// Arbitrate: of the handlers that receive a touch, which fires — the walk up from the view that
/// took it (S10, U4), masks (S11), controls behind SwiftUI's taps (S19, S20), raw touches last (U9).

extension HitTester {
    // MARK: - Arbitration: who fires

    /// Every handler that receives a touch that went to `location`, in the order they get
    /// to recognize it (S10, U4), and the simultaneous ones apart. Masked handlers (S11)
    /// are left out; disabled ones are kept (callers skip them).
    ///
    /// A SwiftUI gesture receives the touch if and only if the bound responder is its own
    /// responder or lies inside it (docs/snapshot.md, S9 "Responders"): walking up from the bound
    /// responder gives them innermost first. A UIKit view receives it from the hit view
    /// up through its superviews (U4). The walk alternates between the two where a hosting
    /// view (U5) or a representable joins them. Each run of SwiftUI gestures gives its
    /// `highPriorityGesture`s outermost first, then its other gestures innermost first;
    /// each run of UIKit views gives, view by view from the hit view up, its recognizers
    /// then its control.
    public func competitors(for location: Location) -> (ordered: [Handler], simultaneous: [Handler]) {
        var scratch = HitScratch()
        competitors(for: location, scratch: &scratch)
        return (scratch.ordered, scratch.simultaneous)
    }

    /// `competitors(for:)` into `scratch.ordered` and `scratch.simultaneous`.
    public func competitors(for location: Location, scratch: inout HitScratch) {
        competitors(responder: location.responder, view: location.view, row: location.row, scratch: &scratch)
    }

    /// The walk of `competitors(for:)` from a bound responder or a UIKit view, and the list row whose cell
    /// holds the touch (S12: its handler comes last, after every other, S14).
    ///
    /// The real-screens rules reorder UIKit's handlers: a control fires only as the hit view when its kind is
    /// known (U10); a `custom` control and a `touchAction` handle raw touches, after every recognizer (U7, U9);
    /// a control in a representable waits behind the tap gestures of the SwiftUI views around it (S19), but a
    /// switch does not (S20).
    func competitors(responder: Int32, view: Int, row: Int = -1, scratch: inout HitScratch) {
        if let last = scratch.competitorsOf, last.tester === self, last.responder == responder, last.view == view, last.row == row { return }
        scratch.competitorsOf = (self, responder, view, row)
        scratch.ordered.clearKeepingCapacity()
        scratch.simultaneous.clearKeepingCapacity()
        scratch.raw.clearKeepingCapacity()
        scratch.pending.clearKeepingCapacity()
        scratch.deferredBehindSwiftUI = false
        scratch.skippedByU10 = false
        var r = Int(responder), v = view
        let rt = responderTable
        let nodes = snapshot.nodes
        while r >= 0 || v >= 0 {
            if r >= 0 {
                // A run of SwiftUI gestures: every gesture responder from r up to the tree's root.
                scratch.segment.clearKeepingCapacity()
                var top = r
                var a = r
                while a >= 0 {
                    if rt.tree.kind[a] == .gesture { scratch.segment.append(a) }
                    top = a
                    a = Int(rt.tree.parent[a])
                }
                let runStart = scratch.ordered.count
                var afterTaps = runStart
                for g in scratch.segment.reversed() {
                    let h = handlers[Int(rt.tree.node[g])][Int(rt.tree.handlerSlot[g])]
                    if h.priority == .high && !h.isMasked && !h.isRowLevel {
                        scratch.ordered.append(h)
                        if h.isTapLike { afterTaps = scratch.ordered.count }
                    }
                }
                for g in scratch.segment {
                    let h = handlers[Int(rt.tree.node[g])][Int(rt.tree.handlerSlot[g])]
                    guard !h.isMasked, !h.isRowLevel else { continue }
                    if h.priority == .normal {
                        scratch.ordered.append(h)
                        if h.isTapLike { afterTaps = scratch.ordered.count }
                    } else if h.priority == .simultaneous { scratch.simultaneous.append(h) }
                }
                if !scratch.pending.isEmpty {
                    // S19: the controls of the representable below wait behind this run's tap gestures.
                    if afterTaps > runStart { scratch.deferredBehindSwiftUI = true }
                    scratch.ordered.insert(contentsOf: scratch.pending, at: afterTaps)
                    scratch.pending.clearKeepingCapacity()
                }
                // Out of the tree: its hosting view, if it has one.
                v = nodes[Int(rt.tree.node[top])].parent
                r = -1
            } else {
                // A run of UIKit views from v up: each view's recognizers, then its control (U4).
                var u = v
                v = -1
                var first = true
                let inRepresentable = uikitScope[u] >= 0
                while u >= 0 && nodes[u].system == .uikit {
                    for h in handlers[u] where !h.isMasked {
                        if h.priority == .simultaneous { scratch.simultaneous.append(h); continue }
                        switch h.source {
                        case .control:
                            let kind = h.controlKind ?? .unknown
                            if kind != .unknown && !first { scratch.skippedByU10 = true; continue }  // U10
                            if h.isRawTouch { scratch.raw.append(h); continue }                        // U7
                            if inRepresentable && !isSwitch(h) { scratch.pending.append(h); continue }   // S19, S20
                            scratch.ordered.append(h)
                        case .touchAction:
                            scratch.raw.append(h)                                                      // U9
                        default:
                            scratch.ordered.append(h)
                        }
                    }
                    first = false
                    let p = nodes[u].parent
                    if p >= 0 && nodes[p].system == .swiftui {
                        r = Int(rt.tree.platformOf[u])  // a representable: SwiftUI's gestures around it come next
                        break
                    }
                    u = p
                }
            }
        }
        // Controls of a representable with no SwiftUI gesture around it keep their place at the end.
        scratch.ordered.append(contentsOf: scratch.pending)
        scratch.pending.clearKeepingCapacity()
        // Raw touches come last (U9), innermost first; the row's selection last of all (S12, S14).
        scratch.ordered.append(contentsOf: scratch.raw)
        if row >= 0, let h = handlers[row].last, case .row = h.source { scratch.ordered.append(h) }
    }

    /// The one arbitration (S10, S11, U4), used by `hit`, coverage and the replay alike:
    /// the first enabled competitor in order that `recognize`s the touch wins; failing
    /// that, an enabled simultaneous one fires on its own. `disabled` is the first
    /// competitor that would have won but is disabled; `higherTaps` is the largest tap
    /// count among enabled competitors ahead of the winner that did not recognize
    /// (a tap behind a double tap waits for it, docs/replay.md).
    ///
    /// - Parameter recognize: what the competitor makes of the touch, or nil when it
    ///   does not recognize it (for a single tap at a point: whether it is tap-like).
    /// - Note: `@inlinable` so that each caller gets it specialized for its `R` (a generic
    ///   call across modules looks up `Arbitration<R>`'s metadata at run time, once per press).
    @inlinable
    public static func arbitrate<R>(ordered: [Handler], simultaneous: [Handler],
                                    recognize: (Handler) -> R?) -> Arbitration<R> {
        var a = Arbitration<R>()
        for h in ordered {
            guard let r = recognize(h) else {
                if !h.isDisabled { a.higherTaps = max(a.higherTaps, h.gesture.maxTapCount) }
                continue
            }
            if h.isDisabled {
                if a.disabled == nil { a.disabled = h }
                continue
            }
            a.winner = (h, r)
            if !h.cancelsTouches { a.alsoRaw = true }
            break
        }
        if a.alsoRaw, let w = a.winner {
            // U9: a recognizer that does not cancel touches leaves the raw-touch handlers behind it their touches.
            var past = false
            for h in ordered {
                if h === w.handler { past = true; continue }
                guard past, h.isRawTouch, !h.isDisabled, let r = recognize(h) else { continue }
                a.also.append((h, r))
            }
        }
        for h in simultaneous {
            guard let r = recognize(h) else { continue }
            if h.isDisabled {
                if a.disabled == nil && a.winner == nil { a.disabled = h }
            } else {
                a.also.append((h, r))
            }
        }
        if a.winner == nil, !a.also.isEmpty { a.winner = a.also.removeFirst() }
        if a.winner != nil { a.disabled = nil }
        return a
    }

    /// What a single tap that went to `location` fires: `arbitrate` with every tap-like
    /// competitor recognizing it.
    public func tapWinner(for location: Location, scratch: inout HitScratch) -> Arbitration<Void> {
        competitors(for: location, scratch: &scratch)
        return HitTester.arbitrate(ordered: scratch.ordered, simultaneous: scratch.simultaneous) { $0.isTapLike ? () : nil }
    }

    /// What a single tap bound to `responder` would fire (for ambiguity: what each candidate would fire).
    func tapWinner(responder: Int32, scratch: inout HitScratch) -> Handler? {
        competitors(responder: responder, view: -1, row: -1, scratch: &scratch)
        return HitTester.arbitrate(ordered: scratch.ordered, simultaneous: scratch.simultaneous) { $0.isTapLike ? () : nil }.fired
    }
}

/// The outcome of arbitration among the competitors for a touch.
public struct Arbitration<R> {
    public var winner: (handler: Handler, recognition: R)?
    /// Simultaneous gestures that fire as well.
    public var also: [(handler: Handler, recognition: R)] = []
    /// The competitor that would have won but is disabled (only when nothing fires).
    public var disabled: Handler?
    /// The largest tap count among enabled competitors ahead of the winner that did not recognize.
    public var higherTaps = 0
    /// The winner does not cancel touches (U9): raw-touch handlers behind it fire as well.
    public var alsoRaw = false
    @inlinable public init() {}

    @inlinable public var fired: Handler? { winner?.handler }
    @inlinable public var simultaneousHandlers: [Handler] { also.map(\.handler) }
}

// MARK: - S20 (Rules/S20SwitchFirst.swift)

extension HitTester {
    /// S20: a control that is a switch: of kind `switch`, or of kind `unknown` on a `UISwitch`.
    func isSwitch(_ h: Handler) -> Bool {
        h.controlKind == .switch || (h.controlKind == .unknown && snapshot.nodes[h.node].type == "UISwitch")
    }
}
