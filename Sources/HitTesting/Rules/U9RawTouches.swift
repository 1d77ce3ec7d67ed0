import TapModel
import TapRules

/// U9 Raw touches: raw-touch handlers — a view's `touchAction` (a table or
/// collection cell's selection), a `custom` control, a list row — fire at
/// touch-up only when no recognizer on the hit path recognized with
/// `cancelsTouchesInView` true; SwiftUI gestures in the content count as such.
/// With `false`, the recognizer and the raw-touch handlers behind it all fire.
/// `competitors` puts them last, and `arbitrate` adds them to a winner that does
/// not cancel (Arbitrate/Arbitration.swift).
///
/// Stage code: `competitors(for:scratch:)`, which holds raw-touch handlers back to the end, and `arbitrate` (Arbitrate/Arbitration.swift).
public enum U9RawTouchesRule: HitTestingRule {
    static let card = U6ShieldedControlsRule.card
    static let keeps = #"""
        {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,390,844],"children":[
          {"id":"card","type":"UIView","frame":[0,0,390,400],"gestureRecognizers":[{"type":"tap","action":"dismiss","cancelsTouchesInView":false}],"children":[
            {"id":"segments","type":"UISegmentedControl","frame":[20,20,350,32],"control":{"kind":"segmented","action":"pick"}},
            {"id":"rating","type":"RatingControl","frame":[20,80,200,40],"control":{"kind":"custom","action":"rate"}},
            {"id":"volume","type":"UISlider","frame":[20,150,350,30],"control":{"kind":"slider","action":"setVolume"}},
            {"id":"order","type":"UITableViewCell","frame":[0,200,390,44],"touchAction":{"action":"openOrder"}}
          ]}
        ]}
        """#
    static let cell = #"""
        {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,390,844],"children":[
          {"id":"order","type":"UITableViewCell","frame":[0,200,390,44],"touchAction":{"action":"openOrder"},"children":[
            {"id":"order.title","type":"UILabel","frame":[16,210,200,24]}
          ]}
        ]}
        """#

    public static let description = RuleDescription(
        id: "U9",
        name: "raw touches",
        summary: "a cell's selection and a custom control fire only when no recognizer that cancels touches recognized first",
        triggeringExamples: [
            // The card's tap recognizer cancels the cell's selection.
            HitExample(card, tap: Point(100, 222), .hit, fires: "dismiss"),
        ],
        nonTriggeringExamples: [
            HitExample(cell, tap: Point(100, 222), .hit, fires: "openOrder"),
            // cancelsTouchesInView false: the recognizer fires first, and the selection as well (HitTestingTests).
            HitExample(keeps, tap: Point(100, 222), .hit, fires: "dismiss"),
        ])
}
