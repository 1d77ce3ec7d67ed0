import Dispatch
import HitTesting
import TapModel
import TapRules

/// A4 crowded: part of the screen around a target binds `ambiguous`
/// (docs/snapshot.md, S9 "Outcomes"): a neighbour covers a touch there within 20 % as much
/// as the target does, so neither takes it — their common container does, and
/// nothing fires. The engine resolves a tap at every cell of a grid (aligned to
/// the window) within the touch radius of each SwiftUI target's frame, on the
/// screen (the snapshot's canvas). A warning on each target of a pair part of whose own
/// frame binds ambiguous, the value that area (pt²), the neighbour named; when only the
/// gap between them does, one warning on the pair's first target in document order, the
/// value the gap's ambiguous area (docs/audit.md, "A4 crowded").
///
/// UIKit hit testing is exact (U4), so only SwiftUI targets can be crowded. Stacked
/// rows are not crowded: two targets one above the other, at least one a full-width
/// row, share the strip along the line between them as every list does (`StackedRows`).
public struct A4CrowdedRule: AuditRule {
    public static let unit = AuditUnit.squarePoints
    public init() {}

    public static let description = RuleDescription(
        id: "A4",
        name: "crowded",
        summary: "a neighbour covers a touch near the target within 20 % as much as the target, so neither takes it and nothing fires",
        triggeringExamples: [
            // Two 40 pt icons 8 pt apart.
            AuditExample("""
            {"id":"bar","type":"HStack","frame":[0,0,393,44],"children":[
              {"id":"like","type":"Image","frame":[100,2,40,40],"modifiers":[{"onTapGesture":{"action":"like"}}]},
              {"id":"share","type":"Image","frame":[148,2,40,40],"modifiers":[{"onTapGesture":{"action":"share"}}]}]}
            """, node: "like", severity: .warning),
        ],
        nonTriggeringExamples: [
            // 30 pt apart: more than 2r.
            AuditExample("""
            {"id":"bar","type":"HStack","frame":[0,0,393,44],"children":[
              {"id":"like","type":"Image","frame":[100,2,40,40],"modifiers":[{"onTapGesture":{"action":"like"}}]},
              {"id":"share","type":"Image","frame":[170,2,40,40],"modifiers":[{"onTapGesture":{"action":"share"}}]}]}
            """),
            // Adjacent full-width rows, and a row above a Toggle in the next row: a list's rows.
            AuditExample("""
            {"id":"list","type":"VStack","frame":[0,100,393,132],"children":[
              {"id":"a","type":"HStack","frame":[0,100,393,44],"modifiers":[{"onTapGesture":{"action":"a"}}],"children":[
                {"id":"a.title","type":"Text","frame":[16,111,80,22]}]},
              {"id":"b","type":"HStack","frame":[0,144,393,44],"modifiers":[{"onTapGesture":{"action":"b"}}],"children":[
                {"id":"b.title","type":"Text","frame":[16,155,80,22]}]},
              {"id":"c","type":"Toggle","frame":[318,194.5,51,31],"modifiers":[{"onTapGesture":{"action":"c"}}]}]}
            """),
            // UIKit hit testing is exact (U4): two buttons 4 pt apart are never ambiguous.
            AuditExample("""
            {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
              {"id":"like","type":"UIButton","frame":[100,2,40,40],"control":{"action":"like"}},
              {"id":"share","type":"UIButton","frame":[144,2,40,40],"control":{"action":"share"}}]}
            """),
        ])

