import Baselines
import HitTesting
import RunResults
import ReplayEngine
import TapJSON
import TapModel

/// `replay run`: the run as JSON (a summary per screen, every press with `--presses`), or as text for a person.
public enum RunReport {
    // MARK: JSON

    /// The run as one JSON document: a summary per suite (no list of every press).
    public static func json(_ run: RunOutcome) -> String {
        var w = JSONWriter(style: .pretty)
        write(run, to: &w)
        return w.text + "\n"
    }

    /// `json(_:)` handed to `sink` in chunks as it is written: a regressed run's JSON (200 MB for
    /// 250,000 findings) is never held whole, nor copied into a String.
    /// - Parameter runID: the run's id in history, asked for only when the suites are written
    ///   (history may still be recording them); default: the outcome's.
    public static func writeJSON(_ run: RunOutcome, runID: (() -> Int64?)? = nil, to sink: @escaping (ArraySlice<UInt8>) -> Void) {
        var w = JSONWriter(style: .pretty, sink: sink)
        write(run, runID: runID, to: &w)
        w.flush()
        sink([0x0A][...])
    }

    private static func write(_ run: RunOutcome, runID: (() -> Int64?)? = nil, to w: inout JSONWriter) {
        w.beginObject()
        w.key("suites")
        w.beginArray()
        for s in run.suites { writeSuite(s, run.request, to: &w) }
        w.endArray()
        writeRunFields(run, runID: runID, to: &w)
        w.endObject()
    }

    /// One suite's object in the run's `suites`: its head and its summary.
    static func writeSuite(_ s: SuiteOutcome, _ request: RunRequest, to w: inout JSONWriter) {
        w.beginObject()
        writeSuiteHead(s.suite, s.snapshot, to: &w)
        writeSuiteSummary(s, request, to: &w)
        w.endObject()
    }

    /// `json(_:)` written suite by suite as each is done (`replay merge --json`: a merge hands each screen
    /// over as soon as it is merged), then the run's own fields: the same bytes, never the run's findings whole.
    public final class SuiteStream: @unchecked Sendable {
        private var writer: JSONWriter
        private let sink: (ArraySlice<UInt8>) -> Void

        public init(sink: @escaping (ArraySlice<UInt8>) -> Void) {
            self.sink = sink
            writer = JSONWriter(style: .pretty, sink: sink)
            writer.beginObject()
            writer.key("suites")
            writer.beginArray()
        }

        public func suite(_ s: SuiteOutcome, _ request: RunRequest) { RunReport.writeSuite(s, request, to: &writer) }

        /// Closes the document with the run's own fields (its suites were written already).
        /// - Parameter runID: the run's id in history, asked for only now (default: the outcome's).
        public func finish(_ run: RunOutcome, runID: (() -> Int64?)? = nil) {
            writer.endArray()
            RunReport.writeRunFields(run, runID: runID, to: &writer)
            writer.endObject()
            writer.flush()
            sink([0x0A][...])
        }
    }

    /// `--json --presses`: the same document, each suite also listing every press
    /// (`pressResults`), streamed to `sink` as the run replays them.
    public final class Stream: RunObserver {
        var writer: JSONWriter
        let request: RunRequest

        public init(request: RunRequest, sink: @escaping (ArraySlice<UInt8>) -> Void) {
            self.request = request
            writer = JSONWriter(style: .pretty, sink: sink)
            writer.beginObject()
            writer.key("suites")
            writer.beginArray()
        }

        public func suiteStarted(_ suite: String, snapshot: SnapshotInfo) {
            writer.beginObject()
            RunReport.writeSuiteHead(suite, snapshot, to: &writer)
            writer.key("pressResults")
            writer.beginArray()
        }

