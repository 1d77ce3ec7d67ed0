/// The HTML report's style sheet and script, inline in every page (no network, no
/// external files). The script plays back each screen's presses from the JSON the page
/// carries (`PressPlayback`), switches the drawing's layers, filters the presses,
/// highlights a target on both drawings, and follows `#press=TRACE/N` and
/// `#target=ID` links; arrow keys step, space plays (docs/report.md).
enum ReportPage {
    static let css = """
    body { margin: 0; font: 13px/18px Helvetica, Arial, sans-serif; color: #111; background: #fff; }
    header { height: \(HTMLReport.headerHeight)px; box-sizing: border-box; padding: 14px \(HTMLReport.margin)px; overflow: hidden; white-space: nowrap; background: #f4f4f6; }
    header b { font-size: 15px; }
    .pass { color: #1a7f37; font-weight: bold; } .fail { color: #c62828; font-weight: bold; } .warn { color: #9a6700; }
    section.screen { margin: 0 0 24px 0; padding: 0; }
    section.screen > h2 { height: \(HTMLReport.titleHeight)px; line-height: \(HTMLReport.titleHeight)px; margin: 0; padding: 0 \(HTMLReport.margin)px; font-size: 15px; overflow: hidden; white-space: nowrap; }
    .toolbar, .player { box-sizing: border-box; display: flex; align-items: center; gap: 12px; padding: 0 \(HTMLReport.margin)px; white-space: nowrap; overflow-x: auto; overflow-y: hidden; }
    .toolbar { height: \(HTMLReport.toolbarHeight)px; background: #fafafb; border-top: 1px solid #e3e3e6; }
    .player { height: \(HTMLReport.playerHeight)px; gap: 6px; }
    .toolbar label { display: inline-flex; align-items: center; gap: 3px; }
    .group { font-weight: bold; }
    .player button { font: inherit; min-width: 30px; height: 26px; border: 1px solid #8a8a8e; border-radius: 4px; background: #fff; color: #111; cursor: pointer; }
    .player button:hover { background: #eef3fb; }
    .player input[type=range] { width: 260px; }
    .p-count { color: #333; margin-left: 6px; }
    button:focus-visible, input:focus-visible, select:focus-visible, a:focus-visible, .scroll:focus-visible { outline: 3px solid #1565c0; outline-offset: 1px; }
    .detail { box-sizing: border-box; height: \(HTMLReport.detailHeight)px; overflow: auto; margin: 0 \(HTMLReport.margin)px; padding: 4px 8px; font-size: 12px; line-height: 16px; background: #f6f8fb; border-left: 3px solid #1565c0; }
    .detail .o-miss, .detail .o-regressed { color: #b00020; font-weight: bold; } .detail .o-fired { color: #1b5e20; font-weight: bold; }
    .sides { display: flex; align-items: flex-start; gap: \(HTMLReport.gap)px; padding: 0 0 0 \(HTMLReport.margin)px; margin: 0; }
    figure.side { margin: 0; padding: 0; flex: none; }
    figure.side figcaption.cap { height: \(HTMLReport.captionHeight)px; line-height: \(HTMLReport.captionHeight)px; margin: 0; font-size: 12px; font-weight: bold; color: #333; white-space: nowrap; overflow: hidden; }
    figure.side svg { display: block; border: 0; }
    .sides .regions { opacity: 0.62; }
    .no-fills .regions, .no-outlines .targets, .no-outlines .changed, .no-outlines .labels, .no-backdrop .backdrop,
    .no-marks image.marks, .no-heat image.heat { display: none; }
    svg .targets rect.hl { stroke: #000; stroke-width: 3; }
    tr.hl td, li.hl { background: #fff4c2 !important; }
    button.target { font: inherit; padding: 0; border: 0; background: none; color: #0b57d0; text-decoration: underline; cursor: pointer; }
    button.target[aria-pressed=true] { color: #000; font-weight: bold; }
    ol.callouts { position: relative; list-style: none; margin: \(HTMLReport.captionHeight)px \(HTMLReport.margin)px 0 0; padding: 0; flex: 1; min-width: 260px; max-width: 380px; }
    ol.callouts li { position: absolute; left: 0; right: 0; font-size: 12px; line-height: 16px; padding: 2px 4px 2px 26px; border-left: 3px solid \(ScreenDrawing.changedColor); background: #fff; }
    ol.callouts .num { position: absolute; left: 4px; top: 2px; width: 16px; height: 16px; border-radius: 8px; background: \(ScreenDrawing.changedColor); color: #fff; font-weight: bold; text-align: center; font-size: 11px; }
    .legend { margin: 8px \(HTMLReport.margin)px; font-size: 12px; max-width: 980px; }
    .swatch { display: inline-block; width: 12px; height: 12px; vertical-align: -2px; margin-right: 4px; border: 1px solid #0003; box-sizing: border-box; }
    .aside { padding: 0 \(HTMLReport.margin)px; }
    .scroll { max-height: 340px; overflow: auto; border: 1px solid #e3e3e3; margin-bottom: 14px; }
    table { border-collapse: collapse; font-size: 12px; margin-bottom: 14px; }
    th, td { border-bottom: 1px solid #e3e3e3; padding: 3px 8px; text-align: left; vertical-align: top; }
    thead th { position: sticky; top: 0; background: #fff; }
    td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
    tr.regressed td { background: #fdecea; }
    .note { color: #555; }
    """

