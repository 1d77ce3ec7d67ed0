import Baselines
import Pipeline
import TapModel

/// A short summary for a pull-request comment.
public enum MarkdownReport {
    public static func markdown(_ run: RunOutcome, maxFindings: Int = 20) -> String {
        let regressions = run.suites.reduce(0) { $0 + $1.diff.regressions.count }
        let improvements = run.suites.reduce(0) { $0 + $1.diff.improvements.count }
        var out = run.passed
            ? "### TapReplay: ✅ no regressions in \(run.suites.count) screen\(run.suites.count == 1 ? "" : "s")\n\n"
            : "### TapReplay: ❌ \(regressions) regression\(regressions == 1 ? "" : "s") in \(run.suites.filter { !$0.passed }.count) of \(run.suites.count) screens\n\n"
        out += "| Screen | Build | Presses | Fired | Regressions | Improvements | Baseline |\n|---|---|---:|---:|---:|---:|---|\n"
        for s in run.suites {
            let primary = s.replay.presses.filter { $0.partOf == nil }
            out += "| \(cell(s.suite)) | \(cell(s.snapshot.appBuild ?? "—")) | \(primary.count) | \(primary.filter(\.fired).count) | \(s.diff.regressions.count) | \(s.diff.improvements.count) | \(s.baseline.rawValue) |\n"
        }
        for s in run.suites where !s.diff.regressions.isEmpty || s.baseline == .written || s.baseline == .missing {
            out += "\n**\(cell(s.suite))**\n\n"
            if s.baseline == .written { out += "- a new baseline was written to `\(s.baselineFile ?? "?")`: review and commit it\n" }
            if s.baseline == .missing { out += "- no baseline at `\(s.baselineFile ?? "?")`\n" }
            for f in s.diff.regressions.prefix(maxFindings) {
                out += "- **\(f.rule.rawValue)** \(cell(f.location)): \(cell(f.message))\n"
            }
            if s.diff.regressions.count > maxFindings { out += "- … and \(s.diff.regressions.count - maxFindings) more\n" }
        }
        if improvements > 0 { out += "\n\(improvements) improvement\(improvements == 1 ? "" : "s").\n" }
        if let id = run.runID { out += "\n<sub>run #\(id)\(run.revision.map { " at \($0)" } ?? "")</sub>\n" }
        return out
    }

    static func cell(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
