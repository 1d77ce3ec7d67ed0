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

    /// Every handler that competes for a touch at `p` landing on `hitView`, in
    /// the order they get to recognize it (S10, U4), and the simultaneous ones
    /// apart. Masked handlers (S11) and those whose attachment region does not
    /// hold `p` are left out; disabled ones are kept (callers skip them).
    ///
    /// Order: walking up from the hit view, each run of SwiftUI views gives its
    /// `highPriorityGesture`s outermost first, then its other gestures innermost
    /// first (on one view, the earlier-written first; a Button's action is
    /// innermost); each run of UIKit views gives, view by view from the hit
    /// view up, its recognizers then its control.
    public func competitors(at p: Point, hitView: Int) -> (ordered: [Handler], simultaneous: [Handler]) {
        var scratch = HitScratch()
        competitors(at: p, hitView: hitView, scratch: &scratch)
        return (scratch.ordered, scratch.simultaneous)
    }

    /// `competitors(at:hitView:)` into `scratch.ordered` and `scratch.simultaneous`.
    public func competitors(at p: Point, hitView: Int, scratch: inout HitScratch) {
        scratch.ordered.removeAll(keepingCapacity: true)
        scratch.simultaneous.removeAll(keepingCapacity: true)
        scratch.segment.removeAll(keepingCapacity: true)
        guard hitView >= 0 else { return }
        var system = snapshot.nodes[hitView].system
        func flush(_ scratch: inout HitScratch) {
            if system == .uikit {
                for v in scratch.segment where !handlers[v].isEmpty {
                    for h in handlers[v] where !h.isMasked && attachmentHolds(h, p, hitView: hitView) {
                        if h.priority == .simultaneous { scratch.simultaneous.append(h) } else { scratch.ordered.append(h) }
                    }
                }
            } else {
                for v in scratch.segment.reversed() where hasHighPriority[v] {
                    for h in handlers[v].reversed() where h.priority == .high && !h.isMasked && attachmentHolds(h, p, hitView: hitView) {
                        scratch.ordered.append(h)
                    }
                }
                for v in scratch.segment where !handlers[v].isEmpty {
                    for h in handlers[v] where !h.isMasked && attachmentHolds(h, p, hitView: hitView) {
                        if h.priority == .normal { scratch.ordered.append(h) } else if h.priority == .simultaneous { scratch.simultaneous.append(h) }
                    }
                }
            }
            scratch.segment.removeAll(keepingCapacity: true)
        }
        var v = hitView
        while v >= 0 {
            let s = snapshot.nodes[v].system
            if s != system { flush(&scratch); system = s }
            scratch.segment.append(v)
            v = snapshot.nodes[v].parent
        }
        flush(&scratch)
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

    /// What a single tap at `p` landing on `hitView` fires: `arbitrate` with every
    /// tap-like competitor recognizing it.
    public func tapWinner(at p: Point, hitView: Int, scratch: inout HitScratch) -> Arbitration<Void> {
        competitors(at: p, hitView: hitView, scratch: &scratch)
        return HitTester.arbitrate(ordered: scratch.ordered, simultaneous: scratch.simultaneous) { $0.isTapLike ? () : nil }
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
    public init() {}

    public var fired: Handler? { winner?.handler }
    public var simultaneousHandlers: [Handler] { also.map(\.handler) }
}
