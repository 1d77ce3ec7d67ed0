import Foundation
import TapModel
import Testing

/// Issue 21 through the built `replay`: known problems accepted on review, one screen at a
/// time, nothing silent, progress and Ctrl-C, messages that say more.
@Suite("Adoption, end to end")
struct AdoptionCommandTests {
    let good = Replay.root + "/Traces/snapshots/Settings.json"
    let regressed = Replay.root + "/Traces/builds/Settings.no-content-shape.json"

    /// A copy of the example data and baselines, imported into the folder's database by a first, passing run.
    func workspace() throws -> Scratch {
        let dir = Scratch()
        for folder in ["Traces", "Baselines"] {
            try FileManager.default.copyItem(atPath: Replay.root + "/" + folder, toPath: dir.path + "/" + folder)
        }
        let first = try Replay.run(["--baseline", "Baselines"], cwd: dir.path)
        #expect(first.status == 0 && first.stderr.contains("importing the example data"), "\(first.stderr)")
        return dir
    }

    @Test("replay accept: the regressed build's problems become known with who and why; runs then pass listing them; fixed ones are reported and dropped by --record")
    func acceptKnownProblems() throws {
        let dir = try workspace()
        let run = ["run", "--snapshots", regressed, "--baseline", "Baselines"]
        #expect(try Replay.run(run, cwd: dir.path).status == 1)
        let accept = try Replay.run(["accept", "--snapshots", regressed, "--baseline", "Baselines", "--why", "rows redesigned in 3.3", "--who", "ana"],
                                    cwd: dir.path)
        #expect(accept.status == 0, "\(accept.stderr)")
        // What is accepted is each cause on each target: R1, R4, R6 and R7 on the three hollow rows.
        #expect(accept.stdout.contains("Settings: Baselines/Settings.json — accepted 12 known problems"))
        let file = try String(contentsOfFile: dir.path + "/Baselines/Settings.json", encoding: .utf8)
        #expect(file.contains("\"known\": [") && file.contains("\"who\": \"ana\"") && file.contains("\"version\": 2"))

        let again = try Replay.run(run + ["--json"], cwd: dir.path)
        #expect(again.status == 0, "\(again.stderr)")
        let doc = try #require(again.json)
        #expect(doc.count("suites.0.regressions") == 0 && doc.count("suites.0.known") == 20)
        #expect(doc.string("suites.0.known.0.known.who") == "ana" && doc.string("suites.0.known.0.known.why") == "rows redesigned in 3.3")
        // JUnit and Markdown count them as known, not as failures.
        let reports = try Replay.run(run + ["--junit", "r.xml", "--markdown", "r.md"], cwd: dir.path)
        #expect(reports.status == 0)
        let xml = try String(contentsOfFile: dir.path + "/r.xml", encoding: .utf8)
        #expect(xml.contains("failures=\"0\"") && xml.contains("skipped=\"20\""))
        #expect(try String(contentsOfFile: dir.path + "/r.md", encoding: .utf8).contains("20 known problems"))

        // The good build: every known problem is fixed, said so; --record drops them.
        let fixed = try Replay.run(["run", "--snapshots", good, "--baseline", "Baselines"], cwd: dir.path)
        #expect(fixed.status == 0 && fixed.stdout.contains("fixed (12)"))
        let record = try Replay.run(["run", "--snapshots", good, "--baseline", "Baselines", "--record"], cwd: dir.path)
        let recorded = try String(contentsOfFile: dir.path + "/Baselines/Settings.json", encoding: .utf8)
        #expect(record.status == 0 && !recorded.contains("\"known\""))
    }

    /// The hollow build with row.about's version label narrower: more of the row is dead.
    func widerDeadArea(_ dir: Scratch) throws -> String {
        let text = try String(contentsOfFile: regressed, encoding: .utf8)
        let version = try #require(text.range(of: "\"id\": \"row.about.version\""))
        let frame = try #require(text.range(of: "310,", range: version.upperBound..<text.endIndex))
        let width = try #require(text.range(of: "48,", range: frame.upperBound..<text.endIndex))
        var wider = text
        wider.replaceSubrange(width, with: "18,")
        wider.replaceSubrange(frame, with: "340,")
        return dir.file("wider.json", wider)
    }

