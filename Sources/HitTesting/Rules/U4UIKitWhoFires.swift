import TapModel
import TapRules

/// U4 Who fires (UIKit): from the hit view up through its superviews, the
/// first enabled control or enabled recognizer that recognizes the touch fires;
/// on one view its recognizers come before its control, and a control beats a
/// tap recognizer on an ancestor. UIKit hit testing is exact: no touch binding
/// (S9). The walk up is Arbitrate/Arbitration.swift's `competitors`.
///
/// Stage code: `Compilation.appendUIKitHandlers(_:to:)` (Compile/Handlers.swift) and `competitors(for:scratch:)` (Arbitrate/Arbitration.swift).
public enum U4UIKitWhoFiresRule: HitTestingRule {
    public static let description = RuleDescription(
        id: "U4",
        name: "UIKit who fires",
        summary: "from the hit view up, the first enabled recognizer or control fires; a control beats an ancestor's recognizer",
        triggeringExamples: [
            // A UILabel in a tappable cell: the cell's recognizer fires.
            HitExample(#"""
                {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
                  {"id":"cell","type":"UITableViewCell","frame":[0,100,393,44],"gestureRecognizers":[{"type":"tap","action":"select"}],"children":[
                    {"id":"cell.label","type":"UILabel","frame":[16,110,200,24],"userInteractionEnabled":true}
                  ]}
                ]}
                """#, tap: Point(50, 122), .hit, fires: "select"),
            // A button inside the cell beats the cell's recognizer.
            HitExample(#"""
                {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
                  {"id":"cell","type":"UITableViewCell","frame":[0,100,393,44],"gestureRecognizers":[{"type":"tap","action":"select"}],"children":[
                    {"id":"cell.info","type":"UIButton","frame":[340,107,30,30],"control":{"action":"info"}}
                  ]}
                ]}
                """#, tap: Point(355, 122), .hit, fires: "info"),
        ],
        nonTriggeringExamples: [
            // A disabled button: the first enabled handler up the chain fires.
            HitExample(#"""
                {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
                  {"id":"cell","type":"UITableViewCell","frame":[0,100,393,44],"gestureRecognizers":[{"type":"tap","action":"select"}],"children":[
                    {"id":"cell.info","type":"UIButton","frame":[340,107,30,30],"control":{"action":"info","enabled":false}}
                  ]}
                ]}
                """#, tap: Point(355, 122), .hit, fires: "select"),
        ])
}
