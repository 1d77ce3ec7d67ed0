import TapModel
import TapRules

/// S13 Row-level controls: in a list row (not in a row nested in it), a Button,
/// NavigationLink, Link or ShareLink of the automatic style (or with no style
/// written), a Picker of the automatic or navigationLink style, and the row's own
/// `rowAction` act for the whole row. Their own region and opacity do not matter
/// (an invisible, empty NavigationLink still makes its row navigate); `hidden` and
/// `allowsHitTesting(false)` unregister them (a Decision). Any other style opts out:
/// the control responds where it is, as outside a list (S17).
public enum S13RowLevelControls: HitTestingRule {
    static func row(_ button: String) -> String {
        #"{"id":"form","type":"Form","role":"list","frame":[0,0,393,852],"children":[{"id":"row.sync","type":"ListRow","role":"row","frame":[16,120,361,44],"children":["#
            + button + #"]}]}"#
    }
    static let empty = row(#"{"id":"sync","type":"NavigationLink","action":"openSync","frame":[36,120,0,0],"modifiers":[{"opacity":0.0}]}, {"id":"sync.title","type":"Text","frame":[36,131,100,22]}"#)
    static let plain = row(#"{"id":"sync","type":"Button","style":"plain","action":"sync","frame":[36,120,321,44],"children":[{"id":"sync.title","type":"Text","frame":[36,131,100,22]}]}"#)
    static let automatic = row(#"{"id":"sync","type":"Button","style":"automatic","action":"sync","frame":[36,120,321,44],"children":[{"id":"sync.title","type":"Text","frame":[36,131,100,22]}]}"#)

    public static let description = RuleDescription(
        id: "S13",
        name: "row-level controls",
        summary: "automatic-style Buttons, NavigationLinks, Links, ShareLinks and Pickers in a row act for the whole row",
        triggeringExamples: [
            // An empty, invisible NavigationLink still makes its row navigate.
            HitExample(empty, tap: Point(300, 142), .hit, fires: "openSync"),
            HitExample(automatic, tap: Point(300, 142), .hit, fires: "sync"),
        ],
        nonTriggeringExamples: [
            // A plain-style Button is not row-level: its label is as written, the gap is dead.
            HitExample(plain, tap: Point(300, 142), .miss),
            HitExample(plain, tap: Point(60, 142), .hit, fires: "sync"),
        ])
}

extension Compilation {
    /// S13: every row's row-level controls fire through the row only; the row gets one handler that runs
    /// them all (S15), a raw-touch handler (U9) that comes after everything in its content (S14). Rows
    /// without row-level actions get none (S16). Targets are recounted: a row is one target, its row-level
    /// controls none.
    mutating func compileRows() {
        rowOf = [Int32](repeating: -1, count: nodes.count)
        cellOf = [Int32](repeating: -1, count: nodes.count)
        guard nodes.contains(where: { $0.role == .row || $0.role == .header || $0.role == .footer }) else { return }
        for (i, node) in nodes.enumerated() {
            let isCell = node.role == .row || node.role == .header || node.role == .footer
            rowOf[i] = node.role == .row ? Int32(i) : (node.parent >= 0 ? rowOf[node.parent] : -1)
            cellOf[i] = isCell ? Int32(i) : (node.parent >= 0 ? cellOf[node.parent] : -1)
            if node.role == .row && alive[i] { rows.append(i) }
            if isCell && alive[i] { cells.append(i) }
        }
        for row in rows {
            var controls: [Handler] = []
            for v in (row + 1)..<nodes[row].end where rowOf[v] == Int32(row) && nodes[v].isRowLevelControl && registered(v, in: row) {
                guard let k = handlers[v].firstIndex(where: { if case .swiftUI(let m) = $0.source { return m < 0 }; return false }) else { continue }
                handlers[v][k] = handlers[v][k].madeRowLevel()
                controls.append(handlers[v][k])
            }
            if let h = rowHandler(row, controls: controls) { handlers[row].append(h) }
        }
        targets = nodes.indices.filter { i in handlers[i].contains { $0.isTapLike && !$0.isRowLevel } }
    }

    /// Whether nothing between the control and its row unregisters it (`hidden`, `allowsHitTesting(false)`;
    /// opacity does not, a Decision).
    private func registered(_ v: Int, in row: Int) -> Bool {
        var a = v
        while a > row {
            for m in nodes[a].modifiers {
                switch m {
                case .hidden(true), .allowsHitTesting(false): return false
                default: break
                }
            }
            a = nodes[a].parent
        }
        return true
    }
}