    @Test("Known problems by target and cause: the README's accept (with the nightly's --probe edges) accepts 12 problems; a new trace over an accepted hollow row passes; a wider dead area on it fails")
    func acceptedProblemsNotPresses() throws {
        let dir = try workspace()
        let probe = ["--snapshots", regressed, "--baseline", "Baselines", "--probe", "edges"]
        let accept = try Replay.run(["accept"] + probe + ["--why", "rows redesigned in 3.3 (JIRA-123)", "--who", "ana"], cwd: dir.path)
        #expect(accept.status == 0 && accept.stdout.contains("accepted 12 known problems"), "\(accept.stdout)\(accept.stderr)")
        let nightly = try Replay.run(probe, cwd: dir.path)
        #expect(nightly.status == 0 && nightly.stdout.contains("1 screen, all passed, 50 known problems"), "\(nightly.stdout)")

        // A recording made after the acceptance, tapping the hollow About row where it is dead.
        _ = dir.file("later.jsonl", """
            {"format":"tapreplay-trace","version":1,"trace":"settings-after-accepting-0003","screen":"Settings","app":{"version":"3.2.0","build":"513"},"recordedAt":"2026-11-29T10:00:00Z","source":"uitest"}
            {"t":0.0,"touch":1,"phase":"began","x":200,"y":255,"expect":"row.about"}
            {"t":0.08,"touch":1,"phase":"ended","x":200,"y":255}
            {"t":2.0,"touch":2,"phase":"began","x":250,"y":250,"expect":"row.about"}
            {"t":2.08,"touch":2,"phase":"ended","x":250,"y":250}
            """)
        #expect(try Replay.run(["import", "later.jsonl"], cwd: dir.path).status == 0)
        let newTrace = try Replay.run(probe + ["--json"], cwd: dir.path)
        let doc = try #require(newTrace.json, "\(newTrace.stderr)")
        #expect(newTrace.status == 0 && doc.count("suites.0.regressions") == 0 && doc.count("suites.0.known") == 54, "\(newTrace.stdout)")

        // The same row, hollower: every finding on it is new, and says it is worse than accepted.
        let wider = try widerDeadArea(dir)
        let worse = try Replay.run(["--snapshots", wider, "--baseline", "Baselines", "--probe", "edges"], cwd: dir.path)
        #expect(worse.status == 1, "\(worse.stdout)")
        #expect(worse.stdout.contains("1 cause of 22 regressions"))
        #expect(worse.stdout.contains("● row.about: ") && worse.stdout.contains("worse than accepted: own 41.6% when accepted → 34.3%"))
        // The other two rows, as accepted, stay known.
        #expect(!worse.stdout.contains("● row.flowMeter") && !worse.stdout.contains("● row.units"))
    }

    @Test("--record --why accepts the unmet expectations as known; --why without --record, and accept without --why, are usage errors")
    func recordWithWhy() throws {
        let dir = try workspace()
        let r = try Replay.run(["run", "--snapshots", regressed, "--baseline", "Baselines", "--record", "--why", "known hollow rows", "--who", "bo"],
                               cwd: dir.path)
        #expect(r.status == 0 && r.stdout.contains("known (5,"), "\(r.stdout)\(r.stderr)")
        #expect(try Replay.run(["run", "--baseline", "Baselines", "--why", "x"], cwd: dir.path).status == 64)
        #expect(try Replay.run(["accept", "--baseline", "Baselines"], cwd: dir.path).status == 64)
    }

