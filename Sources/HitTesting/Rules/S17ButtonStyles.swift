import TapModel
import TapRules

/// S17 Button styles: iOS's automatic (borderless) style wraps a Button's label in
/// a rectangle the size of the Button, so the whole frame fires; `bordered`,
/// `borderedProminent` and `glass` do the same (a Decision), as do a `menu` or
/// `navigationLink` Picker and a `button` or `checkbox` Toggle. `plain` and
/// `custom` keep the label as written (S1–S4), and a Button with no `style`
/// means what it meant before styles were written. Under the `ios17` profile
/// every style keeps the label as written (the evidence for the rectangle is
/// from iOS 18 on).
///
/// Stage code: `TouchProfile.buttonStylesFillFrame` (Bind/TouchProfile.swift), read by `Compilation.compileResponders(profile:)` (Bind/Responders.swift).
public enum S17ButtonStylesRule: HitTestingRule {
    static func button(_ style: String) -> String {
        #"{"id":"more","type":"Button","style":""# + style + #"","action":"showMore","frame":[20,100,300,44],"children":[{"id":"more.stack","type":"HStack","frame":[20,100,300,44],"children":[{"id":"more.title","type":"Text","frame":[20,111,80,22]},{"id":"more.chevron","type":"Image","frame":[312,115,8,14]}]}]}"#
    }

    public static let description = RuleDescription(
        id: "S17",
        name: "button styles",
        summary: "automatic, borderless, bordered and glass Buttons fire over their whole frame; plain and custom ones only on their label",
        triggeringExamples: [
            HitExample(button("automatic"), tap: Point(200, 122), .hit, fires: "showMore"),
            HitExample(button("borderless"), tap: Point(200, 122), .hit, fires: "showMore"),
        ],
        nonTriggeringExamples: [
            HitExample(button("plain"), tap: Point(200, 122), .miss),
            HitExample(button("automatic"), tap: Point(200, 122), .miss, profile: .ios17),
        ])
}
