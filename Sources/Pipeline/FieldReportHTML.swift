import AuditDocuments
import TapJSON

/// The field report as one self-contained HTML page (`replay field --html FILE`,
/// docs/field-report.md): what the Markdown says, with the rate of taps that fired
/// nothing drawn as a bar per target and per app version, so a trend across
/// versions reads at a glance. No script, no file beside it.
extension FieldReport {
    public var html: String {
        var h = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Field report</title>
        <style>
        body { font: 14px/1.45 -apple-system, system-ui, sans-serif; margin: 2em; color: #1d1d1f; }
        table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
        th, td { padding: 4px 10px; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
        td.n { text-align: right; font-variant-numeric: tabular-nums; }
        .bar { display: inline-block; height: 10px; background: #d70015; vertical-align: middle; margin-right: 6px; }
        .inferred { color: #a05a00; }
        code { font: 13px ui-monospace, monospace; }
        </style></head><body>
        <h1>Field report</h1>

        """
        guard !screens.isEmpty else {
            return h + "<p>No production recordings are stored: <code>replay import</code> a PostHog, Datadog or Measure recording first.</p>\n</body></html>\n"
        }
        h += "<p>\(presses) tap\(presses == 1 ? "" : "s") from production, \(dead) fired nothing (\(percent(dead, presses))).</p>\n"
        for s in screens {
            h += "<h2>\(xmlEscape(s.screen))</h2>\n<p>\(s.traces) visit\(s.traces == 1 ? "" : "s"), \(s.presses) tap\(s.presses == 1 ? "" : "s"): "
                + "\(s.dead) fired nothing (\(percent(s.dead, s.presses))), \(s.rageBursts) rage burst\(s.rageBursts == 1 ? "" : "s"), "
                + "\(s.slowRetries) slow retr\(s.slowRetries == 1 ? "y" : "ies").</p>\n<ul>\n"
            for u in s.snapshots {
                h += u.kind == "team"
                    ? "<li>replayed against the team's snapshot, build \(xmlEscape(u.build ?? "(unknown)"))\(u.file.map { " (<code>\(xmlEscape($0))</code>)" } ?? ""): \(u.traces) visit\(u.traces == 1 ? "" : "s")</li>\n"
                    : "<li class=\"inferred\">replayed against the screen <strong>inferred</strong> from the recording's wireframes (interactivity guessed): \(u.traces) visit\(u.traces == 1 ? "" : "s")</li>\n"
            }
            for n in s.notes { h += "<li>note: \(xmlEscape(n))</li>\n" }
            h += "</ul>\n<table><tr><th>target</th><th>taps</th><th>fired nothing</th><th>rage bursts</th><th>slow retries</th><th>why</th></tr>\n"
            for t in s.targets {
                let why = t.causes.map { "\($0.presses)× \(xmlEscape($0.outcome)): \(xmlEscape($0.reason))" }.joined(separator: "<br>")
                h += "<tr><td><code>\(xmlEscape(t.node))</code>\(t.inferred ? " <span class=\"inferred\">(inferred)</span>" : "")</td>"
                    + "<td class=\"n\">\(t.presses)</td><td>\(bar(t.deadRate))\(t.dead) (\(percent(t.dead, t.presses)))</td>"
                    + "<td class=\"n\">\(t.rageBursts)</td><td class=\"n\">\(t.slowRetries)</td><td>\(why)</td></tr>\n"
            }
            h += "</table>\n"
            if !s.byVersion.isEmpty {
                h += "<table><tr><th>app version</th><th>taps</th><th>fired nothing</th></tr>\n"
                for v in s.byVersion {
                    h += "<tr><td>\(xmlEscape(v.appVersion))</td><td class=\"n\">\(v.presses)</td><td>\(bar(v.deadRate))\(v.dead) (\(percent(v.dead, v.presses)))</td></tr>\n"
                }
                h += "</table>\n"
            }
        }
        h += "<p>" + FieldReport.definitions.map { "<strong>\($0.0)</strong>: \(xmlEscape($0.1))" }.joined(separator: "; ") + ".</p>\n</body></html>\n"
        return h
    }

    /// A bar as wide as the rate (100 % is 120 px).
    private func bar(_ rate: Double) -> String {
        "<span class=\"bar\" style=\"width: \(JSONValue.format(JSONValue.round(120 * rate, places: 1)))px\"></span>"
    }
}
