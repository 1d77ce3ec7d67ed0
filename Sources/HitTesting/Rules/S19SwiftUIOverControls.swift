import TapModel
import TapRules

/// S19 SwiftUI gestures over UIKit-backed controls: a SwiftUI tap or spatialTap
/// (alone or in a composition) on a SwiftUI ancestor of a representable, whose
/// region holds the point, takes an ordinary tap from any UIKit control inside:
/// the ancestor fires, the control does not (U6's shield is against UIKit
/// recognizers only). A press the ancestor does not recognize still reaches the
/// control. This corrects the former "innermost run first" order; SwiftUI
/// gestures among themselves and UIKit-only paths keep S10 and U4. The walk is
/// `competitors` (Arbitrate/Arbitration.swift): the controls wait behind the run's taps.
///
/// Stage code: `competitors(for:scratch:)`, which holds the controls back (`scratch.pending`, Arbitrate/Arbitration.swift).
public enum S19SwiftUIOverControlsRule: HitTestingRule {
    static let popup = #"""
        {"id":"popup","type":"VStack","frame":[0,0,393,400],
         "modifiers":[{"contentShape":{"shape":"rectangle"}},{"onTapGesture":{"action":"closePopup"}}],
         "children":[
           {"id":"picker","type":"UISegmentedControl","system":"uikit","frame":[20,20,350,32],"control":{"kind":"segmented","action":"pick"}}
         ]}
        """#
    static let plainStack = #"""
        {"id":"popup","type":"VStack","frame":[0,0,393,400],
         "modifiers":[{"onLongPressGesture":{"action":"peek"}}],
         "children":[
           {"id":"picker","type":"UISegmentedControl","system":"uikit","frame":[20,20,350,32],"control":{"kind":"segmented","action":"pick"}}
         ]}
        """#

    public static let description = RuleDescription(
        id: "S19",
        name: "SwiftUI taps over UIKit controls",
        summary: "a SwiftUI tap gesture around a UIKit control takes its ordinary taps: the ancestor fires, the control does not",
        triggeringExamples: [
            HitExample(popup, tap: Point(100, 36), .hit, fires: "closePopup"),
        ],
        nonTriggeringExamples: [
            // No tap gesture around it: the control fires.
            HitExample(plainStack, tap: Point(100, 36), .hit, fires: "pick"),
        ])
}
