import Baselines
import Foundation
import HitTesting
import Pipeline
import Reports
import RunResults
import TapModel
import Testing
import TestSupport
import TraceStore

/// The reproducers of "Runs people can trust" that live in the run itself.
@Suite("Runs people can trust: no silent passes")
struct TrustworthyRunTests {
    let good = Workspace.repo + "/Traces/snapshots/Settings.json"
    let regressed = Workspace.repo + "/Traces/builds/Settings.no-content-shape.json"

    func defaultRun(_ w: Workspace, log: ((String) -> Void)? = nil) throws -> RunOutcome {
        var request = RunRequest()
        request.baselineFolder = w.baselines
        request.revision = "test"
        return try RunPipeline(store: w.store).run(request, log: log ?? { _ in })
    }

    @Test("The run compares the newest build by capture time, never the last import")
    func newestBuild() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        // Build 513 (captured later) is imported first, then the older build 512 again: 513 is still the one compared.
        let newer = try String(contentsOfFile: regressed, encoding: .utf8)
        #expect(newer.contains("\"build\": \"513\"") || newer.contains("\"build\":\"513\""))
        _ = try w.store.importFile(regressed)
        _ = try w.store.importFile(good)
        let r = try defaultRun(w)
        let settings = try #require(r.suites.first { $0.suite == "Settings" })
        #expect(settings.snapshot.appBuild == "513")
        #expect(settings.snapshot.source.contains("Settings.no-content-shape.json"))
        #expect(RunReport.text(r, style: .init(color: false)).contains("build 513"))
    }

    @Test("Traces for a screen with no snapshot are said on stderr; a baselined screen with nothing to compare is not a pass")
    func nothingToCompare() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        _ = try w.run(good)  // writes Baselines/Settings.json
        var notes: [String] = []
        var request = RunRequest()
        request.baselineFolder = w.baselines
        request.snapshotPaths = [Workspace.repo + "/Traces/snapshots/Checkout.json"]
        request.allScreens = true  // by default a run given snapshot files compares only their screens
        let r = try RunPipeline(store: w.store).run(request) { notes.append($0) }
        #expect(notes.contains { $0.contains("traces of screen 'Settings' are stored but no snapshot of it is in this run") })
        let settings = try #require(r.suites.first { $0.suite == "Settings" })
        #expect(settings.baseline == .noSnapshot && !settings.passed)
        #expect(!r.passed)
        #expect(notes.contains { $0.contains("no snapshot of it is in this run: nothing was compared") })
    }

    @Test("--record with an unmet expectation is not a pass, and history stores it as failed")
    func recordIsNotAPass() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        _ = try w.run(good)  // a baseline exists: re-recording it over audit errors needs no --why
        let r = try w.run(regressed, mode: .all)
        #expect(r.suites[0].baseline == .recorded)
        #expect(!r.passed)
        #expect(r.suites[0].diff.regressions.allSatisfy { $0.rule == .expectation } && !r.suites[0].diff.regressions.isEmpty)
        let runs = try w.store.runs()
        #expect(runs.first?.passed == false)
        #expect(RunReport.text(r, style: .init(color: false)).contains("FAIL"))
    }

    @Test("A new baseline of a screen with audit errors: written and failing without --record, naming the errors; refused by --record alone; written by --record --why")
    func newBaselineWithAuditErrors() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        var lines: [String] = []
        var request = RunRequest()
        request.snapshotPaths = [regressed]
        request.baselineFolder = w.baselines
        request.recordMode = .all
        request.recordHistory = false
        let refused = try RunPipeline(store: w.store).run(request) { lines.append($0) }
        #expect(refused.suites[0].baseline == .refused && !refused.passed)
        #expect(!FileManager.default.fileExists(atPath: w.baselines + "/Settings.json"))
        #expect(lines.contains { $0.hasPrefix("error: Settings: not recording a new baseline")
            && $0.contains("6 audit errors on 3 targets (row.flowMeter: A1, A10;") && $0.contains("replay audit \(regressed)")
            && $0.contains("--record --why TEXT") })
        #expect(RunReport.text(refused, style: .init(color: false)).contains("--record writes a new baseline of a screen with audit errors only with --why"))

        lines = []
        request.acceptance = Acceptance(who: "ana", why: "known hollow rows (JIRA-1)", since: "2026-11-28")
        let accepted = try RunPipeline(store: w.store).run(request) { lines.append($0) }
        #expect(accepted.suites[0].baseline == .recorded)
        #expect(FileManager.default.fileExists(atPath: w.baselines + "/Settings.json"))
        #expect(lines.contains { $0.hasPrefix("recorded ") && $0.contains("6 audit errors") && $0.contains("known hollow rows (JIRA-1)") })

        // Without --record: written (the run fails as for any new baseline), the line naming the errors.
        try FileManager.default.removeItem(atPath: w.baselines + "/Settings.json")
        lines = []
        request.acceptance = nil
        request.recordMode = .missing
        let written = try RunPipeline(store: w.store).run(request) { lines.append($0) }
        #expect(written.suites[0].baseline == .written && !written.passed)
        #expect(lines.contains { $0.hasPrefix("wrote a new baseline") && $0.contains("6 audit errors") && $0.contains("--record --why TEXT") })

        // A clean screen's new baseline is recorded by --record alone.
        let clean = try w.run(good, mode: .all)
        #expect(clean.suites[0].baseline == .recorded)
    }

    @Test("One cause, many findings: the regressed settings build groups its findings by row")
    func causes() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        _ = try w.run(good)
        let r = try w.run(regressed)
        let s = r.suites[0]
        #expect(s.diff.causes.map(\.node).sorted() == ["row.about", "row.flowMeter", "row.units"])
        #expect(s.diff.causes.reduce(0) { $0 + $1.regressions.count } == s.diff.regressions.count)
        let flow = try #require(s.diff.causes.first { $0.node == "row.flowMeter" })
        #expect(flow.reason.contains("no contentShape before onTapGesture"))
        #expect(flow.summary.contains("no longer fire") && flow.summary.contains("own 100% → 32.7%"), "\(flow.summary)")
        let json = RunReport.json(r)
        #expect(json.contains("\"causes\": [") && json.contains("\"cause\": \"row.flowMeter\""))
        #expect(MarkdownReport.markdown(r).contains("no contentShape before onTapGesture"))
        #expect(JUnitReport.xml(r).contains("classname=\"Settings.causes\""))
    }

    @Test("Warn when a trace does not fit its snapshot: outside its bounds, another device, an expect naming no node")
    func traceFit() throws {
        let w = try Workspace()
        _ = try w.store.importFile(w.file("odd.jsonl", """
            {"format":"tapreplay-trace","version":1,"trace":"odd","screen":"Settings","device":{"model":"iPad13,1"}}
            {"t":0,"touch":1,"phase":"began","x":900,"y":2000,"expect":"row.nothing"}
            {"t":0.1,"touch":1,"phase":"ended","x":900,"y":2000}
            """))
        var notes: [String] = []
        var request = RunRequest()
        request.snapshotPaths = [good]
        let r = try RunPipeline(store: w.store).run(request) { notes.append($0) }
        let warnings = r.suites[0].warnings
        #expect(warnings.contains { $0.contains("1 press outside the snapshot's 393×852 pt bounds") })
        #expect(warnings.contains { $0.contains("recorded on iPad13,1, the snapshot on iPhone16,1") })
        #expect(warnings.contains { $0.contains("expect 'row.nothing', which is no node of this snapshot") })
        #expect(notes.contains { $0.hasPrefix("warning: Settings:") })
    }

    @Test("Markdown: a missing baseline is not announced as '0 regressions'")
    func markdownMissingBaseline() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        let r = try w.run(good, mode: .never)
        let md = MarkdownReport.markdown(r)
        #expect(!md.contains("❌ 0 regressions"))
        #expect(md.contains("not compared"))
        #expect(RunReport.text(r, style: .init(color: false)).contains("19 presses in 2 traces"))
    }
}
