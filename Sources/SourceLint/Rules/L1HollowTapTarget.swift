import SwiftSyntax
import TapRules

/// L1: a tap or long press on a SwiftUI container with no interaction
/// `contentShape` before it. The container's region is only its leaves (S2),
/// so a tap on the Spacer, the spacing or the padding reaches nothing.
public struct L1HollowTapTargetRule: LintRule {
    public init() {}
    public static let snapshotRule = "S2"
    public static let severity = Severity.error
    public static let fixSummary = "write .contentShape(Rectangle()) before the gesture"

    public static let description = RuleDescription(
        id: "L1",
        name: "hollow tap target",
        summary: "onTapGesture, gesture(TapGesture…) or onLongPressGesture on a container (HStack, VStack, ZStack, Lazy…Stack, Grid, LabeledContent, Label, Group, a custom view whose body is one) with no interaction contentShape earlier in the chain, or a Button whose label is one under a style that responds on the label's leaves (.plain, .borderless): the gaps between its leaves are dead",
        triggeringExamples: [
            """
            HStack {
                Text("Flow meter")
                Spacer()
                Image(systemName: "chevron.right")
            }
            .↓onTapGesture { open() }
            """,
            "VStack { Text(\"Title\"); Text(\"A longer subtitle\") }.↓onLongPressGesture { pin() }",
            "LabeledContent(\"Units\", value: units).↓gesture(TapGesture().onEnded { pick() })",
            "HStack { Text(\"Sound\") }.padding().frame(maxWidth: .infinity).↓onTapGesture { toggle() }",
            "Label(\"Wi-Fi\", systemImage: \"wifi\").font(.body).↓onTapGesture { open() }",
            "Group { HStack { Text(\"a\"); Spacer() } }.↓onTapGesture { open() }",
            // what a modifier does: fixedSize and an opacity the source does not fix keep the gaps
            "HStack { Text(\"a\"); Spacer() }.fixedSize().opacity(dimmed ? 0.5 : 1).↓onTapGesture { open() }",
            // what if and Group contribute: the branch that is hollow
            "Group { if compact { HStack { Text(\"a\"); Spacer() } } else { Text(\"\") } }.↓onTapGesture { open() }",
            // a Button under the plain style responds only on its label's leaves
            "↓Button { open() } label: { HStack { Text(\"Alerts\"); Spacer() } }.buttonStyle(.plain)",
            // the shape is written for the other gesture, after this one: still hollow for the tap
            "HStack { Text(\"a\"); Spacer() }.↓onTapGesture { open() }.contentShape(Rectangle()).contextMenu { Button(\"Copy\") {} }",
            // a #if the build compiles (iOS) is read; an outcome of a ternary that leaves it hollow is one
            "HStack { Text(\"a\"); Spacer() }\n#if os(iOS)\n.↓onTapGesture { open() }\n#endif",
            "ZStack { Capsule().fill(.blue).opacity(on ? 1 : 0); Text(\"Day\") }.↓onTapGesture { pick() }",
            // a plain Button row of a Form with a gap (S13: the plain style opts out of the row)
            "Form { ↓Button { open() } label: { HStack { Text(\"About\"); Spacer() } }.buttonStyle(.plain) }",
            // no spacing, but lines of different widths: the room beside the shorter one is dead
            "VStack(alignment: .leading, spacing: 0) { Text(\"a\"); Text(\"a much longer line of text\") }.↓onTapGesture { open() }",
        ],
        nonTriggeringExamples: [
            "HStack { Text(\"a\"); Spacer() }.contentShape(Rectangle()).onTapGesture { open() }",
            "HStack { Text(\"a\"); Spacer() }.contentShape(.interaction, Rectangle()).onTapGesture { open() }",
            "HStack { Text(\"a\"); Spacer() }.background(Color.white).onTapGesture { open() }",
            "HStack { Text(\"a\"); Spacer() }.padding().background { RoundedRectangle(cornerRadius: 8).fill(.blue) }.onTapGesture { open() }",
            // custom view types are unknown
            "SettingsRow(title: \"a\").onTapGesture { open() }",
            // a custom modifier may set a shape or a background
            "HStack { Text(\"a\"); Spacer() }.cardStyle().onTapGesture { open() }",
            // leaves draw over their frame
            "Text(\"Edit\").onTapGesture { edit() }",
            "Image(systemName: \"gear\").onTapGesture { settings() }",
            // one leaf fills its stack exactly; a filled ZStack layer covers it all
            "HStack { Text(\"Done\") }.onTapGesture { done() }",
            "ZStack { RoundedRectangle(cornerRadius: 12).fill(.blue); Text(\"Go\") }.onTapGesture { go() }",
            "VStack { CardView() }.onTapGesture { open() }",
            "Label(\"Trash\", systemImage: \"trash\").labelStyle(.iconOnly).onTapGesture { delete() }",
            // what fills a frame: a colour layer (also at opacity 0.001, the minimum), a filled bubble, an icon alone
            "ZStack { Color.black; Spacer() }.onTapGesture { dismiss() }",
            "ZStack { Color.black.opacity(0.001); VStack { Text(\"a\"); Spacer() } }.onTapGesture { dismiss() }",
            "ZStack { Circle().fill(.blue).frame(width: 44, height: 44); Image(systemName: \"plus\") }.onTapGesture { add() }",
            "Label(\"\", image: \"gear\").onTapGesture { settings() }",
            "Button { open() } label: { HStack { Text(\"a\"); Spacer() } }.buttonStyle(.bordered)",
            // L2 speaks for this one (the shape is after the gesture)
            "HStack { Text(\"a\"); Spacer() }.onTapGesture { open() }.contentShape(Rectangle())",
            // a drag is not a tap target
            "HStack { Text(\"a\"); Spacer() }.gesture(DragGesture())",
            // a ViewModifier's content, a Button, a gesture behind #if: the source does not tell
            "content.onTapGesture { open() }",
            "Button { open() } label: { HStack { Text(\"a\"); Spacer() } }.onTapGesture { log() }",
            // a gesture behind a #if that depends on the build (debug or release): read as unknown
            "HStack { Text(\"a\"); Spacer() }\n#if DEBUG\n.onTapGesture { open() }\n#endif",
            "Group { if compact { Text(\"a\") } else { Text(\"b\") } }.onTapGesture { open() }",
            // a default-style Button row of a List takes its whole cell (S12); a filled, stroked capsule is filled
            "List { Button { open() } label: { HStack { Text(\"About\"); Spacer() } } }",
            "ZStack { Capsule().fill(.blue).stroke(.white); Text(\"Go\") }.onTapGesture { go() }",
            // no spacing, and views that take the stack's whole width (or lie side by side, as tall as each other)
            "VStack(spacing: 0) { Color.red; Color.blue }.onTapGesture { flip() }",
            "VStack(spacing: 0) { Color.red; Divider(); Color.blue }.onTapGesture { flip() }",
            "VStack(spacing: 0) { Color.red; if loading { Color.blue.frame(height: 2) } }.onTapGesture { flip() }",
            "VStack(spacing: 0) { Color.red.frame(width: 44, height: 44); Color.blue.frame(width: 44, height: 44) }.onTapGesture { flip() }",
            "HStack(spacing: 0) { Text(\"a\"); Text(\"b\") }.onTapGesture { open() }",
        ],
        corrections: [
            Correction("↓Button { open() } label: { HStack { Text(\"a\"); Spacer() } }.buttonStyle(.plain)",
                       "Button { open() } label: { HStack { Text(\"a\"); Spacer() }.contentShape(Rectangle()) }.buttonStyle(.plain)"),
            Correction("HStack { Text(\"a\"); Spacer() }.↓onTapGesture { open() }",
                       "HStack { Text(\"a\"); Spacer() }.contentShape(Rectangle()).onTapGesture { open() }"),
            Correction("VStack { Text(\"a\"); Text(\"b\") }.padding().↓onLongPressGesture { pin() }",
                       "VStack { Text(\"a\"); Text(\"b\") }.padding().contentShape(Rectangle()).onLongPressGesture { pin() }"),
        ])