    /// The most presses the page marks one by one (the heat counts every press; a filter narrows them down).
    static let markedPresses = 4000

    static let script = #"""
    (function () {
      "use strict";
      var NS = "http://www.w3.org/2000/svg";
      var screens = [], active = null;
      // The most presses marked one by one; the heat counts them all, a filter narrows them down.
      var MARKS = \#(markedPresses);

      function make(tag, attrs, parent, text) {
        var e = document.createElementNS(NS, tag);
        for (var k in attrs) e.setAttribute(k, attrs[k]);
        if (text != null) e.textContent = text;
        if (parent) parent.appendChild(e);
        return e;
      }
      function fires(o) { return o === "hit" || o === "expanded"; }
      function num(x) { return Math.round(x * 100) / 100; }
      function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; }); }

      function Screen(sec) {
        var S = this;
        S.sec = sec;
        S.d = JSON.parse(sec.querySelector("script.presses-data").textContent);
        S.sides = [];
        var now = sec.querySelector("svg.side-now"), before = sec.querySelector("svg.side-baseline");
        if (before) S.sides.push({ svg: before, key: "baseline" });
        if (now) S.sides.push({ svg: now, key: "now" });
        S.list = []; S.pos = -1; S.timer = null;
        var traceSelect = sec.querySelector(".f-trace");
        S.d.traces.forEach(function (t) { var o = document.createElement("option"); o.textContent = t; traceSelect.appendChild(o); });
        S.targets = {};
        sec.querySelectorAll("svg.side-now .targets rect").forEach(function (r) {
          S.targets[r.getAttribute("data-target")] = [+r.getAttribute("x") - 0.5, +r.getAttribute("y") - 0.5, +r.getAttribute("width") + 1, +r.getAttribute("height") + 1];
        });
        sec.querySelectorAll("input.layer").forEach(function (box) {
          var apply = function () { sec.classList.toggle("no-" + box.value, !box.checked); };
          box.addEventListener("change", function () { apply(); if (box.value === "heat" && box.checked) S.drawHeat(); });
          apply();
        });
        ["f-kind", "f-trace", "f-target"].forEach(function (c) {
          sec.querySelector("." + c).addEventListener("change", function () { S.filter(); });
        });
        sec.querySelector(".p-first").addEventListener("click", function () { S.select(0); });
        sec.querySelector(".p-prev").addEventListener("click", function () { S.step(-1); });
        sec.querySelector(".p-next").addEventListener("click", function () { S.step(1); });
        sec.querySelector(".p-last").addEventListener("click", function () { S.select(S.list.length - 1); });
        sec.querySelector(".p-play").addEventListener("click", function () { S.play(); });
        sec.querySelector(".p-time").addEventListener("input", function (e) { S.select(+e.target.value); });
        sec.querySelectorAll("button.target").forEach(function (b) {
          b.addEventListener("click", function () { S.highlight(b.getAttribute("data-target")); });
        });
        sec.addEventListener("focusin", function () { active = S; });
        sec.addEventListener("pointerdown", function () { active = S; });
        S.filter();
        if (sec.querySelector("input.layer[value=heat]").checked) S.drawHeat();
      }

      Screen.prototype.str = function (i) { return i < 0 ? null : this.d.strings[i]; };

      Screen.prototype.filter = function () {
        var S = this, sec = S.sec, P = S.d.presses;
        var kind = sec.querySelector(".f-kind").value, trace = sec.querySelector(".f-trace").value, target = sec.querySelector(".f-target").value;
        var box = target ? S.targets[target] : null, keep = S.pos >= 0 ? S.list[S.pos] : -1;
        S.list = [];
        for (var i = 0; i < P.length; i++) {
          var p = P[i];
          if (kind === "regressed" && !p[9]) continue;
          if (kind === "missed" && fires(S.d.outcomes[p[5]])) continue;
          if (trace && S.d.traces[p[0]] !== trace) continue;
          if (target && S.str(p[6]) !== target && S.str(p[8]) !== target &&
              !(box && p[2] >= box[0] && p[2] <= box[0] + box[2] && p[3] >= box[1] && p[3] <= box[1] + box[3])) continue;
          S.list.push(i);
        }
        var range = sec.querySelector(".p-time");
        range.max = Math.max(0, S.list.length - 1);
        S.drawMarks();
        var at = S.list.indexOf(keep);
        if (at >= 0) S.select(at); else S.clear();
      };

      // Marks of the filtered presses, drawn once into an image per side (a canvas: any number of presses).
      // A mark drawn once, at the drawing's pixel density, to be stamped at every press (a blit each).
      function sprite(k, draw) {
        var cv = document.createElement("canvas"), size = Math.ceil(16 * k);
        cv.width = size; cv.height = size;
        var g = cv.getContext("2d");
        g.scale(k, k); g.translate(8, 8); draw(g);
        return cv;
      }

      Screen.prototype.drawMarks = function () {
        var S = this, c = S.d.canvas, P = S.d.presses;
        var k = Math.min(2, 4096 / Math.max(c[2], c[3], 1));
        var diamond = sprite(k, function (g) { g.beginPath(); g.moveTo(0, -6); g.lineTo(6, 0); g.lineTo(0, 6); g.lineTo(-6, 0); g.closePath(); g.lineWidth = 1.5; g.strokeStyle = "#000"; g.stroke(); });
        var dot = sprite(k, function (g) { g.beginPath(); g.arc(0, 0, 2.5, 0, 2 * Math.PI); g.fillStyle = "#111"; g.fill(); g.lineWidth = 0.8; g.strokeStyle = "#fff"; g.stroke(); });
        var cross = sprite(k, function (g) { g.beginPath(); g.moveTo(-3, -3); g.lineTo(3, 3); g.moveTo(-3, 3); g.lineTo(3, -3); g.lineWidth = 1.6; g.strokeStyle = "#111"; g.stroke(); });
        var half = 8 * k;
        S.sides.forEach(function (side) {
          var cv = document.createElement("canvas");
          cv.width = Math.max(1, Math.round(c[2] * k)); cv.height = Math.max(1, Math.round(c[3] * k));
          var g = cv.getContext("2d");
          var limit = Math.min(S.list.length, MARKS);
          for (var n = 0; n < limit; n++) {
            var p = P[S.list[n]], x = (p[2] - c[0]) * k - half, y = (p[3] - c[1]) * k - half;
            var o = S.d.outcomes[side.key === "now" ? p[5] : p[7]];
            if (o == null) continue;
            if (p[9]) g.drawImage(diamond, x, y);
            g.drawImage(fires(o) ? dot : cross, x, y);
          }
          side.svg.querySelector("image.marks").setAttribute("href", cv.toDataURL());
        });
      };

      // Every press of the suite, counted per cell: dark where they fired, red where they did not.
      Screen.prototype.drawHeat = function () {
        var S = this, h = S.d.heat, c = S.d.canvas;
        if (!h || S.heatDrawn) return;
        S.heatDrawn = true;
        var cols = Math.ceil(c[2] / h.cell), rows = Math.ceil(c[3] / h.cell), most = 1, cells = h.cells;
        for (var i = 0; i < cells.length; i += 4) most = Math.max(most, cells[i + 2] + cells[i + 3]);
        var cv = document.createElement("canvas");
        cv.width = Math.max(1, cols); cv.height = Math.max(1, rows);
        var g = cv.getContext("2d");
        for (var j = 0; j < cells.length; j += 4) {
          var n = cells[j + 2] + cells[j + 3], share = cells[j + 3] / n;
          var a = 0.2 + 0.7 * Math.log(1 + n) / Math.log(1 + most);
          g.fillStyle = share > 0.5 ? "rgba(176,0,32," + a + ")" : "rgba(20,20,60," + a + ")";
          g.fillRect(cells[j] - Math.floor(c[0] / h.cell), cells[j + 1] - Math.floor(c[1] / h.cell), 1, 1);
        }
        var url = cv.toDataURL();
        S.sides.forEach(function (side) {
          if (side.key !== "now") return;
          var img = side.svg.querySelector("image.heat");
          img.setAttribute("href", url); img.setAttribute("style", "image-rendering: pixelated");
          img.setAttribute("width", cols * h.cell); img.setAttribute("height", rows * h.cell);
        });
      };

      Screen.prototype.clear = function () {
        var S = this;
        S.pos = -1;
        S.sides.forEach(function (side) { side.svg.querySelector("g.focus").textContent = ""; });
        S.sec.querySelector(".p-count").textContent = S.list.length + " press" + (S.list.length === 1 ? "" : "es") +
          (S.list.length > MARKS ? " (the first " + MARKS + " marked; the heat shows every press)" : "");
      };

      Screen.prototype.step = function (by) {
        if (!this.list.length) return;
        this.select(this.pos < 0 ? (by > 0 ? 0 : this.list.length - 1) : Math.max(0, Math.min(this.list.length - 1, this.pos + by)));
      };

      Screen.prototype.play = function () {
        var S = this, button = S.sec.querySelector(".p-play");
        if (S.timer) { clearInterval(S.timer); S.timer = null; button.textContent = "▶ play"; button.setAttribute("aria-pressed", "false"); return; }
        if (S.pos >= S.list.length - 1) S.pos = -1;
        button.textContent = "❚❚ pause"; button.setAttribute("aria-pressed", "true");
        S.step(1);
        S.timer = setInterval(function () { if (S.pos >= S.list.length - 1) S.play(); else S.step(1); }, 900);
      };

      // One press on one side: its cloud, the responders that scored, the one that fired, the outcome.
      Screen.prototype.drawFocus = function (side, p) {
        var S = this, g = side.svg.querySelector("g.focus"), now = side.key === "now";
        g.textContent = "";
        var x = p[2], y = p[3], r = p[4], o = S.d.outcomes[now ? p[5] : p[7]], why = now ? p[11] : p[12];
        if (why >= 0) {
          var e = S.d.explanations[why];
          e[1].forEach(function (s) {
            var f = S.d.frames[s[0]];
            make("rect", { x: f[1] + 1, y: f[2] + 1, width: Math.max(f[3] - 2, 0), height: Math.max(f[4] - 2, 0), fill: "none",
                           stroke: "#e65100", "stroke-width": 1.5, "stroke-dasharray": "4 2" }, g);
            var label = f[0] + " scored " + s[1] + (s[2] ? ", needed " + s[2] : "") + (s[3] ? ": takes the touch" : "");
            make("text", { x: f[1] + 3, y: f[2] + f[4] - 3, "font-size": 8, fill: "#7a2e00", stroke: "#fff", "stroke-width": 2.5, "paint-order": "stroke" }, g, label);
          });
          if (e[0] >= 0) {
            var w = S.d.frames[e[0]];
            make("rect", { x: w[1] + 1, y: w[2] + 1, width: Math.max(w[3] - 2, 0), height: Math.max(w[4] - 2, 0), fill: "none", stroke: "#1b5e20", "stroke-width": 3 }, g);
            make("text", { x: w[1] + 3, y: w[2] + 10, "font-size": 8, "font-weight": "bold", fill: "#1b5e20", stroke: "#fff", "stroke-width": 2.5, "paint-order": "stroke" }, g, w[0] + " fires");
          }
        }
        var id = "cloud-" + Math.random().toString(36).slice(2);
        var grad = make("radialGradient", { id: id }, make("defs", {}, g));
        make("stop", { offset: "0", "stop-color": "#1565c0", "stop-opacity": 0.75 }, grad);
        make("stop", { offset: "0.6", "stop-color": "#1565c0", "stop-opacity": 0.4 }, grad);
        make("stop", { offset: "1", "stop-color": "#1565c0", "stop-opacity": 0.12 }, grad);
        make("circle", { cx: x, cy: y, r: r, fill: "url(#" + id + ")", stroke: "#0d47a1", "stroke-width": 1, "stroke-dasharray": "3 2" }, g);
        make("path", { d: "M" + (x - 8) + " " + y + "H" + (x + 8) + "M" + x + " " + (y - 8) + "V" + (y + 8), stroke: "#fff", "stroke-width": 3 }, g);
        make("path", { d: "M" + (x - 8) + " " + y + "H" + (x + 8) + "M" + x + " " + (y - 8) + "V" + (y + 8), stroke: "#0d1b3e", "stroke-width": 1.2 }, g);
        if (o != null) {
          var text = o.toUpperCase(), wide = text.length * 6.5 + 8, top = Math.max(S.d.canvas[1], y - r - 16);
          var left = Math.min(Math.max(S.d.canvas[0], x - wide / 2), S.d.canvas[0] + S.d.canvas[2] - wide);
          make("rect", { x: left, y: top, width: wide, height: 13, rx: 3, fill: fires(o) ? "#1b5e20" : "#b00020" }, g);
          make("text", { x: left + wide / 2, y: top + 10, "text-anchor": "middle", "font-size": 10, "font-weight": "bold", fill: "#fff" }, g, text);
        }
      };

      Screen.prototype.select = function (pos) {
        var S = this;
        if (!S.list.length) { S.clear(); return; }
        pos = Math.max(0, Math.min(S.list.length - 1, pos));
        S.pos = pos;
        var p = S.d.presses[S.list[pos]];
        S.sides.forEach(function (side) { S.drawFocus(side, p); });
        S.sec.querySelector(".p-time").value = pos;
        S.sec.querySelector(".p-count").textContent = "press " + (pos + 1) + " of " + S.list.length;
        var now = S.d.outcomes[p[5]], before = S.d.outcomes[p[7]];
        var h = "<b>" + esc(S.d.traces[p[0]]) + " press " + p[1] + "</b> at (" + num(p[2]) + ", " + num(p[3]) + "), " + num(p[4]) + " pt touch — ";
        h += "now: <span class=\"" + (fires(now) ? "o-fired" : "o-miss") + "\">" + esc(now) + "</span>" + (S.str(p[6]) ? " " + esc(S.str(p[6])) : "");
        if (before != null) h += "; baseline: <span class=\"" + (fires(before) ? "o-fired" : "o-miss") + "\">" + esc(before) + "</span>" + (S.str(p[8]) ? " " + esc(S.str(p[8])) : "");
        if (p[9]) h += " · <span class=\"o-regressed\">regressed</span>";
        h += "<br>Why now: " + esc(S.str(p[10]) || "—");
        if (p[11] >= 0) {
          var e = S.d.explanations[p[11]];
          h += "<br>Scored now: " + (e[1].length ? e[1].map(function (s) { return esc(S.d.frames[s[0]][0]) + " " + s[1] + (s[2] ? " (needed " + s[2] + ")" : ""); }).join(", ")
                                                 : "no responder scored: nothing there takes the touch");
          if (e[0] >= 0) h += "; fired: " + esc(S.d.frames[e[0]][0]);
        }
        if (p[12] >= 0) {
          var b = S.d.explanations[p[12]];
          h += "<br>Scored on the baseline: " + (b[1].length ? b[1].map(function (s) { return esc(S.d.frames[s[0]][0]) + " " + s[1] + (s[2] ? " (needed " + s[2] + ")" : ""); }).join(", ")
                                                        : "no responder scored");
          if (b[0] >= 0) h += "; fired: " + esc(S.d.frames[b[0]][0]);
        }
        S.sec.querySelector(".detail").innerHTML = h;
      };

      Screen.prototype.highlight = function (id) {
        var S = this, on = S.hl !== id;
        S.sec.querySelectorAll(".hl").forEach(function (e) { e.classList.remove("hl"); });
        S.sec.querySelectorAll("button.target").forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
        S.hl = on ? id : null;
        if (!on) return;
        S.sec.querySelectorAll("[data-target]").forEach(function (e) {
          if (e.getAttribute("data-target") !== id) return;
          if (e.tagName.toLowerCase() === "button") { e.setAttribute("aria-pressed", "true"); e.closest("tr").classList.add("hl"); }
          else e.classList.add("hl");
        });
      };

      function follow() {
        var hash = decodeURIComponent(location.hash.slice(1)), m;
        if ((m = /^press=(.*)\/(\d+)$/.exec(hash))) {
          screens.some(function (S) {
            var t = S.d.traces.indexOf(m[1]);
            if (t < 0) return false;
            S.sec.querySelector(".f-kind").value = "all"; S.sec.querySelector(".f-trace").value = ""; S.sec.querySelector(".f-target").value = "";
            S.filter();
            for (var i = 0; i < S.list.length; i++) {
              var p = S.d.presses[S.list[i]];
              if (p[0] === t && p[1] === +m[2]) {
                S.select(i); active = S;
                var top = S.sec.getBoundingClientRect().top;
                if (top < 0 || top > innerHeight - 100) S.sec.scrollIntoView();
                return true;
              }
            }
            return false;
          });
        } else if ((m = /^target=(.*)$/.exec(hash))) {
          screens.forEach(function (S) { if (S.targets[m[1]]) S.highlight(m[1]); });
        }
      }

      document.querySelectorAll("section.screen").forEach(function (sec) { screens.push(new Screen(sec)); });
      active = screens[0] || null;
      window.addEventListener("hashchange", follow);
      follow();
      // When the page was ready, in ms from the start of navigation (Benchmarks/report-open.sh reads it).
      document.body.setAttribute("data-ready-ms", String(Math.round(performance.now())));
      document.addEventListener("keydown", function (e) {
        var t = e.target, tag = (t.tagName || "").toLowerCase();
        if (!active || e.altKey || e.ctrlKey || e.metaKey) return;
        if (tag === "select" || (tag === "input" && t.type !== "checkbox") || tag === "textarea") return;
        if (e.key === "ArrowRight" || e.key === "j") { active.step(1); e.preventDefault(); }
        else if (e.key === "ArrowLeft" || e.key === "k") { active.step(-1); e.preventDefault(); }
        else if (e.key === "Home" && t.closest && t.closest(".player")) { active.select(0); e.preventDefault(); }
        else if (e.key === "End" && t.closest && t.closest(".player")) { active.select(active.list.length - 1); e.preventDefault(); }
        else if (e.key === " " && tag !== "button" && tag !== "input") { active.play(); e.preventDefault(); }
        else if (e.key === "Escape") { if (active.timer) active.play(); active.clear(); }
      });
    })();

    """#
}
