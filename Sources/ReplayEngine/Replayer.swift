import HitTesting
import TapJSON
import TapModel

/// What one press did: the key `(trace, press)` results and baselines use,
/// the outcome, what fired, how long the person waited, and whether it was
/// what they meant.
public struct PressResult: Sendable, Equatable {
    public var trace: String
    public var press: Int
    /// Where and when (trace seconds) the press went down.
    public var at: Point
    public var t: Double
    public var outcome: TouchResult.Outcome
    /// The view whose action fired; for a press that did not fire: the handler it
    /// was meant for (blocked), the disabled one, the nearest (ambiguous), else nil.
    public var node: String?
    public var action: String?
    /// The kind of gesture that fired (`tap`, `button`, `longPress`, `control`, ...).
    public var gesture: String?
    /// From the release that completes the press (touch-down for a long press) to the action.
    public var latencyMs: Double?
    public var expect: String?
    /// Whether the press fired the expected node's action (nil without `expect`).
    public var met: Bool?
    /// A press consumed by a multi-tap: the press that began it.
    public var partOf: Int?
    /// The view that took the touch.
    public var hitView: String?
    /// Actions of simultaneous gestures that fired as well.
    public var simultaneous: [String] = []
    public var reason: String
    /// The touch radius the press bound with, when its trace recorded one (nil: the settings').
    public var radius: Double? = nil

    /// R1: hit or expanded.
    public var fired: Bool { outcome.fires }

    public init(trace: String, press: Int, at: Point, t: Double, outcome: TouchResult.Outcome, node: String?, action: String?,
                gesture: String?, latencyMs: Double?, expect: String?, met: Bool?, partOf: Int?, hitView: String?,
                simultaneous: [String] = [], reason: String) {
        self.trace = trace; self.press = press; self.at = at; self.t = t; self.outcome = outcome; self.node = node
        self.action = action; self.gesture = gesture; self.latencyMs = latencyMs; self.expect = expect; self.met = met
        self.partOf = partOf; self.hitView = hitView; self.simultaneous = simultaneous; self.reason = reason
    }
}

/// Replays presses against one compiled snapshot: hit testing, recognition
/// and arbitration (S10, S11, U4), latency.
public struct Replayer: Sendable {
    public let tester: HitTester
    public let recognizer: Recognizer

    private let heldReasons: [String]
    /// Whether results say why (`PressResult.reason`). A baseline's side of a comparison is never
    /// explained (only what the press does now is), so its replay leaves every reason empty.
    public let explains: Bool

    public init(tester: HitTester, settings: ReplaySettings = ReplaySettings(), explains: Bool = true) {
        self.tester = tester
        self.recognizer = Recognizer(settings: settings)
        self.explains = explains
        let wait = JSONValue.format(settings.multiTapWindow * 1000)
        self.heldReasons = (0..<6).map { " after waiting \(wait) ms for a competing \($0)-tap to fail" }
    }

    public func replay(trace: String, events: [TouchEvent]) -> [PressResult] {
        replay(trace: trace, presses: Press.presses(from: events))
    }

    /// A result for every press, in press order.
    /// - Complexity: one hit resolution and one arbitration per press.
    public func replay(trace: String, presses: [Press]) -> [PressResult] {
        var scratch = HitScratch()
        return replay(trace: trace, presses: presses, scratch: &scratch)
    }

    /// `replay(trace:presses:)` with buffers (and texts written once) kept from trace to trace.
    public func replay(trace: String, presses: [Press], scratch: inout HitScratch) -> [PressResult] {
        var results: [PressResult] = []
        results.reserveCapacity(presses.count)
        var i = 0
        while i < presses.count {
            let used = replayPress(trace: trace, presses: presses, at: i, scratch: &scratch, into: &results)
            // A multi-tap consumes the presses right after the one that began it.
            if used > 1 {
                let result = results[results.count - 1]
                for k in 1..<used where i + k < presses.count {
                    var part = result
                    part.press = presses[i + k].number
                    part.at = presses[i + k].start
                    part.t = presses[i + k].startTime
                    part.partOf = presses[i].number
                    part.latencyMs = nil
                    part.expect = presses[i + k].expect
                    part.met = part.expect.map { expectation($0, firedBy: result.fired ? result.node : nil) }
                    if explains { part.reason = "consumed by the \(used)-press \(result.gesture ?? "tap") begun by press \(presses[i].number)" }
                    results.append(part)
                }
            }
            i += max(used, 1)
        }
        return results
    }

