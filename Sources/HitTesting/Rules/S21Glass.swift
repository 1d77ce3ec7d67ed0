import TapModel
import TapRules

/// S21 Liquid Glass: `.glassEffect(_, in: shape)`, interactive or not, is written
/// as a drawn leaf of that shape where it is applied (a background: an earlier
/// sibling). Outside a Button it lies outside the label: a tap on the glass
/// around a Button's text fires nothing. Nothing in the engine is special about
/// it: the rule is how to write it (docs/snapshot.md).
///
/// Stage code: nothing special: glass is written as a drawn leaf (S1).
public enum S21GlassRule: HitTestingRule {
    static let chip = #"""
        {"id":"chip","type":"ZStack","frame":[20,100,120,44],"children":[
          {"id":"chip.glass","type":"Capsule","frame":[20,100,120,44]},
          {"id":"chip.button","type":"Button","style":"plain","action":"filter","frame":[50,111,60,22],"children":[
            {"id":"chip.title","type":"Text","frame":[50,111,60,22]}
          ]}
        ]}
        """#

    public static let description = RuleDescription(
        id: "S21",
        name: "glass",
        summary: "a glass effect is a drawn leaf of its shape: outside the Button's label a tap on it fires nothing",
        triggeringExamples: [
            HitExample(chip, tap: Point(30, 122), .miss),
        ],
        nonTriggeringExamples: [
            HitExample(chip, tap: Point(80, 122), .hit, fires: "filter"),
        ])
}
