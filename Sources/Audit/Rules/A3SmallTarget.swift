import Dispatch
import HitTesting
import TapModel
import TapRules

/// A3 small target: the region where a tap fires the target exactly (touch
/// radius 0, no tolerance) is narrower or shorter than `minSize` [44 pt,
/// Apple's guideline]. The region is measured by the engine on a grid over
/// the frame, and beyond it as far as a short side would need to reach
/// `minSize` (so UIKit `hitInsets` and wide content shapes count); the value
/// is its smaller side. A warning.
///
/// Each finding also says whether Apple's hit-region audit (XCUITest's
/// `performAccessibilityAudit`, `.hitRegion`) fails the same element: it fails
/// an element whose frame is narrower or shorter than 20 pt and knows nothing of
/// `contentShape`, `hitInsets`, overlaps or touch binding (docs/audit.md,
/// "Apple's audit, side by side").
///
/// A target that never fires anywhere is left to A5, A7, A8 and A9. A stock control
/// drawn at its system size (a Toggle 51 × 31, a Stepper, a segmented Picker) is not
/// small: the system sizes and places it (`StockControls`).
public struct A3SmallTargetRule: AuditRule {
    public static let unit = AuditUnit.points
    /// Apple's hit-region audit fails an element whose frame is narrower or shorter than this.
    public static let appleHitRegionMinimum = 20.0
    public init() {}

    /// Whether Apple's hit-region audit fails an element with this frame.
    public static func appleHitRegionFails(_ frame: Rect) -> Bool {
        Swift.min(frame.width, frame.height) < appleHitRegionMinimum - 1e-9
    }

    /// What Apple's hit-region audit says of the same element, in a finding's words.
    static func appleVerdict(_ frame: Rect) -> String {
        let size = "\(AuditContext.number(frame.width)) × \(AuditContext.number(frame.height)) pt"
        return appleHitRegionFails(frame)
            ? "Apple's hit-region audit fails it too (its frame, \(size), is under 20 pt)"
            : "Apple's hit-region audit passes it (it checks only that the frame, \(size), is 20 pt each way)"
    }

