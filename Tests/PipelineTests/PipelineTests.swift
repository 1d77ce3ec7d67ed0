import Audit
import Baselines
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HitTesting
import Pipeline
import ReplayEngine
import Reports
import RunResults
import TapModel
import Testing
import TestSupport
import TraceStore

/// A temporary workspace: a database, a baselines folder, files.
final class Workspace {
    let folder = TemporaryFolder("tapreplay-pipeline")
    let store: TraceStore
    init() throws {
        store = try TraceStore(path: folder.db)
    }

    var path: String { folder.path }
    var baselines: String { path + "/Baselines" }

    func file(_ name: String, _ text: String) -> String { folder.file(name, text) }

    func run(_ snapshot: String, mode: RecordMode = .missing, radius: Double = HitSettings.defaultTouchRadius, baseline: Bool = true,
             probe: Probe.Pattern? = nil) throws -> RunOutcome {
        var request = RunRequest()
        request.probe = probe
        request.snapshotPaths = [snapshot]
        request.baselineFolder = baseline ? baselines : nil
        request.recordMode = mode
        request.hit = HitSettings(touchRadius: radius)
        request.revision = "test"
        return try RunPipeline(store: store).run(request)
    }

    static let repo = repositoryRoot

    /// The example traces of the repository, imported.
    func importExampleTraces() throws {
        for name in ["settings-leading-edge-0001.jsonl", "settings-session-0002.csv", "checkout-uitest-0001.jsonl"] {
            _ = try store.importFile(Workspace.repo + "/Traces/" + name)
        }
    }
}

@Suite("The run: baselines, record modes, reports, history")
struct PipelineTests {
    let good = Workspace.repo + "/Traces/snapshots/Settings.json"
    let regressed = Workspace.repo + "/Traces/builds/Settings.no-content-shape.json"

