import TapModel
import TapRules

/// S8 Front to back: among overlapping regions the frontmost (latest in
/// document order) takes the touch; what it does not handle does not fall
/// through to siblings behind it (its ancestors' gestures still compete:
/// S10WhoFires.swift). With U1's subview walk (last child first) this is one
/// rule: the view that takes a touch at p is the latest in document order whose
/// self shape holds p and all of whose gated ancestors hold p. `land` answers
/// it from the R-tree; `landByWalking` is the literal front-to-back walk the
/// tests compare it with.
public enum S8FrontToBack: HitTestingRule {
    public static let description = RuleDescription(
        id: "S8",
        name: "front to back",
        summary: "the frontmost region takes the touch; what it does not handle does not fall through to siblings behind it",
        triggeringExamples: [
            // A card in front of a button takes the tap, and has no handler: the button behind does not get it.
            HitExample(#"{"id":"screen","type":"ZStack","frame":[0,0,200,100],"children":[{"id":"buy","type":"Color","frame":[0,0,200,100],"modifiers":[{"onTapGesture":{"action":"buy"}}]},{"id":"card","type":"Color","frame":[0,0,100,100]}]}"#,
                       tap: Point(50, 50), .blocked),
        ],
        nonTriggeringExamples: [
            HitExample(#"{"id":"screen","type":"ZStack","frame":[0,0,200,100],"children":[{"id":"buy","type":"Color","frame":[0,0,200,100],"modifiers":[{"onTapGesture":{"action":"buy"}}]},{"id":"card","type":"Color","frame":[0,0,100,100]}]}"#,
                       tap: Point(150, 50), .hit, fires: "buy"),
        ])
}

extension HitTester {
    // MARK: - Landing: which view takes the touch

    /// The view that takes a touch at `p` exactly (no tolerance), or -1.
    /// With `excluding`, the views in that index range (a subtree) are treated
    /// as absent: what would have taken the touch had they not been there.
    ///
    /// - Complexity: O(log n + k log k + d) for k views whose boxes hold p and
    ///   gate depth d.
    public func land(at p: Point, excluding: Range<Int>? = nil) -> Int {
        var scratch = HitScratch()
        return land(at: p, excluding: excluding, scratch: &scratch)
    }

    /// `land(at:excluding:)` with reusable buffers (no allocation on the hot path).
    public func land(at p: Point, excluding: Range<Int>? = nil, scratch: inout HitScratch) -> Int {
        if !settings.spatialIndex { return landByWalking(at: p, excluding: excluding) }
        scratch.candidates.removeAll(keepingCapacity: true)
        scratch.failedGates.removeAll(keepingCapacity: true)  // gated subtrees known not to hold p
        selfIndex.query(point: p) { scratch.candidates.append($0) }
        if scratch.candidates.count > 1 { scratch.candidates.sort(by: >) }
        outer: for c in scratch.candidates {
            let node = Int(c)
            if let excluding, excluding.contains(node) { continue }
            for g in scratch.failedGates where node >= g && node < snapshot.nodes[g].end { continue outer }
            guard shapes[Int(selfShape[node])].contains(p) else { continue }
            var a = Int(gateAncestor[node])
            while a >= 0 {
                if !shapes[Int(gateShape[a])].contains(p) {
                    scratch.failedGates.append(a)
                    continue outer
                }
                a = Int(gateAncestor[a])
            }
            return node
        }
        return -1
    }

}

extension HitTester {
    /// Reference implementation of `land(at:)`: walks the tree front to back
    /// exactly as S2, S8 and U1 describe (a view asks its children last first;
    /// the first that takes the touch wins; else the view itself), without the
    /// spatial index. Used by the tests to check the index, and by the
    /// benchmark as the brute-force baseline.
    ///
    /// - Complexity: O(n) per touch.
    public func landByWalking(at p: Point, excluding: Range<Int>? = nil) -> Int {
        let nodes = snapshot.nodes
        guard !nodes.isEmpty else { return -1 }
        // Each frame: a view and how many of its children (from the back) remain to ask.
        var stack: [(node: Int, remaining: Int)] = []
        func enter(_ n: Int) -> Bool {
            guard alive[n] else { return false }
            if let excluding, excluding.contains(n) { return false }
            if gateShape[n] >= 0 && !shapes[Int(gateShape[n])].contains(p) { return false }
            stack.append((n, nodes[n].children.count))
            return true
        }
        _ = enter(0)
        while let top = stack.last {
            if top.remaining > 0 {
                stack[stack.count - 1].remaining -= 1
                let child = nodes[top.node].children[top.remaining - 1]
                _ = enter(child)
                continue
            }
            // All children declined: the view itself, if its own shape holds p.
            stack.removeLast()
            if selfShape[top.node] >= 0 && shapes[Int(selfShape[top.node])].contains(p) { return top.node }
        }
        return -1
    }
}
