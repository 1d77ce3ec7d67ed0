import TapModel
import TapRules

/// A hit-testing rule's example: a tiny view tree (its root node as JSON, on a
/// 393 × 852 screen), one tap, and what the engine must answer there — the
/// outcome and the action that fires (nil: nothing fires). The generic test of
/// the S and U rules resolves every example; the triggering ones show the rule
/// at work, the non-triggering ones the contrast it draws.
public struct HitExample: Sendable {
    public let root: String
    public let tap: Point
    public let outcome: TouchResult.Outcome
    public let fires: String?
    /// The touch radius the example is resolved with (0: exact, one sample).
    public let radius: Double
    /// The touch-binding profile (default `ios18`).
    public let profile: TouchProfile

    public init(_ root: String, tap: Point, _ outcome: TouchResult.Outcome, fires: String? = nil, radius: Double = 0,
                profile: TouchProfile = .default) {
        self.root = root; self.tap = tap; self.outcome = outcome; self.fires = fires; self.radius = radius; self.profile = profile
    }

    /// The snapshot document the example stands for.
    public func snapshot() throws -> Snapshot {
        try Snapshot(json: """
            {"format":"tapreplay-snapshot","version":1,"screen":"Example","device":{"width":393,"height":852},"root":\(root)}
            """)
    }
}

/// A hit-testing rule (S1–S21, U1–U13): one file each under Rules/, named
/// `<ID><Name>.swift`, holding its description and examples and naming the stage
/// code (Compile/, Bind/, Arbitrate/, Classify/) that applies it.
public protocol HitTestingRule: DescribedRule, Sendable where Example == HitExample {}

/// Every hit-testing rule, in order.
public enum HitTestingRules: RuleRegistry {
    public static let all: [any HitTestingRule.Type] = [
        S1LeavesRule.self, S2HollowContainersRule.self, S3ContentShapeRule.self, S4ShapeOrderRule.self, S5NoHitTestingRule.self,
        S6DisabledRule.self, S7ClippingRule.self, S8FrontToBackRule.self, S9TouchBindingRule.self, S10WhoFiresRule.self, S11MasksRule.self,
        S12CellIsTargetRule.self, S13RowLevelControlsRule.self, S14ContentFirstRule.self, S15AllFireRule.self, S16OtherRowsRule.self,
        S17ButtonStylesRule.self, S18ToggleRule.self, S19SwiftUIOverControlsRule.self, S20SwitchFirstRule.self, S21GlassRule.self,
        U1HitTestRule.self, U2OutsideParentRule.self, U3PassThroughSelfRule.self, U4UIKitWhoFiresRule.self, U5BridgesRule.self,
        U6ShieldedControlsRule.self, U7CustomControlsRule.self, U8GesturesByKindRule.self, U9RawTouchesRule.self, U10ControlIsHitViewRule.self,
        U11ScrollHitTestingRule.self, U12NoAddedLatencyRule.self, U13ScrollSlopRule.self,
    ]

    public static func id(of rule: any HitTestingRule.Type) -> String { rule.id }
}
