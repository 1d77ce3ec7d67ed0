import HitTesting
import TapJSON
import TapModel
import Testing

/// The engine against a straightforward reading of the rules of real screens, written here from
/// docs/snapshot.md alone, over thousands of random lists (S12–S16) and random UIKit trees (U5–U10),
/// with exact touches (radius 0): the reading walks the tree, the engine binds and indexes.
@Suite("Real screens: the engine against a literal reading")
struct RandomRealScreensTests {
    // MARK: - Lists

    struct Control { var id: String; var type: String; var style: String?; var frame: Rect; var label: Rect; var disabled: Bool }
    struct Row { var id: String; var frame: Rect; var controls: [Control]; var rowAction: String? }

    static func randomList(_ rng: inout SplitMix64) -> [Row] {
        var rows: [Row] = []
        var y = 40.0
        for r in 0..<Int.random(in: 1...6, using: &rng) {
            let height = Double.random(in: 36...70, using: &rng).rounded()
            let frame = Rect(16, y, 361, height)
            var controls: [Control] = []
            var x = 36.0
            for c in 0..<Int.random(in: 0...3, using: &rng) {
                let width = Double.random(in: 30...100, using: &rng).rounded()
                guard x + width <= 357 else { break }
                let type = ["Button", "NavigationLink", "Button", "Picker"][Int.random(in: 0...3, using: &rng)]
                let styles: [String?] = type == "Picker" ? [nil, "automatic", "menu"] : [nil, "automatic", "plain", "borderless"]
                let style = styles[Int.random(in: 0..<styles.count, using: &rng)]
                let top = y + Double.random(in: 0...8, using: &rng).rounded()
                let cf = Rect(x, top, width, height - (top - y))
                let lw = (width * Double.random(in: 0.3...1, using: &rng)).rounded()
                let label = Rect(x, top + 4, lw, max(4, cf.height - 12))
                controls.append(Control(id: "r\(r).c\(c)", type: type, style: style, frame: cf, label: label,
                                        disabled: Int.random(in: 0..<6, using: &rng) == 0))
                x += width + Double.random(in: 0...60, using: &rng).rounded()
            }
            rows.append(Row(id: "r\(r)", frame: frame, controls: controls,
                            rowAction: Int.random(in: 0..<5, using: &rng) == 0 ? "select\(r)" : nil))
            y += height + (Int.random(in: 0..<3, using: &rng) == 0 ? 20 : 0)
        }
        return rows
    }

    static func json(_ rows: [Row]) -> JSONValue {
        func f(_ r: Rect) -> [Double] { [r.x, r.y, r.width, r.height] }
        return node("list", "List", [0, 0, 393, 852], children: rows.map { row in
            var extra: [String: JSONValue] = ["role": "row"]
            if let a = row.rowAction { extra["rowAction"] = .string(a) }
            return node(row.id, "ListRow", f(row.frame), children: [
                node("\(row.id).stack", "HStack", f(row.frame), children: row.controls.map { c in
                    var e: [String: JSONValue] = ["action": .string(c.id)]
                    if let s = c.style { e["style"] = .string(s) }
                    return node(c.id, c.type, f(c.frame), modifiers: c.disabled ? [["disabled": true]] : [],
                                children: [node("\(c.id).label", "Text", f(c.label))], e)
                }),
            ], extra)
        }, ["role": "list"])
    }

    /// The reading: what fires at `p` (nil: nothing; "disabled" when only disabled handlers would).
    static func literal(_ rows: [Row], at p: Point) -> [String]? {
        guard let row = rows.first(where: { $0.frame.contains(p) }) else { return nil }
        func rowLevel(_ c: Control) -> Bool {
            c.type == "Picker" ? (c.style == nil || c.style == "automatic") : (c.style == nil || c.style == "automatic")
        }
        // S14: content first. A plain Button fires on its label; a borderless one or a menu Picker on its frame (S17).
        for c in row.controls.reversed() where !rowLevel(c) {
            let region = c.style == "plain" ? c.label : c.frame
            if region.contains(p) && !c.disabled { return [c.id] }
        }
        // S12, S13, S15: the row's own action, then its row-level controls, a Picker alone among others.
        var entries: [(String, Bool, Bool)] = []
        if let a = row.rowAction { entries.append((a, false, false)) }
        for c in row.controls where rowLevel(c) { entries.append((c.id, c.disabled, c.type == "Picker")) }
        if entries.count > 1, let picker = entries.first(where: { $0.2 }) { entries = [picker] }
        let enabled = entries.filter { !$0.1 }.map(\.0)
        if !enabled.isEmpty { return enabled }
        if !entries.isEmpty { return ["disabled"] }
        // Disabled content that holds the point takes it without firing.
        if row.controls.contains(where: { !rowLevel($0) && $0.disabled && ($0.style == "plain" ? $0.label : $0.frame).contains(p) }) {
            return ["disabled"]
        }
        return nil
    }

    static func fired(_ r: TouchResult) -> [String]? {
        if r.outcome == .disabled { return ["disabled"] }
        guard r.outcome.fires, let h = r.handler else { return nil }
        if case .row = h.source { return h.rowActions }
        return [h.action ?? "?"]
    }

