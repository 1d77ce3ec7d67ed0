import Baselines
import RunResults
import TapJSON
import TapModel

/// `replay accept`: what each screen's baseline now lists as known, and what changed.
public enum AcceptReport {
    public static func text(_ run: RunOutcome) -> String {
        var out = ""
        for s in run.suites {
            let file = s.baselineFile ?? "?"
            guard s.baseline != .noSnapshot else {
                out += "\(s.suite): \(file) has no snapshot in this run: nothing accepted\n"
                continue
            }
            let change = s.knownChange ?? KnownChange()
            var line = "\(s.suite): \(file)"
            if s.baseline == .written { line += " (new: its snapshot and coverage)" }
            var parts: [String] = []
            if !change.added.isEmpty { parts.append("accepted \(plural(change.added.count, "known problem"))") }
            if !change.kept.isEmpty { parts.append("kept \(change.kept.count) already known") }
            let fixed = change.dropped.filter { k in s.diff.fixed.contains { $0.key == k.key } }
            if !fixed.isEmpty { parts.append("dropped \(fixed.count) fixed") }
            line += parts.isEmpty ? " — nothing to accept: no regression or unmet expectation" : " — " + parts.joined(separator: ", ")
            out += line + "\n"
            for k in change.added { out += "  + \(k.place): \(k.attribution)\n" }
            for k in fixed { out += "  − \(k.place): fixed (\(k.attribution))\n" }
        }
        let added = run.suites.reduce(0) { $0 + ($1.knownChange?.added.count ?? 0) }
        let known = run.suites.reduce(0) { $0 + ($1.knownChange?.list.count ?? 0) }
        let dropped = run.suites.reduce(0) { $0 + ($1.knownChange?.dropped.count ?? 0) }
        let written = run.suites.contains { $0.baseline == .written }
        out += "\(plural(added, "problem")) accepted; the baselines list \(plural(known, "known problem"))."
        out += added + dropped == 0 && !written ? " Nothing changed.\n" : " Review the diff of the baselines and commit it.\n"
        return out
    }
}
