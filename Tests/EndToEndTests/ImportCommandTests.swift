import Foundation
import TapModel
import Testing

@Suite("replay import and replay query, end to end")
struct ImportCommandTests {
    static let header = #"{"format":"tapreplay-trace","version":1,"trace":"NAME","screen":"Settings"}"#

    static func trace(_ name: String, taps: Int = 2) -> String {
        var lines = [header.replacingOccurrences(of: "NAME", with: name)]
        for i in 0..<taps {
            lines.append(#"{"t":\#(i),"touch":1,"phase":"began","x":24,"y":122}"#)
            lines.append(#"{"t":\#(Double(i) + 0.08),"touch":1,"phase":"ended","x":24,"y":122}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("A bad file among good ones: reported as file:line, nothing of it stored, the others imported, exit 2")
    func mixedFiles() throws {
        let dir = Scratch()
        dir.file("in/a.jsonl", Self.trace("a"))
        let bad = dir.file("in/b.jsonl", Self.trace("b") + #"{"t":9,"touch":1,"phase":"ended","x":1,"y":1}"# + "\n")
        dir.file("in/sub/c.csv", "trace,screen,t,touch,phase,x,y\nc,Settings,0,1,began,1,1\nc,Settings,0.1,1,ended,1,1\n")
        dir.file("in/notes.txt", "ignored")
        let r = try Replay.run(["import", dir.path + "/in", "--db", dir.db, "--json"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(bad):6: 'ended' for touch 1 without 'began'"))
        let summary = try #require(r.json)
        #expect(summary.number("tracesImported") == 2 && summary.number("eventsImported") == 6)
        let q = try Replay.run(["query", "SELECT name FROM trace ORDER BY name", "--db", dir.db, "--csv"])
        #expect(q.stdout == "name\na\nc\n")
        // Again: a no-op for the good ones.
        let again = try #require(try Replay.run(["import", dir.path + "/in/a.jsonl", "--db", dir.db, "--json"]).json)
        #expect(again.number("tracesImported") == 0 && again.number("tracesAlreadyPresent") == 1)
    }

    @Test("REPLAY_DB chooses the database; the default lives under .replay/ in the current folder")
    func databaseLocation() throws {
        let dir = Scratch()
        let file = dir.file("a.jsonl", Self.trace("a"))
        #expect(try Replay.run(["import", file], cwd: dir.path).status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.path + "/.replay/replay.sqlite"))
        let other = dir.path + "/env.sqlite"
        #expect(try Replay.run(["import", file], env: ["REPLAY_DB": other]).status == 0)
        #expect(try Replay.run(["query", "SELECT count(*) AS n FROM trace", "--json"], env: ["REPLAY_DB": other]).json?.number("0.n") == 1)
    }

    @Test("query output: aligned table, JSON array of objects, CSV; writes refused with exit 2")
    func query() throws {
        let dir = Scratch()
        _ = try Replay.run(["import", dir.file("a.jsonl", Self.trace("a")), "--db", dir.db])
        let table = try Replay.run(["query", "SELECT name, event_count FROM trace", "--db", dir.db])
        #expect(table.stdout == "name  event_count\n----  -----------\na               4\n(1 row)\n")
        let json = try #require(try Replay.run(["query", "SELECT name, event_count FROM trace", "--db", dir.db, "--json"]).json)
        #expect(json.string("0.name") == "a" && json.number("0.event_count") == 4)
        for sql in ["DELETE FROM trace", "ATTACH 'x.sqlite' AS x", "PRAGMA user_version = 1", "DROP TABLE event"] {
            let r = try Replay.run(["query", sql, "--db", dir.db])
            #expect(r.status == 2, "\(sql)")
            #expect(r.stdout.isEmpty)
        }
        #expect(try Replay.run(["query", "SELECT count(*) AS n FROM event", "--db", dir.db, "--json"]).json?.number("0.n") == 4)
    }

    @Test("Two imports at once into one database both succeed")
    func concurrentImports() throws {
        let dir = Scratch()
        var files: [String] = []
        for k in 0..<4 { files.append(dir.file("t\(k).jsonl", Self.trace("t\(k)", taps: 3000))) }
        let a = try Replay.start(["import", files[0], files[1], "--db", dir.db])
        let b = try Replay.start(["import", files[2], files[3], "--db", dir.db])
        a.0.waitUntilExit()
        b.0.waitUntilExit()
        #expect(a.0.terminationStatus == 0 && b.0.terminationStatus == 0,
                "\(String(decoding: a.2.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)) \(String(decoding: b.2.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        let n = try Replay.run(["query", "SELECT count(*) AS n FROM trace", "--db", dir.db, "--json"]).json?.number("0.n")
        #expect(n == 4)
    }

    @Test("Eight imports and four runs into one new database at once: every process succeeds")
    func concurrentFirstUse() throws {
        for round in 0..<5 {
            let dir = Scratch()
            var files: [String] = []
            for k in 0..<8 { files.append(dir.file("t\(k).jsonl", Self.trace("t\(k)", taps: 200))) }
            let snapshot = dir.file("Settings.json", """
                {"format":"tapreplay-snapshot","version":1,"screen":"Settings",
                 "root":{"id":"row","type":"Color","frame":[0,100,393,44],"modifiers":[{"onTapGesture":{"action":"open"}}]}}
                """)
            var processes: [(Process, Pipe, Pipe)] = []
            for k in 0..<8 { processes.append(try Replay.start(["import", files[k], "--db", dir.db])) }
            for _ in 0..<4 { processes.append(try Replay.start(["run", "--snapshots", snapshot, "--db", dir.db, "--json"])) }
            for (p, out, err) in processes {
                let output = out.fileHandleForReading.readDataToEndOfFile()
                let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                p.waitUntilExit()
                #expect(p.terminationStatus == 0, "round \(round): \(p.arguments ?? []) exited \(p.terminationStatus): \(errors) \(output.count) bytes")
            }
            let n = try Replay.run(["query", "SELECT count(*) AS n FROM trace", "--db", dir.db, "--json"]).json?.number("0.n")
            #expect(n == 8)
        }
    }

    /// A trace `big` of 400,000 taps (800,000 events, about 40 MB): an import that takes seconds.
    static func bigTrace() -> String {
        var text = Self.header.replacingOccurrences(of: "NAME", with: "big") + "\n"
        text.reserveCapacity(40_000_000)
        for i in 0..<400_000 {
            text += #"{"t":\#(i),"touch":1,"phase":"began","x":24,"y":122}"# + "\n"
            text += #"{"t":\#(Double(i) + 0.5),"touch":1,"phase":"ended","x":24,"y":122}"# + "\n"
        }
        return text
    }

    @Test("A process killed (SIGKILL) in the middle of an import leaves a sound database, with the trace complete or absent")
    func killMidImport() throws {
        let dir = Scratch()
        let file = dir.file("big.jsonl", Self.bigTrace())
        _ = try Replay.run(["import", dir.file("small.jsonl", Self.trace("small")), "--db", dir.db])
        let (p, _, _) = try Replay.start(["import", file, "--db", dir.db])
        // Wait until the import is writing (its write-ahead log grows), then kill it.
        let wal = dir.db + "-wal"
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
            if size > 2_000_000 || !p.isRunning { break }
            usleep(20_000)
        }
        let killedMidway = p.isRunning
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(killedMidway, "the import finished before it could be killed; make the file bigger")
        let check = try Replay.run(["query", "PRAGMA integrity_check", "--db", dir.db, "--csv"])
        #expect(check.stdout == "integrity_check\nok\n", "\(check.stderr)")
        let rows = try #require(try Replay.run(["query", "SELECT t.name, t.event_count, (SELECT count(*) FROM event e WHERE e.trace_id = t.id) AS stored, t.content_hash FROM trace t ORDER BY t.name", "--db", dir.db, "--json"]).json)
        let names = (0..<(rows.count("") ?? 0)).compactMap { rows.string("\($0).name") }
        #expect(names == ["small"] || names == ["big", "small"])
        if names.first == "big" {
            // Complete: every event and its hash.
            #expect(rows.number("0.event_count") == 800_000 && rows.number("0.stored") == 800_000)
            #expect(rows.string("0.content_hash")?.count == 64)
        }
        // And the interrupted file imports cleanly afterwards.
        #expect(try Replay.run(["import", file, "--db", dir.db]).status == 0)
        #expect(try Replay.run(["query", "SELECT count(*) AS n FROM event", "--db", dir.db, "--json"]).json?.number("0.n") == 800_004)
    }
}