        public func press(_ p: PressResult, baseline: PressResult?, legacy: PressSide?, probe: Bool) {
            writer.object { w in
                w.field("trace", p.trace)
                w.field("press", p.press)
                w.key("at"); w.numbers([JSONValue.round(p.at.x), JSONValue.round(p.at.y)])
                w.field("outcome", p.outcome.rawValue)
                w.field("node", p.node)
                w.field("action", p.action)
                w.field("gesture", p.gesture)
                w.field("latencyMs", rounded: p.latencyMs)
                if let e = p.expect { w.field("expect", e); w.key("met"); if let m = p.met { w.bool(m) } else { w.null() } }
                if let part = p.partOf { w.field("partOf", part) }
                w.field("reason", p.reason)
                w.key("baseline")
                if let b = baseline.map(PressSide.init) ?? legacy {
                    w.object { w in
                        w.field("outcome", b.outcome.rawValue)
                        w.field("node", b.node)
                        w.field("action", b.action)
                        w.field("latencyMs", rounded: b.latencyMs)
                    }
                } else {
                    w.null()
                }
                w.field("probe", probe)
            }
        }

        public func suiteFinished(_ s: SuiteOutcome) {
            writer.endArray()
            RunReport.writeSuiteSummary(s, request, to: &writer)
            writer.endObject()
        }

        /// Closes the document with the run's own fields.
        public func finish(_ run: RunOutcome) {
            writer.endArray()
            RunReport.writeRunFields(run, to: &writer)
            writer.endObject()
            writer.flush()
        }
    }

    static func writeSuiteHead(_ suite: String, _ info: SnapshotInfo, to w: inout JSONWriter) {
        w.field("suite", suite)
        w.key("snapshot")
        w.object { w in
            w.field("source", info.source)
            w.field("version", info.appVersion)
            w.field("build", info.appBuild)
            w.field("capturedAt", info.capturedAt)
            w.field("contentHash", info.contentHash)
            if !info.limits.isEmpty { w.key("limits"); w.array(info.limits) { w, l in w.string(l) } }
        }
    }

    static func writeSuiteSummary(_ s: SuiteOutcome, _ request: RunRequest, to w: inout JSONWriter) {
        w.field("passed", s.passed)
        if let profile = s.profile { w.field("profile", profile) }
        if let radius = s.touchRadius { w.field("touchRadius", radius) }
        if let density = s.mmPerPoint { w.field("mmPerPoint", rounded: density) }
        w.key("baseline")
        w.object { w in
            w.field("status", s.baseline.rawValue)
            w.field("file", s.baselineFile)
            w.key("version"); if let v = s.baselineVersion { w.number(v) } else { w.null() }
        }
        w.field("traces", s.traces)
        w.key("presses")
        w.object { w in
            w.field("total", s.stats.presses)
            w.field("fired", s.stats.fired)
            w.key("firstTrySuccess"); w.array { w in w.number(s.stats.firstTriesMet); w.number(s.stats.firstTries) }
        }
        let responsiveness = s.stats.responsiveness
        w.key("targets")
        w.array(s.coverage) { w, t in
            w.object { w in
                t.writeFields(to: &w)
                if let thief = t.stolenBy { w.field("stolenBy", thief) }
                if let rate = s.sampled[t.node] { w.key("sampled"); writeSampled(rate, to: &w) }
                let r = responsiveness[t.node]
                w.key("firstTry")
                w.object { w in
                    w.field("tries", r?.expectedTries ?? 0)
                    w.field("met", r?.firstTryMet ?? 0)
                    w.field("rate", rounded: r?.firstTrySuccess)
                }
                w.key("latencyMs")
                w.object { w in
                    w.field("p50", rounded: r?.p50LatencyMs)
                    w.field("p95", rounded: r?.p95LatencyMs)
                }
            }
        }
        w.key("causes")
        w.array(s.diff.causes) { w, c in
            w.object { w in
                w.field("node", c.node)
                w.field("action", c.action)
                w.field("reason", c.reason)
                w.field("summary", c.summary)
                w.key("rules")
                w.object { w in for rule in Rule.regressionRules { if let n = c.counts[rule] { w.field(rule.rawValue, n) } } }
                w.key("regressions"); w.line { w in w.array(c.regressions) { w, i in w.number(i) } }
            }
        }
        var cache = FindingJSON.Cache()
        w.key("regressions"); w.array(s.diff.regressions) { w, f in w.line { w in FindingJSON.writeFinding(f, to: &w, cache: &cache) } }
        w.key("improvements"); w.array(s.diff.improvements) { w, f in w.line { w in FindingJSON.writeFinding(f, to: &w, cache: &cache) } }
        w.key("new"); w.array(s.diff.notes) { w, f in w.line { w in FindingJSON.writeFinding(f, to: &w, cache: &cache) } }
        w.key("known"); w.array(s.diff.known) { w, f in w.line { w in FindingJSON.writeFinding(f, to: &w, cache: &cache) } }
        w.key("fixed"); w.array(s.diff.fixed) { w, k in FindingJSON.writeEntry(k, to: &w) }
        if let change = s.knownChange {
            w.key("knownWritten")
            w.object { w in
                w.key("added"); w.array(change.added) { w, k in FindingJSON.writeEntry(k, to: &w) }
                w.key("kept"); w.array(change.kept) { w, k in FindingJSON.writeEntry(k, to: &w) }
                w.key("dropped"); w.array(change.dropped) { w, k in FindingJSON.writeEntry(k, to: &w) }
            }
        }
        w.key("retryBursts")
        w.array(s.stats.bursts) { w, b in
            w.line { w in
                w.object { w in
                    w.field("trace", b.trace)
                    w.key("presses"); w.array(b.presses) { w, p in w.number(p) }
                    w.key("at"); w.numbers([JSONValue.round(b.at.x), JSONValue.round(b.at.y)])
                    w.field("resolved", b.resolved)
                    w.field("target", b.target)
                }
            }
        }
        w.key("latencies")
        w.array(s.stats.latencies) { w, l in
            w.object { w in
                w.field("node", l.node)
                w.field("action", l.action)
                w.field("count", l.count)
                w.field("p50Ms", rounded: l.p50Ms)
                w.field("p95Ms", rounded: l.p95Ms)
            }
        }
        w.key("warnings"); w.array(s.warnings) { w, x in w.string(x) }
    }

