import SwiftSyntax
import TapRules

/// L4: an `.overlay` written after a gesture, whose content takes touches.
/// The overlay is drawn in front (S8) and is not inside the view the gesture
/// is attached to, so taps on its content do not reach the gesture.
public struct L4OverlayOverTapRule: LintRule {
    public init() {}
    public static let snapshotRule = "S8"
    public static let severity = Severity.warning
    public static let fixSummary = "write .allowsHitTesting(false) on the overlay's content, or attach the gesture after the overlay"

    public static let description = RuleDescription(
        id: "L4",
        name: "overlay over the tap",
        summary: "a gesture followed later in the chain by .overlay whose content has no allowsHitTesting(false): taps on the overlay's content do not reach the gesture",
        triggeringExamples: [
            """
            Image("avatar")
                .onTapGesture { showProfile() }
                .↓overlay(alignment: .bottomTrailing) {
                    Image(systemName: "camera.fill")
                }
            """,
            "Text(\"Play\").onTapGesture { play() }.↓overlay(Color.black.opacity(0.3))",
            "Row().onTapGesture { open() }.↓overlay { if isNew { Text(\"NEW\").padding(4) } }",
            "Card().onLongPressGesture { pin() }.↓overlay(.blue.opacity(0.2), in: RoundedRectangle(cornerRadius: 8))",
        ],
        nonTriggeringExamples: [
            "Image(\"avatar\").onTapGesture { open() }.overlay { Image(systemName: \"camera\").allowsHitTesting(false) }",
            "Image(\"avatar\").overlay { Image(systemName: \"camera\") }.onTapGesture { open() }",
            // a border is a hairline, a clear colour draws nothing
            "Text(\"a\").onTapGesture { open() }.overlay(RoundedRectangle(cornerRadius: 8).stroke(.gray))",
            "Text(\"a\").onTapGesture { open() }.overlay(Color.clear)",
            // a control in the overlay is meant to take its own taps; a custom view is unknown
            "Card().onTapGesture { open() }.overlay(alignment: .topTrailing) { Button(\"Close\") { close() } }",
            "Card().onTapGesture { open() }.overlay { BadgeView(count: 3) }",
            "Card().onTapGesture { open() }.overlay { Text(\"x\").onTapGesture { other() } }",
            "Card().onTapGesture { open() }.overlay(Rectangle().frame(height: 1), alignment: .bottom)",
            // an opacity the source does not fix may be 0; a ProgressView is not known to take taps
            "Card().onTapGesture { open() }.overlay(Color.black.opacity(isDimmed ? 0.4 : 0))",
            "Card().onTapGesture { open() }.overlay { ProgressView() }",
        ])

    public func check(_ chain: ModifierChain, in context: LintContext) -> [RuleFinding] {
        let gestures = GestureUse.all(in: chain)
        var findings: [RuleFinding] = []
        for (j, m) in chain.modifiers.enumerated() where m.name == "overlay" {
            guard let g = gestures.first(where: { $0.index < j }) else { continue }
            if chain.modifiers[(j + 1)...].contains(where: { ["allowsHitTesting", "hidden", "#if"].contains($0.name) }) { break }
            guard case .takes(let what) = Regions.overlayTaker(m) else { continue }
            let content = what.hasPrefix("the ") ? what : "\(what) in the overlay"
            findings.append(RuleFinding(
                anchor: m.anchor,
                message: "overlay over the tap: \(content) is drawn in front and intercepts the tap meant for \(g.entry); taps on it do not reach the gesture (S8)",
                fix: "write .allowsHitTesting(false) on the overlay's content, or attach .\(g.entry) after .overlay"))
        }
        return findings
    }
}
