import Audit
import Baselines
import HitTesting
import RunResults
import ReplayEngine
import TapJSON
import TapModel

/// One self-contained HTML file (inline SVG and CSS; no scripts, no network):
/// per screen, a drawing of where taps fire, where they die, and where the
/// recorded presses landed, beside a table of targets and the run's regressions.
public enum HTMLReport {
    /// The page's fixed layout: the first screen's drawing starts at (`margin`,
    /// `headerHeight + titleHeight`) in the page, at `ScreenDrawing.scale` pixels per point.
    public static let headerHeight = 48
    public static let titleHeight = 32
    public static let margin = 16

    /// Drawings of every suite of a run (computed once; the HTML and the SVG files share them).
    /// - Precondition: the run was asked for pictures (`RunRequest.picture`).
    public static func drawings(_ run: RunOutcome) -> [ScreenDrawing] {
        run.suites.compactMap { $0.picture.map(ScreenDrawing.init) }
    }

    /// The standalone SVG of one suite (for `--svg DIR`).
    public static func svg(_ s: SuiteOutcome, drawing: ScreenDrawing) -> String {
        drawing.svg(marks: s.marks, overlay: s.audit.map(AuditOverlay.svgLayer) ?? "", predicted: predicted(s), standalone: true)
    }

    /// Each target's predicted first-try success, by node id.
    static func predicted(_ s: SuiteOutcome) -> [String: Double] {
        var out: [String: Double] = [:]
        for t in s.coverage { if let p = t.predicted { out[t.node] = p.success } }
        return out
    }