    /// `--probe human`: `{ taps, fired, rate, low, high }`, the interval 95 % (Wilson).
    static func writeSampled(_ r: SampledRate, to w: inout JSONWriter) {
        let i = r.interval()
        w.object { w in
            w.field("taps", r.trials)
            w.field("fired", r.successes)
            w.field("rate", rounded: r.rate)
            w.field("low", rounded: i.low)
            w.field("high", rounded: i.high)
        }
    }

    /// `--probe human` as text: per target, the sampled rate and its 95 % interval beside the predicted one.
    static func sampledLines(_ s: SuiteOutcome) -> String {
        guard !s.sampled.isEmpty else { return "" }
        let taps = s.sampled.values.map(\.trials).max() ?? 0
        let density = s.mmPerPoint.map { " at \(JSONValue.format(JSONValue.round($0, places: 4))) mm/pt" } ?? ""
        var out = "  people (--probe human): \(taps) touches aimed at the centre of each target, drawn from Bi and Zhai's touch model\(density)\n"
        var rows: [[String]] = []
        for t in s.coverage {
            guard let r = s.sampled[t.node] else { continue }
            let i = r.interval()
            let predicted = t.predicted.map { pct($0.success) } ?? "-"
            let fits = t.predicted.map { r.admits($0.success) ? "" : "  (outside the interval)" } ?? ""
            rows.append([t.node, "\(r.successes)/\(r.trials) fired", pct(r.rate), "95% \(pct(i.low))–\(pct(i.high))", "predicted \(predicted)\(fits)"])
        }
        for line in TextTable.render(header: ["target", "sampled", "rate", "interval", "model"], rows: rows).split(separator: "\n") {
            out += "    \(line)\n"
        }
        return out
    }

    static func pct(_ v: Double) -> String { "\(JSONValue.format(JSONValue.round(v * 100, places: 1)))%" }

    static func writeRunFields(_ run: RunOutcome, runID: (() -> Int64?)? = nil, to w: inout JSONWriter) {
        w.field("passed", run.passed)
        if let id = runID?() ?? run.runID { w.field("run", Int(id)) }
        w.field("revision", run.revision)
        w.field("startedAt", run.startedAt)
        w.key("screensWithoutSnapshot"); w.array(run.screensWithoutSnapshot) { w, x in w.string(x) }
        w.key("screensNotInRun"); w.array(run.screensNotInRun) { w, x in w.string(x) }
    }

