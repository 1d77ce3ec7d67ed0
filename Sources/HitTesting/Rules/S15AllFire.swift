import TapModel
import TapRules

/// S15 All fire: a row's row-level controls all fire on one tap, in document order
/// (`hit`: "row.msg's row (reply, share) fires"); `audit` flags rows with two or more.
/// The exception: a row-level Picker in a row with other row-level controls takes
/// every tap of the row alone. A disabled control does not fire; when all are
/// disabled the row's handler is disabled.
///
/// Stage code: `Compilation.rowHandler(_:controls:)` (Compile/Rows.swift).
public enum S15AllFireRule: HitTestingRule {
    static func msg(_ share: String) -> String {
        #"{"id":"list","type":"List","role":"list","frame":[0,0,393,852],"children":[{"id":"row.msg","type":"ListRow","role":"row","frame":[16,240,361,60],"children":[{"id":"msg","type":"HStack","frame":[36,258,321,24],"children":[{"id":"reply","type":"Button","action":"reply","frame":[36,258,60,24],"children":[{"id":"reply.label","type":"Text","frame":[36,258,60,24]}]},"#
            + share + #"]}]}]}"#
    }
    static let two = msg(#"""
        {"id":"share","type":"Button","action":"share","frame":[297,258,60,24],"children":[
          {"id":"share.label","type":"Text","frame":[297,258,60,24]}
        ]}
        """#)
    static let picker = msg(#"""
        {"id":"share","type":"Picker","action":"pickTarget","frame":[297,258,60,24],"children":[
          {"id":"share.label","type":"Text","frame":[297,258,60,24]}
        ]}
        """#)

    public static let description = RuleDescription(
        id: "S15",
        name: "all fire",
        summary: "every row-level control of a row fires on one tap, in document order; a row-level Picker takes the row alone",
        triggeringExamples: [
            HitExample(two, tap: Point(60, 270), .hit, fires: "reply, share"),
            HitExample(two, tap: Point(200, 270), .hit, fires: "reply, share"),
        ],
        nonTriggeringExamples: [
            HitExample(picker, tap: Point(60, 270), .hit, fires: "pickTarget"),
        ])
}
