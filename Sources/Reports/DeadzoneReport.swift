import HitTesting
import TapJSON
import TapModel

/// `replay deadzones`: coverage of every target, and its predicted first-try success, as JSON or as a table.
public enum DeadzoneReport {
    /// What the report says it measured under.
    public struct Header: Sendable {
        public var screen: String
        public var profile: String
        public var radius: Double
        /// The human touch model's density, when targets carry predictions.
        public var density: ScreenDensity?
        public init(screen: String, profile: String, radius: Double, density: ScreenDensity?) {
            self.screen = screen; self.profile = profile; self.radius = radius; self.density = density
        }
    }

    /// `{ "screen", "profile", "touchRadius", "mmPerPoint", "targets": [...] }`, targets ordered by node id.
    public static func json(_ header: Header, targets: [TargetCoverage]) -> String {
        let sorted = targets.sorted { $0.node.utf8.lexicographicallyPrecedes($1.node.utf8) }
        var w = JSONWriter(style: .pretty)
        w.object { w in
            w.field("screen", header.screen)
            w.field("profile", header.profile)
            w.field("touchRadius", header.radius)
            if let d = header.density { w.field("mmPerPoint", rounded: d.mmPerPoint) }
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

    public static func table(_ h: Header, targets: [TargetCoverage], step: Double) -> String {
        let predicted = targets.contains { $0.predicted != nil }
        var header = ["target", "action", "own", "stolen", "blocked", "ambiguous", "disabled", "miss"]
        if predicted { header += ["predicted", "main cause of failure"] }
        var rows: [[String]] = []
        for t in worstFirst(targets) {
            var row = [t.node, t.action ?? "-"] + t.fractions.map { percent($0.value) }
            if let p = t.predicted {
                row.append(percent(p.success))
                row.append(p.mainCause.map { p.describe($0) } ?? "-")
            } else if predicted {
                row += ["-", "-"]
            }
            rows.append(row)
        }
        var out = "\(h.screen): \(targets.count) target\(targets.count == 1 ? "" : "s"), sampled every \(JSONValue.format(step)) pt, touch radius \(JSONValue.format(h.radius)) pt, profile \(h.profile)\n"
        if let d = h.density {
            out += "predicted: first-try success of a touch aimed at each target's centre (Bi and Zhai's touch model at \(JSONValue.format(JSONValue.round(d.mmPerPoint, places: 4))) mm/pt, \(d.because))\n"
        }
        out += TextTable.render(header: header, rows: rows, rightAligned: Set(2..<(predicted ? 9 : 8)))
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
