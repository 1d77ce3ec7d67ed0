import Dispatch
import HitTesting
import ReplayEngine
import TapJSON
import TapModel

/// Tunables of the audit, each with its documented default.
public struct AuditSettings: Sendable, Equatable {
    /// Hit testing (touch radius r, S9) as the run uses it.
    public var hit: HitSettings
    /// Recognition (the multi-tap window A6 measures).
    public var replay: ReplaySettings
    /// A3: a firing region narrower or shorter than this (points) is small. Apple's guideline: 44 pt.
    public var minSize: Double
    /// Sample grid step (points), cell centres, as dead-zone coverage samples.
    public var step: Double
    /// A1, A5, A7: a share of the frame at or above this is an error.
    public var errorFraction: Double
    /// A10: a predicted failure (1 − first-try success) at or above this is a warning [0.05], at or above
    /// `failureError` an error [0.15].
    public var failureWarning: Double
    public var failureError: Double
    /// The most samples one area (a target's frame, A3's search, A4's band) is
    /// sampled with: a larger area is sampled on a coarser grid, so a frame of
    /// 100,000 pt cannot hang the audit. 2M keeps a 1366 × 1024 pt screen at 1 pt.
    public static let maxSamples = 2_000_000.0

    /// `step`, or the coarser step that samples `area` (square points) with at most `maxSamples` cells.
    public func step(forArea area: Double) -> Double {
        guard area.isFinite, area / (step * step) > Self.maxSamples else { return step }
        return (area / Self.maxSamples).squareRoot()
    }

    public init(hit: HitSettings = HitSettings(), replay: ReplaySettings = ReplaySettings(), minSize: Double = 44,
                step: Double = 1, errorFraction: Double = 0.10, failureWarning: Double = 0.05, failureError: Double = 0.15) {
        self.hit = hit; self.replay = replay; self.minSize = minSize; self.step = step; self.errorFraction = errorFraction
        self.failureWarning = failureWarning; self.failureError = failureError
    }
}

/// The engine's sampling of one target's frame: what a tap does at every
/// cell centre (the same samples and outcomes as dead-zone coverage), plus
/// who took the tap and whether a superview's bounds keep it out.
public struct TargetSamples: Sendable {
    public let target: Int
    /// The grid step the frame was sampled on (the audit's step, coarser only for a huge frame).
    public let step: Double
    /// Cell centres (`HitTester.sampleCentres`).
    public let xs: [Double]
    public let ys: [Double]
    /// Row-major (`ys` × `xs`).
    public let kinds: [SampleKind]
    /// `stolen`: the node whose handler fires; `blocked`: the view that intercepts; else -1.
    public let takers: [Int32]
    /// The outermost ancestor whose gate excludes the point (U2, or a narrowing contentShape), -1 when none.
    public let excludedBy: [Int32]

    public var count: Int { kinds.count }

    /// The share of samples for which `predicate(index)` holds.
    public func fraction(_ predicate: (Int) -> Bool) -> Double {
        guard count > 0 else { return 0 }
        var n = 0
        for i in 0..<count where predicate(i) { n += 1 }
        return Double(n) / Double(count)
    }

    public func fraction(of kind: SampleKind) -> Double { fraction { kinds[$0] == kind } }

    /// The cells for which `predicate(index)` holds, merged into horizontal runs,
    /// each cell `step` wide and high around its centre, clipped to `frame`.
    public func area(frame: Rect, _ predicate: (Int) -> Bool) -> [Rect] {
        var runs: [Rect] = []
        for (row, y) in ys.enumerated() {
            var start: Int?
            for column in 0...xs.count {
                let on = column < xs.count && predicate(row * xs.count + column)
                if on, start == nil { start = column }
                if !on, let s = start {
                    let x0 = max(frame.minX, xs[s] - step / 2), x1 = min(frame.maxX, xs[column - 1] + step / 2)
                    let y0 = max(frame.minY, y - step / 2), y1 = min(frame.maxY, y + step / 2)
                    runs.append(Rect(x0, y0, x1 - x0, y1 - y0))
                    start = nil
                }
            }
        }
        return runs
    }
}

/// One snapshot compiled and sampled once, shared by every audit rule.
public struct AuditContext: Sendable {
    public let snapshot: Snapshot
    public let settings: AuditSettings
    public let tester: HitTester
    /// One entry per `tester.targets`, in document order.
    public let samples: [TargetSamples]

