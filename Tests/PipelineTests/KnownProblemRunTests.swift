import Baselines
import Foundation
import Pipeline
import Reports
import RunResults
import TapModel
import Testing
import TestSupport
import TraceStore

/// Problems a team already has: accepted on review into the baseline, listed as known,
/// never failing, reported as fixed when they go, dropped on the next record.
@Suite("Known problems through the run")
struct KnownProblemRunTests {
    let good = Workspace.repo + "/Traces/snapshots/Settings.json"
    let regressed = Workspace.repo + "/Traces/builds/Settings.no-content-shape.json"
    let ana = Acceptance(who: "ana", why: "the rows are redesigned in 3.3 (JIRA-123)", since: "2026-11-22")

    func run(_ w: Workspace, _ snapshot: String, mode: RecordMode = .missing, accept: Acceptance? = nil,
             history: Bool = true) throws -> RunOutcome {
        var request = RunRequest()
        request.snapshotPaths = [snapshot]
        request.baselineFolder = w.baselines
        request.recordMode = mode
        request.acceptance = accept
        request.recordHistory = history
        request.revision = "test"
        return try RunPipeline(store: w.store).run(request)
    }

    @Test("replay accept writes every regression as known, keeping the accepted snapshot; the next run passes and lists them as known")
    func acceptThenPass() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        _ = try run(w, good)  // the accepted baseline
        let before = try String(contentsOfFile: w.baselines + "/Settings.json", encoding: .utf8)
        let failing = try run(w, regressed)
        #expect(!failing.passed && failing.suites[0].diff.regressions.count == 20)

        let accepted = try run(w, regressed, accept: ana, history: false)
        // 20 findings, 12 problems: R1, R4, R6 and R7 on each of the three hollow rows, at their level now.
        #expect(accepted.suites[0].knownChange?.added.count == 12)
        let after = try Baseline(decoding: String(contentsOfFile: w.baselines + "/Settings.json", encoding: .utf8))
        #expect(after.known.count == 12 && after.known.allSatisfy { $0.who == "ana" && $0.since == "2026-11-22" })
        #expect(after.known.allSatisfy { $0.trace == nil && $0.press == nil && $0.level?.own != nil })
        // The accepted snapshot is the one it was: only `known` was added.
        #expect(after.snapshot.map { $0.encoded(.compact) } == (try Baseline(decoding: before)).snapshot.map { $0.encoded(.compact) })

        let next = try run(w, regressed)
        let s = next.suites[0]
        #expect(next.passed && s.passed && s.diff.regressions.isEmpty && s.diff.known.count == 20)
        // Reports: never a regression, always listed.
        let text = RunReport.text(next, style: .init(color: false))
        #expect(text.contains("PASS") && text.contains("known (20, accepted in") && text.contains("ana, 2026-11-22: the rows are redesigned"))
        let md = MarkdownReport.markdown(next)
        #expect(md.contains("no regressions") && md.contains("20 known problems (accepted; not failing)"))
        let junit = JUnitReport.xml(next)
        #expect(junit.contains("failures=\"0\"") && junit.contains("skipped=\"20\"") && junit.contains("<skipped message=\"known problem (ana, 2026-11-22"))
        let json = try JSONSerialization.jsonObject(with: Data(RunReport.json(next).utf8)) as? [String: Any]
        let suites = json?["suites"] as? [[String: Any]]
        #expect((suites?.first?["known"] as? [Any])?.count == 20 && (suites?.first?["regressions"] as? [Any])?.count == 0)
        // History counts no regression for it, and keeps the known findings as `known`.
        #expect(try w.store.runs().first?.regressions == 0)
    }

    @Test("A known problem that disappears is reported as fixed, and dropped by the next record")
    func fixedThenDropped() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        _ = try run(w, good)
        _ = try run(w, regressed, accept: ana, history: false)
        let back = try run(w, good)
        #expect(back.passed && back.suites[0].diff.fixed.count == 12)
        #expect(RunReport.text(back, style: .init(color: false)).contains("fixed (12): known problems that no longer occur (the next --record or replay accept drops them)"))
        // A plain run writes nothing: the file still lists them.
        #expect(try Baseline(decoding: String(contentsOfFile: w.baselines + "/Settings.json", encoding: .utf8)).known.count == 12)
        let recorded = try run(w, good, mode: .all)
        #expect(recorded.passed && recorded.suites[0].knownChange?.dropped.count == 12)
        #expect(try Baseline(decoding: String(contentsOfFile: w.baselines + "/Settings.json", encoding: .utf8)).known.isEmpty)
    }

    @Test("--record with --why accepts the unmet expectations as known and passes; --record alone still fails on them")
    func recordWithWhy() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        let plain = try run(w, regressed, mode: .all)
        #expect(!plain.passed && plain.suites[0].diff.regressions.allSatisfy { $0.rule == .expectation })
        let withWhy = try run(w, regressed, mode: .all, accept: ana)
        // 5 unmet expectations on 3 rows: 3 problems.
        #expect(withWhy.passed && withWhy.suites[0].diff.known.count == 5 && withWhy.suites[0].knownChange?.added.count == 3)
        // The next run of the same build passes on them; they stay known while they occur.
        let again = try run(w, regressed)
        #expect(again.passed && again.suites[0].diff.known.count == 5)
        let rerecorded = try run(w, regressed, mode: .all)
        #expect(rerecorded.passed && rerecorded.suites[0].knownChange?.kept.count == 3)
    }

    @Test("Accepting when there is nothing to accept leaves the baseline byte for byte as it was")
    func acceptNothing() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        _ = try run(w, good)
        let file = w.baselines + "/Settings.json"
        let spaced = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "  ", with: "   ")
        try spaced.write(toFile: file, atomically: true, encoding: .utf8)  // not canonical: a rewrite would show
        let r = try run(w, good, accept: ana, history: false)
        #expect(r.suites[0].knownChange?.added.isEmpty == true)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == spaced)
        #expect(AcceptReport.text(r).contains("Nothing changed."))
    }

    @Test("Accepting into a version-1 baseline is refused: it has no snapshot to keep")
    func acceptVersion1() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        _ = w.file("Baselines/Settings.json", """
            {"format":"tapreplay-baseline","version":1,"suite":"Settings","presses":[],"targets":[]}
            """)
        #expect(throws: RunInputError.self) { try run(w, regressed, accept: ana, history: false) }
    }

}

