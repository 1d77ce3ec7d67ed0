import AuditDocuments
import Baselines
import RunResults
import HitTesting
import ReplayEngine
import TapJSON
import TapModel

/// A picture of one screen drawn from the engine's own sampling (`screenMap`),
/// never from geometry worked out again here: every firing region, dead zone,
/// ambiguous and blocked zone is a union of sampled grid cells.
///
/// Cells are classified, merged into horizontal runs, and runs that repeat in
/// the next rows into rectangles, so a screen of any number of targets draws
/// as a few thousand rectangles at most.
public struct ScreenDrawing: Sendable {
    /// What a cell shows.
    enum Paint: Equatable, Hashable {
        case none
        case fires(Int)  // index into `targets`
        case steals(Int) // fires target i inside another target's frame
        case dead        // a miss inside a target's frame
        case ambiguous
        case blocked
        case disabled
    }

    public static let deadColor = "#d62728"
    public static let ambiguousColor = "#ffa600"
    public static let blockedColor = "#8c8c8c"
    public static let disabledColor = "#5e4b8b"
    /// Target colours: blues, greens, teals, purples, browns — never red, amber or grey.
    public static let palette = ["#1f77b4", "#2ca02c", "#17becf", "#9467bd", "#8c564b", "#4e79a7", "#59a14f",
                                 "#76b7b2", "#b07aa1", "#0b6e4f", "#3b5ba9", "#7f6b3f"]

    public let canvas: Rect
    public let step: Double
    public let screen: String
    /// Targets in node-id order, with their colours.
    public let targets: [(node: Int, id: String, frame: Rect, color: String)]
    let rects: [(x: Double, y: Double, w: Double, h: Double, paint: Paint)]

