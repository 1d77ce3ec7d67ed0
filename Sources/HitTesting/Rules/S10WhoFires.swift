import TapModel
import TapRules

/// S10 Who fires: every gesture on the path from the hit view to the root whose
/// attachment region holds the point competes. Order: highPriorityGestures
/// outermost first, then normal gestures innermost first (a child's beats its
/// parent's; on one view the earlier-written first; a Button's action innermost);
/// the first that recognizes the touch wins; simultaneousGestures that recognize
/// fire as well, and one fires on its own when nothing else does. The walk
/// also orders UIKit's handlers (U4UIKitWhoFires.swift), and `arbitrate` is the
/// one arbitration both systems share.
public enum S10WhoFires: HitTestingRule {
    public static let description = RuleDescription(
        id: "S10",
        name: "who fires",
        summary: "highPriorityGestures outermost first, then gestures innermost first; the first that recognizes wins, simultaneous ones fire too",
        triggeringExamples: [
            // A child's gesture beats its parent's.
            HitExample(#"{"id":"card","type":"ZStack","frame":[0,0,200,200],"modifiers":[{"onTapGesture":{"action":"openCard"}}],"children":[{"id":"like","type":"Image","frame":[10,10,40,40],"modifiers":[{"onTapGesture":{"action":"like"}}]}]}"#,
                       tap: Point(30, 30), .hit, fires: "like"),
            // A parent's highPriorityGesture beats its child's.
            HitExample(#"{"id":"card","type":"ZStack","frame":[0,0,200,200],"modifiers":[{"highPriorityGesture":{"tap":{"count":1},"action":"openCard"}}],"children":[{"id":"like","type":"Image","frame":[10,10,40,40],"modifiers":[{"onTapGesture":{"action":"like"}}]}]}"#,
                       tap: Point(30, 30), .hit, fires: "openCard"),
        ],
        nonTriggeringExamples: [
            // Outside the child, the parent's gesture fires.
            HitExample(#"{"id":"card","type":"ZStack","frame":[0,0,200,200],"modifiers":[{"onTapGesture":{"action":"openCard"}}],"children":[{"id":"bg","type":"Color","frame":[0,0,200,200]},{"id":"like","type":"Image","frame":[10,10,40,40],"modifiers":[{"onTapGesture":{"action":"like"}}]}]}"#,
                       tap: Point(100, 100), .hit, fires: "openCard"),
        ])
}

extension HitTester {
    // MARK: - Arbitration: who fires

    /// Every handler that receives a touch that went to `location`, in the order they get
    /// to recognize it (S10, U4), and the simultaneous ones apart. Masked handlers (S11)
    /// are left out; disabled ones are kept (callers skip them).
    ///
    /// A SwiftUI gesture receives the touch if and only if the bound responder is its own
    /// responder or lies inside it (touch-binding.md §3): walking up from the bound
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
        competitors(responder: location.responder, view: location.view, scratch: &scratch)
    }

    /// The walk of `competitors(for:)` from a bound responder or a UIKit view.
    func competitors(responder: Int32, view: Int, scratch: inout HitScratch) {
        if let last = scratch.competitorsOf, last.tester === self, last.responder == responder, last.view == view { return }
        scratch.competitorsOf = (self, responder, view)
        scratch.ordered.clearKeepingCapacity()
        scratch.simultaneous.clearKeepingCapacity()
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
                for g in scratch.segment.reversed() {
                    let h = handlers[Int(rt.tree.node[g])][Int(rt.tree.handlerSlot[g])]
                    if h.priority == .high && !h.isMasked { scratch.ordered.append(h) }
                }
                for g in scratch.segment {
                    let h = handlers[Int(rt.tree.node[g])][Int(rt.tree.handlerSlot[g])]
                    guard !h.isMasked else { continue }
                    if h.priority == .normal { scratch.ordered.append(h) } else if h.priority == .simultaneous { scratch.simultaneous.append(h) }
                }
                // Out of the tree: its hosting view, if it has one.
                v = nodes[Int(rt.tree.node[top])].parent
                r = -1
            } else {
                // A run of UIKit views from v up: each view's recognizers, then its control (U4).
                var u = v
                v = -1
                while u >= 0 && nodes[u].system == .uikit {
                    for h in handlers[u] where !h.isMasked {
                        if h.priority == .simultaneous { scratch.simultaneous.append(h) } else { scratch.ordered.append(h) }
                    }
                    let p = nodes[u].parent
                    if p >= 0 && nodes[p].system == .swiftui {
                        r = Int(rt.tree.platformOf[u])  // a representable: SwiftUI's gestures around it come next
                        break
                    }
                    u = p
                }
            }
        }
    }

    /// The one arbitration (S10, S11, U4), used by `hit`, coverage and the replay alike:
    /// the first enabled competitor in order that `recognize`s the touch wins; failing
    /// that, an enabled simultaneous one fires on its own. `disabled` is the first
    /// competitor that would have won but is disabled; `higherTaps` is the largest tap
    /// count among enabled competitors ahead of the winner that did not recognize
    /// (a tap behind a double tap waits for it, trace.md).
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
            break
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
        competitors(responder: responder, view: -1, scratch: &scratch)
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
    @inlinable public init() {}

    @inlinable public var fired: Handler? { winner?.handler }
    @inlinable public var simultaneousHandlers: [Handler] { also.map(\.handler) }
}
