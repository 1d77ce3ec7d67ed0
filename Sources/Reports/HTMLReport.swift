import AuditDocuments
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
    /// Below each screen's title: the layer and filter bar, the playback bar, the selected
    /// press's explanation, and the captions over the drawings, each of a fixed height.
    public static let toolbarHeight = 34
    public static let playerHeight = 34
    public static let detailHeight = 68
    public static let captionHeight = 22
    /// Between the baseline's drawing and the new build's.
    public static let gap = 24

    /// Where the first screen's drawings start in the page (CSS pixels): the baseline's in
    /// column 0 and the new build's in column 1 when the screen was compared with a baseline
    /// that holds a snapshot; the new build's alone in column 0 otherwise.
    public static func drawingOrigin(column: Int, drawingWidth: Double) -> (x: Double, y: Double) {
        (Double(margin) + Double(column) * (drawingWidth + Double(gap)),
         Double(headerHeight + titleHeight + toolbarHeight + playerHeight + detailHeight + captionHeight))
    }

    /// Drawings of every suite of a run (computed once; the HTML and the SVG files share them).
    /// - Precondition: the run was asked for pictures (`RunRequest.picture`).
    public static func drawings(_ run: RunOutcome) -> [ScreenDrawing] {
        run.suites.compactMap { $0.picture.map(ScreenDrawing.init) }
    }

    /// The drawing of each drawn suite's baseline snapshot (nil where there is none).
    static func baselineDrawings(_ run: RunOutcome) -> [ScreenDrawing?] {
        run.suites.filter { $0.picture != nil }.map { $0.baselinePicture.map(ScreenDrawing.init) }
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
        <meta name="viewport" content="width=device-width">
        <style>
        \(ReportPage.css)
        </style></head><body>
        <header><b>TapReplay</b> &nbsp; \(verdict) &nbsp; <span class="note">\(run.runID.map { "run #\($0) · " } ?? "")\(xmlEscape(run.startedAt))\(run.revision.map { " · " + xmlEscape(String($0.prefix(12))) } ?? "")</span></header>
        <noscript><p class="note" style="padding:0 16px">Press playback, filters and layer switches need JavaScript; the drawings and tables below do not.</p></noscript>

        """
        let drawn = run.suites.filter { $0.picture != nil }
        for (i, (s, drawing)) in zip(drawn, drawings).enumerated() {
            h += section(s, drawing, baseline: s.baselinePicture.map(ScreenDrawing.init), index: i)
        }
        h += "<script>\n" + ReportPage.script + "</script>\n</body></html>\n"
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
        // A screen that passes with targets people miss is not all green (docs/report.md, "The header").
        for s in drawn where s.passed {
            if let note = s.errorProneNote { h += "<br><span class=\"warn\">\(xmlEscape(s.suite)) passes, but \(xmlEscape(note))</span>" }
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

    static func section(_ s: SuiteOutcome, _ drawing: ScreenDrawing, baseline: ScreenDrawing?, index: Int) -> String {
        let build = (s.snapshot.appBuild.map { " · build \(xmlEscape($0))" } ?? "")
            + (s.profile.map { " · \(xmlEscape($0)), \(JSONValue.format(s.touchRadius ?? 0)) pt touch" } ?? "")
        var h = "<section class=\"screen\" id=\"screen-\(xmlEscape(s.suite))\" aria-label=\"Screen \(xmlEscape(s.suite))\">\n"
        h += "<h2>\(xmlEscape(s.suite))\(build) · \(s.passed ? "<span class=\"pass\">PASS</span>" : "<span class=\"fail\">FAIL</span>") <span class=\"note\">\(xmlEscape(s.snapshot.source))</span></h2>\n"
        let now = backdrop(s.pictureTester?.snapshot), before = backdrop(s.baselineTester?.snapshot)
        let backdropName = now.name == before.name || s.baselineTester == nil ? now.name : "screenshot or wireframe"
        let many = s.stats.presses > s.marks.count
        h += "<div class=\"toolbar\" role=\"toolbar\" aria-label=\"\(xmlEscape(s.suite)): layers and filters\">"
        h += "<span class=\"group\">Show:</span>"
        h += checkbox("fills", "region fills", on: true) + checkbox("outlines", "target outlines", on: true)
        h += checkbox("backdrop", backdropName, on: true) + checkbox("marks", "presses", on: s.marks.count <= ReportPage.markedPresses) + checkbox("heat", "heat (every press)", on: many)
        h += "<label>presses <select class=\"f-kind\"><option value=\"all\">all</option><option value=\"regressed\">regressed</option>"
        h += "<option value=\"missed\">did not fire</option></select></label>"
        h += "<label>trace <select class=\"f-trace\"><option value=\"\">every trace</option></select></label>"
        h += "<label>target <select class=\"f-target\"><option value=\"\">every target</option>"
        for t in drawing.targets { h += "<option>\(xmlEscape(t.id))</option>" }
        h += "</select></label></div>\n"
        h += "<div class=\"player\" role=\"group\" aria-label=\"\(xmlEscape(s.suite)): press playback\">"
        h += "<button type=\"button\" class=\"p-first\" aria-label=\"First press (Home)\">|◀</button>"
        h += "<button type=\"button\" class=\"p-prev\" aria-label=\"Previous press (left arrow)\">◀</button>"
        h += "<button type=\"button\" class=\"p-play\" aria-pressed=\"false\" aria-label=\"Play the presses one after another (space)\">▶ play</button>"
        h += "<button type=\"button\" class=\"p-next\" aria-label=\"Next press (right arrow)\">▶</button>"
        h += "<button type=\"button\" class=\"p-last\" aria-label=\"Last press (End)\">▶|</button>"
        h += "<input type=\"range\" class=\"p-time\" min=\"0\" max=\"0\" value=\"0\" aria-label=\"Timeline: which press\">"
        h += "<span class=\"p-count\"></span></div>\n"
        h += "<div class=\"detail\" role=\"status\" aria-live=\"polite\">Step through the presses with ◀ ▶ (or the arrow keys): "
        h += "the drawings then show where the finger landed, its touch cloud, the responders that scored and the one that fired, on both builds.</div>\n"
        // The causes, numbered on the drawings and written beside them.
        var numbers: [String: Int] = [:]
        for (k, c) in s.diff.causes.enumerated() where numbers[c.node] == nil { numbers[c.node] = k + 1 }
        var changed = numbers.map { (id: $0.key, number: $0.value) }
        for f in s.diff.regressions where f.rule == .coverage {
            if let n = f.node, numbers[n] == nil { numbers[n] = 0; changed.append((n, 0)) }
        }
        changed.sort { $0.number < $1.number }
        let overlay = s.audit.map(AuditOverlay.svgLayer) ?? ""
        h += "<div class=\"sides\">\n"
        if let baseline, let tester = s.baselineTester {
            let label = "Baseline: the accepted snapshot\(tester.snapshot.app.build.map { ", build \($0)" } ?? "")"
            h += "<figure class=\"side\"><figcaption class=\"cap\">\(xmlEscape(label)) · \(before.name)</figcaption>\n"
            h += baseline.pageSVG(side: "baseline", idPrefix: "s\(index)b-", label: label + ", its \(before.name) under its hit map",
                                  backdrop: before.svg, changed: changed)
            h += "</figure>\n"
        }
        let label = "This build\(s.snapshot.appBuild.map { ", build \($0)" } ?? "")"
        h += "<figure class=\"side\"><figcaption class=\"cap\">\(xmlEscape(label)) · \(now.name)</figcaption>\n"
        h += drawing.pageSVG(side: "now", idPrefix: "s\(index)n-", label: label + ", its \(now.name) under its hit map",
                             backdrop: now.svg, changed: changed, overlay: overlay,
                             predicted: predicted(s))
        h += "</figure>\n"
        h += callouts(s, drawing)
        h += "</div>\n"
        h += "<p class=\"legend\">"
        h += swatch(ScreenDrawing.deadColor) + "dead (a tap inside a target fires nothing) "
        h += swatch(ScreenDrawing.ambiguousColor) + "ambiguous "
        h += swatch(ScreenDrawing.blockedColor) + "blocked "
        h += swatch("repeating-linear-gradient(135deg,\(ScreenDrawing.disabledColor) 0 2px,#e6e1f0 2px 4px)") + "disabled; "
        h += "other colours: where each target fires (its frame outlined in the same colour); "
        h += swatch("repeating-linear-gradient(45deg,#555 0 1.5px,#fff 1.5px 4px)") + "striped in a target's colour: "
        h += "taps inside another target's frame that this one steals. "
        h += "<span class=\"swatch\" style=\"border:2px dashed \(ScreenDrawing.changedColor)\"></span>a target a cause below is about, numbered. "
        h += "Presses: ● fired, ✕ did not fire, ◇ around a mark: regressed; the selected press: its touch cloud (blue), "
        h += "the responders that scored (orange, dashed, with their score and what they needed) and the one that fired (green). "
        h += "The regions are translucent over the screen: its screenshot when the capture took one (aligned in points), "
        h += "else a wireframe drawn from the snapshot's view tree (labels, glyph boxes, row separators), labelled as such."
        if s.coverage.contains(where: { $0.predicted != nil }) {
            let density = s.mmPerPoint.map { " at \(JSONValue.format(JSONValue.round($0, places: 4))) mm/pt" } ?? ""
            h += "<br>People: the badge on each target is its <b>predicted first-try success</b>, the share of touches a person aims at its centre that fire it "
            h += swatch(ScreenDrawing.predictedShade(1)) + "95% or more " + swatch(ScreenDrawing.predictedShade(0.9)) + "85–95% "
            h += swatch(ScreenDrawing.predictedShade(0)) + "below 85% (A10's warning and error). "
            h += "Where fingers land comes from Bi and Zhai's dual-Gaussian model of finger touches (\"Bayesian Touch\", UIST 2013, fitted in a lab)\(density); "
            h += "each touch is bound by the engine as a press would be. A model, not a measurement: docs/audit.md says what it leaves out."
        }
        let shown = s.marks.count
        if shown < s.stats.presses { h += " Playing back \(shown) of \(s.stats.presses) presses (regressed ones first); the heat counts every one." }
        if drawing.step != 1 { h += " Sampled every \(fmt(drawing.step)) pt." }
        h += "</p>\n<div class=\"aside\">\n"
        h += targetTable(s, drawing)
        h += regressionTable(s)
        if let audit = s.audit { h += "<h3>Audit</h3>\n" + AuditOverlay.htmlTable(audit) }
        h += "</div>\n"
        h += "<script type=\"application/json\" class=\"presses-data\">" + PressPlayback.json(s) + "</script>\n"
        h += "</section>\n"
        return h
    }

    /// What a drawing shows under its map: the snapshot's screenshot, else its wireframe.
    static func backdrop(_ snapshot: Snapshot?) -> (svg: String, name: String) {
        guard let snapshot else { return ("", "no screen") }
        guard let shot = snapshot.screenshot else { return (Wireframe.svg(snapshot), "wireframe") }
        let f = shot.frame
        let svg = "<image class=\"screenshot\" x=\"\(fmt(f.minX))\" y=\"\(fmt(f.minY))\" width=\"\(fmt(f.width))\" height=\"\(fmt(f.height))\" "
            + "preserveAspectRatio=\"none\" href=\"data:image/png;base64,\(shot.png)\"><title>screenshot</title></image>\n"
        return (svg, "screenshot")
    }

    static func checkbox(_ layer: String, _ text: String, on: Bool) -> String {
        "<label><input type=\"checkbox\" class=\"layer\" value=\"\(layer)\"\(on ? " checked" : "")> \(text)</label>"
    }

    /// The causes beside the new build's drawing, each level with the target it is about
    /// (pushed down when the one above it is still there).
    static func callouts(_ s: SuiteOutcome, _ drawing: ScreenDrawing) -> String {
        let scale = ScreenDrawing.scale(for: drawing.canvas)
        let height = drawing.canvas.height * scale
        guard !s.diff.causes.isEmpty else { return "" }
        var h = "<ol class=\"callouts\" aria-label=\"Causes of the regressions, beside the targets they are about\" style=\"height:\(fmt(height))px\">\n"
        var bottom = 0.0
        let placed = s.diff.causes.enumerated().map { k, c in
            (k, c, drawing.targets.first { $0.id == c.node }.map { ($0.frame.minY - drawing.canvas.minY) * scale } ?? .infinity)
        }.sorted { ($0.2, $0.0) < ($1.2, $1.0) }
        for (k, c, want) in placed {
            let top = max(want.isFinite ? want : bottom, bottom)
            let lines = Double((c.reason.count + c.summary.count + 3) / 44 + 1)
            bottom = top + lines * 16 + 10
            h += "<li style=\"top:\(fmt(top))px\" data-target=\"\(xmlEscape(c.node))\"><span class=\"num\" aria-hidden=\"true\">\(k + 1)</span>"
            h += "<b>\(xmlEscape(c.reason))</b> — \(xmlEscape(c.summary))</li>\n"
        }
        return h + "</ol>\n"
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
            h += "<td><button type=\"button\" class=\"target\" data-target=\"\(xmlEscape(t.id))\" aria-pressed=\"false\" "
            h += "title=\"Highlight \(xmlEscape(t.id)) on both drawings\">\(xmlEscape(t.id))</button></td><td>\(xmlEscape(c.action ?? "—"))</td>"
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
        case .refused: h += "<p class=\"fail\">No baseline at \(xmlEscape(s.baselineFile ?? "?")): \(xmlEscape(BaselineStatus.refusedText)).</p>\n"
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
        h += "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"The run's regressions\"><table class=\"regressions\"><thead><tr><th>rule</th><th>where</th><th>baseline</th><th>now</th><th>why</th></tr></thead>\n"
        // The findings under their causes (each cause a group headed by it), then any no cause holds.
        var groups: [(head: String?, indices: [Int])] = s.diff.causes.map { ("\($0.reason) — \($0.summary)", $0.regressions) }
        let grouped = Set(s.diff.causes.flatMap(\.regressions))
        let rest = s.diff.regressions.indices.filter { !grouped.contains($0) }
        if !rest.isEmpty { groups.append((groups.isEmpty ? nil : "other regressions", rest)) }
        // Every cause is headed; each lists its first findings (the table stays about `regressionRows` long).
        let perGroup = max(20, regressionRows / max(1, groups.count))
        var shown = 0
        for group in groups {
            h += "<tbody>\n"
            if let head = group.head { h += "<tr class=\"cause\"><th colspan=\"5\">\(xmlEscape(head))</th></tr>\n" }
            let members = group.indices.filter { s.diff.regressions.indices.contains($0) }
            for i in members.prefix(perGroup) {
                let f = s.diff.regressions[i]
                let link = f.trace.flatMap { t in f.press.map { "<a href=\"#press=\(xmlEscape(percentEncoded(t)))/\($0)\">\(xmlEscape(f.location))</a>" } }
                h += "<tr><td>\(f.rule.rawValue)</td><td>\(link ?? xmlEscape(f.location))</td><td>\(side(f.before, f.rule))</td><td>\(side(f.after, f.rule))</td><td>\(xmlEscape(f.message))</td></tr>\n"
                shown += 1
            }
            if members.count > perGroup { h += "<tr class=\"more\"><td colspan=\"5\">and \(members.count - perGroup) more of this cause</td></tr>\n" }
            h += "</tbody>\n"
        }
        h += "</table></div>\n"
        if s.diff.regressions.count > shown {
            h += "<p class=\"note\">\(shown) of \(s.diff.regressions.count) regressions are listed; the causes count every one, "
            h += "the playback steps through their presses (presses: regressed), and <code>replay run --json</code> lists them all.</p>\n"
        }
        return h
    }

    /// The most regressions the table lists (a field run can have tens of thousands: the page would not open).
    static let regressionRows = 200

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

    /// A trace name as it stands in a `#press=` link (the page's script decodes it).
    static func percentEncoded(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            let c = Character(UnicodeScalar(b))
            if c.isLetter && b < 128 || c.isNumber && b < 128 || "-_.~".contains(c) { out.append(c) } else { out += "%" + String(b, radix: 16, uppercase: true).leftPadded(2) }
        }
        return out
    }

    /// A small square of `background` (a colour or a CSS gradient), for legends and tables.
    static func swatch(_ background: String) -> String { "<span class=\"swatch\" style=\"background:\(background)\"></span>" }
}

extension String {
    func leftPadded(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