    /// S10/U4 through the one arbitration (`HitTester.arbitrate`): the first enabled competitor
    /// that recognizes the presses from `i` wins; a tap behind a higher-count tap is held until
    /// that one has failed (docs/replay.md).
    func arbitrate(_ ordered: [Handler], _ simultaneous: [Handler], presses: [Press], at i: Int) -> Arbitration<Recognition> {
        let recognizer = self.recognizer  // (the closure takes the recognizer, not a copy of the whole replayer)
        var a = HitTester.arbitrate(ordered: ordered, simultaneous: simultaneous) { h in
            recognizer.recognize(h.gesture, presses: presses, at: i)
        }
        // (The winner's fields are read in place: binding the pair would copy its handler and recognition.)
        if let count = a.winner?.recognition.tapCount, a.higherTaps > count, a.winner?.recognition.held == false,
           ordered.contains(where: { $0 == a.winner!.handler }) {
            a.winner!.recognition = recognizer.held(a.winner!.recognition)
        }
        return a
    }

    /// One press (and the presses a multi-tap takes with it): its result, appended to `results`
    /// (no result-and-count tuple to copy it out of), and how many presses it used.
    /// The press binds with the radius its first finger went down with, else the settings'
    /// (docs/snapshot.md, S9 "The cloud"); the handlers that receive it arbitrate with real recognition.
    func replayPress(trace: String, presses: [Press], at i: Int, scratch: inout HitScratch, into results: inout [PressResult]) -> Int {
        // (The press is read in place: a copy retains its track and expectation.)
        let nodes = tester.snapshot.nodes
        // Filled in where it stands in `results` (a local result would be copied in and destroyed).
        results.append(PressResult(trace: trace, press: presses[i].number, at: presses[i].start, t: presses[i].startTime, outcome: .miss, node: nil, action: nil,
                                   gesture: nil, latencyMs: nil, expect: presses[i].expect, met: nil, partOf: nil, hitView: nil, reason: ""))
        let r = results.count - 1
        results[r].radius = presses[i].radius
        let touch = tester.resolve(at: presses[i].start, radius: presses[i].radius, scratch: &scratch)
        results[r].outcome = touch.outcome
        results[r].hitView = touch.hitView >= 0 ? nodes[touch.hitView].id : nil
        var used = 1
        // U13: inside a scroll container a press that moves past the scroll slop scrolls.
        if presses[i].maxDistance > HitTester.scrollSlop, presses[i].fingers == 1 {
            let on = touch.location.node >= 0 ? touch.location.node : touch.location.row
            let early = presses[i].maxDistance(until: presses[i].startTime + HitTester.contentTouchDelay)
            if let container = tester.scrollContainer(taking: on, distance: presses[i].maxDistance, early: early) {
                results[r].outcome = .miss
                if explains {
                    results[r].reason = "the press moved \(JSONValue.format(JSONValue.round(presses[i].maxDistance, places: 1))) pt and scrolls \(nodes[container].id) instead of tapping (U13)"
                }
                if let expect = presses[i].expect { results[r].met = expectation(expect, firedBy: nil) }
                return used
            }
        }
        tester.competitors(for: touch.location, scratch: &scratch)
        var a = arbitrate(scratch.ordered, scratch.simultaneous, presses: presses, at: i)
        if let w = a.winner.take() {  // (taken, not copied)
            let outcome = touch.outcome == .ambiguous ? .ambiguous : tester.firingOutcome(w.handler, at: touch.location)
            fired(&results[r], w, also: a.also, higherTaps: a.higherTaps, outcome: outcome, touch: touch, expect: presses[i].expect)
            used = w.recognition.pressesUsed
        } else if let d = a.disabled {
            results[r].outcome = .disabled
            results[r].node = nodes[d.node].id
            results[r].action = d.action
            if explains { results[r].reason = "\(tester.describe(d)) would fire but is disabled\(tester.disabledReason(d))" }
        } else {
            switch touch.outcome {
            case .hit, .expanded:
                // A tap handler is there, but this press is not a tap it takes (a drag, a held press, one tap of a double...).
                results[r].outcome = .miss
                if explains { results[r].reason = "\(touch.handler.map(tester.describe) ?? "the handler") does not recognize this press (\(describe(presses[i])))" }
            default:
                fill(&results[r], from: touch, scratch: &scratch)
            }
        }
        if let expect = presses[i].expect, results[r].met == nil {
            results[r].met = expectation(expect, firedBy: results[r].fired ? results[r].node : nil)
        }
        return used
    }

