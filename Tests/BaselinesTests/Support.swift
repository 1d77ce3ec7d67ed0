import Baselines
import HitTesting
import ReplayEngine
import TapModel

/// Crafted sides: a press or target changes, and each rule must notice.
func press(_ n: Int, _ outcome: TouchResult.Outcome, node: String? = "row", action: String? = "open", latency: Double? = 0,
           expect: String? = nil, met: Bool? = nil, reason: String = "because") -> PressResult {
    PressResult(trace: "t", press: n, at: Point(10, Double(n)), t: Double(n), outcome: outcome,
                node: outcome == .miss ? nil : node, action: outcome == .miss ? nil : action,
                gesture: "tap", latencyMs: outcome.fires ? latency : nil, expect: expect, met: met, partOf: nil,
                hitView: node, reason: reason)
}

func target(_ node: String, own: Double, miss: Double, stolen: Double = 0, stolenBy: String? = nil, predicted: Double? = nil) -> TargetCoverage {
    var t = TargetCoverage(node: node, action: "open", samples: 100, own: own, stolen: stolen, blocked: 0, ambiguous: 0, disabled: 0, miss: miss,
                           stolenBy: stolenBy)
    t.predicted = predicted.map { TargetPrediction(node: node, success: $0, miss: 1 - $0, missInside: 1 - $0) }
    return t
}

/// One side of a comparison: its presses and its targets.
struct Side {
    var presses: [PressResult]
    var targets: [TargetCoverage]
}

func suite(_ presses: [PressResult], _ targets: [TargetCoverage] = [target("row", own: 1, miss: 0)]) -> Side {
    Side(presses: presses, targets: targets)
}

/// `after` compared with `before` as the baseline's replay; nil `before`: no baseline.
func compare(_ before: Side?, _ after: Side) -> Comparison.Result {
    var sides: [PressKey: PressSide]?
    if let before {
        sides = [:]
        for p in before.presses { sides![PressKey(trace: p.trace, press: p.press)] = PressSide(p) }
    }
    return Comparison.compare(before: sides, current: after.presses, beforeTargets: before?.targets, afterTargets: after.targets)
}

/// Compares `after` with `before`, and the reverse.
func both(_ before: Side, _ after: Side) -> (forward: Comparison.Result, reverse: Comparison.Result) {
    (compare(before, after), compare(after, before))
}