    @Test("Record mode missing writes a missing baseline and fails; the next run compares and passes")
    func missing() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        let first = try w.run(good)
        #expect(!first.passed && first.suites[0].baseline == .written)
        #expect(FileManager.default.fileExists(atPath: w.baselines + "/Settings.json"))
        let second = try w.run(good)
        #expect(second.passed && second.suites[0].baseline == .compared)
        #expect(second.suites[0].diff.regressions.isEmpty && second.suites[0].diff.improvements.isEmpty)
    }

    @Test("Record mode never fails on a missing baseline without writing one")
    func never() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        let r = try w.run(good, mode: .never)
        #expect(!r.passed && r.suites[0].baseline == .missing)
        #expect(!FileManager.default.fileExists(atPath: w.baselines + "/Settings.json"))
    }

    @Test("Baselines are byte-identical across runs")
    func byteIdentical() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        _ = try w.run(good, mode: .all)
        let first = try Data(contentsOf: URL(fileURLWithPath: w.baselines + "/Settings.json"))
        _ = try w.run(good, mode: .all)
        let second = try Data(contentsOf: URL(fileURLWithPath: w.baselines + "/Settings.json"))
        #expect(first == second)
    }

    @Test("Removing contentShape from the settings rows: R1 dead presses, R4 shrunken coverage, R6 unmet expectations, R7 predicted success; --record accepts it")
    func regressedBuild() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        _ = try w.run(good, mode: .all)
        let r = try w.run(regressed)
        #expect(!r.passed)
        let rules = Set(r.suites[0].diff.regressions.map(\.rule.rawValue))
        #expect(rules == ["R1", "R4", "R6", "R7"])
        // R7: each hollow row's predicted first-try success, grouped under the row's cause with the rest.
        let r7 = r.suites[0].diff.regressions.filter { $0.rule == .predicted }
        #expect(r7.compactMap(\.node).sorted() == ["row.about", "row.flowMeter", "row.units"])
        #expect(r7.allSatisfy { ($0.before?.predicted ?? 0) > 0.95 && ($0.after?.predicted ?? 1) < 0.1 })
        let cause = try #require(r.suites[0].diff.causes.first { $0.node == "row.flowMeter" })
        #expect(cause.counts[.predicted] == 1 && cause.summary.contains("predicted first-try success 99.4% → "), "\(cause.summary)")
        let dead = try #require(r.suites[0].diff.regressions.first { $0.rule.rawValue == "R1" && $0.trace == "settings-leading-edge-0001" })
        #expect(dead.press == 1 && dead.at == Point(200, 122) && dead.node == "row.flowMeter")
        #expect(dead.before?.outcome == "hit" && dead.after?.outcome == "miss" && dead.before?.action == "openFlowMeter")
        let coverage = try #require(r.suites[0].diff.regressions.first { $0.rule.rawValue == "R4" && $0.node == "row.flowMeter" })
        #expect(coverage.before?.own == 1 && (coverage.after?.own ?? 1) < 0.5)

        // The JUnit report parses and counts the failing testcases.
        let xml = JUnitReport.xml(r)
        let counter = XMLCounter()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(counter.suites == 1)
        #expect(counter.failingCases == counter.declaredFailures && counter.declaredFailures > 0)
        #expect(counter.failureTypes.isSuperset(of: ["R1", "R4", "R6", "R7"]))
        // Every output names the profile and radius it used: JUnit as the suite's properties.
        #expect(xml.contains("<property name=\"profile\" value=\"ios18\"/>") && xml.contains("<property name=\"touchRadius\" value=\"20\"/>"), "\(xml.prefix(600))")
        #expect(MarkdownReport.markdown(r).contains("**R1**"))
        // HTML lists the findings under their causes: a group per cause, headed by it.
        var drawn = r
        drawn.suites[0].picture = ScreenPicture(HitTester(try Snapshot(json: Array(try Data(contentsOf: URL(fileURLWithPath: regressed)))),
                                                          settings: HitSettings()))
        let html = HTMLReport.html(drawn, drawings: HTMLReport.drawings(drawn))
        let suite = r.suites[0]
        #expect(html.components(separatedBy: "<tr class=\"cause\"><th colspan=\"5\">").count - 1 == suite.diff.causes.count && !suite.diff.causes.isEmpty)
        let first = try #require(suite.diff.causes.first)
        let head = try #require(html.range(of: "<tr class=\"cause\"><th colspan=\"5\">\(first.reason.replacingOccurrences(of: "'", with: "&apos;"))"), "\(first.reason)")
        let member = suite.diff.regressions[first.regressions[0]]
        let row = try #require(html.range(of: ">\(member.rule.rawValue)</td>", range: head.upperBound..<html.endIndex))
        #expect(row.lowerBound > head.upperBound)

        // Accepting the change: --record rewrites the baseline, but an unmet expectation (R6)
        // is never a pass; afterwards it compares clean, except R6.
        let accepted = try w.run(regressed, mode: .all)
        #expect(!accepted.passed && accepted.suites[0].baseline == .recorded)
        #expect(Set(accepted.suites[0].diff.regressions.map(\.rule.rawValue)) == ["R6"])
        let after = try w.run(regressed)
        #expect(Set(after.suites[0].diff.regressions.map(\.rule.rawValue)) == ["R6"])  // expectations need no baseline
    }

    @Test("History: every run is kept; per-target trends; a press that flips between runs of one snapshot is flaky")
    func history() throws {
        let w = try Workspace()
        let snapshot = w.file("row.json", """
            {"format":"tapreplay-snapshot","version":1,"screen":"Row","app":{"build":"7"},
             "root":{"id":"row","type":"HStack","frame":[0,0,393,44],"modifiers":[{"onTapGesture":{"action":"open"}}],
                     "children":[{"id":"row.title","type":"Text","frame":[16,11,80,22]}]}}
            """)
        _ = try w.store.importFile(w.file("t.jsonl", """
            {"format":"tapreplay-trace","version":1,"trace":"near","screen":"Row"}
            {"t":0,"touch":1,"phase":"began","x":100,"y":20,"expect":"row"}
            {"t":0.1,"touch":1,"phase":"ended","x":100,"y":20}
            {"t":1,"touch":1,"phase":"began","x":30,"y":20}
            {"t":1.1,"touch":1,"phase":"ended","x":30,"y":20}
            """))
        _ = try w.run(snapshot, radius: 10, baseline: false)
        _ = try w.run(snapshot, radius: 0, baseline: false)
        _ = try w.run(snapshot, radius: 10, baseline: false)
        let runs = try w.store.runs(last: 10)
        #expect(runs.count == 3 && runs.map(\.id) == runs.map(\.id).sorted(by: >))
        #expect(runs.map(\.passed) == [true, false, true])  // at r = 0 the expectation is unmet (R6)
        #expect(runs[0].suites.first?.appBuild == "7" && runs[0].revision == "test")
        let flaky = try w.store.flakyPresses()
        #expect(flaky.count == 1)
        #expect(flaky.first?.trace == "near" && flaky.first?.press == 0)
        #expect(flaky.first?.outcomes.map(\.outcome) == [.fired, .miss, .fired])
        let trend = try w.store.targetTrends(target: "row")
        #expect(trend.count == 3 && trend.map(\.firstTryMet) == [1, 0, 1])
        #expect(try w.store.targetTrends(suite: "Row", target: "row", last: 2).count == 2)
        let json = HistoryReport.json(runs: runs, trends: trend, flaky: flaky)
        #expect(json.contains("\"flaky\""))
    }
}

/// Counts what a JUnit consumer would: suites, failing testcases, and the failures each suite declares.
final class XMLCounter: NSObject, XMLParserDelegate {
    var suites = 0, declaredFailures = 0, failingCases = 0
    var failureTypes = Set<String>()
    private var caseFailed = false

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch element {
        case "testsuite":
            suites += 1
            declaredFailures += Int(attributes["failures"] ?? "0") ?? 0
        case "testcase": caseFailed = false
        case "failure":
            if !caseFailed { failingCases += 1 }
            caseFailed = true
            if let t = attributes["type"] { failureTypes.insert(t) }
        default: break
        }
    }
}
