import Baselines
import RunResults
import TapJSON
import TapModel

/// A short summary for a pull-request comment.
public enum MarkdownReport {
    public static func markdown(_ run: RunOutcome, maxFindings: Int = 20) -> String {
        let regressions = run.suites.reduce(0) { $0 + $1.diff.regressions.count }
        let improvements = run.suites.reduce(0) { $0 + $1.diff.improvements.count }
        let failed = run.suites.filter { !$0.passed }
        var out: String
        if run.passed {
            out = "### TapReplay: ✅ no regressions in \(plural(run.suites.count, "screen"))\n\n"
        } else if regressions > 0 {
            out = "### TapReplay: ❌ \(plural(regressions, "regression")) in \(failed.count) of \(plural(run.suites.count, "screen"))\n\n"
        } else {
            out = "### TapReplay: ❌ \(failed.count) of \(plural(run.suites.count, "screen")) not compared (see the baselines below)\n\n"
        }
        out += "| Screen | Build | Touch | Presses | Fired | Regressions | Known | Improvements | Baseline |\n|---|---|---|---:|---:|---:|---:|---:|---|\n"
        for s in run.suites {
            let touch = s.profile.map { "\($0), \(JSONValue.format(s.touchRadius ?? 0)) pt" } ?? "—"
            out += "| \(cell(s.suite)) | \(cell(s.snapshot.appBuild ?? "—")) | \(touch) | \(s.stats.presses) | \(s.stats.fired) | \(s.diff.regressions.count) | \(s.diff.known.count) | \(s.diff.improvements.count) | \(s.baseline.rawValue) |\n"
        }
        for s in run.suites where s.passed {
            if let note = s.errorProneNote { out += "\n**\(cell(s.suite))** passes, but \(cell(note))\n" }
        }
        for s in run.suites where !s.passed {
            out += "\n**\(cell(s.suite))**\n\n"
            switch s.baseline {
            case .written: out += "- a new baseline was written to `\(s.baselineFile ?? "?")`: review and commit it\n"
            case .missing: out += "- no baseline at `\(s.baselineFile ?? "?")`\n"
            case .refused: out += "- no baseline at `\(s.baselineFile ?? "?")`: \(BaselineStatus.refusedText)\n"
            case .noSnapshot: out += "- `\(s.baselineFile ?? "?")` has a baseline but no snapshot of this screen was in the run\n"
            default: break
            }
            var shown = 0
            for c in s.diff.causes {
                out += "- \(cell(c.reason)) — **\(cell(c.summary))**\n"
                for i in c.regressions.prefix(max(0, min(5, maxFindings - shown))) {
                    let f = s.diff.regressions[i]
                    out += "  - **\(f.rule.rawValue)** \(cell(f.location)): \(cell(f.message))\n"
                    shown += 1
                }
            }
            if s.diff.regressions.count > shown { out += "- … and \(s.diff.regressions.count - shown) more findings\n" }
        }
        for s in run.suites where !s.diff.known.isEmpty || !s.diff.fixed.isEmpty {
            out += "\n<details><summary>\(cell(s.suite)): \(plural(s.diff.known.count, "known problem")) (accepted; not failing)"
            out += s.diff.fixed.isEmpty ? "" : ", \(s.diff.fixed.count) fixed"
            out += "</summary>\n\n"
            for f in s.diff.known.prefix(maxFindings) {
                out += "- **\(f.rule.rawValue)** \(cell(f.location)): \(cell(f.message))" + (f.accepted.map { " — _\(cell($0.attribution))_" } ?? "") + "\n"
            }
            if s.diff.known.count > maxFindings { out += "- … and \(s.diff.known.count - maxFindings) more\n" }
            for k in s.diff.fixed { out += "- fixed: \(cell(k.place)) no longer occurs\n" }
            out += "\n</details>\n"
        }
        if !run.screensNotInRun.isEmpty { out += "\nNot in this run: \(run.screensNotInRun.map(cell).joined(separator: ", ")).\n" }
        if improvements > 0 { out += "\n\(plural(improvements, "improvement")).\n" }
        if let id = run.runID { out += "\n<sub>run #\(id)\(run.revision.map { " at \($0)" } ?? "")</sub>\n" }
        return out
    }

    static func cell(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
