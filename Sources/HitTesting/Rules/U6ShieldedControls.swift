import TapModel
import TapRules

/// U6 Shielded controls: a single-finger tap on an enabled control of kind
/// `button`, `switch`, `stepper`, `segmented` or `pageControl` fires it, not
/// an ancestor's UIKit tap recognizer; a recognizer on the control itself still
/// wins. A control of kind `unknown` (a snapshot that does not say) behaves the
/// same. The order is `competitors`' walk (Arbitrate/Arbitration.swift): from the hit view
/// up, each view's recognizers, then its control.
///
/// Stage code: `competitors(for:scratch:)` (Arbitrate/Arbitration.swift).
public enum U6ShieldedControlsRule: HitTestingRule {
    /// The UIKit card of docs/real-screens.md's example E4, shared by U6–U9.
    static let card = #"""
        {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,390,844],"children":[
          {"id":"card","type":"UIView","frame":[0,0,390,400],"gestureRecognizers":[{"type":"tap","action":"dismiss"}],"children":[
            {"id":"segments","type":"UISegmentedControl","frame":[20,20,350,32],"control":{"kind":"segmented","action":"pick"}},
            {"id":"rating","type":"RatingControl","frame":[20,80,200,40],"control":{"kind":"custom","action":"rate"}},
            {"id":"volume","type":"UISlider","frame":[20,150,350,30],"control":{"kind":"slider","action":"setVolume"}},
            {"id":"order","type":"UITableViewCell","frame":[0,200,390,44],"touchAction":{"action":"openOrder"}}
          ]}
        ]}
        """#
    static let ownRecognizer = #"""
        {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,390,844],"children":[
          {"id":"play","type":"UIButton","frame":[20,20,100,44],"gestureRecognizers":[{"type":"tap","action":"showHint"}],"control":{"kind":"button","action":"play"}}
        ]}
        """#

    public static let description = RuleDescription(
        id: "U6",
        name: "shielded controls",
        summary: "a tap on a button, switch, stepper, segmented control or page control fires it, not an ancestor's tap recognizer",
        triggeringExamples: [
            HitExample(card, tap: Point(100, 36), .hit, fires: "pick"),
        ],
        nonTriggeringExamples: [
            // A recognizer on the control itself wins.
            HitExample(ownRecognizer, tap: Point(70, 42), .hit, fires: "showHint"),
        ])
}