    public init(_ snapshot: Snapshot, settings: AuditSettings = AuditSettings()) {
        self.snapshot = snapshot
        self.settings = settings
        let tester = HitTester(snapshot, settings: settings.hit)
        self.tester = tester
        let targets = tester.targets
        var out = [TargetSamples?](repeating: nil, count: targets.count)
        out.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let b = buffer
            DispatchQueue.concurrentPerform(iterations: targets.count) { i in
                let frame = tester.snapshot.nodes[targets[i]].frame
                b[i] = AuditContext.sample(targets[i], tester: tester, step: settings.step(forArea: frame.width * frame.height))
            }
        }
        self.samples = out.map { $0! }
    }

    /// Resolves a tap at every cell centre of the target's frame, as coverage does.
    static func sample(_ target: Int, tester: HitTester, step: Double) -> TargetSamples {
        let (xs, ys) = HitTester.sampleCentres(of: tester.snapshot.nodes[target].frame, step: step)
        var kinds: [SampleKind] = [], takers: [Int32] = [], excluded: [Int32] = []
        kinds.reserveCapacity(xs.count * ys.count)
        var scratch = HitScratch()
        for y in ys {
            for x in xs {
                let p = Point(x, y)
                let r = tester.resolve(at: p, scratch: &scratch)
                let kind = SampleKind(r, target: target)
                kinds.append(kind)
                switch kind {
                case .stolen: takers.append(Int32(r.handler?.node ?? -1))
                case .blocked: takers.append(Int32(r.interceptor))
                default: takers.append(-1)
                }
                excluded.append(Int32(tester.ancestorGateExcluding(p, above: target) ?? -1))
            }
        }
        return TargetSamples(target: target, step: step, xs: xs, ys: ys, kinds: kinds, takers: takers, excludedBy: excluded)
    }

    // MARK: - Helpers the rules share

    public func node(_ i: Int) -> Node { snapshot.nodes[i] }
    public func id(_ i: Int) -> String { snapshot.nodes[i].id }

    /// The label that names node `i` where its id does not: its label's first line (at most 60
    /// characters) when the id is a path of types (`Application/Window/Other/Button[2]`, a converted
    /// dump's element without an identifier); nil for an id that names the element (`row.flowMeter`,
    /// an accessibility identifier) or a node without a label.
    public func label(_ i: Int) -> String? {
        let n = snapshot.nodes[i]
        guard n.id.contains("/"), let line = n.label?.split(separator: "\n").first else { return nil }
        let text = line.drop { $0 == " " || $0 == "\t" }
        guard !text.isEmpty else { return nil }
        return text.count > 60 ? String(text.prefix(59)) + "…" : String(text)
    }

    /// Node `i` as a message names it: its id, and its label in quotes when the id does not name
    /// it (`Application/Window/Other/Button[2] 'Call'`).
    public func name(_ i: Int) -> String {
        id(i) + (label(i).map { " '\($0)'" } ?? "")
    }

    /// The action a report names for a target: its first tap-like handler's.
    public func action(of target: Int) -> String? {
        tester.handlers[target].targetAction
    }

    /// Whether the target's tap handler can fire anywhere at all: the view
    /// takes touches, has a region, and a gesture mask (S11) leaves a tap
    /// handler on. Otherwise only A8 speaks of it.
    public func isLive(_ target: Int) -> Bool {
        tester.takesTouches(target) && tester.hasRegion(target)
            && tester.handlers[target].contains { $0.isTapLike && !$0.isMasked }
    }

    /// `393 × 44 pt`.
    public func size(of target: Int) -> String {
        let f = node(target).frame
        return "\(Self.number(f.width)) × \(Self.number(f.height)) pt"
    }

    /// A finding on `target` with its action filled in.
    func finding(_ rule: String, _ severity: AuditSeverity, _ target: Int, value: Double, message: String, fix: String,
                 area: [Rect] = []) -> AuditFinding {
        let action = action(of: target)
        let label = label(target).flatMap { $0 == action ? nil : $0 }
        return AuditFinding(rule: rule, severity: severity, node: id(target), action: action, value: value,
                            message: message, fix: fix, nodeIndex: target, frame: node(target).frame, area: area, label: label)
    }

    /// `12.3%`.
    public static func percent(_ fraction: Double) -> String {
        number(JSONValue.round(fraction * 100, places: 1)) + "%"
    }

    /// A number as the reports print it (at most 2 decimals).
    public static func number(_ d: Double) -> String { JSONValue.format(JSONValue.round(d, places: 2)) }

    /// The same snapshot with `edit` applied to one node: the engine's answer to "what if".
    public func variant(editing target: Int, _ edit: (inout Node) -> Void) -> HitTester {
        var copy = snapshot
        edit(&copy.nodes[target])
        return HitTester(copy, settings: settings.hit)
    }
}