    public static func html(_ run: RunOutcome, drawings: [ScreenDrawing]) -> String {
        let verdict = headline(run)
        var h = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>TapReplay report</title>
        <style>
        body { margin: 0; font: 13px/18px Helvetica, Arial, sans-serif; color: #111; background: #fff; }
        header { height: \(headerHeight)px; box-sizing: border-box; padding: 14px \(margin)px; overflow: hidden; white-space: nowrap; background: #f4f4f6; }
        header b { font-size: 15px; }
        .pass { color: #1a7f37; font-weight: bold; } .fail { color: #c62828; font-weight: bold; }
        section.screen { margin: 0 0 24px 0; padding: 0; }
        section.screen > h2 { height: \(titleHeight)px; line-height: \(titleHeight)px; margin: 0; padding: 0 \(margin)px; font-size: 15px; overflow: hidden; white-space: nowrap; }
        .body { display: flex; align-items: flex-start; gap: 20px; margin: 0; padding: 0; }
        figure { margin: 0; padding: 0 0 0 \(margin)px; flex: none; }
        figure svg { display: block; border: 0; }
        figcaption { margin-top: 8px; font-size: 12px; max-width: 480px; }
        .swatch { display: inline-block; width: 12px; height: 12px; vertical-align: -2px; margin-right: 4px; border: 1px solid #0003; }
        .aside { flex: 1; min-width: 360px; padding-right: \(margin)px; }
        table { border-collapse: collapse; font-size: 12px; margin-bottom: 14px; }
        th, td { border-bottom: 1px solid #e3e3e3; padding: 3px 8px; text-align: left; vertical-align: top; }
        td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        tr.regressed td { background: #fdecea; }
        .note { color: #555; }
        </style></head><body>
        <header><b>TapReplay</b> &nbsp; \(verdict) &nbsp; <span class="note">\(run.runID.map { "run #\($0) · " } ?? "")\(xmlEscape(run.startedAt))\(run.revision.map { " · " + xmlEscape(String($0.prefix(12))) } ?? "")</span></header>

        """
        for (s, drawing) in zip(run.suites.filter { $0.picture != nil }, drawings) {
            h += section(s, drawing)
        }
        h += "</body></html>\n"
        return h
    }

    /// The header's verdict, counting the screens the page draws; the screens it cannot
    /// draw (a baseline with no snapshot in the run) are named after it, never counted in.
    static func headline(_ run: RunOutcome) -> String {
        let drawn = run.suites.filter { $0.picture != nil }
        let failed = drawn.filter { !$0.passed }.count
        var h: String
        if failed == 0 {
            h = "<span class=\"pass\">\(drawn.count == 1 ? "1 screen passed" : "\(drawn.count) screens passed")</span>"
        } else {
            h = "<span class=\"fail\">\(failed) of \(drawn.count) screen\(drawn.count == 1 ? "" : "s") failed</span>"
        }
        let undrawn = run.suites.filter { $0.picture == nil }
        if !undrawn.isEmpty {
            let names = undrawn.map { xmlEscape($0.suite) }.joined(separator: ", ")
            let verb = undrawn.contains { !$0.passed } ? "<span class=\"fail\">not drawn, failed</span>" : "not drawn"
            h += " &nbsp; <span class=\"note\">\(verb): \(names) (no snapshot in this run)</span>"
        }
        if !run.screensNotInRun.isEmpty {
            h += " &nbsp; <span class=\"note\">not in this run: \(run.screensNotInRun.map(xmlEscape).joined(separator: ", "))</span>"
        }
        return h
    }

    static func section(_ s: SuiteOutcome, _ drawing: ScreenDrawing) -> String {
        let build = (s.snapshot.appBuild.map { " · build \(xmlEscape($0))" } ?? "")
            + (s.profile.map { " · \(xmlEscape($0)), \(JSONValue.format(s.touchRadius ?? 0)) pt touch" } ?? "")
        var h = "<section class=\"screen\" id=\"screen-\(xmlEscape(s.suite))\">\n"
        h += "<h2>\(xmlEscape(s.suite))\(build) · \(s.passed ? "<span class=\"pass\">PASS</span>" : "<span class=\"fail\">FAIL</span>") <span class=\"note\">\(xmlEscape(s.snapshot.source))</span></h2>\n"
        h += "<div class=\"body\"><figure>\n"
        h += drawing.svg(marks: s.marks, overlay: s.audit.map(AuditOverlay.svgLayer) ?? "", predicted: predicted(s))
        h += "<figcaption>"
        h += swatch(ScreenDrawing.deadColor) + "dead (a tap inside a target fires nothing) "
        h += swatch(ScreenDrawing.ambiguousColor) + "ambiguous "
        h += swatch(ScreenDrawing.blockedColor) + "blocked "
        h += swatch("repeating-linear-gradient(135deg,\(ScreenDrawing.disabledColor) 0 2px,#e6e1f0 2px 4px)") + "disabled; "
        h += "other colours: where each target fires (its frame outlined in the same colour); "
        h += swatch("repeating-linear-gradient(45deg,#555 0 1.5px,#fff 1.5px 4px)") + "striped in a target's colour: "
        h += "taps inside another target's frame that this one steals. "
        h += "Presses: ● fired, ✕ did not fire, ◇ around a mark: regressed."
        if s.coverage.contains(where: { $0.predicted != nil }) {
            let density = s.mmPerPoint.map { " at \(JSONValue.format(JSONValue.round($0, places: 4))) mm/pt" } ?? ""
            h += "<br>People: the badge on each target is its <b>predicted first-try success</b>, the share of touches a person aims at its centre that fire it "
            h += swatch(ScreenDrawing.predictedShade(1)) + "95% or more " + swatch(ScreenDrawing.predictedShade(0.9)) + "85–95% "
            h += swatch(ScreenDrawing.predictedShade(0)) + "below 85% (A10's warning and error). "
            h += "Where fingers land comes from Bi and Zhai's dual-Gaussian model of finger touches (\"Bayesian Touch\", UIST 2013, fitted in a lab)\(density); "
            h += "each touch is bound by the engine as a press would be. A model, not a measurement: docs/audit.md says what it leaves out."
        }
        let shown = s.marks.count
        if shown < s.stats.presses { h += " Showing \(shown) of \(s.stats.presses) presses (regressed ones first)." }
        if drawing.step != 1 { h += " Sampled every \(fmt(drawing.step)) pt." }
        h += "</figcaption></figure>\n<div class=\"aside\">\n"
        h += targetTable(s, drawing)
        h += regressionTable(s)
        if let audit = s.audit { h += "<h3>Audit</h3>\n" + AuditOverlay.htmlTable(audit) }
        h += "</div></div>\n</section>\n"
        return h
    }

    static func targetTable(_ s: SuiteOutcome, _ drawing: ScreenDrawing) -> String {
        var coverage: [String: TargetCoverage] = [:]
        for t in s.coverage { coverage[t.node] = t }
        var before: [String: Finding] = [:]
        for f in s.diff.regressions + s.diff.improvements where f.rule == .coverage { if let n = f.node { before[n] = f } }
        var changed: [String: Finding] = [:]  // R7, either way
        for f in s.diff.regressions + s.diff.improvements where f.rule == .predicted { if let n = f.node { changed[n] = f } }
        let withBaseline = s.baseline == .compared
        var h = "<table class=\"targets\"><thead><tr><th></th><th>target</th><th>action</th>"
        h += withBaseline ? "<th>own (baseline → now)</th><th>miss (baseline → now)</th><th>stolen (baseline → now)</th>" : "<th>own</th><th>miss</th><th>stolen</th>"
        h += "<th>blocked</th><th>ambiguous</th><th>disabled</th><th>predicted first try</th></tr></thead><tbody>\n"
        for t in drawing.targets {
            guard let c = coverage[t.id] else { continue }
            let f = before[t.id]
            let isRegressed = f?.kind == .regression
            h += "<tr\(isRegressed ? " class=\"regressed\"" : "")><td><span class=\"swatch\" style=\"background:\(t.color)\"></span></td>"
            h += "<td>\(xmlEscape(t.id))</td><td>\(xmlEscape(c.action ?? "—"))</td>"
            let thief = c.stolenBy.map { "<span class=\"note\" title=\"taken by \(xmlEscape($0))\"> ↗</span>" } ?? ""
            if let f, let b = f.before {
                h += "<td class=\"n\">\(percent(b.own ?? 0)) → \(percent(c.own))</td><td class=\"n\">\(percent(b.miss ?? 0)) → \(percent(c.miss))</td>"
                h += "<td class=\"n\">\(percent(b.stolen ?? 0)) → \(percent(c.stolen))\(thief)</td>"
            } else {
                h += "<td class=\"n\">\(percent(c.own))</td><td class=\"n\">\(percent(c.miss))</td><td class=\"n\">\(percent(c.stolen))\(thief)</td>"
            }
            h += "<td class=\"n\">\(percent(c.blocked))</td><td class=\"n\">\(percent(c.ambiguous))</td><td class=\"n\">\(percent(c.disabled))</td>"
            if let p = c.predicted {
                let title = p.mainCause.map { " title=\"\(xmlEscape(p.describe($0)))\"" } ?? ""
                let was = changed[t.id].flatMap { $0.before?.predicted }.map { "\(ScreenDrawing.percentText($0)) → " } ?? ""
                h += "<td class=\"n\"\(title)>\(was)\(swatch(ScreenDrawing.predictedShade(p.success)))\(ScreenDrawing.percentText(p.success))</td></tr>\n"
            } else {
                h += "<td class=\"n\">—</td></tr>\n"
            }
        }
        return h + "</tbody></table>\n"
    }

    static func regressionTable(_ s: SuiteOutcome) -> String {
        var h = ""
        switch s.baseline {
        case .written: h += "<p class=\"fail\">No baseline: a new one was written to \(xmlEscape(s.baselineFile ?? "?")).</p>\n"
        case .missing: h += "<p class=\"fail\">No baseline at \(xmlEscape(s.baselineFile ?? "?")).</p>\n"
        case .none: h += "<p class=\"note\">Not compared with a baseline.</p>\n"
        case .noSnapshot: h += "<p class=\"fail\">A baseline exists but no snapshot of this screen was in the run.</p>\n"
        case .compared, .recorded: break
        }
        h += knownTable(s)
        guard !s.diff.regressions.isEmpty else {
            return h + "<p class=\"note\">No regressions.</p>\n"
        }
        h += "<ul class=\"causes\">\n"
        for c in s.diff.causes { h += "<li><b>\(xmlEscape(c.reason))</b> — \(xmlEscape(c.summary))</li>\n" }
        h += "</ul>\n"
        h += "<table class=\"regressions\"><thead><tr><th>rule</th><th>where</th><th>baseline</th><th>now</th><th>why</th></tr></thead><tbody>\n"
        for f in s.diff.regressions {
            h += "<tr><td>\(f.rule.rawValue)</td><td>\(xmlEscape(f.location))</td><td>\(side(f.before, f.rule))</td><td>\(side(f.after, f.rule))</td><td>\(xmlEscape(f.message))</td></tr>\n"
        }
        return h + "</tbody></table>\n"
    }

    /// Known problems (accepted in the baseline; never failing) and the ones fixed.
    static func knownTable(_ s: SuiteOutcome) -> String {
        guard !s.diff.known.isEmpty || !s.diff.fixed.isEmpty else { return "" }
        var h = "<p class=\"note\">\(s.diff.known.count) known problem\(s.diff.known.count == 1 ? "" : "s") (accepted in the baseline; not failing)"
        h += s.diff.fixed.isEmpty ? "" : ", \(s.diff.fixed.count) fixed"
        h += "</p>\n<table class=\"known\"><thead><tr><th>rule</th><th>where</th><th>now</th><th>accepted</th></tr></thead><tbody>\n"
        for f in s.diff.known {
            h += "<tr><td>\(f.rule.rawValue)</td><td>\(xmlEscape(f.location))</td><td>\(xmlEscape(f.message))</td>"
            h += "<td>\(xmlEscape(f.accepted?.attribution ?? ""))</td></tr>\n"
        }
        for k in s.diff.fixed {
            h += "<tr><td>\(xmlEscape(k.rule))</td><td>\(xmlEscape(k.place))</td><td class=\"pass\">fixed: no longer occurs</td>"
            h += "<td>\(xmlEscape(k.attribution))</td></tr>\n"
        }
        return h + "</tbody></table>\n"
    }

    static func side(_ s: Finding.Side?, _ rule: Rule) -> String {
        guard let s else { return "—" }
        if rule == .predicted, let p = s.predicted { return xmlEscape("predicted first try \(percent(p))") }
        var parts: [String] = []
        if let o = s.outcome { parts.append(o) }
        if s.outcome != nil, let a = s.action { parts.append(a) }
        if let l = s.latencyMs { parts.append("\(fmt(l)) ms") }
        if let own = s.own { parts.append("own \(percent(own))") }
        if let miss = s.miss { parts.append("miss \(percent(miss))") }
        return xmlEscape(parts.joined(separator: " · "))
    }

    static func percent(_ v: Double) -> String { "\(fmt(v * 100))%" }

    /// A small square of `background` (a colour or a CSS gradient), for legends and tables.
    static func swatch(_ background: String) -> String { "<span class=\"swatch\" style=\"background:\(background)\"></span>" }
}