/// One screen at a time: `--screen`, and `--snapshots` compares only the screens given.
@Suite("Which screens a run is about")
struct ScreenScopeTests {
    let good = Workspace.repo + "/Traces/snapshots/Settings.json"
    let checkout = Workspace.repo + "/Traces/snapshots/Checkout.json"

    func request(_ w: Workspace, snapshots: [String] = [], screens: [String] = [], all: Bool = false) -> RunRequest {
        var r = RunRequest()
        r.snapshotPaths = snapshots
        r.baselineFolder = w.baselines
        r.screens = screens
        r.allScreens = all
        r.revision = "test"
        return r
    }

    /// Baselines for both example screens, and both screens' snapshots stored.
    func workspace() throws -> Workspace {
        let w = try Workspace()
        try w.importExampleTraces()
        _ = try w.store.importFile(good)
        _ = try w.store.importFile(checkout)
        _ = try RunPipeline(store: w.store).run(request(w))
        return w
    }

    @Test("--snapshots one.json compares only that screen: another screen's baseline is named as not in the run, not failed")
    func snapshotsScope() throws {
        let w = try workspace()
        var notes: [String] = []
        let r = try RunPipeline(store: w.store).run(request(w, snapshots: [good])) { notes.append($0) }
        #expect(r.passed && r.suites.map(\.suite) == ["Settings"] && r.screensNotInRun == ["Checkout"])
        #expect(notes.contains { $0.contains("the baselines of 'Checkout' are not compared") })
        #expect(!notes.contains { $0.contains("traces of screen 'Checkout' are stored") })
        let all = try RunPipeline(store: w.store).run(request(w, snapshots: [good], all: true))
        #expect(!all.passed && all.suites.first { $0.suite == "Checkout" }?.baseline == .noSnapshot)
    }

    @Test("--screen keeps to the named screens; a name that is no screen is an input error with a suggestion")
    func screenOption() throws {
        let w = try workspace()
        let r = try RunPipeline(store: w.store).run(request(w, screens: ["Checkout"]))
        #expect(r.suites.map(\.suite) == ["Checkout"] && r.passed && r.screensNotInRun == ["Settings"])
        #expect(try w.store.runs().first?.suites.map(\.suite) == ["Checkout"])
        do {
            _ = try RunPipeline(store: w.store).run(request(w, screens: ["Setings"]))
            Issue.record("a misspelt screen ran")
        } catch let e as RunInputError {
            #expect(e.message == "no screen 'Setings' in this run (did you mean 'Settings'?); its screens: Checkout, Settings")
        }
        // With --snapshots, a --screen whose snapshot is not given but has a baseline fails as before.
        let both = try RunPipeline(store: w.store).run(request(w, snapshots: [good], screens: ["Settings", "Checkout"]))
        #expect(!both.passed && both.suites.first { $0.suite == "Checkout" }?.baseline == .noSnapshot)
    }

