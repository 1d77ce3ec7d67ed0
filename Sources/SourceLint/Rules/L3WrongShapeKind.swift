import SwiftSyntax
import TapRules

/// L3: the only `contentShape` before a tap on a container is of another kind
/// (`.dragPreview`, `.hoverEffect`, `.contextMenuPreview`, `.focusEffect`,
/// `.accessibility`). Only `.interaction` changes hits (S3), so the gaps stay dead.
public struct L3WrongShapeKindRule: LintRule {
    public init() {}
    public static let snapshotRule = "S3"
    public static let severity = Severity.error
    public static let fixSummary = "add .interaction to the shape's kinds, or write .contentShape(Rectangle()) before the gesture"

    public static let description = RuleDescription(
        id: "L3",
        name: "wrong shape kind",
        summary: "contentShape of a kind other than .interaction as the only shape before a tap gesture on a container: it does not change hits",
        triggeringExamples: [
            "HStack { Text(\"a\"); Spacer() }.↓contentShape(.hoverEffect, Rectangle()).onTapGesture { open() }",
            "HStack { Text(\"a\"); Spacer() }.↓contentShape([.dragPreview, .contextMenuPreview], RoundedRectangle(cornerRadius: 8)).onLongPressGesture { pin() }",
        ],
        nonTriggeringExamples: [
            "HStack { Text(\"a\"); Spacer() }.contentShape([.interaction, .dragPreview], Rectangle()).onTapGesture { open() }",
            "HStack { Text(\"a\"); Spacer() }.contentShape(.dragPreview, Rectangle()).contentShape(Rectangle()).onTapGesture { open() }",
            // a leaf needs no widening: the preview shape is for the preview
            "Image(\"photo\").contentShape(.contextMenuPreview, RoundedRectangle(cornerRadius: 8)).onTapGesture { open() }",
            "Row().contentShape(.hoverEffect, Capsule()).onTapGesture { open() }",
            "HStack { Text(\"a\"); Spacer() }.contentShape(.dragPreview, Rectangle()).gesture(DragGesture())",
        ])

    /// The first shape of another kind before `index` when no shape before it may set the hit region.
    static func otherKindShape(in chain: ModifierChain, before index: Int) -> Int? {
        var found: Int?
        for (k, m) in chain.modifiers[..<index].enumerated() {
            guard let kind = ShapeKind.of(m) else { continue }
            if kind.mayWiden { return nil }
            found = found ?? k
        }
        return found
    }

    public func check(_ chain: ModifierChain, in context: LintContext) -> [RuleFinding] {
        for g in GestureUse.all(in: chain) where g.isTapLike {
            guard let k = L3WrongShapeKindRule.otherKindShape(in: chain, before: g.index),
                  case .other(let kinds)? = ShapeKind.of(chain.modifiers[k]),
                  let (_, dead, _) = Regions.deadArea(of: chain, before: g.index, in: context) else { continue }
            let written = kinds.map { "." + $0 }.joined(separator: ", ")
            return [RuleFinding(
                anchor: chain.modifiers[k].anchor,
                message: "wrong shape kind: contentShape(\(written), …) does not change hits, only .interaction does; \(dead) stays dead for \(g.entry) (S3)",
                fix: "add .interaction to its kinds (contentShape([.interaction, \(written)], …)) or write .contentShape(Rectangle()) before .\(g.entry)")]
        }
        return []
    }
}