    /// Fills in the result of a press that fired `winner`.
    private func fired(_ result: inout PressResult, _ winner: (handler: Handler, recognition: Recognition), also: [(handler: Handler, recognition: Recognition)],
                       higherTaps: Int, outcome: TouchResult.Outcome, touch: TouchResult, expect: String?) {
        let (h, r) = winner
        result.outcome = outcome
        result.node = tester.snapshot.nodes[h.node].id
        result.action = r.action ?? h.action
        result.gesture = h.gestureName == "control" ? "control" : r.kind.rawValue
        result.latencyMs = JSONValue.round(r.latency * 1000, places: 4)
        if !also.isEmpty { result.simultaneous = also.compactMap { $0.1.action ?? $0.0.action } }
        // The expected node's action fired, first or alongside (a simultaneous gesture, a raw-touch handler a
        // recognizer does not cancel: U9).
        if let expect {
            result.met = expectation(expect, firedBy: result.node)
                || also.contains { expectation(expect, firedBy: tester.snapshot.nodes[$0.handler.node].id) }
        }
        guard explains else { return }
        var why = tester.firesReason(h, firing: r.action)
        if r.pressesUsed > 1 { why += " on the \(r.pressesUsed)-press tap" }
        if r.held { why += heldReason(max(higherTaps, h.gesture.maxTapCount)) }  // a hold inside a composition names its own higher count
        if outcome == .expanded, let c = touch.candidates.first {
            why += " (the press landed \(JSONValue.format(JSONValue.round(c.distance, places: 2))) pt away; its \(JSONValue.format(touch.radius)) pt touch binds there)"
        } else if outcome == .ambiguous {
            why += " (\(tester.reason(for: touch)))"
        }
        if !also.isEmpty {
            let others = also.map { tester.describe($0.handler, firing: $0.recognition.action) }
            why += "; \(others.joined(separator: ", ")) fire\(others.count == 1 ? "s" : "") as well"
        }
        result.reason = why
    }

    private func fill(_ result: inout PressResult, from touch: TouchResult, scratch: inout HitScratch) {
        let nodes = tester.snapshot.nodes
        result.outcome = touch.outcome
        if let h = touch.handler ?? touch.meantFor ?? touch.disabledHandler {
            result.node = nodes[h.node].id
            result.action = h.action
        }
        if explains { result.reason = tester.reason(for: touch, scratch: &scratch) }
    }

    private func describe(_ p: Press) -> String {
        if p.cancelled { return "it was cancelled" }
        if p.fingers > 1 { return "\(p.fingers) fingers" }
        let moved = JSONValue.format(JSONValue.round(p.maxDistance, places: 1))
        return "held \(JSONValue.format(JSONValue.round(p.duration, places: 3))) s, moved \(moved) pt"
    }

    /// " after waiting 350 ms for a competing 2-tap to fail", worked out once for the usual counts.
    private func heldReason(_ count: Int) -> String {
        if count < heldReasons.count { return heldReasons[count] }
        return " after waiting \(JSONValue.format(recognizer.settings.multiTapWindow * 1000)) ms for a competing \(count)-tap to fail"
    }

    /// Whether firing `node`'s action meets the expectation: the expected node
    /// itself fired, or (for an expected view without handlers, such as a label)
    /// the nearest ancestor that has one.
    public func expectation(_ expect: String, firedBy node: String?) -> Bool {
        guard let node else { return false }
        if node == expect { return true }
        guard let e = tester.index(ofID: expect), tester.handlers[e].isEmpty else { return false }
        var a = tester.snapshot.nodes[e].parent
        while a >= 0 {
            if !tester.handlers[a].isEmpty { return tester.snapshot.nodes[a].id == node }
            a = tester.snapshot.nodes[a].parent
        }
        return false
    }
}