    public static let description = RuleDescription(
        id: "A3",
        name: "small target",
        summary: "a target whose firing region (r = 0) is narrower or shorter than --min-size",
        triggeringExamples: [
            AuditExample("""
            {"id":"close","type":"Image","frame":[20,20,24,24],"modifiers":[{"onTapGesture":{"action":"close"}}]}
            """, node: "close", severity: .warning),
            // A UIKit button 30 pt tall.
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"help","type":"UIButton","frame":[20,100,120,30],"control":{"action":"help"}}]}
            """, node: "help", severity: .warning),
        ],
        nonTriggeringExamples: [
            AuditExample("""
            {"id":"save","type":"Text","frame":[16,700,361,50],"modifiers":[{"onTapGesture":{"action":"save"}}]}
            """),
            // A list row with two style-less Buttons: the cell fires, gaps and insets included (S12, S15).
            AuditExample("""
            {"id":"list","type":"List","role":"list","frame":[0,0,393,852],"children":[
              {"id":"row.msg","type":"ListRow","role":"row","frame":[16,240,361,60],"children":[
                {"id":"msg.stack","type":"HStack","frame":[36,240,321,60],"children":[
                  {"id":"reply","type":"Button","action":"reply","frame":[36,258,60,24],"children":[{"id":"reply.label","type":"Text","frame":[36,258,60,24]}]},
                  {"id":"share","type":"Button","action":"share","frame":[297,258,60,24],"children":[{"id":"share.label","type":"Text","frame":[297,258,60,24]}]}]}]}]}
            """),
            // 24 × 24 drawn, but hitInsets grow the touch area to 44 × 44.
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"help","type":"UIButton","frame":[30,650,24,24],"hitInsets":[-10,-10,-10,-10],"control":{"action":"help"}}]}
            """),
            // A small image made tappable over 44 × 44 by a contentShape with bounds.
            AuditExample("""
            {"id":"close","type":"Image","frame":[30,30,24,24],"modifiers":[{"contentShape":{"shape":"rectangle","bounds":[20,20,44,44]}},{"onTapGesture":{"action":"close"}}]}
            """),
            // A stock Toggle at its system size, 51 × 31, in a 44 pt row.
            AuditExample("""
            {"id":"row","type":"HStack","frame":[0,100,393,44],"children":[
              {"id":"alerts","type":"Toggle","frame":[318,106.5,51,31],"modifiers":[{"onTapGesture":{"action":"toggle"}}]}]}
            """),
        ])

    public func findings(_ c: AuditContext) -> [AuditFinding] {
        let exact = HitTester(c.snapshot, settings: HitSettings(touchRadius: 0, spatialIndex: c.settings.hit.spatialIndex))
        let candidates = c.samples.map(\.target).filter { c.isLive($0) }
        var regions = [Rect?](repeating: nil, count: candidates.count)
        regions.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: candidates.count) { i in
                out[i] = firingBox(of: candidates[i], exact: exact, settings: c.settings)
            }
        }
        var findings: [AuditFinding] = []
        let min = c.settings.minSize
        for (target, box) in zip(candidates, regions) {
            guard let box, !StockControls.atSystemSize(c.node(target)) else { continue }
            let side = Swift.min(box.width, box.height)
            guard side < min - 1e-9 else { continue }
            let node = c.node(target)
            let w = AuditContext.number(box.width), h = AuditContext.number(box.height)
            let message = "a tap fires \(node.id) exactly (touch radius 0) only within \(w) × \(h) pt; people need \(AuditContext.number(min)) × \(AuditContext.number(min)) pt to hit it reliably; \(Self.appleVerdict(node.frame))"
            let fix = checkedFix(target, c)
            findings.append(c.finding(Self.id, .warning, target, value: side, message: message, fix: fix, area: [box]))
        }
        return findings
    }

    /// The fix, applied to a copy of the snapshot and A3's measure taken again (docs/audit.md, "Fixes are
    /// checked"): the target grown around its centre to the minimum size — SwiftUI: the frame and a
    /// rectangular shape before the gesture; UIKit: negative `hitInsets` — must then fire over the
    /// minimum size. When its neighbours still take the taps around it, the fix says so instead.
    func checkedFix(_ target: Int, _ c: AuditContext) -> String {
        let node = c.node(target), min = c.settings.minSize, f = node.frame
        let dx = Swift.max(0, (min - f.width) / 2), dy = Swift.max(0, (min - f.height) / 2)
        var copy = c.snapshot
        if node.system == .uikit {
            let i = copy.nodes[target].uikit.hitInsets
            copy.nodes[target].uikit.hitInsets = [Swift.min(i[0], -dy), Swift.min(i[1], -dx), Swift.min(i[2], -dy), Swift.min(i[3], -dx)]
        } else {
            copy.nodes[target].frame = f.inset(top: -dy, left: -dx, bottom: -dy, right: -dx)
            if let tap = TapAttachment(target, in: c) {
                if tap.isButton, node.children.count == 1 {
                    let label = node.children[0]
                    copy.nodes[label].frame = copy.nodes[target].frame
                    copy.nodes[label].modifiers.insert(.contentShape(ShapeSpec(.rectangle)), at: 0)
                } else if !tap.isButton {
                    copy.nodes[target].modifiers.insert(.contentShape(ShapeSpec(.rectangle)), at: tap.modifierIndex)
                }
            }
        }
        let exact = HitTester(copy, settings: HitSettings(touchRadius: 0, spatialIndex: c.settings.hit.spatialIndex))
        let box = firingBox(of: target, exact: exact, settings: c.settings)
        let side = Swift.min(box?.width ?? 0, box?.height ?? 0)
        let size = "\(AuditContext.number(min)) × \(AuditContext.number(min)) pt"
        guard side >= min - 1e-9 else {
            let got = box.map { "\(AuditContext.number($0.width)) × \(AuditContext.number($0.height)) pt" } ?? "nothing"
            return "give it room: grown to \(size) in place it would still fire only within \(got) — its neighbours take the taps around it; "
                + "move them apart, or make it larger in the layout"
        }
        return node.system == .uikit
            ? "grow its touch area to \(size): a larger frame, or negative hitInsets in point(inside:)"
            : "grow its tappable area to \(size): .frame(minWidth: \(AuditContext.number(min)), minHeight: \(AuditContext.number(min))) and .contentShape(Rectangle()) before the gesture"
    }

    /// The bounding box of the cells where an exact tap fires `target`
    /// (whatever else fires alongside), nil when none does. The frame is
    /// sampled first; only a side shorter than `minSize` is searched beyond
    /// the frame, and only as far as it would need to reach `minSize`.
    func firingBox(of target: Int, exact: HitTester, settings: AuditSettings) -> Rect? {
        let frame = exact.snapshot.nodes[target].frame
        let minSize = settings.minSize
        let inside = box(of: target, exact: exact, in: frame, skipping: nil, step: settings.step(forArea: frame.width * frame.height))
        let width = inside?.width ?? 0, height = inside?.height ?? 0
        let mx = width < minSize ? minSize - width : 0, my = height < minSize ? minSize - height : 0
        guard mx > 0 || my > 0 else { return inside }
        let grown = frame.inset(top: -my, left: -mx, bottom: -my, right: -mx)
        let around = box(of: target, exact: exact, in: grown, skipping: frame, step: settings.step(forArea: grown.width * grown.height))
        switch (inside, around) {
        case (let a?, let b?): return a.union(b)
        case (let a, let b): return a ?? b
        }
    }

    private func box(of target: Int, exact: HitTester, in area: Rect, skipping: Rect?, step: Double) -> Rect? {
        let (xs, ys) = HitTester.sampleCentres(of: area, step: step)
        var scratch = HitScratch()
        let exactTouch = TouchCloud(radius: 0)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for y in ys {
            for x in xs {
                let p = Point(x, y)
                if let skipping, skipping.contains(p) { continue }
                let location = exact.locate(at: p, cloud: exactTouch, scratch: &scratch)
                guard location.node >= 0 || location.row >= 0 else { continue }  // a row's cell takes what its content does not (S12)
                let won = exact.tapWinner(for: location, scratch: &scratch)
                guard won.fired?.node == target || won.simultaneousHandlers.contains(where: { $0.node == target }) else { continue }
                minX = Swift.min(minX, x - step / 2); maxX = Swift.max(maxX, x + step / 2)
                minY = Swift.min(minY, y - step / 2); maxY = Swift.max(maxY, y + step / 2)
            }
        }
        guard minX <= maxX else { return nil }
        // Cells at the edge of the sampled area may be narrower than `step`.
        minX = Swift.max(minX, area.minX); maxX = Swift.min(maxX, area.maxX)
        minY = Swift.max(minY, area.minY); maxY = Swift.min(maxY, area.maxY)
        return Rect(minX, minY, maxX - minX, maxY - minY)
    }
}