    @Test("S12–S16 on random lists: the engine fires what the literal reading says")
    func randomLists() throws {
        var rng = SplitMix64(seed: 40)
        var checked = 0
        for _ in 0..<300 {
            let rows = Self.randomList(&rng)
            let t = try tester(Self.json(rows), radius: 0)
            for _ in 0..<40 {
                let p = Point(Double.random(in: 0...393, using: &rng).rounded(), Double.random(in: 30...420, using: &rng).rounded())
                let expected = Self.literal(rows, at: p)
                let got = Self.fired(t.resolve(at: p))
                #expect(got == expected, "at \(p) in \(Self.json(rows).serialized(.compact))")
                checked += 1
            }
        }
        #expect(checked == 12_000)
    }

    // MARK: - UIKit trees

    struct View {
        var id: String; var frame: Rect; var interactive: Bool
        var kind: String?          // a control's kind
        var recognizer: Bool; var cancels: Bool
        var touchAction: Bool
        var swiftUIText: Rect?     // hosted SwiftUI content without a handler (U5)
        var children: [View]
    }

    static func randomView(_ rng: inout SplitMix64, id: String, frame: Rect, depth: Int) -> View {
        let kinds: [String?] = [nil, nil, "button", "switch", "segmented", "custom", "slider", "unknown"]
        var v = View(id: id, frame: frame, interactive: Int.random(in: 0..<8, using: &rng) != 0,
                     kind: kinds[Int.random(in: 0..<kinds.count, using: &rng)],
                     recognizer: Int.random(in: 0..<3, using: &rng) == 0, cancels: Bool.random(using: &rng),
                     touchAction: Int.random(in: 0..<4, using: &rng) == 0, swiftUIText: nil, children: [])
        if v.kind != nil && Bool.random(using: &rng) {
            v.swiftUIText = Rect(frame.x + 4, frame.y + 4, max(2, frame.width / 2), max(2, frame.height / 2))
        } else if depth < 3 {
            for c in 0..<Int.random(in: 0...3, using: &rng) {
                let w = (frame.width * Double.random(in: 0.2...0.8, using: &rng)).rounded()
                let h = (frame.height * Double.random(in: 0.2...0.8, using: &rng)).rounded()
                let x = frame.x + (Double.random(in: 0...1, using: &rng) * (frame.width - w)).rounded()
                let y = frame.y + (Double.random(in: 0...1, using: &rng) * (frame.height - h)).rounded()
                v.children.append(randomView(&rng, id: "\(id).\(c)", frame: Rect(x, y, w, h), depth: depth + 1))
            }
        }
        return v
    }

    static func json(_ v: View) -> JSONValue {
        var extra: [String: JSONValue] = ["userInteractionEnabled": .bool(v.interactive)]
        if let k = v.kind { extra["control"] = ["kind": .string(k), "action": .string("\(v.id).control")] }
        if v.recognizer { extra["gestureRecognizers"] = [["type": "tap", "action": .string("\(v.id).tap"), "cancelsTouchesInView": .bool(v.cancels)]] }
        if v.touchAction { extra["touchAction"] = ["action": .string("\(v.id).touch")] }
        var children = v.children.map(json)
        if let t = v.swiftUIText {
            children = [node("\(v.id).text", "Text", [t.x, t.y, t.width, t.height], ["system": "swiftui"])]
        }
        return uikit(v.id, "UIView", [v.frame.x, v.frame.y, v.frame.width, v.frame.height], children: children, extra)
    }

    /// U1: the path from the root to the deepest, frontmost view that takes `p`.
    static func hitPath(_ v: View, _ p: Point) -> [View]? {
        guard v.interactive, v.frame.contains(p) else { return nil }
        for c in v.children.reversed() { if let path = hitPath(c, p) { return [v] + path } }
        return [v]
    }

    /// The reading of U4–U10 (and U5 for hosted content without handlers): what fires at `p`.
    static func literal(_ root: View, at p: Point) -> [String]? {
        guard let path = hitPath(root, p) else { return nil }
        var ordered: [(action: String, raw: Bool, cancels: Bool)] = []
        var raw: [String] = []
        for (k, v) in path.reversed().enumerated() {
            if v.recognizer { ordered.append(("\(v.id).tap", false, v.cancels)) }
            if let kind = v.kind {
                // U10: a control of known kind fires only as the hit view; U7 custom and touchActions are raw (U9); U8 sliders never take a tap.
                if kind == "unknown" || k == 0 {
                    if kind == "custom" { raw.append("\(v.id).control") } else if kind != "slider" { ordered.append(("\(v.id).control", false, true)) }
                }
            }
            if v.touchAction { raw.append("\(v.id).touch") }
        }
        if let first = ordered.first {
            return first.cancels ? [first.action] : [first.action] + raw
        }
        return raw.first.map { [$0] }
    }

    @Test("U5–U10 on random UIKit trees: the engine fires what the literal reading says")
    func randomUIKitTrees() throws {
        var rng = SplitMix64(seed: 41)
        var checked = 0
        for n in 0..<300 {
            let root = Self.randomView(&rng, id: "v\(n)", frame: Rect(0, 0, 390, 800), depth: 0)
            let t = try tester(Self.json(root), radius: 0)
            for _ in 0..<40 {
                let p = Point(Double.random(in: 0...390, using: &rng).rounded(), Double.random(in: 0...800, using: &rng).rounded())
                let r = t.resolve(at: p)
                let got = r.outcome.fires ? [r.handler?.action ?? "?"] + r.simultaneous.map { $0.action ?? "?" } : nil
                #expect(got == Self.literal(root, at: p), "at \(p) in \(Self.json(root).serialized(.compact))")
                checked += 1
            }
        }
        #expect(checked == 12_000)
    }
}