    /// ANSI colours, used only on a terminal without `NO_COLOR`.
    public struct Style: Sendable {
        public var color: Bool
        public init(color: Bool) { self.color = color }
        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        func red(_ s: String) -> String { paint(s, "31") }
        func green(_ s: String) -> String { paint(s, "32") }
        func yellow(_ s: String) -> String { paint(s, "33") }
        func bold(_ s: String) -> String { paint(s, "1") }
        func dim(_ s: String) -> String { paint(s, "2") }
    }

    public static func text(_ run: RunOutcome, style: Style) -> String {
        var out = ""
        for s in run.suites {
            let build = s.snapshot.appBuild.map { "build \($0), " } ?? ""
            let verdict = s.passed ? style.green("PASS") : style.red("FAIL")
            let touch = s.profile.map { "; \($0), \(JSONValue.format(s.touchRadius ?? 0)) pt touch" } ?? ""
            out += "\(style.bold(s.suite))  \(verdict)  \(style.dim("(\(build)\(s.snapshot.source)\(touch))"))\n"
            if !s.snapshot.limits.isEmpty { out += "  " + style.dim("capture limits: \(s.snapshot.limits.joined(separator: "; "))") + "\n" }
            let st = s.stats
            var line = "  \(plural(st.presses, "press")) in \(plural(s.traces, "trace")), \(st.fired) fired"
            if st.firstTries > 0 { line += "; first-try success \(st.firstTriesMet)/\(st.firstTries)" }
            if !st.bursts.isEmpty { line += "; \(plural(st.bursts.count, "retry burst"))" }
            if let slowest = st.latencies.max(by: { $0.p95Ms < $1.p95Ms }), slowest.p95Ms > 0 {
                line += "; slowest p95 \(JSONValue.format(JSONValue.round(slowest.p95Ms, places: 1))) ms at \(describeAction(slowest.node, slowest.action))"
            }
            out += line + "\n"
            if s.passed, let note = s.errorProneNote { out += "  " + style.yellow(note) + "\n" }
            out += sampledLines(s)
            switch s.baseline {
            case .written: out += "  " + style.yellow("new baseline written to \(s.baselineFile ?? "?"): review it, commit it, and run again") + "\n"
            case .missing: out += "  " + style.red("no baseline at \(s.baselineFile ?? "?") (record mode never)") + "\n"
            case .refused: out += "  " + style.red("no baseline at \(s.baselineFile ?? "?"): \(BaselineStatus.refusedText)") + "\n"
            case .recorded: out += "  baseline recorded to \(s.baselineFile ?? "?"): the snapshot of \(s.snapshot.source) and the coverage of its \(plural(s.coverage.count, "target"))\n"
            case .noSnapshot: out += "  " + style.red("baseline \(s.baselineFile ?? "?") has no snapshot in this run: nothing was compared") + "\n"
            case .none, .compared: break
            }
            for w in s.warnings where s.baseline != .noSnapshot { out += "  " + style.yellow("warning: \(w)") + "\n" }
            if !s.diff.causes.isEmpty {
                out += "  " + style.red("\(plural(s.diff.causes.count, "cause")) of \(plural(s.diff.regressions.count, "regression"))") + "\n"
            }
            for c in s.diff.causes {
                out += "  " + style.red("● ") + style.bold(c.reason) + " — " + c.summary + "\n"
                let findings = c.regressions.map { s.diff.regressions[$0] }
                for rule in Rule.regressionRules {
                    let found = findings.filter { $0.rule == rule }
                    guard !found.isEmpty else { continue }
                    out += "    \(rule.rawValue) \(rule.title(run.request.thresholds)) (\(found.count))\n"
                    for f in found.prefix(5) {
                        // The cause's reason is said once, above.
                        let message = f.message.hasSuffix(": " + c.reason) ? String(f.message.dropLast(c.reason.count + 2)) : f.message
                        out += "      \(f.location): \(message)\n"
                    }
                    if found.count > 5 { out += "      … and \(found.count - 5) more (--json lists every one)\n" }
                }
            }
            out += known(s, style: style)
            if !s.diff.improvements.isEmpty {
                out += "  " + style.green("improvements (\(s.diff.improvements.count))") + "\n"
                for f in s.diff.improvements.prefix(10) { out += "    \(f.rule.rawValue) \(f.location): \(f.message)\n" }
                if s.diff.improvements.count > 10 { out += "    … and \(s.diff.improvements.count - 10) more\n" }
            }
            for f in s.diff.notes { out += "  " + style.dim("new: \(f.message)") + "\n" }
            let shown = st.bursts.filter { !$0.resolved || $0.presses.count > 2 }
            for b in shown.prefix(10) {
                out += "  " + style.yellow("retry burst") + " \(b.trace) presses \(b.presses.map(String.init).joined(separator: ", ")) at \(b.at)"
                    + (b.target.map { " (after \($0))" } ?? "") + (b.resolved ? "" : ", never fired") + "\n"
            }
            if shown.count > 10 { out += "  … and \(shown.count - 10) more retry bursts\n" }
            out += "\n"
        }
        let failed = run.suites.filter { !$0.passed }.count
        let regressions = run.suites.reduce(0) { $0 + $1.diff.regressions.count }
        let knownCount = run.suites.reduce(0) { $0 + $1.diff.known.count }
        var summary = "\(plural(run.suites.count, "screen")), "
        summary += failed == 0 ? style.green("all passed") : style.red("\(failed) failed, \(plural(regressions, "regression"))")
        if knownCount > 0 { summary += ", \(plural(knownCount, "known problem"))" }
        if !run.screensNotInRun.isEmpty {
            summary += style.dim("; not in this run: \(run.screensNotInRun.joined(separator: ", "))")
        }
        if let id = run.runID { summary += style.dim("  (run #\(id) recorded in history)") }
        return out + summary + "\n"
    }

