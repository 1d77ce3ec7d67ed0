import Foundation
import TapModel
import Testing

/// The reproducers of "Runs people can trust" that go through the command line.
@Suite("Errors and help a person can act on, end to end")
struct TrustTests {
    let settings = Replay.root + "/Traces/snapshots/Settings.json"

    @Test("Negative coordinates work: replay hit S.json -5 10")
    func negativeCoordinates() throws {
        let r = try Replay.run(["hit", settings, "-5", "121.5", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.json?.number("point.0") == -5)
        let text = try Replay.run(["hit", settings, "-4", "-1"])
        #expect(text.status == 0 && text.stdout.hasPrefix("MISS"))
    }

    @Test("nan as a coordinate is an input error (exit 2), not a usage error")
    func nanCoordinate() throws {
        let r = try Replay.run(["hit", settings, "nan", "10"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("x must be a finite number"))
    }

    @Test("A misspelt command or option gets a did-you-mean (exit 64)")
    func didYouMean() throws {
        let command = try Replay.run(["hti", settings, "1", "1"])
        #expect(command.status == 64)
        #expect(command.stderr.contains("unknown command 'hti' (did you mean 'hit'?)"))
        let option = try Replay.run(["hit", settings, "1", "1", "--jsn"])
        #expect(option.status == 64)
        #expect(option.stderr.contains("did you mean '--json'?"))
        let step = try Replay.run(["deadzones", settings, "--step=-1"])
        #expect(step.status == 64 && step.stderr.contains("--step must be a number of points > 0"))
    }

    @Test("replay hit on a folder says it is a folder")
    func folder() throws {
        let r = try Replay.run(["hit", Replay.root + "/Traces", "1", "1"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("is a folder"))
        #expect(!r.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test("A byte-order mark is named as a BOM, in snapshots and in traces")
    func byteOrderMark() throws {
        let dir = Scratch()
        let snapshot = dir.file("bom.json", "\u{FEFF}" + (try String(contentsOfFile: settings, encoding: .utf8)))
        let r = try Replay.run(["hit", snapshot, "1", "1"])
        #expect(r.status == 2 && r.stderr.contains("byte-order mark (BOM)"))
        let csv = dir.file("bom.csv", "\u{FEFF}trace,screen,t,touch,phase,x,y\nc,S,0,1,began,1,1\nc,S,0.1,1,ended,1,1\n")
        let i = try Replay.run(["import", csv, "--db", dir.db])
        #expect(i.status == 2 && i.stderr.contains("\(csv):1: the file starts with a UTF-8 byte-order mark (BOM)"))
    }

    @Test("Error lines quote at most 200 characters of input")
    func clippedQuotes() throws {
        let dir = Scratch()
        let long = String(repeating: "x", count: 5000)
        let file = dir.file("long.json", #"{"format":"tapreplay-snapshot","version":1,"screen":"S","root":{"id":"a","type":"Text","frame":[0,0,1,1],"\#(long)":1}}"#)
        let r = try Replay.run(["hit", file, "1", "1"])
        #expect(r.status == 2)
        #expect(r.stderr.count < 1000, "\(r.stderr.count) characters")
    }

    @Test("query: a comment before ATTACH does not get past the check, and creates no files")
    func queryAttach() throws {
        let dir = Scratch()
        _ = try Replay.run(["import", Replay.root + "/Traces/settings-leading-edge-0001.jsonl", "--db", dir.db])
        let target = dir.path + "/x.sqlite"
        for sql in ["/**/ATTACH '\(target)' AS x", "-- note\nATTACH '\(target)' AS x", "  /* a */ /* b */ attach '\(target)' as x"] {
            let r = try Replay.run(["query", sql, "--db", dir.db])
            #expect(r.status == 2 && r.stderr.contains("ATTACH and DETACH are refused"), "\(sql): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(!FileManager.default.fileExists(atPath: target + "-wal"))
    }

    @Test("query: a runaway recursive CTE is stopped by --timeout; SQL may begin with --")
    func queryTimeout() throws {
        let dir = Scratch()
        _ = try Replay.run(["import", Replay.root + "/Traces/settings-leading-edge-0001.jsonl", "--db", dir.db])
        let forever = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
        let r = try Replay.run(["query", forever, "--timeout", "1", "--db", dir.db])
        #expect(r.status == 2 && r.stderr.contains("ran longer than 1 s"), "\(r.stderr)")
        let comment = try Replay.run(["query", "-- how many traces\nSELECT count(*) AS n FROM trace", "--db", dir.db, "--json"])
        #expect(comment.status == 0, "\(comment.stderr)")
        #expect(comment.json?.number("0.n") == 1)
    }

    @Test("Options only where they mean something: --touch-radius is not an option of query")
    func optionsWhereTheyMeanSomething() throws {
        let r = try Replay.run(["query", "SELECT 1", "--touch-radius", "3"])
        #expect(r.status == 64)
        let help = try Replay.run(["help", "query"])
        #expect(!help.stdout.contains("--touch-radius"))
    }
}

@Suite("history, end to end")
struct HistoryCommandTests {
    @Test("history --suite with a misspelt screen names the known suites; prune deletes old runs")
    func suiteDidYouMean() throws {
        let dir = Scratch()
        _ = try Replay.run(["import", Replay.root + "/Traces", "--db", dir.db])
        _ = try Replay.run(["run", "--snapshots", Replay.root + "/Traces/snapshots/Settings.json", "--db", dir.db])
        _ = try Replay.run(["run", "--snapshots", Replay.root + "/Traces/snapshots/Settings.json", "--db", dir.db])
        let r = try Replay.run(["history", "--suite", "Setings", "--db", dir.db])
        #expect(r.status == 2)
        #expect(r.stderr.contains("did you mean 'Settings'?") && r.stderr.contains("known suites: Settings"))
        // An unknown target likewise names the known ones.
        let t = try Replay.run(["history", "--target", "row.flowMter", "--db", dir.db])
        #expect(t.status == 2)
        #expect(t.stderr.contains("did you mean 'row.flowMeter'?") && t.stderr.contains("known targets: ") && t.stderr.contains("row.about"), "\(t.stderr)")
        let prune = try Replay.run(["history", "prune", "--keep-runs", "1", "--db", dir.db])
        #expect(prune.status == 0 && prune.stdout.contains("deleted 1 run"))
        let runs = try Replay.run(["query", "SELECT count(*) AS n FROM run", "--db", dir.db, "--json"])
        #expect(runs.json?.number("0.n") == 1)
    }
}
