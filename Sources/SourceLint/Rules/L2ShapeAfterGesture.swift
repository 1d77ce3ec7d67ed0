import SwiftSyntax
import TapRules

/// L2: `contentShape` written after the gesture it should widen. A gesture sees
/// the region in force where it is attached (S4): the later shape makes the
/// view take the tap in the gap, but the gesture does not fire there.
public struct L2ShapeAfterGestureRule: LintRule {
    public init() {}
    public static let snapshotRule = "S4"
    public static let severity = Severity.error
    public static let fixSummary = "move the contentShape before the gesture"

    public static let description = RuleDescription(
        id: "L2",
        name: "shape after gesture",
        summary: "contentShape(…) written after the gesture it should widen: order is semantics, the gesture sees the region before it",
        triggeringExamples: [
            """
            HStack {
                Text("Flow meter")
                Spacer()
            }
            .onTapGesture { open() }
            .↓contentShape(Rectangle())
            """,
            "MyRow().onLongPressGesture { pin() }.padding().↓contentShape(RoundedRectangle(cornerRadius: 8))",
            "VStack { Text(\"a\"); Text(\"b\") }.gesture(TapGesture(count: 2).onEnded { zoom() }).↓contentShape(.interaction, Rectangle())",
        ],
        nonTriggeringExamples: [
            "HStack { Text(\"a\"); Spacer() }.contentShape(Rectangle()).onTapGesture { open() }",
            // a shape for a later interaction is not misplaced
            "HStack { Text(\"a\"); Spacer() }.contentShape(Rectangle()).onTapGesture { open() }.contentShape(Rectangle()).contextMenu { Button(\"Copy\") {} }",
            "Row().onTapGesture { open() }.contentShape(Rectangle()).onLongPressGesture { pin() }",
            // only the interaction kind changes hits
            "Row().onTapGesture { open() }.contentShape(.contextMenuPreview, RoundedRectangle(cornerRadius: 8))",
            "Row().contentShape(Rectangle()).onTapGesture { open() }",
            // a filled background already covers the frame where the gesture is attached: nothing to widen
            "HStack { Text(\"a\"); Spacer() }.background(Color.white).onTapGesture { open() }.contentShape(Rectangle())",
        ],
        corrections: [
            Correction("HStack { Text(\"a\"); Spacer() }.onTapGesture { open() }.↓contentShape(Rectangle())",
                       "HStack { Text(\"a\"); Spacer() }.contentShape(Rectangle()).onTapGesture { open() }"),
        ])

    /// The first interaction `contentShape` written after a gesture that no
    /// shape widens, with the first such gesture; nil when there is none or
    /// when a later interaction may be what the shape is for.
    static func misplacedShape(in chain: ModifierChain) -> (shape: Int, gesture: GestureUse)? {
        let gestures = GestureUse.all(in: chain)
        let mods = chain.modifiers
        for (j, m) in mods.enumerated() where ShapeKind.of(m) == .interaction {
            guard let g = gestures.first(where: { g in
                g.index < j && !mods[..<g.index].contains { ShapeKind.of($0)?.mayWiden == true }
            }) else { continue }
            if mods[(j + 1)...].contains(where: { SwiftUIFacts.takesTouches.contains($0.name) }) { return nil }
            return (j, g)
        }
        return nil
    }

    public func check(_ chain: ModifierChain, in context: LintContext) -> [RuleFinding] {
        guard let (j, g) = L2ShapeAfterGestureRule.misplacedShape(in: chain) else { return [] }
        // A region that already fills its frame where the gesture is attached (a filled
        // background) has no gap for the shape to widen: the order does not matter.
        if let env = context.evaluator.environment(at: chain.base, automaticIsBorderless: context.automaticIsBorderless),
           context.evaluator.chain(chain, upTo: g.index, env).coverage == .fills { return [] }
        let shape = chain.modifiers[j], gesture = chain.modifiers[g.index]
        return [RuleFinding(
            anchor: shape.anchor,
            message: "shape after gesture: its contentShape comes after \(g.entry), so it takes the tap without widening the gesture; a tap in the gap between its leaves does not fire \(g.entry) (S4)",
            fix: "move .contentShape(…) before .\(g.entry)",
            edits: ChainEdits.move(shape, before: gesture))]
    }
}
