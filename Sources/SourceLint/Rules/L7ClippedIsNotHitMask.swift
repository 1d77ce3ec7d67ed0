import SwiftSyntax
import TapRules

/// L7: `.clipped()` or `.clipShape(…)` directly before a gesture on an Image
/// scaled to fill a smaller `.frame`. Clipping changes drawing only (S7): the
/// image's whole fill still takes taps, outside the frame a person sees.
public struct L7ClippedIsNotHitMaskRule: LintRule {
    public init() {}
    public static let snapshotRule = "S7"
    public static let severity = Severity.warning
    public static let fixSummary = "write .contentShape(Rectangle()) (or the clip shape) after the clip, before the gesture"

    public static let description = RuleDescription(
        id: "L7",
        name: "clipped is not a hit mask",
        summary: "clipped() or clipShape(…) directly before a gesture on an Image resized to fill a smaller frame: clipping does not clip hits, the overflow takes taps",
        triggeringExamples: [
            """
            Image("cover")
                .resizable()
                .scaledToFill()
                .frame(width: 120, height: 120)
                .↓clipped()
                .onTapGesture { open() }
            """,
            "Image(uiImage: photo).resizable().aspectRatio(contentMode: .fill).frame(height: 200).↓clipShape(RoundedRectangle(cornerRadius: 12)).onTapGesture { open() }",
        ],
        nonTriggeringExamples: [
            "Image(\"cover\").resizable().scaledToFill().frame(width: 120, height: 120).clipped().contentShape(Rectangle()).onTapGesture { open() }",
            "Image(\"cover\").resizable().scaledToFit().frame(width: 120, height: 120).clipped().onTapGesture { open() }",
            "Image(\"cover\").resizable().frame(width: 120, height: 120).clipped().onTapGesture { open() }",
            "Image(\"cover\").resizable().scaledToFill().frame(width: 120, height: 120).contentShape(Rectangle()).clipped().onTapGesture { open() }",
            "Image(\"cover\").resizable().scaledToFill().frame(width: 120, height: 120).clipped()",
        ])

    static let clips: Set<String> = ["clipped", "clipShape", "cornerRadius"]

    public func check(_ chain: ModifierChain, in context: LintContext) -> [RuleFinding] {
        guard chain.view.typeName == "Image", chain.view.call != nil else { return [] }
        let mods = chain.modifiers
        for g in GestureUse.all(in: chain) {
            var k = g.index - 1
            while k >= 0, mods[k].name.hasPrefix("accessibility") || ["id", "tag"].contains(mods[k].name) { k -= 1 }
            guard k >= 0, L7ClippedIsNotHitMaskRule.clips.contains(mods[k].name) else { continue }
            guard let resizable = mods.firstIndex(where: { $0.name == "resizable" }),
                  let fill = mods.firstIndex(where: isFill), fill > resizable,
                  let frame = mods[fill..<k].lastIndex(where: { $0.name == "frame" && ($0.argument("width") != nil || $0.argument("height") != nil) }),
                  !mods[frame..<g.index].contains(where: { ShapeKind.of($0)?.mayWiden == true })
            else { continue }
            let clip = mods[k]
            let written = clip.name == "clipped" ? "clipped()" : "\(clip.name)(…)"
            return [RuleFinding(
                anchor: clip.anchor,
                message: "clipped is not a hit mask: \(written) changes drawing only; the Image filled past its .frame still takes taps outside what is visible, and \(g.entry) fires there (S7)",
                fix: "write .contentShape(Rectangle()) after .\(written), before .\(g.entry)")]
        }
        return []
    }

    func isFill(_ m: Modifier) -> Bool {
        if m.name == "scaledToFill" { return true }
        guard m.name == "aspectRatio" else { return false }
        let mode = m.argument("contentMode") ?? m.unlabeled.last
        return mode?.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "fill"
    }
}