    public func check(_ chain: ModifierChain, in context: LintContext) -> [RuleFinding] {
        if let button = buttonFinding(chain, in: context) { return [button] }
        let misplaced = L2ShapeAfterGestureRule.misplacedShape(in: chain)
        // A tap of three or more is a hidden gesture (a debug menu, an easter egg), not a target anyone aims at.
        for g in GestureUse.all(in: chain) where g.isTapLike && !g.isHidden {
            if let misplaced, misplaced.gesture.index == g.index { return [] }   // L2 says it
            if L3WrongShapeKindRule.otherKindShape(in: chain, before: g.index) != nil { continue }   // L3 says it
            guard let (type, dead, when) = Regions.deadArea(of: chain, before: g.index, in: context) else { continue }
            let gesture = chain.modifiers[g.index]
            return [RuleFinding(
                anchor: gesture.anchor,
                message: "hollow tap target: \(when.map { "when \($0), " } ?? "")\(type)'s \(g.entry) responds only on its leaves; a tap on \(dead) lands in the gap between its leaves, and its container has no contentShape before \(g.entry) (S2)",
                fix: "write .contentShape(Rectangle()) before .\(g.entry)",
                edits: ChainEdits.insert(".contentShape(Rectangle())", before: gesture))]
        }
        return []
    }

    /// A Button (or NavigationLink) whose label is a hollow container under a
    /// style that responds only on the label's visible content: `.plain`,
    /// `.borderless`, a ButtonStyle of the linted sources that draws no
    /// background, or the automatic style on iOS outside a List (S2, S4: the
    /// action is attached innermost, to the label).
    func buttonFinding(_ chain: ModifierChain, in context: LintContext) -> RuleFinding? {
        let view = chain.view
        guard let type = view.typeName, type == "Button" || type == "NavigationLink", let call = view.call,
              let env = context.evaluator.environment(at: chain.base, automaticIsBorderless: context.automaticIsBorderless),
              !context.focusDriven,
              // A NavigationLink in a List is a row the List selects, whatever its style (Decision, docs/lint.md).
              type == "Button" || env.rowContext == .plain,
              // A contentShape on the Button itself: whether it widens the action (S4 says the action is attached
              // innermost) is left alone; the author meant the whole button.
              !chain.modifiers.contains(where: { ShapeKind.of($0)?.mayWiden == true }),
              let (label, style) = context.evaluator.buttonRegion(view, env),
              label.isContainer, let gap = label.coverage.gap,
              let items = context.evaluator.labelItems(of: view) else { return nil }
        let roots = items.compactMap { item -> ExprSyntax? in
            if case .expr(let e) = item.item { return e }
            return nil
        }
        let name = label.name.split(separator: " ").first.map(String.init) ?? label.name
        return RuleFinding(
            anchor: call.calledExpression,
            message: "hollow tap target: \(type)'s label, \(label.name), responds only on its leaves under the \(style) button style; a tap on \(gap) lands in the gap between its leaves, and its label has no contentShape (S2)",
            fix: "write .contentShape(Rectangle()) on the label's \(name)",
            edits: roots.count == 1 ? ChainEdits.append(".contentShape(Rectangle())", after: roots[0]) : [])
    }
}