    public func findings(_ c: AuditContext) -> [AuditFinding] {
        let r = c.settings.hit.touchRadius
        guard r > 0 else { return [] }
        let targets = c.samples.map(\.target).filter { c.node($0).system == .swiftui && c.isLive($0) }
        guard targets.count >= 2 else { return [] }
        // Only where a finger can land: within r of a target, on the screen.
        let screen = c.snapshot.canvas
        let bands: [Rect] = targets.compactMap { t in
            let grown = c.node(t).frame.inset(by: -r)
            let left = max(grown.minX, screen.minX), top = max(grown.minY, screen.minY)
            let a = Rect(left, top, min(grown.maxX, screen.maxX) - left, min(grown.maxY, screen.maxY) - top)
            return a.isEmpty ? nil : a
        }
        let step = c.settings.step(forArea: bands.reduce(0) { $0 + $1.width * $1.height })
        // Cells (column, row) of a window-aligned grid.
        var cells = Set<SIMD2<Int32>>()
        for a in bands {
            guard a.width.isFinite, a.height.isFinite else { continue }
            let x0 = Int32((a.minX / step).rounded(.down)), x1 = Int32((a.maxX / step).rounded(.up))
            let y0 = Int32((a.minY / step).rounded(.down)), y1 = Int32((a.maxY / step).rounded(.up))
            for y in y0..<max(y0, y1) { for x in x0..<max(x0, x1) { cells.insert(SIMD2(x, y)) } }
        }
        let list = cells.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
        // Per cell: the target nodes within the radius when the tap is ambiguous.
        var ambiguous = [[Int]](repeating: [], count: list.count)
        ambiguous.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            let chunks = max(1, min(64, list.count / 256))
            DispatchQueue.concurrentPerform(iterations: chunks) { k in
                var scratch = HitScratch()
                for i in stride(from: k, to: list.count, by: chunks) {
                    let p = Point((Double(list[i].x) + 0.5) * step, (Double(list[i].y) + 0.5) * step)
                    let touch = c.tester.resolve(at: p, scratch: &scratch)
                    guard touch.outcome == .ambiguous else { continue }
                    out[i] = Array(Set(touch.candidates.compactMap { $0.handler?.node })).sorted()
                }
            }
        }
        var area: [SIMD2<Int32>: [Rect]] = [:]
        for (i, nodes) in ambiguous.enumerated() where nodes.count >= 2 {
            let cell = Rect(Double(list[i].x) * step, Double(list[i].y) * step, step, step)
            for a in 0..<nodes.count {
                for b in (a + 1)..<nodes.count { area[SIMD2(Int32(nodes[a]), Int32(nodes[b])), default: []].append(cell) }
            }
        }
        let width = c.snapshot.canvas.width
        let pairs = area.keys.filter { !StackedRows.stacked(c.node(Int($0.x)).frame, c.node(Int($0.y)).frame, screenWidth: width) }
        let fix = "move them at least \(AuditContext.number(2 * r)) pt apart, or let each fill its half of the gap "
            + "(.contentShape(Rectangle()) over a frame that reaches the other) so an exact hit decides"
        var findings: [(node: Int, other: Int, finding: AuditFinding)] = []
        for pair in pairs {
            let a = Int(pair.x), b = Int(pair.y)
            let cells = area[pair]!
            // The part of each target's own frame that binds ambiguous is its finding (its neighbour named).
            var inFrame = false
            func holds(_ x: Int, _ y: Int) -> Bool {
                let f = c.node(x).frame, g = c.node(y).frame
                return f.minX <= g.minX && f.minY <= g.minY && f.maxX >= g.maxX && f.maxY >= g.maxY
            }
            for (node, other) in [(a, b), (b, a)] {
                let frame = c.node(node).frame
                // A target around the other (a card holding a button) is not crowded by what it holds: the button is.
                if holds(node, other) { continue }
                let own = cells.filter { frame.contains(Point($0.midX, $0.midY)) }
                guard !own.isEmpty else { continue }
                inFrame = true
                let size = Double(own.count) * step * step
                let share = frame.width * frame.height > 0 ? size / (frame.width * frame.height) : 0
                let message = "\(c.id(node)) and \(c.id(other)) are so close that a \(AuditContext.number(r)) pt touch on "
                    + "\(AuditContext.number(size)) pt² of \(c.id(node))'s frame (\(AuditContext.percent(share))) covers both within 20 % as much: "
                    + "neither takes it, their container does, and nothing fires (S9)"
                findings.append((node, other, c.finding(Self.id, .warning, node, value: size, message: message, fix: fix,
                                                        area: merged(own, step: step))))
            }
            guard !inFrame else { continue }
            // Only the gap between them binds ambiguous: one finding, on the first in document order (on the one
            // held when one holds the other).
            let (first, second) = holds(a, b) && !holds(b, a) ? (b, a) : (a, b)
            let size = Double(cells.count) * step * step
            let message = "\(c.id(first)) and \(c.id(second)) are so close that a \(AuditContext.number(r)) pt touch on the "
                + "\(AuditContext.number(size)) pt² between them covers both within 20 % as much: neither takes it, their container does, and nothing fires (S9)"
            findings.append((first, second, c.finding(Self.id, .warning, first, value: size, message: message, fix: fix, area: merged(cells, step: step))))
        }
        return findings.sorted { ($0.node, $0.other) < ($1.node, $1.other) }.map(\.finding)
    }

    /// Cells merged into horizontal runs, for drawing.
    func merged(_ cells: [Rect], step: Double) -> [Rect] {
        var runs: [Rect] = []
        for cell in cells {
            if let last = runs.last, last.minY == cell.minY, abs(last.maxX - cell.minX) < 1e-9 {
                runs[runs.count - 1].width += cell.width
            } else {
                runs.append(cell)
            }
        }
        return runs
    }
}
