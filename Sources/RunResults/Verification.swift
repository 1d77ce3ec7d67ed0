import HitTesting
import ReplayEngine
import TapJSON
import TapModel

/// `replay verify`: the touch-binding model checked against what devices really did.
///
/// Every stored press that has a `fired` event (the app's own record of the action it
/// ran, docs/traces-and-database.md) is replayed against its screen's snapshot under each profile and a
/// range of radii; a setting agrees on a press when the engine fires exactly the
/// actions the device fired. The model is only evidence until a team's own devices
/// agree with it: this is how they find out, and the disagreements are the bug report.
public struct Verification: Sendable {
    /// A radius to bind with: each touch's own (`UITouch.majorRadius` at began, else the
    /// default), or one fixed radius for every touch.
    public enum Radius: Sendable, Hashable, CustomStringConvertible {
        case recorded
        case fixed(Double)
        public var description: String {
            switch self {
            case .recorded: return "recorded"
            case .fixed(let r): return "\(JSONValue.format(r)) pt"
            }
        }
    }

    /// One press the engine and the device disagree on.
    public struct Disagreement: Sendable {
        public let screen: String
        public let trace: String
        public let press: Int
        public let at: Point
        /// The radius the press bound with.
        public let radius: Double
        public let engine: PressResult
        public let device: [String]
        /// The rule of real screens that decided the engine's answer (S12–S21, U6–U13), or nil.
        public let rule: String?
        /// For a press checked by the view the device hit-tested (no `fired` event): that view.
        public let deviceView: ObservedView?

        public init(screen: String, trace: String, press: Int, at: Point, radius: Double, engine: PressResult, device: [String],
                    rule: String? = nil, deviceView: ObservedView? = nil) {
            self.screen = screen; self.trace = trace; self.press = press; self.at = at; self.radius = radius
            self.engine = engine; self.device = device; self.rule = rule; self.deviceView = deviceView
        }
    }

    /// How the presses one rule decided fared: the devices confirm a rule where they agree.
    public struct RuleTally: Sendable, Equatable {
        public var agree = 0
        public var total = 0
        public init() {}
    }

    /// The key of the presses no rule of real screens decided (S1–S11, U1–U5 alone).
    public static let coreRules = "S1–S11, U1–U5"

    /// How one profile and radius did.
    public struct Setting: Sendable {
        public let profile: TouchProfile
        public let radius: Radius
        public var agree = 0
        public var total = 0
        public var disagreements: [Disagreement] = []
        /// Agreement by the rule that decided (docs/real-screens.md), so a team's devices confirm or refute each.
        public var byRule: [String: RuleTally] = [:]
        public var rate: Double { total > 0 ? Double(agree) / Double(total) : 0 }

        public init(profile: TouchProfile, radius: Radius) { self.profile = profile; self.radius = radius }
    }

    public var screens: [String] = []
    public var traces = 0
    /// Presses checked: those with a `fired` event, and those without one whose device hit view the snapshot has.
    public var presses = 0
    /// Of them, the presses checked by the view the device hit-tested (a `hit` event, no `fired` one).
    public var viewPresses = 0
    /// Presses with a device hit view that no node of the snapshot matches: not checked.
    public var unmatchedViews = 0
    /// Per profile, then per radius, in the order asked.
    public var settings: [Setting] = []
    /// The profile each snapshot chooses by itself (for the tie-break and the report).
    public var chosen: [String: TouchProfile] = [:]

    /// The setting that agrees most: ties go to the profile the snapshots choose, then to
    /// the recorded radius, then to the radius nearest the default.
    public var best: Setting? {
        let own = Set(chosen.values)
        func rank(_ s: Setting) -> (Int, Int, Int, Double) {
            let distance: Double
            switch s.radius {
            case .recorded: distance = -1
            case .fixed(let r): distance = abs(r - HitSettings.defaultTouchRadius)
            }
            return (s.agree, own.contains(s.profile) ? 1 : 0, s.radius == .recorded ? 1 : 0, -distance)
        }
        return settings.max { a, b in
            let ra = rank(a), rb = rank(b)
            if ra.0 != rb.0 { return ra.0 < rb.0 }
            if ra.1 != rb.1 { return ra.1 < rb.1 }
            if ra.2 != rb.2 { return ra.2 < rb.2 }
            return ra.3 < rb.3
        }
    }

    public static let defaultRadii: [Radius] = [.recorded] + [0.0, 5, 10, 15, 20, 25, 30, 40].map { .fixed($0) }

    public init() {}
}
