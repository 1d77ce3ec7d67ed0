import Foundation
import TapJSON
import TapModel

/// The field report as JSON, Markdown and text (docs/field-report.md shows each).
extension FieldReport {
    static let definitions: [(String, String)] = [
        ("dead", "a tap (one finger, straying under \(JSONValue.format(tapSlop)) pt, not cancelled) that fires nothing on the snapshot"),
        ("rage", "\(rageCount) or more taps within \(JSONValue.format(rageWindow)) s and \(JSONValue.format(rageDistance)) pt of the first of them (PostHog's rage click)"),
        ("slowRetry", "a tap that fired nothing followed within \(JSONValue.format(retryWindow)) s by a tap that fired; counted on the target that fired"),
    ]

    public var json: String {
        var w = JSONWriter(style: .pretty)
        w.object { w in
            w.field("presses", presses)
            w.field("dead", dead)
            w.key("definitions")
            w.object { w in for (k, v) in FieldReport.definitions { w.field(k, v) } }
            w.key("screens")
            w.array(screens) { w, s in
                w.object { w in
                    w.field("screen", s.screen)
                    w.field("traces", s.traces)
                    w.field("presses", s.presses)
                    w.field("dead", s.dead)
                    w.key("deadRate"); w.rounded(s.presses == 0 ? 0 : Double(s.dead) / Double(s.presses))
                    w.field("rageBursts", s.rageBursts)
                    w.field("slowRetries", s.slowRetries)
                    w.key("snapshots")
                    w.array(s.snapshots) { w, u in
                        w.object { w in
                            w.field("kind", u.kind)
                            w.field("build", u.build)
                            w.field("file", u.file)
                            w.field("traces", u.traces)
                        }
                    }
                    w.key("targets")
                    w.array(s.targets) { w, t in
                        w.object { w in
                            w.field("node", t.node)
                            w.field("presses", t.presses)
                            w.field("fired", t.fired)
                            w.field("dead", t.dead)
                            w.key("deadRate"); w.rounded(t.deadRate)
                            w.field("rageBursts", t.rageBursts)
                            w.field("slowRetries", t.slowRetries)
                            w.key("inferred"); w.bool(t.inferred)
                            w.key("byVersion"); FieldReport.write(t.byVersion, to: &w)
                            w.key("causes")
                            w.array(t.causes) { w, c in
                                w.object { w in
                                    w.field("outcome", c.outcome)
                                    w.field("reason", c.reason)
                                    w.field("presses", c.presses)
                                    w.key("example"); w.numbers(JSONValue.round(c.example.x), JSONValue.round(c.example.y))
                                }
                            }
                        }
                    }
                    w.key("byVersion"); FieldReport.write(s.byVersion, to: &w)
                    w.key("notes")
                    w.array(s.notes) { w, n in w.string(n) }
                }
            }
        }
        return w.text + "\n"
    }

    /// `[{"appVersion", "presses", "dead", "deadRate"}, …]`
    static func write(_ versions: [Version], to w: inout JSONWriter) {
        w.array(versions) { w, v in
            w.object { w in
                w.field("appVersion", v.appVersion)
                w.field("presses", v.presses)
                w.field("dead", v.dead)
                w.key("deadRate"); w.rounded(v.deadRate)
            }
        }
    }

    public var markdown: String {
        var md = "# Field report\n\n"
        if screens.isEmpty {
            return md + "No production recordings are stored: `replay import` a PostHog, Datadog or Measure recording first (docs/field-report.md).\n"
        }
        md += "\(pluralWord(presses, "tap")) from production, \(pluralWord(dead, "tap")) fired nothing.\n\n"
        for s in screens {
            md += "## \(s.screen)\n\n"
            md += "\(pluralWord(s.traces, "visit")), \(pluralWord(s.presses, "tap")): \(s.dead) fired nothing (\(percent(s.dead, s.presses))), "
                + "\(pluralWord(s.rageBursts, "rage burst")), \(pluralWord(s.slowRetries, "retry", "retries")) felt as slow to respond.\n\n"
            for u in s.snapshots {
                md += u.kind == "team"
                    ? "- replayed against the team's snapshot, build \(u.build ?? "(unknown)")\(u.file.map { " (`\($0)`)" } ?? "") — \(pluralWord(u.traces, "visit"))\n"
                    : "- replayed against the screen **inferred** from the recording's wireframes (guessed interactivity) — \(pluralWord(u.traces, "visit"))\n"
            }
            for n in s.notes { md += "- note: \(n)\n" }
            md += "\n| target | taps | fired nothing | rage bursts | slow retries | cause |\n|---|---:|---:|---:|---:|---|\n"
            for t in s.targets {
                let cause = t.causes.first.map { "\($0.outcome): \($0.reason)".replacingOccurrences(of: "|", with: "\\|") } ?? ""
                md += "| `\(t.node)`\(t.inferred ? " (inferred)" : "") | \(t.presses) | \(t.dead) (\(percent(t.dead, t.presses))) | \(t.rageBursts) | \(t.slowRetries) | \(cause) |\n"
            }
            if s.byVersion.count > 0 {
                md += "\n| app version | taps | fired nothing |\n|---|---:|---:|\n"
                for v in s.byVersion { md += "| \(v.appVersion) | \(v.presses) | \(v.dead) (\(percent(v.dead, v.presses))) |\n" }
            }
            md += "\n"
        }
        md += "Definitions: " + FieldReport.definitions.map { "**\($0.0)**: \($0.1)" }.joined(separator: "; ") + ".\n"
        return md
    }

    /// The text on stdout: each screen's worst targets, with their first cause.
    public var text: String {
        guard !screens.isEmpty else { return "no production recordings are stored: replay import a PostHog, Datadog or Measure recording first (docs/field-report.md)\n" }
        var out = ""
        for s in screens {
            out += "\(s.screen): \(pluralWord(s.presses, "tap")) from \(pluralWord(s.traces, "visit")), \(s.dead) fired nothing (\(percent(s.dead, s.presses))), "
                + "\(pluralWord(s.rageBursts, "rage burst")), \(pluralWord(s.slowRetries, "slow retry", "slow retries"))\n"
            for u in s.snapshots where u.kind == "inferred" { out += "  (\(pluralWord(u.traces, "visit")) replayed against the inferred screen: interactivity guessed)\n" }
            for t in s.targets where t.dead > 0 || t.rageBursts > 0 || t.slowRetries > 0 {
                out += "  \(t.node): \(t.dead) of \(t.presses) fired nothing (\(percent(t.dead, t.presses)))"
                if t.rageBursts > 0 { out += ", \(pluralWord(t.rageBursts, "rage burst"))" }
                if t.slowRetries > 0 { out += ", \(pluralWord(t.slowRetries, "slow retry", "slow retries"))" }
                out += "\n"
                for c in t.causes { out += "    \(c.presses)× \(c.outcome): \(c.reason)\n" }
            }
            for n in s.notes { out += "  note: \(n)\n" }
        }
        return out
    }

    func percent(_ a: Int, _ b: Int) -> String {
        b == 0 ? "0%" : "\(JSONValue.format(JSONValue.round(100 * Double(a) / Double(b), places: 1)))%"
    }
}

private func pluralWord(_ n: Int, _ one: String, _ many: String? = nil) -> String {
    "\(n) \(n == 1 ? one : many ?? one + "s")"
}
