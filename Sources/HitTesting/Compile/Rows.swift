import TapModel

/// Compile, rows: after every view, a list row's row-level controls become the row's one
/// handler (S13, S15; none for other rows, S16).

// MARK: - S13 (Rules/S13RowLevelControls.swift)

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

// MARK: - S15 (Rules/S15AllFire.swift)

extension Compilation {
    /// S13, S15: the handler of a row with row-level actions (its `rowAction` first, then its controls in
    /// document order; a row-level Picker among others alone), or nil when it has none (S16).
    func rowHandler(_ row: Int, controls: [Handler]) -> Handler? {
        var entries: [(action: String, disabled: Bool, picker: Bool)] = []
        if let own = nodes[row].rowAction { entries.append((own, disabledAbove[row] || nodes[row].isDisabledHere, false)) }
        for h in controls { entries.append((h.action ?? nodes[h.node].id, h.isDisabled, nodes[h.node].isRowLevelPicker)) }
        guard !entries.isEmpty else { return nil }
        if entries.count > 1, let picker = entries.first(where: { $0.picker }) { entries = [picker] }
        let enabled = entries.filter { !$0.disabled }
        let actions = (enabled.isEmpty ? entries : enabled).map(\.action)
        let joined = actions.joined(separator: ", ")
        return Handler(node: row, slot: handlers[row].count, source: .row, priority: .normal,
                       gesture: Gesture(.button, action: joined), action: joined,
                       isDisabled: enabled.isEmpty, isMasked: false, system: .swiftui, region: .anywhere, gestureName: "row",
                       isRawTouch: true, rowActions: actions)
    }
}