    @Test("A broken screen never looks green: report's header and stderr name the targets people miss on a screen that passes")
    func brokenScreenIsNotGreen() throws {
        let dir = try workspace()
        // The regressed rows under a screen name no trace or baseline knows: nothing to compare, so it passes.
        let text = try String(contentsOfFile: regressed, encoding: .utf8).replacingOccurrences(of: "\"screen\": \"Settings\"", with: "\"screen\": \"Broken\"")
        #expect(text.contains("\"Broken\""))
        try text.write(toFile: dir.path + "/Broken.json", atomically: true, encoding: .utf8)
        let report = try Replay.run(["report", "Broken.json", "--html", "r.html"], cwd: dir.path)
        #expect(report.status == 0, "\(report.stderr)")
        let html = try String(contentsOfFile: dir.path + "/r.html", encoding: .utf8)
        #expect(html.contains("1 screen passed</span><br><span class=\"warn\">Broken passes, but audit: 3 of 5 targets fail a person&apos;s first try"),
                "\(html.prefix(3000))")
        #expect(html.contains("see them: replay audit Broken.json"))
        #expect(report.stderr.contains("note: Broken passes, but audit: 3 of 5 targets"), "\(report.stderr)")
    }

    @Test("One screen at a time: --snapshots compares only its screens, --all-screens the others too, --screen on run, report and history")
    func oneScreen() throws {
        let dir = try workspace()
        let one = try Replay.run(["run", "--snapshots", good, "--baseline", "Baselines"], cwd: dir.path)
        #expect(one.status == 0 && one.stdout.contains("1 screen, all passed") && one.stdout.contains("not in this run: Checkout"))
        #expect(one.stderr.contains("the baselines of 'Checkout', 'Preferences' are not compared"), "\(one.stderr)")
        let all = try Replay.run(["run", "--snapshots", good, "--baseline", "Baselines", "--all-screens"], cwd: dir.path)
        #expect(all.status == 1 && all.stdout.contains("Checkout  FAIL"))

        let screen = try Replay.run(["run", "--baseline", "Baselines", "--screen", "Checkout", "--json"], cwd: dir.path)
        #expect(screen.status == 0 && screen.json?.count("suites") == 1 && screen.json?.string("suites.0.suite") == "Checkout")
        let typo = try Replay.run(["run", "--baseline", "Baselines", "--screen", "Chekout"], cwd: dir.path)
        #expect(typo.status == 2 && typo.stderr.contains("no screen 'Chekout' in this run (did you mean 'Checkout'?)"))

        let report = try Replay.run(["report", "--screen", "Settings", "--baseline", "Baselines", "--html", "r.html"], cwd: dir.path)
        #expect(report.status == 0, "\(report.stderr)")
        let html = try String(contentsOfFile: dir.path + "/r.html", encoding: .utf8)
        #expect(html.contains("1 screen passed") && html.contains("id=\"screen-Settings\"") && !html.contains("id=\"screen-Checkout\""))

        let history = try Replay.run(["history", "--screen", "Checkout", "--json"], cwd: dir.path)
        #expect(history.status == 0)
        let h = try #require(history.json)
        #expect((0..<(h.count("runs") ?? 0)).allSatisfy { h.count("runs.\($0).suites") == 1 && h.string("runs.\($0).suites.0.suite") == "Checkout" })
        #expect((0..<(h.count("targets") ?? 0)).allSatisfy { h.string("targets.\($0).suite") == "Checkout" })
    }

    @Test("report exits non-zero when it printed an error; the HTML header counts only what it draws")
    func reportError() throws {
        let dir = try workspace()
        let r = try Replay.run(["report", regressed, "--baseline", "Baselines", "--all-screens", "--html", "r.html"], cwd: dir.path)
        #expect(r.status == 1 && r.stderr.contains("error: Baselines/Checkout.json has a baseline"))
        let html = try String(contentsOfFile: dir.path + "/r.html", encoding: .utf8)
        #expect(html.contains("1 of 1 screen failed") && html.contains("not drawn, failed</span>: Checkout"))
        // Without --all-screens, the note names what was given: report's snapshots are its arguments, no --snapshots.
        let some = try Replay.run(["report", regressed, "--baseline", "Baselines", "--html", "r.html"], cwd: dir.path)
        #expect(some.status == 0 && some.stderr.contains("no snapshot given is of those screens (--all-screens takes them in)"), "\(some.stderr)")
        #expect(!some.stderr.contains("--snapshots"))
        let missing = try Replay.run(["report", regressed, "--baseline", "nothere", "--html", "r.html"], cwd: dir.path)
        #expect(missing.status == 2 && missing.stderr.contains("nothere (resolved: \(dir.path)/nothere)"))
    }

    @Test("Nothing silent: an empty folder to import is exit 2; a missing path is named as resolved; a user's ./Traces is never imported by itself")
    func nothingSilent() throws {
        let dir = Scratch()
        try FileManager.default.createDirectory(atPath: dir.path + "/empty", withIntermediateDirectories: true)
        dir.file("empty/readme.txt", "no traces here")
        let empty = try Replay.run(["import", "empty", "--db", dir.db], cwd: dir.path)
        #expect(empty.status == 2 && empty.stderr.contains("nothing to import: no .jsonl, .csv or .json file in empty (resolved: \(dir.path)/empty)"))
        let nothere = try Replay.run(["import", "nothere", "--db", dir.db], cwd: dir.path)
        #expect(nothere.status == 2 && nothere.stderr.contains("nothere (resolved: \(dir.path)/nothere): no such file or folder"))

        // A folder of one's own called Traces, without the example's marker: nothing is imported by itself.
        dir.file("Traces/mine.jsonl", ImportCommandTests.trace("mine"))
        let run = try Replay.run(["--baseline", "Baselines"], cwd: dir.path)
        #expect(run.status == 2 && !run.stderr.contains("example data") && run.stderr.contains("no snapshots to replay against"))
        let count = try Replay.run(["query", "SELECT count(*) AS n FROM trace", "--json"], cwd: dir.path)
        #expect(count.json?.number("0.n") == 0)
    }

    @Test("For scripts: hit --fail-on and deadzones --fail-under set the exit status")
    func scriptExits() throws {
        #expect(try Replay.run(["hit", good, "250", "122", "--fail-on", "miss"]).status == 0)
        let dead = try Replay.run(["hit", regressed, "250", "122", "--fail-on", "unfired"])
        #expect(dead.status == 1 && dead.stderr.contains("the outcome is miss"))
        #expect(try Replay.run(["hit", regressed, "250", "122", "--fail-on", "blocked,miss", "--json"]).status == 1)
        let typo = try Replay.run(["hit", good, "1", "1", "--fail-on", "mis"])
        #expect(typo.status == 64 && typo.stderr.contains("did you mean 'miss'?"))

        #expect(try Replay.run(["deadzones", good, "--fail-under", "0.9"]).status == 0)
        let hollow = try Replay.run(["deadzones", regressed, "--fail-under", "0.9"])
        #expect(hollow.status == 1 && hollow.stderr.contains("row.flowMeter (openFlowMeter) fires on 32.7% of its frame, under --fail-under 0.9"))
        #expect(try Replay.run(["deadzones", good, "--fail-under", "90"]).status == 64)
    }

    @Test("Messages: a trailing comma is named as such; a snapshot error names the nodes on its path")
    func messages() throws {
        let dir = Scratch()
        let comma = dir.file("comma.json", "{\n  \"format\": \"tapreplay-snapshot\",\n  \"version\": 1,\n}\n")
        let r = try Replay.run(["hit", comma, "1", "1"])
        #expect(r.status == 2 && r.stderr.contains("comma.json:4") && r.stderr.contains("trailing comma before '}'"))
        let deep = dir.file("deep.json", """
            {"format":"tapreplay-snapshot","version":1,"screen":"S",
             "root":{"id":"window","type":"UIWindow","frame":[0,0,10,10],"children":[
               {"id":"row.about","type":"HStack","frame":[0,0,1,1],"modifiers":[{"onHoverWiggle":{}}]}]}}
            """)
        let d = try Replay.run(["deadzones", deep])
        #expect(d.status == 2 && d.stderr.contains("deep.json:3: root.children[0].modifiers[0]: unknown modifier 'onHoverWiggle'"))
        #expect(d.stderr.contains("— at window › row.about › modifiers[0]"))
    }

    @Test("Re-importing a file already stored is recognised from its hash, and said")
    func reimportByHash() throws {
        let dir = Scratch()
        let a = dir.file("a.jsonl", ImportCommandTests.trace("a"))
        #expect(try Replay.run(["import", a, "--db", dir.db]).status == 0)
        let copy = dir.file("copies/a.jsonl", ImportCommandTests.trace("a"))
        let again = try Replay.run(["import", copy, "--db", dir.db])
        #expect(again.status == 0 && again.stdout.contains("already present: 1 trace"))
        #expect(again.stderr.contains("\(copy): the same bytes as \(a), imported"))
    }

    @Test("Ctrl-C during a long import: a progress line first, then what was kept, exit 130, the database intact")
    func interruptImport() throws {
        let dir = Scratch()
        _ = try Replay.run(["import", dir.file("small.jsonl", ImportCommandTests.trace("small")), "--db", dir.db])
        let file = dir.file("big.jsonl", ImportCommandTests.bigTrace())
        let (p, _, err) = try Replay.start(["import", file, "--db", dir.db, "--progress"])
        let stderr = Collected()
        err.fileHandleForReading.readabilityHandler = { h in stderr.append(h.availableData) }
        // The progress line appears once the import has run a second: then it is reading the file.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && p.isRunning && !stderr.text.contains("progress: importing") { usleep(20_000) }
        let interruptedMidway = p.isRunning
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        err.fileHandleForReading.readabilityHandler = nil
        stderr.append(err.fileHandleForReading.readDataToEndOfFile())
        #expect(interruptedMidway, "the import finished before the progress line; make the file bigger")
        #expect(p.terminationReason == .exit && p.terminationStatus == 130, "\(stderr.text)")
        #expect(stderr.text.contains("stopped: nothing of \(file) was stored; the database is intact"), "\(stderr.text)")
        let names = try Replay.run(["query", "SELECT name FROM trace", "--db", dir.db, "--csv"])
        #expect(names.stdout == "name\nsmall\n")
        let check = try Replay.run(["query", "PRAGMA integrity_check", "--db", dir.db, "--csv"])
        #expect(check.stdout == "integrity_check\nok\n")
    }

    /// Bytes a pipe delivers on another thread.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ d: Data) { lock.lock(); data.append(d); lock.unlock() }
        var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
    }
}
