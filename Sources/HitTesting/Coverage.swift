import Dispatch
import TapModel

/// Dead-zone coverage of one target: the fraction of its frame, sampled at
/// cell centres, where a tap fires it (`own`), fires another target
/// (`stolen`), or ends `blocked`, `ambiguous`, `disabled` or in a `miss`.
public struct TargetCoverage: Sendable, Equatable {
    public var node: String
    public var action: String?
    public var samples: Int
    public var own: Double
    public var stolen: Double
    public var blocked: Double
    public var ambiguous: Double
    public var disabled: Double
    public var miss: Double

    public init(node: String, action: String?, samples: Int, own: Double, stolen: Double, blocked: Double,
                ambiguous: Double, disabled: Double, miss: Double) {
        self.node = node; self.action = action; self.samples = samples
        self.own = own; self.stolen = stolen; self.blocked = blocked
        self.ambiguous = ambiguous; self.disabled = disabled; self.miss = miss
    }

    /// The six fractions by name, in the order the spec lists them.
    public var fractions: [(name: String, value: Double)] {
        [("own", own), ("stolen", stolen), ("blocked", blocked), ("ambiguous", ambiguous), ("disabled", disabled), ("miss", miss)]
    }
}

/// How one sample of a target's frame turned out.
public enum SampleKind: String, Sendable, CaseIterable {
    case own, stolen, blocked, ambiguous, disabled, miss

    public init(_ result: TouchResult, target: Int) {
        switch result.outcome {
        case .hit, .expanded: self = result.handler?.node == target ? .own : .stolen
        case .ambiguous: self = .ambiguous
        case .blocked: self = .blocked
        case .disabled: self = .disabled
        case .miss: self = .miss
        }
    }
}

extension HitTester {
    /// Cell centres of a grid of `step` over `frame`; a last, narrower cell
    /// covers any remainder (its centre is the middle of what is left).
    public static func sampleCentres(of frame: Rect, step: Double) -> (xs: [Double], ys: [Double]) {
        func axis(_ start: Double, _ length: Double) -> [Double] {
            if length <= 0 { return [start] }
            var result: [Double] = []
            var a = start
            let end = start + length
            while a < end - 1e-9 {
                let b = min(a + step, end)
                result.append((a + b) / 2)
                a = b
            }
            return result
        }
        return (axis(frame.minX, frame.width), axis(frame.minY, frame.height))
    }

    /// Coverage of every target, in document order, sampled on a grid of `step`
    /// points. Targets are shared out across the machine's cores.
    public func coverage(step: Double = 1) -> [TargetCoverage] {
        let targets = self.targets
        var results = [TargetCoverage?](repeating: nil, count: targets.count)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: targets.count) { i in
                out[i] = coverage(of: targets[i], step: step)
            }
        }
        return results.map { $0! }
    }

    /// Coverage of one target node.
    public func coverage(of target: Int, step: Double = 1) -> TargetCoverage {
        let node = snapshot.nodes[target]
        let (xs, ys) = HitTester.sampleCentres(of: node.frame, step: step)
        var counts = [Int](repeating: 0, count: SampleKind.allCases.count)
        for y in ys {
            for x in xs {
                let kind = SampleKind(resolve(at: Point(x, y), candidateLimit: 2), target: target)
                counts[SampleKind.allCases.firstIndex(of: kind)!] += 1
            }
        }
        let total = Double(xs.count * ys.count)
        func f(_ k: SampleKind) -> Double { total > 0 ? Double(counts[SampleKind.allCases.firstIndex(of: k)!]) / total : 0 }
        let action = handlers[target].first(where: { $0.isTapLike })?.action
        return TargetCoverage(node: node.id, action: action, samples: xs.count * ys.count,
                              own: f(.own), stolen: f(.stolen), blocked: f(.blocked),
                              ambiguous: f(.ambiguous), disabled: f(.disabled), miss: f(.miss))
    }
}
