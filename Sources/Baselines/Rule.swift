import TapJSON

/// The identity of a finding's rule: R1–R7 of "What is a regression", and the
/// two kinds of `new` note (a target or presses the baseline does not have).
/// Reports switch over it; nothing matches rules by their text.
public enum Rule: String, Sendable, CaseIterable, Comparable {
    case deadZone = "R1"
    case stolen = "R2"
    case slower = "R3"
    case coverage = "R4"
    case gone = "R5"
    case expectation = "R6"
    case predicted = "R7"
    case newTarget = "target"
    case newPress = "press"

    /// R1–R7, in report order.
    public static let regressionRules: [Rule] = [.deadZone, .stolen, .slower, .coverage, .gone, .expectation, .predicted]

    /// Whether findings of this rule are about a target (R4, R5, R7) rather than a press.
    public var isAboutTarget: Bool { self == .coverage || self == .gone || self == .predicted || self == .newTarget }

    /// The heading reports give the rule, with the thresholds in force.
    public func title(_ thresholds: DiffThresholds) -> String {
        switch self {
        case .deadZone: return "dead zone: presses that fired no longer fire"
        case .stolen: return "stolen: presses fire a different action"
        case .slower: return "slower: presses wait more than \(ms(thresholds.latencyMs)) longer"
        case .coverage: return "coverage: targets respond on less of their frame"
        case .gone: return "gone: targets no longer in the snapshot"
        case .expectation: return "expectation: presses do not fire the node they meant"
        case .predicted: return "predicted success: a person's first try at targets fails more often (by more than \(JSONValue.format(JSONValue.round(thresholds.predicted * 100, places: 2))) points)"
        case .newTarget: return "new targets"
        case .newPress: return "new presses"
        }
    }

    public static func < (a: Rule, b: Rule) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
}
