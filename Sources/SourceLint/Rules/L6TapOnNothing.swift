import SwiftSyntax
import TapRules

/// L6: a tap gesture on `Spacer()` or `Color.clear` without a contentShape.
/// Neither draws anything, so neither has a region (S1): the gesture never fires.
public struct L6TapOnNothingRule: LintRule {
    public init() {}
    public static let snapshotRule = "S1"
    public static let severity = Severity.error
    public static let fixSummary = "write .contentShape(Rectangle()) before the gesture"

    public static let description = RuleDescription(
        id: "L6",
        name: "tap on nothing",
        summary: "Spacer().onTapGesture or Color.clear.onTapGesture without a contentShape: it takes no touches, so the gesture never fires",
        triggeringExamples: [
            "Spacer().↓onTapGesture { dismiss() }",
            "Color.clear.frame(height: 44).↓onTapGesture { dismiss() }",
            "Color(.clear).↓onLongPressGesture { peek() }",
            "Spacer(minLength: 20).↓gesture(TapGesture().onEnded { dismiss() })",
        ],
        nonTriggeringExamples: [
            "Color.clear.contentShape(Rectangle()).onTapGesture { dismiss() }",
            "Spacer().contentShape(Rectangle()).onTapGesture { dismiss() }",
            "Color.black.opacity(0.4).onTapGesture { dismiss() }",
            "Color.clear.background(Color.white).onTapGesture { dismiss() }",
            "Color.clear.modifier(Tappable()).onTapGesture { dismiss() }",
        ])

    public func check(_ chain: ModifierChain, in context: LintContext) -> [RuleFinding] {
        let view = chain.view
        let what: String
        if view.typeName == "Spacer", view.call != nil {
            what = "Spacer"
        } else if view.typeName == "Color", SwiftUIFacts.isClear(chain.base) {
            what = "Color.clear"
        } else {
            return []
        }
        guard let g = GestureUse.all(in: chain).first(where: \.isTapLike),
              context.evaluator.chain(chain, upTo: g.index, ViewEvaluator.Environment()).coverage == .nothing else { return [] }
        return [RuleFinding(
            anchor: chain.modifiers[g.index].anchor,
            message: "tap on nothing: \(what) draws nothing, so it takes no touches and \(g.entry) never fires (S1)",
            fix: "write .contentShape(Rectangle()) before .\(g.entry)")]
    }
}
