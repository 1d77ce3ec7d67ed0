import HitTesting
import TapJSON
import TapModel

/// `replay deadzones`: coverage of every target, as JSON or as a table.
public enum DeadzoneReport {
    /// `{ "screen": ..., "targets": [...] }`, targets ordered by node id.
    public static func json(screen: String, targets: [TargetCoverage], profile: String, radius: Double) -> String {
        let sorted = targets.sorted { $0.node.utf8.lexicographicallyPrecedes($1.node.utf8) }
        var w = JSONWriter(style: .pretty)
        w.object { w in
            w.field("screen", screen)
            w.field("profile", profile)
            w.field("touchRadius", radius)
            w.key("targets")
            w.array(sorted) { w, t in w.object { w in t.writeFields(to: &w) } }
        }
        return w.text + "\n"
    }

    /// Worst first: least `own`, then most `miss`, then by id.
    public static func worstFirst(_ targets: [TargetCoverage]) -> [TargetCoverage] {
        targets.sorted {
            if $0.own != $1.own { return $0.own < $1.own }
            if $0.miss != $1.miss { return $0.miss > $1.miss }
            return $0.node < $1.node
        }
    }

    public static func table(screen: String, targets: [TargetCoverage], step: Double, radius: Double, profile: String) -> String {
        let header = ["target", "action", "own", "stolen", "blocked", "ambiguous", "disabled", "miss"]
        var rows: [[String]] = []
        for t in worstFirst(targets) {
            rows.append([t.node, t.action ?? "-"] + t.fractions.map { percent($0.value) })
        }
        var out = "\(screen): \(targets.count) target\(targets.count == 1 ? "" : "s"), sampled every \(JSONValue.format(step)) pt, touch radius \(JSONValue.format(radius)) pt, profile \(profile)\n"
        out += TextTable.render(header: header, rows: rows, rightAligned: Set(2..<8))
        return out
    }

    static func percent(_ v: Double) -> String {
        let p = JSONValue.round(v * 100, places: 1)
        return p == p.rounded() ? "\(Int(p))%" : "\(p)%"
    }
}

/// Plain aligned text tables.
public enum TextTable {
    public static func render(header: [String], rows: [[String]], rightAligned: Set<Int> = []) -> String {
        var widths = header.map { $0.count }
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (i, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: max(0, widths[i] - cell.count))
                parts.append(rightAligned.contains(i) ? pad + cell : cell + pad)
            }
            var s = parts.joined(separator: "  ")
            while s.hasSuffix(" ") { s.removeLast() }
            return s
        }
        var out = line(header) + "\n"
        out += line(widths.map { String(repeating: "-", count: $0) }) + "\n"
        for row in rows { out += line(row) + "\n" }
        return out
    }
}
