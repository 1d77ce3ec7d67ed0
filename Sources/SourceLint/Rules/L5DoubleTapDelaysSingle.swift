import SwiftSyntax
import TapRules

/// L5: a double tap and a single tap on one chain. Gestures on one view are
/// tried in order (S10): with the single first the double never fires; with
/// the double first every single tap waits the multi-tap window (~0.35 s).
public struct L5DoubleTapDelaysSingleRule: LintRule {
    public init() {}
    public static let snapshotRule = "S10"
    public static let severity = Severity.error
    public static let fixSummary = "write the double tap first and accept the wait, or keep one of the two gestures"

    public static let description = RuleDescription(
        id: "L5",
        name: "double tap delays single",
        summary: "onTapGesture(count: 2) and onTapGesture (count 1) on one chain: with the single first the double never fires; with the double first every single tap waits ~0.35 s",
        triggeringExamples: [
            "Photo().onTapGesture { select() }.↓onTapGesture(count: 2) { like() }",
            "Photo().onTapGesture(count: 2) { like() }.↓onTapGesture { select() }",
            "Photo().gesture(TapGesture().onEnded { select() }).↓gesture(TapGesture(count: 2).onEnded { like() })",
            // a high-priority single is tried before everything else
            "Photo().↓onTapGesture(count: 2) { like() }.highPriorityGesture(TapGesture().onEnded { select() })",
        ],
        nonTriggeringExamples: [
            "Photo().onTapGesture { select() }",
            "Photo().gesture(TapGesture(count: 2).onEnded { like() }.exclusively(before: TapGesture().onEnded { select() }))",
            "Photo().onTapGesture(count: 2) { like() }.simultaneousGesture(TapGesture().onEnded { log() })",
            "Photo().onTapGesture(count: n) { like() }.onTapGesture { select() }",
            "Photo().onTapGesture(count: 2) { like() }.onLongPressGesture { menu() }",
        ])

    public func check(_ chain: ModifierChain, in context: LintContext) -> [RuleFinding] {
        var singles: [GestureUse] = [], doubles: [GestureUse] = []
        for g in GestureUse.all(in: chain) where g.priority != .simultaneous {
            guard case .tap(let count?) = g.kind else { continue }
            if count == 1 { singles.append(g) } else if count >= 2 { doubles.append(g) }
        }
        guard let s = singles.first, let d = doubles.first else { return [] }
        // S10: high-priority gestures outermost first, then the others innermost first.
        func precedence(_ g: GestureUse) -> (Int, Int) { g.priority == .high ? (0, -g.index) : (1, g.index) }
        let double = describe(d, in: chain), single = describe(s, in: chain)
        if precedence(s) < precedence(d) {
            return [RuleFinding(
                anchor: chain.modifiers[d.index].anchor,
                message: "double tap delays single: \(double) never fires; \(single) is tried first and fires on the first tap of every double tap (S10)",
                fix: "write the double tap before the single one, or combine them with TapGesture(count: 2).exclusively(before: TapGesture())")]
        }
        return [RuleFinding(
            anchor: chain.modifiers[s.index].anchor,
            message: "double tap delays single: every single tap waits the ~0.35 s multi-tap window for the competing \(double) before \(single) fires (S10)",
            fix: "keep one of the two gestures, or accept the ~0.35 s wait on every single tap",
            severity: .warning)]
    }

    func describe(_ g: GestureUse, in chain: ModifierChain) -> String {
        guard case .tap(let count?) = g.kind else { return g.entry }
        if g.entry == "onTapGesture" { return count == 1 ? "onTapGesture" : "onTapGesture(count: \(count))" }
        return count == 1 ? "\(g.entry)(TapGesture())" : "\(g.entry)(TapGesture(count: \(count)))"
    }
}
