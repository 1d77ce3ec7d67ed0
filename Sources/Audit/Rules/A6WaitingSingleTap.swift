import HitTesting
import ReplayEngine
import TapModel
import TapRules

/// A6 waiting single tap: a single tap on the target fires only after the
/// multi-tap window [0.35 s], because a competing double tap must fail first
/// (an `exclusively` with the higher count first, or a count-2 tap that wins
/// S10 ordering). The engine replays one single tap where the target fires;
/// the value is its latency in milliseconds. A warning.
public struct A6WaitingSingleTapRule: AuditRule {
    public static let unit = AuditUnit.milliseconds
    public init() {}

    public static let description = RuleDescription(
        id: "A6",
        name: "waiting single tap",
        summary: "a single tap that waits the multi-tap window for a competing double tap",
        triggeringExamples: [
            // The double tap written first wins S10 ordering: every single tap waits.
            AuditExample("""
            {"id":"row","type":"Text","frame":[0,100,393,44],"modifiers":[{"onTapGesture":{"count":2,"action":"copy"}},{"onTapGesture":{"action":"open"}}]}
            """, node: "row", severity: .warning),
            AuditExample("""
            {"id":"photo","type":"Image","frame":[0,100,393,300],"modifiers":[{"gesture":{"exclusively":[{"tap":{"count":2},"action":"zoom"},{"tap":{"count":1},"action":"select"}]}}]}
            """, node: "photo", severity: .warning),
        ],
        nonTriggeringExamples: [
            AuditExample("""
            {"id":"row","type":"Text","frame":[0,100,393,44],"modifiers":[{"onTapGesture":{"action":"open"}}]}
            """),
            // The single tap written first fires at once (the double tap then never fires, but nobody waits).
            AuditExample("""
            {"id":"row","type":"Text","frame":[0,100,393,44],"modifiers":[{"onTapGesture":{"action":"open"}},{"onTapGesture":{"count":2,"action":"copy"}}]}
            """),
        ])

    public func findings(_ c: AuditContext) -> [AuditFinding] {
        let replayer = Replayer(tester: c.tester, settings: c.settings.replay)
        var findings: [AuditFinding] = []
        for s in c.samples where c.isLive(s.target) {
            guard let spot = Self.firingSpot(s, in: c) else { continue }
            let events = [TouchEvent(t: 0, touch: 1, phase: .began, x: spot.x, y: spot.y),
                          TouchEvent(t: 0.05, touch: 1, phase: .ended, x: spot.x, y: spot.y)]
            guard let press = replayer.replay(trace: "audit", events: events).first,
                  press.fired, press.node == c.id(s.target), let latency = press.latencyMs, latency > 0 else { continue }
            let window = AuditContext.number(c.settings.replay.multiTapWindow * 1000)
            let message = "a single tap on \(c.id(s.target)) fires \(press.action ?? "its action") only after \(AuditContext.number(latency)) ms: "
                + "\(press.reason)"
            let fix = "if the double tap is needed, accept the \(window) ms wait knowingly; otherwise remove it, or move the double tap "
                + "to another control (a context menu, a long press) so single taps fire at once"
            findings.append(c.finding(Self.id, .warning, s.target, value: latency, message: message, fix: fix))
        }
        return findings
    }

    /// A point where a tap fires the target, exactly if it can: its frame's
    /// centre, else the first sample where it is hit exactly, else the first
    /// where it fires within the touch radius.
    static func firingSpot(_ s: TargetSamples, in c: AuditContext) -> Point? {
        let centre = c.node(s.target).frame.center
        let r = c.tester.resolve(at: centre)
        if r.outcome == .hit, r.handler?.node == s.target { return centre }
        var scratch = HitScratch()
        var within: Point?
        for i in 0..<s.count where s.kinds[i] == .own {
            let p = Point(s.xs[i % s.xs.count], s.ys[i / s.xs.count])
            if c.tester.resolve(at: p, scratch: &scratch).outcome == .hit { return p }
            if within == nil { within = p }
        }
        return within
    }
}
