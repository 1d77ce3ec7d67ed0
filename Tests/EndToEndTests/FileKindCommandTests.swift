import Foundation
import Testing

/// Every reader names the kind of file it was given from its `format`, and the command that takes it.
@Suite("Which file goes where")
struct FileKindCommandTests {
    @Test("hit, audit and run given a capture bundle, a baseline or a trace say what it is and which command takes it (exit 2)")
    func wrongKind() throws {
        let bundle = Replay.root + "/Traces/builds/Settings.capture.json"
        let hit = try Replay.run(["hit", bundle, "200", "122"])
        #expect(hit.status == 2 && hit.stdout.isEmpty)
        #expect(hit.stderr.contains("Settings.capture.json is a capture bundle (format \"tapreplay-capture\"), not a snapshot: use replay convert"),
                "\(hit.stderr)")
        let baseline = try Replay.run(["audit", Replay.root + "/Baselines/Settings.json"])
        #expect(baseline.status == 2 && baseline.stderr.contains("is a baseline (format \"tapreplay-baseline\"), not a snapshot: use replay run --baseline"),
                "\(baseline.stderr)")
        let trace = try Replay.run(["deadzones", Replay.root + "/Traces/settings-leading-edge-0001.jsonl"])
        #expect(trace.status == 2 && trace.stderr.contains("is a trace (format \"tapreplay-trace\"), not a snapshot: use replay import"),
                "\(trace.stderr)")
        let dir = Scratch()
        let run = try Replay.run(["run", "--snapshots", Replay.root + "/Baselines/Settings.json", "--db", dir.path + "/db.sqlite"])
        #expect(run.status == 2 && run.stderr.contains("is a baseline (format \"tapreplay-baseline\"), not a snapshot"), "\(run.stderr)")
    }

    @Test("--baseline with a slip of an existing folder's name is an input error, and creates nothing")
    func baselineTypo() throws {
        let dir = Scratch()
        try FileManager.default.copyItem(atPath: Replay.root + "/Baselines", toPath: dir.path + "/Baselines")
        let r = try Replay.run(["run", "--snapshots", Replay.root + "/Traces/snapshots/Settings.json", "--baseline", "Baseline",
                                "--db", dir.path + "/db.sqlite"], cwd: dir.path)
        #expect(r.status == 2 && r.stderr.contains("no baselines folder at Baseline (resolved: ") && r.stderr.contains("(did you mean 'Baselines'?)"),
                "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/Baseline"))
    }

    @Test("--no-history: the run records nothing in history")
    func noHistory() throws {
        let dir = Scratch()
        let db = dir.path + "/db.sqlite"
        let r = try Replay.run(["run", "--snapshots", Replay.root + "/Traces/snapshots/Settings.json", "--probe", "edges", "--no-history", "--db", db],
                               cwd: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("recorded in history"))
        let runs = try Replay.run(["query", "SELECT count(*) AS n FROM run", "--csv", "--db", db], cwd: dir.path)
        #expect(runs.stdout.contains("\n0"), "\(runs.stdout)")
    }

    @Test("history: per-target trends by app build, one value per build, however often a build ran")
    func trendsByBuild() throws {
        let dir = Scratch()
        for folder in ["Traces", "Baselines"] {
            try FileManager.default.copyItem(atPath: Replay.root + "/" + folder, toPath: dir.path + "/" + folder)
        }
        #expect(try Replay.run(["--baseline", "Baselines"], cwd: dir.path).status == 0)               // build 512
        let regressed = ["--snapshots", "Traces/builds/Settings.no-content-shape.json", "--baseline", "Baselines"]
        #expect(try Replay.run(regressed, cwd: dir.path).status == 1)                                  // build 513
        #expect(try Replay.run(["--snapshots", "Traces/snapshots/Settings.json", "--baseline", "Baselines"], cwd: dir.path).status == 0)
        let history = try Replay.run(["history", "--target", "row.about"], cwd: dir.path)
        #expect(history.stdout.contains(" 100%@512 42%@513 "), "\(history.stdout)")
        #expect(!history.stdout.contains("42%@513 100%@512"))
    }
}