    /// Builds the regions from the engine's sampling of the screen.
    public init(_ picture: ScreenPicture) {
        let map = picture.map
        let step = map.step
        self.canvas = picture.canvas
        self.step = step
        self.screen = picture.screen
        targets = picture.targets.enumerated().map { (i, t) in (t.node, t.id, t.frame, ScreenDrawing.palette[i % ScreenDrawing.palette.count]) }
        var targetIndex: [Int: Int] = [:]
        for (i, t) in targets.enumerated() { targetIndex[t.node] = i }

        // Which cells lie inside some target's frame (for "dead zone inside a target").
        var inTarget = [Bool](repeating: false, count: map.columns * map.rows)
        // Which target's frame (frontmost in node order) holds each cell, for stolen areas.
        var frameOwner = [Int32](repeating: -1, count: map.columns * map.rows)
        for (k, t) in targets.enumerated() {
            let f = t.frame
            let c0 = max(0, Int(((f.minX - map.origin.x) / step - 0.5).rounded(.up)))
            let c1 = min(map.columns - 1, Int(((f.maxX - map.origin.x) / step - 0.5).rounded(.up)) - 1)
            let r0 = max(0, Int(((f.minY - map.origin.y) / step - 0.5).rounded(.up)))
            let r1 = min(map.rows - 1, Int(((f.maxY - map.origin.y) / step - 0.5).rounded(.up)) - 1)
            guard c0 <= c1, r0 <= r1 else { continue }
            for r in r0...r1 { for c in c0...c1 { inTarget[r * map.columns + c] = true; frameOwner[r * map.columns + c] = Int32(k) } }
        }
        let frames = targets.map(\.frame)
        func inOwnFrame(_ i: Int, _ k: Int) -> Bool {
            let f = frames[k]
            let x = map.origin.x + (Double(i % map.columns) + 0.5) * step, y = map.origin.y + (Double(i / map.columns) + 0.5) * step
            return f.containsClosed(Point(x, y))
        }
        func paint(_ i: Int) -> Paint {
            switch map.outcomes[i] {
            case .hit, .expanded:
                guard let k = targetIndex[Int(map.nodes[i])] else { return .none }
                if frameOwner[i] >= 0 && Int(frameOwner[i]) != k && !inOwnFrame(i, k) { return .steals(k) }
                return .fires(k)
            case .ambiguous: return .ambiguous
            case .blocked: return .blocked
            case .disabled: return .disabled
            case .miss: return inTarget[i] ? .dead : .none
            }
        }
        // Runs per row, merged downwards while the same run repeats.
        struct Open { var row: Int; var height: Int }
        var open: [[Int]: Open] = [:]  // [c0, c1, paint hash]
        var out: [(x: Double, y: Double, w: Double, h: Double, paint: Paint)] = []
        var paints: [Paint] = []
        var paintIndex: [Paint: Int] = [:]
        func code(_ p: Paint) -> Int {
            if let i = paintIndex[p] { return i }
            paints.append(p)
            paintIndex[p] = paints.count - 1
            return paints.count - 1
        }
        func emit(_ key: [Int], _ o: Open) {
            out.append((map.origin.x + Double(key[0]) * step, map.origin.y + Double(o.row) * step,
                        Double(key[1] - key[0]) * step, Double(o.height) * step, paints[key[2]]))
        }
        for row in 0..<map.rows {
            var runs: [[Int]] = []
            var c = 0
            while c < map.columns {
                let p = paint(row * map.columns + c)
                var e = c + 1
                while e < map.columns && paint(row * map.columns + e) == p { e += 1 }
                if p != .none { runs.append([c, e, code(p)]) }
                c = e
            }
            var next: [[Int]: Open] = [:]
            for key in runs {
                if var o = open.removeValue(forKey: key), o.row + o.height == row {
                    o.height += 1
                    next[key] = o
                } else {
                    next[key] = Open(row: row, height: 1)
                }
            }
            for (key, o) in open { emit(key, o) }
            open = next
        }
        for (key, o) in open { emit(key, o) }
        rects = out.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// How many points one drawing pixel holds: screens up to 480 pt wide draw at 1:1.
    public static func scale(for canvas: Rect) -> Double {
        canvas.width <= 480 ? 1 : 480 / canvas.width
    }

    func color(_ p: Paint, prefix: String = "") -> String {
        switch p {
        case .none: return "none"
        case .fires(let i): return targets[i].color
        case .steals(let i): return "url(#\(prefix)steal\(i))"
        case .dead: return ScreenDrawing.deadColor
        case .ambiguous: return ScreenDrawing.ambiguousColor
        case .blocked: return ScreenDrawing.blockedColor
        case .disabled: return "url(#\(prefix)disabled)"
        }
    }

    /// The shade of a predicted first-try success, in A10's bands: green below its warning
    /// (failure under 5 %), amber below its error (under 15 %), red beyond.
    public static func predictedShade(_ success: Double) -> String {
        success > 0.95 - 1e-9 ? "#2e9e4f" : success > 0.85 - 1e-9 ? "#e0a100" : "#c62828"
    }

    /// The drawing as an `<svg>` element: regions, target frames and labels, predicted success, and press marks.
    /// - Parameter marks: the presses to mark (the run keeps every regressed one, then others up to a cap).
    /// - Parameter overlay: SVG drawn over the regions (the audit's findings).
    /// - Parameter predicted: each target's predicted first-try success, by node id: a badge in its
    ///   frame's top-right corner, shaded by `predictedShade`, with the number.
    public func svg(marks: [PressMark], overlay: String = "", predicted: [String: Double] = [:], standalone: Bool = false) -> String {
        var s = open(title: standalone ? "\(screen) — TapReplay" : nil)
        s += regionsAndTargets(overlay: overlay, predicted: predicted)
        s += "<g class=\"presses\" shape-rendering=\"auto\">\n"
        let shown = marks.filter(\.regressed) + marks.filter { !$0.regressed }
        for p in shown {
            let x = p.at.x, y = p.at.y
            if p.regressed {
                s += "<path d=\"M\(fmt(x)) \(fmt(y - 6))L\(fmt(x + 6)) \(fmt(y))L\(fmt(x)) \(fmt(y + 6))L\(fmt(x - 6)) \(fmt(y))Z\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\"/>\n"
            }
            if p.fired {
                s += "<circle cx=\"\(fmt(x))\" cy=\"\(fmt(y))\" r=\"2.5\" fill=\"#111\" stroke=\"#fff\" stroke-width=\"0.8\"><title>\(xmlEscape(p.title))</title></circle>\n"
            } else {
                s += "<path d=\"M\(fmt(x - 3)) \(fmt(y - 3))L\(fmt(x + 3)) \(fmt(y + 3))M\(fmt(x - 3)) \(fmt(y + 3))L\(fmt(x + 3)) \(fmt(y - 3))\" stroke=\"#111\" stroke-width=\"1.6\"><title>\(xmlEscape(p.title))</title></path>\n"
            }
        }
        s += "</g>\n</svg>\n"
        return s
    }

    /// The drawing as the page shows it, one side of a before-and-after pair: the screen under the
    /// map (a screenshot or the wireframe, `backdrop`), the regions translucent over it, the targets
    /// with the ones a cause is about outlined and numbered (`changed`), and empty layers the page's
    /// script fills with the presses (heat, marks, the selected press's cloud and scores).
    /// - Parameter side: `baseline` or `now`, the id prefix of the layers.
    /// - Parameter label: what the drawing is, for screen readers.
    func pageSVG(side: String, idPrefix: String, label: String, backdrop: String, changed: [(id: String, number: Int)], overlay: String = "",
                 predicted: [String: Double] = [:]) -> String {
        var s = open(title: nil, side: side, prefix: idPrefix, label: label)
        s += "<g class=\"backdrop\">\n" + backdrop + "</g>\n"
        s += regionsAndTargets(overlay: overlay, predicted: predicted, prefix: idPrefix)
        if !changed.isEmpty {
            s += "<g class=\"changed\" shape-rendering=\"auto\">\n"
            for (id, number) in changed {
                guard let t = targets.first(where: { $0.id == id }) else { continue }
                let f = t.frame
                s += "<rect x=\"\(fmt(f.minX + 1.5))\" y=\"\(fmt(f.minY + 1.5))\" width=\"\(fmt(max(f.width - 3, 0)))\" height=\"\(fmt(max(f.height - 3, 0)))\" "
                s += "fill=\"none\" stroke=\"\(ScreenDrawing.changedColor)\" stroke-width=\"2.5\" stroke-dasharray=\"6 3\"><title>\(xmlEscape(id)): changed (cause \(number))</title></rect>\n"
                let cx = min(f.maxX - 9, canvas.maxX - 9), cy = f.minY + f.height / 2
                s += "<circle cx=\"\(fmt(cx))\" cy=\"\(fmt(cy))\" r=\"7\" fill=\"\(ScreenDrawing.changedColor)\" stroke=\"#fff\" stroke-width=\"1\"/>"
                s += "<text x=\"\(fmt(cx))\" y=\"\(fmt(cy + 3.5))\" text-anchor=\"middle\" font-size=\"10\" font-weight=\"bold\" fill=\"#fff\">\(number)</text>\n"
            }
            s += "</g>\n"
        }
        s += "<image class=\"heat\" x=\"\(fmt(canvas.minX))\" y=\"\(fmt(canvas.minY))\" width=\"\(fmt(canvas.width))\" height=\"\(fmt(canvas.height))\" preserveAspectRatio=\"none\"/>\n"
        s += "<image class=\"marks\" x=\"\(fmt(canvas.minX))\" y=\"\(fmt(canvas.minY))\" width=\"\(fmt(canvas.width))\" height=\"\(fmt(canvas.height))\" preserveAspectRatio=\"none\"/>\n"
        s += "<g class=\"focus\" shape-rendering=\"auto\"></g>\n</svg>\n"
        return s
    }

    /// The outline of a target a cause is about, on both sides.
    public static let changedColor = "#b00020"

    /// `<svg ...>` and its pattern definitions.
    private func open(title: String?, side: String? = nil, prefix p: String = "", label: String? = nil) -> String {
        let scale = ScreenDrawing.scale(for: canvas)
        let w = canvas.width * scale, h = canvas.height * scale
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\"" + (side.map { " class=\"side-\($0)\"" } ?? "")
        s += label.map { " role=\"img\" aria-label=\"\(xmlEscape($0))\"" } ?? ""
        s += " width=\"\(fmt(w))\" height=\"\(fmt(h))\" viewBox=\"\(fmt(canvas.minX)) \(fmt(canvas.minY)) \(fmt(canvas.width)) \(fmt(canvas.height))\" shape-rendering=\"crispEdges\" font-family=\"Helvetica, Arial, sans-serif\">\n"
        if let title { s += "<title>\(xmlEscape(title))</title>\n" }
        s += "<defs><pattern id=\"\(p)disabled\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\"><rect width=\"4\" height=\"4\" fill=\"#e6e1f0\"/><path d=\"M0 4L4 0\" stroke=\"\(ScreenDrawing.disabledColor)\" stroke-width=\"1.2\"/></pattern>"
        for (i, t) in targets.enumerated() where rects.contains(where: { $0.paint == .steals(i) }) {
            s += "<pattern id=\"\(p)steal\(i)\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\"><rect width=\"4\" height=\"4\" fill=\"#ffffff\"/><path d=\"M0 0L4 4\" stroke=\"\(t.color)\" stroke-width=\"1.6\"/></pattern>"
        }
        s += "</defs>\n"
        s += "<rect x=\"\(fmt(canvas.minX))\" y=\"\(fmt(canvas.minY))\" width=\"\(fmt(canvas.width))\" height=\"\(fmt(canvas.height))\" fill=\"#ffffff\"/>\n"
        return s
    }

    /// The regions, the overlay, the canvas border, target frames, labels and predicted badges.
    private func regionsAndTargets(overlay: String, predicted: [String: Double], prefix: String = "") -> String {
        var s = "<g class=\"regions\">\n"
        for r in rects {
            s += "<rect x=\"\(fmt(r.x))\" y=\"\(fmt(r.y))\" width=\"\(fmt(r.w))\" height=\"\(fmt(r.h))\" fill=\"\(color(r.paint, prefix: prefix))\"/>\n"
        }
        s += "</g>\n" + overlay + "<rect x=\"\(fmt(canvas.minX + 0.5))\" y=\"\(fmt(canvas.minY + 0.5))\" width=\"\(fmt(canvas.width - 1))\" height=\"\(fmt(canvas.height - 1))\" fill=\"none\" stroke=\"#c8c8c8\"/>\n"
        s += "<g class=\"targets\" fill=\"none\" stroke-width=\"1\">\n"
        for t in targets {
            let f = t.frame
            s += "<rect data-target=\"\(xmlEscape(t.id))\" x=\"\(fmt(f.minX + 0.5))\" y=\"\(fmt(f.minY + 0.5))\" width=\"\(fmt(max(f.width - 1, 0)))\" height=\"\(fmt(max(f.height - 1, 0)))\" stroke=\"\(t.color)\"><title>\(xmlEscape(t.id))</title></rect>\n"
        }
        s += "</g>\n<g class=\"labels\" font-size=\"7\" fill=\"#111\" shape-rendering=\"auto\">\n"
        for t in targets {
            let f = t.frame
            guard f.width >= 12, f.height >= 9 else { continue }
            s += "<text x=\"\(fmt(f.minX + 2))\" y=\"\(fmt(f.minY + 7))\" stroke=\"#ffffff\" stroke-width=\"2\" paint-order=\"stroke\">\(xmlEscape(t.id))</text>\n"
        }
        s += "</g>\n"
        if !predicted.isEmpty {
            s += "<g class=\"predicted\" font-size=\"7\" font-weight=\"bold\" shape-rendering=\"auto\">\n"
            for t in targets {
                guard let p = predicted[t.id] else { continue }
                let f = t.frame
                let text = ScreenDrawing.percentText(p)
                let w = Double(text.count) * 4.2 + 4, h = 9.0
                let x = max(canvas.minX, f.maxX - w - 1), y = max(canvas.minY, f.minY + 1)
                let title = "<title>\(xmlEscape(t.id)): predicted first-try success \(text)</title>"
                s += "<g>\(title)<rect x=\"\(fmt(x))\" y=\"\(fmt(y))\" width=\"\(fmt(w))\" height=\"\(fmt(h))\" rx=\"2\" fill=\"\(ScreenDrawing.predictedShade(p))\" stroke=\"#ffffff\" stroke-width=\"0.8\"/>"
                s += "<text x=\"\(fmt(x + w / 2))\" y=\"\(fmt(y + 7))\" text-anchor=\"middle\" fill=\"#ffffff\">\(text)</text></g>\n"
            }
            s += "</g>\n"
        }
        return s
    }
}

func fmt(_ d: Double) -> String { JSONValue.format(JSONValue.round(d, places: 2)) }

extension ScreenDrawing {
    /// `97%`, `99.4%`: a predicted success as the picture prints it (100% only when nothing fails).
    public static func percentText(_ p: Double) -> String {
        let v = JSONValue.round(p * 100, places: 1)
        return (v >= 100 && p < 1 ? "99.9" : JSONValue.format(v)) + "%"
    }
}

