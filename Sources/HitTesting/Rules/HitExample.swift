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
public enum HitTestingRules {
    public static let all: [any HitTestingRule.Type] = [
        S1Leaves.self, S2HollowContainers.self, S3ContentShape.self, S4ShapeOrder.self, S5NoHitTesting.self,
        S6Disabled.self, S7Clipping.self, S8FrontToBack.self, S9TouchBinding.self, S10WhoFires.self, S11Masks.self,
        S12CellIsTarget.self, S13RowLevelControls.self, S14ContentFirst.self, S15AllFire.self, S16OtherRows.self,
        S17ButtonStyles.self, S18Toggle.self, S19SwiftUIOverControls.self, S20SwitchFirst.self, S21Glass.self,
        U1HitTest.self, U2OutsideParent.self, U3PassThroughSelf.self, U4UIKitWhoFires.self, U5Bridges.self,
        U6ShieldedControls.self, U7CustomControls.self, U8GesturesByKind.self, U9RawTouches.self, U10ControlIsHitView.self,
        U11ScrollHitTesting.self, U12NoAddedLatency.self, U13ScrollSlop.self,
    ]
}