    /// Known problems (accepted in the baseline, never failing), the ones fixed, and what writing changed.
    static func known(_ s: SuiteOutcome, style: Style) -> String {
        var out = ""
        if !s.diff.known.isEmpty {
            out += "  " + style.yellow("known (\(s.diff.known.count), accepted in \(s.baselineFile ?? "the baseline"); not failing)") + "\n"
            for f in s.diff.known.prefix(10) {
                out += "    \(f.rule.rawValue) \(f.location): \(f.message)" + (f.accepted.map { style.dim(" — \($0.attribution)") } ?? "") + "\n"
            }
            if s.diff.known.count > 10 { out += "    … and \(s.diff.known.count - 10) more (--json lists every one)\n" }
        }
        let dropped = Set((s.knownChange?.dropped ?? []).map(\.key))
        if !s.diff.fixed.isEmpty {
            let all = s.diff.fixed.allSatisfy { dropped.contains($0.key) }
            out += "  " + style.green("fixed (\(s.diff.fixed.count)): ") + "known problems that no longer occur"
                + (all ? " (dropped from the baseline)" : " (the next --record or replay accept drops them)") + "\n"
            for k in s.diff.fixed.prefix(10) { out += "    \(k.place) — \(k.attribution)\n" }
            if s.diff.fixed.count > 10 { out += "    … and \(s.diff.fixed.count - 10) more\n" }
        }
        if let change = s.knownChange {
            if !change.added.isEmpty {
                out += "  accepted \(plural(change.added.count, "known problem")) into \(s.baselineFile ?? "the baseline")\n"
            }
            let stale = change.dropped.filter { k in !s.diff.fixed.contains { $0.key == k.key } }
            if !stale.isEmpty {
                out += "  dropped \(plural(stale.count, "known problem")) about the snapshot this record replaces: "
                    + stale.prefix(5).map(\.place).joined(separator: "; ") + (stale.count > 5 ? "; …" : "") + "\n"
            }
        }
        return out
    }

    /// A target and one of its actions, named as findings name them: `row.about (openAbout)`.
    static func describeAction(_ node: String, _ action: String?) -> String {
        action.map { "\(node) (\($0))" } ?? node
    }
}