    @Test("The HTML header counts the screens it draws, and names those it cannot draw")
    func htmlHeader() throws {
        let w = try workspace()
        var r = request(w, snapshots: [good], all: true)
        r.picture = true
        r.recordHistory = false
        let outcome = try RunPipeline(store: w.store).run(r)
        let html = HTMLReport.html(outcome, drawings: HTMLReport.drawings(outcome))
        #expect(html.contains("1 screen passed"))
        #expect(html.contains("not drawn, failed</span>: Checkout (no snapshot in this run)"))
        #expect(!html.contains("of 2 screens failed"))
        #expect(html.components(separatedBy: "<section class=\"screen\"").count - 1 == 1)
    }
}

/// Nothing silent, messages that say more, and stopping safely — in the library.
@Suite("Runs say what they did")
struct RunMessagesTests {
    @Test("A stop requested between traces records nothing in history and throws RunInterrupted")
    func interrupted() throws {
        let w = try Workspace()
        try w.importExampleTraces()
        var r = RunRequest()
        r.snapshotPaths = [Workspace.repo + "/Traces/snapshots/Settings.json"]
        r.shouldStop = { true }
        #expect(throws: RunInterrupted.self) { try RunPipeline(store: w.store).run(r) }
        #expect(try w.store.runs().isEmpty)
        #expect(try w.store.integrityCheck() == "ok")
    }

    @Test("Snapshot errors name the nodes on the JSON path beside the index path")
    func nodePath() throws {
        let text = """
            {"format":"tapreplay-snapshot","version":1,"screen":"S",
             "root":{"id":"window","type":"UIWindow","frame":[0,0,10,10],"children":[
               {"id":"list","type":"List","frame":[0,0,10,10],"children":[
                 {"type":"HStack","frame":[0,0,1,1]},
                 {"id":"row.about","type":"HStack","frame":[0,0,1,1],"modifiers":[{"onHoverWiggle":{}}]}]}]}}
            """
        let doc = Data(text.utf8)
        #expect(NodePath.readable("root.children[0].children[1].modifiers[0]", in: doc) == "window › list › row.about › modifiers[0]")
        #expect(NodePath.readable("root.children[0].children[0].frame", in: doc) == "window › list › HStack › frame")
        #expect(NodePath.readable("root", in: doc) == "window")
        #expect(NodePath.readable("screen", in: doc) == nil)
        #expect(NodePath.readable("root.children[9]", in: doc) == nil)
        let valid = text.replacingOccurrences(of: "{\"type\":\"HStack\"", with: "{\"id\":\"x\",\"type\":\"HStack\"")
        do {
            _ = try Snapshot(json: Array(valid.utf8))
            Issue.record("accepted")
        } catch let e as SnapshotError {
            let located = NodePath.locate(e, in: Data(valid.utf8))
            #expect(located.path == "root.children[0].children[1].modifiers[0]")
            #expect(located.message.hasSuffix(" — at window › list › row.about › modifiers[0]"), "\(located.message)")
        }
    }

    @Test("The example data is imported only from a folder that carries the example's marker")
    func exampleMarker() throws {
        let w = try Workspace()
        let mine = w.path + "/Traces"
        _ = w.file("Traces/mine.jsonl", """
            {"format":"tapreplay-trace","version":1,"trace":"mine","screen":"Mine"}
            {"t":0,"touch":1,"phase":"began","x":1,"y":1}
            {"t":0.1,"touch":1,"phase":"ended","x":1,"y":1}
            """)
        #expect(try ExampleData.importIfEmpty(w.store, folder: mine, log: { _ in }).isEmpty)
        #expect(try w.store.counts().traces == 0)
        #expect(ExampleData.isExample(Workspace.repo + "/Traces"))
        let imported = try ExampleData.importIfEmpty(w.store, folder: Workspace.repo + "/Traces", log: { _ in })
        #expect(!imported.isEmpty)
    }

    @Test("A path that does not exist is named as typed and as resolved")
    func resolvedPaths() {
        #expect(throws: RunInputError.self) { try InputFiles.collect(["no/such/folder"]) { _ in true } }
        do {
            _ = try InputFiles.collect(["no/such/folder"]) { _ in true }
        } catch let e as RunInputError {
            let cwd = FileManager.default.currentDirectoryPath
            #expect(e.message == "no/such/folder (resolved: \(cwd)/no/such/folder): no such file or folder")
        } catch {
            Issue.record("\(error)")
        }
    }
}
