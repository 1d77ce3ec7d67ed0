import Foundation
import TapJSON

/// `replay history field`: the field report's trend — per screen and target, the taps that
/// fired nothing by app version. It is computed from the stored production traces, which
/// keep their app version (docs/field-report.md, "The trend by app version").
extension FieldReport {
    /// Only `target`'s rows (and each screen's total) when given; screens without it are left out.
    public func trend(target: String? = nil) -> [Screen] {
        let replayed = screens.filter { $0.presses > 0 }  // a screen not replayed (no snapshot): `replay field` says why
        guard let target else { return replayed }
        return replayed.compactMap { s in
            var s = s
            s.targets = s.targets.filter { $0.node == target }
            return s.targets.isEmpty ? nil : s
        }
    }

    /// Every app version seen on a screen, oldest first.
    static func versions(of s: Screen) -> [String] { s.byVersion.map(\.appVersion) }

    public func trendJSON(target: String? = nil) -> String {
        var w = JSONWriter(style: .pretty)
        w.object { w in
            w.key("definitions")
            w.object { w in w.field("dead", FieldReport.definitions[0].1) }
            w.key("screens")
            w.array(trend(target: target)) { w, s in
                w.object { w in
                    w.field("screen", s.screen)
                    w.key("versions"); w.array(FieldReport.versions(of: s)) { w, v in w.string(v) }
                    w.key("byVersion"); FieldReport.write(s.byVersion, to: &w)
                    w.key("targets")
                    w.array(s.targets) { w, t in
                        w.object { w in
                            w.field("node", t.node)
                            w.key("inferred"); w.bool(t.inferred)
                            w.key("byVersion"); FieldReport.write(t.byVersion, to: &w)
                        }
                    }
                }
            }
        }
        return w.text + "\n"
    }

    /// A table per screen: a row per target (the screen's total first), a column per app version,
    /// each cell `fired nothing/taps (rate)`, `-` where that version has no tap on it.
    public func trendText(target: String? = nil) -> String {
        let shown = trend(target: target)
        guard !shown.isEmpty else {
            return target == nil ? "no production recordings are stored: replay import a PostHog, Datadog or Measure recording first (docs/field-report.md)\n"
                                 : "no tap on target '\(target!.clipped)' in the stored production recordings\n"
        }
        var out = ""
        for s in shown {
            let versions = FieldReport.versions(of: s)
            out += "\(s.screen): taps that fired nothing, by app version\n"
            func cells(_ byVersion: [Version]) -> [String] {
                versions.map { v in byVersion.first { $0.appVersion == v }.map { "\($0.dead)/\($0.presses) (\(percent($0.dead, $0.presses)))" } ?? "-" }
            }
            var rows = [["target"] + versions, ["(all taps)"] + cells(s.byVersion)]
            rows += s.targets.map { ["\($0.node)\($0.inferred ? " (inferred)" : "")"] + cells($0.byVersion) }
            let widths = versions.indices.map { i in rows.map { $0[i + 1].count }.max() ?? 0 }
            let first = rows.map { $0[0].count }.max() ?? 0
            for row in rows {
                var line = row[0].padding(toLength: first, withPad: " ", startingAt: 0)
                for (i, cell) in row.dropFirst().enumerated() { line += "  " + String(repeating: " ", count: widths[i] - cell.count) + cell }
                out += line + "\n"
            }
        }
        return out
    }
}
