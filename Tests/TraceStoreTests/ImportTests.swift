import Foundation
import TapModel
import Testing
@testable import TraceStore

@Suite("Import: every bad-input rule of trace.md stores nothing")
struct BadInputTests {
    /// Imports `text` as a file; expects it rejected at `line` with `message`, and nothing stored.
    func expectRejected(_ name: String, _ text: String, line: Int?, _ message: String) throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        let path = dir.file(name, text)
        do {
            _ = try store.importFile(path)
            Issue.record("\(name) was accepted")
        } catch let e as ImportError {
            #expect(e.file == path)
            #expect(e.line == line, "\(e)")
            #expect(e.description.contains(message), "\(e)")
            #expect(e.description.hasPrefix(line.map { "\(path):\($0): " } ?? "\(path): "))
        }
        #expect(try store.count("trace") == 0)
        #expect(try store.count("event") == 0)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("Unknown phase")
    func unknownPhase() throws {
        try expectRejected("a.jsonl", jsonl([tapLines[0], #"{"t":0.1,"touch":1,"phase":"lifted","x":1,"y":2}"#]), line: 3, "unknown phase 'lifted'")
        try expectRejected("a.csv", "trace,screen,t,touch,phase,x,y\nt1,S,0,1,began,1,2\nt1,S,0.1,1,tapped,1,2\n", line: 3, "unknown phase 'tapped'")
    }

    @Test("Non-finite numbers")
    func nonFinite() throws {
        try expectRejected("a.jsonl", jsonl([#"{"t":0,"touch":1,"phase":"began","x":1e999,"y":2}"#]), line: 2, "'x' is not a finite number")
        try expectRejected("a.csv", "trace,screen,t,touch,phase,x,y\nt1,S,0,1,began,nan,2\n", line: 2, "'x' is not a finite number")
        try expectRejected("b.csv", "trace,screen,t,touch,phase,x,y\nt1,S,inf,1,began,1,2\n", line: 2, "'t' is not a finite number")
    }

    @Test("Time going backwards")
    func backwards() throws {
        try expectRejected("a.jsonl", jsonl([#"{"t":0.5,"touch":1,"phase":"began","x":1,"y":2}"#, #"{"t":0.4,"touch":1,"phase":"ended","x":1,"y":2}"#]),
                           line: 3, "time goes backwards")
    }

    @Test("ended without began")
    func endedWithoutBegan() throws {
        try expectRejected("a.jsonl", jsonl([#"{"t":0,"touch":2,"phase":"ended","x":1,"y":2}"#]), line: 2, "'ended' for touch 2 without 'began'")
        try expectRejected("a.csv", "trace,screen,t,touch,phase,x,y\nt1,S,0,1,moved,1,2\n", line: 2, "'moved' for touch 1 without 'began'")
    }

    @Test("A second began for a finger that is down")
    func secondBegan() throws {
        try expectRejected("a.jsonl", jsonl([tapLines[0], #"{"t":0.01,"touch":1,"phase":"began","x":1,"y":2}"#]), line: 3,
                           "second 'began' for touch 1, which is already down (since line 2)")
    }

    @Test("A trace that ends with a finger still down")
    func fingerStillDown() throws {
        try expectRejected("a.jsonl", jsonl([tapLines[0]]), line: 2, "ends with touch 1 still down (began at line 2)")
        try expectRejected("a.csv", "trace,screen,t,touch,phase,x,y\nt1,S,0,1,began,1,2\nt2,S,0,1,began,1,2\nt2,S,1,1,ended,1,2\n",
                           line: 2, "trace 't1' ends with touch 1 still down")
    }

    @Test("Unknown format version or format")
    func unknownVersion() throws {
        try expectRejected("a.jsonl", jsonl(tapLines, header: #"{"format":"tapreplay-trace","version":2,"trace":"t1","screen":"S"}"#),
                           line: 1, "unknown format version 2")
        try expectRejected("b.jsonl", jsonl(tapLines, header: #"{"format":"touches","version":1,"trace":"t1","screen":"S"}"#),
                           line: 1, "unknown format 'touches'")
    }

    @Test("Malformed lines, missing fields and columns")
    func malformed() throws {
        try expectRejected("a.jsonl", jsonl([#"{"t":0,"touch":1,"phase":"began","x":1,"y":"#]), line: 2, "invalid JSON")
        try expectRejected("b.jsonl", jsonl([#"{"t":0,"touch":1,"phase":"began","x":1}"#]), line: 2, "the event lacks 'y'")
        try expectRejected("c.jsonl", jsonl([#"{"t":0,"touch":1.5,"phase":"began","x":1,"y":2}"#]), line: 2, "'touch' must be a whole number")
        try expectRejected("d.jsonl", jsonl(tapLines, header: #"{"format":"tapreplay-trace","version":1,"screen":"S"}"#), line: 1, "lacks 'trace'")
        try expectRejected("a.csv", "trace,screen,t,touch,x,y\n", line: 1, "lacks the column 'phase'")
        try expectRejected("b.csv", "trace,screen,t,touch,phase,x,y,pressure\n", line: 1, "unknown column 'pressure'")
        try expectRejected("c.csv", "trace,screen,t,touch,phase,x,y\nt1,S,0,1,began,1\n", line: 2, "expected 7 fields, found 6")
        try expectRejected("d.csv", "trace,screen,t,touch,phase,x,y\nt1,S,0,1,began,1,2\nt1,Other,1,1,ended,1,2\n", line: 3, "changes screen")
        try expectRejected("e.csv", "", line: 1, "empty file")
        try expectRejected("e.jsonl", "", line: 1, "empty file")
    }

    @Test("A bad snapshot is rejected with its line and JSON path")
    func badSnapshot() throws {
        try expectRejected("s.json", """
            {"format":"tapreplay-snapshot","version":1,"screen":"S",
             "root":{"id":"r","type":"V","frame":[0,0,1,1],"modifiers":[{"onHoverWiggle":{}}]}}
            """, line: 2, "root.modifiers[0]: unknown modifier 'onHoverWiggle'")
    }
}

@Suite("Import: idempotence, conflicts and formats")
struct ImportTests {
    @Test("Importing stores the header, the events in order, and a content hash")
    func stores() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        let r = try store.importFile(dir.file("a.jsonl", jsonl(tapLines)))
        #expect(r.tracesAdded == ["t1"] && r.eventsAdded == 2)
        let traces = try store.traces(screen: "Settings")
        #expect(traces.count == 1)
        #expect(traces[0].header == TraceHeader(trace: "t1", screen: "Settings", deviceModel: "iPhone16,1", os: "iOS 18.1",
                                                 appVersion: "3.2.0", appBuild: "512", recordedAt: "2026-11-20T10:00:00Z", source: "uitest"))
        let events = try store.events(ofTrace: traces[0].rowID)
        #expect(events == [TouchEvent(t: 0, touch: 1, phase: .began, x: 24, y: 121.5, expect: "row.flowMeter"),
                           TouchEvent(t: 0.084, touch: 1, phase: .ended, x: 24.5, y: 121)])
        #expect(traces[0].contentHash.count == 64)
    }

    @Test("Re-importing identical content is a no-op, whatever the file's spacing or format")
    func idempotent() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        _ = try store.importFile(dir.file("a.jsonl", jsonl(tapLines)))
        let again = try store.importFile(dir.file("a.jsonl", jsonl(tapLines)))
        #expect(again.tracesPresent == ["t1"] && again.tracesAdded.isEmpty && again.eventsAdded == 0)
        let spaced = try store.importFile(dir.file("b.jsonl", jsonl(tapLines.map { $0.replacingOccurrences(of: ",", with: ", ") })))
        #expect(spaced.tracesPresent == ["t1"])
        // The same trace as CSV (no device or app fields) is the same content only without the header's extras.
        let plain = #"{"format":"tapreplay-trace","version":1,"trace":"t2","screen":"Settings"}"#
        _ = try store.importFile(dir.file("c.jsonl", jsonl(tapLines, header: plain)))
        let csv = try store.importFile(dir.file("c.csv", "trace,screen,t,touch,phase,x,y,expect\nt2,Settings,0,1,began,24,121.5,row.flowMeter\nt2,Settings,0.084,1,ended,24.5,121,\n"))
        #expect(csv.tracesPresent == ["t2"])
        #expect(try store.count("event") == 4)
    }

    @Test("The same trace id with different content is an error and changes nothing")
    func conflict() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        _ = try store.importFile(dir.file("a.jsonl", jsonl(tapLines)))
        let changed = tapLines.map { $0.replacingOccurrences(of: "24.5", with: "25.5") }
        #expect(throws: ImportError.self) { try store.importFile(dir.file("b.jsonl", jsonl(changed))) }
        do { _ = try store.importFile(dir.file("b.jsonl", jsonl(changed))) } catch let e as ImportError {
            #expect(e.message.contains("already in the database with different content"))
        }
        #expect(try store.count("event") == 2)
        #expect(try store.events(ofTrace: try store.traces()[0].rowID)[1].x == 24.5)
    }

    @Test("A CSV file holds any number of traces, interleaved, with quoted fields and CRLF")
    func csvManyTraces() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        let text = "trace,screen,t,touch,phase,x,y,radius,expect\r\n"
            + "a,S,0,1,began,1,2,7.5,\"row,1\"\r\n"
            + "b,\"S\",0,1,began,3,4,,\r\n"
            + "a,S,0.1,1,ended,1,2,,\r\n"
            + "b,S,0.1,1,ended,3,4,,\r\n"
        let r = try store.importFile(dir.file("m.csv", text))
        #expect(r.tracesAdded.sorted() == ["a", "b"] && r.eventsAdded == 4)
        let a = try store.traces().first { $0.header.trace == "a" }!
        #expect(try store.events(ofTrace: a.rowID)[0] == TouchEvent(t: 0, touch: 1, phase: .began, x: 1, y: 2, radius: 7.5, expect: "row,1"))
    }

    @Test("Snapshots: stored once, with their provenance and JSON")
    func snapshots() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        let json = #"{"format":"tapreplay-snapshot","version":1,"screen":"S","app":{"build":"7"},"root":{"id":"r","type":"Color","frame":[0,0,1,1]}}"#
        let path = dir.file("s.json", json)
        #expect(try store.importFile(path).snapshotsAdded == 1)
        #expect(try store.importFile(path).snapshotsPresent == 1)
        let s = try store.snapshots(screen: "S")
        #expect(s.count == 1 && s[0].appBuild == "7")
        #expect(try store.snapshotJSON(s[0].rowID) == json)
    }

    @Test("Large traces stream through: lines longer than the read buffer, many events")
    func streaming() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        var lines: [String] = []
        let longExpect = String(repeating: "x", count: 3_000_000)  // a single line longer than the 1 MiB buffer
        lines.append(#"{"t":0,"touch":1,"phase":"began","x":1,"y":2,"expect":"\#(longExpect)"}"#)
        for i in 1...20_000 { lines.append(#"{"t":\#(Double(i) / 1000),"touch":1,"phase":"moved","x":\#(i % 300),"y":2}"#) }
        lines.append(#"{"t":30,"touch":1,"phase":"ended","x":1,"y":2}"#)
        let r = try store.importFile(dir.file("big.jsonl", jsonl(lines)))
        #expect(r.eventsAdded == 20_002)
        #expect(try store.events(ofTrace: try store.traces()[0].rowID)[0].expect?.count == 3_000_000)
    }

    @Test("Every event count lands whole and in file order: full batches of 256 and the rows left over (128, 64, ... 1)")
    func leftoverRows() throws {
        for moves in [0, 1, 62, 100, 253, 254, 255, 300, 765] {
            let dir = TempDir()
            let store = try TraceStore(path: dir.db)
            var lines = [#"{"t":0,"touch":1,"phase":"began","x":1,"y":2}"#]
            for i in 1...max(moves, 1) where moves > 0 { lines.append(#"{"t":\#(Double(i) / 1000),"touch":1,"phase":"moved","x":\#(i),"y":2}"#) }
            lines.append(#"{"t":30,"touch":1,"phase":"ended","x":1,"y":2}"#)
            let r = try store.importFile(dir.file("a.jsonl", jsonl(lines)))
            #expect(r.eventsAdded == moves + 2)
            let events = try store.events(ofTrace: try store.traces()[0].rowID)
            #expect(events.map(\.x) == [1] + (0..<moves).map { Double($0 + 1) } + [1], "\(moves) moves")
        }
    }
}

@Suite("Import: touch radius and fired events (trace.md)")
struct RadiusAndFiredTests {
    @Test("A radius that is negative or beyond 200 pt is an import error naming the line; 0 is an exact touch")
    func radiusBounds() throws {
        try BadInputTests().expectRejected("a.jsonl", jsonl([#"{"t":0,"touch":1,"phase":"began","x":1,"y":2,"radius":-1}"#, tapLines[1]]),
                                           line: 2, "'radius' must not be negative")
        try BadInputTests().expectRejected("b.jsonl", jsonl([#"{"t":0,"touch":1,"phase":"began","x":1,"y":2,"radius":250}"#, tapLines[1]]),
                                           line: 2, "'radius' 250 pt is beyond 200 pt")
        try BadInputTests().expectRejected("c.csv", "trace,screen,t,touch,phase,x,y,radius\nt1,S,0,1,began,1,2,201\nt1,S,0.1,1,ended,1,2,\n",
                                           line: 2, "beyond 200 pt")
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        let ok = try store.importFile(dir.file("d.jsonl", jsonl([#"{"t":0,"touch":1,"phase":"began","x":1,"y":2,"radius":0}"#, tapLines[1]])))
        #expect(ok.tracesAdded == ["t1"])
        let stored = try store.events(ofTrace: try store.traces()[0].rowID, expectedCount: 2)
        #expect(stored[0].radius == 0)
    }

    @Test("fired events are stored in JSON Lines and CSV and read back; one that binds to no touch is a warning with its line, and kept")
    func firedEvents() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        let jsonlFile = dir.file("f.jsonl", jsonl(tapLines + [#"{"t": 0.2, "fired": "openFlowMeter"}"#, #"{"t": 5, "fired": "late"}"#]))
        let a = try store.importFile(jsonlFile)
        #expect(a.tracesAdded == ["t1"] && a.eventsAdded == 4)
        #expect(a.warnings.count == 1 && a.warnings[0].hasPrefix("\(jsonlFile):5: warning: 'fired' late"), "\(a.warnings)")
        let events = try store.events(ofTrace: try store.traces()[0].rowID, expectedCount: 4)
        #expect(events[2] == TouchEvent.fired(t: 0.2, action: "openFlowMeter"))
        let csv = dir.file("f.csv", "trace,screen,t,touch,phase,x,y,radius,expect\nt2,S,0,1,began,1,2,12,\nt2,S,0.1,1,ended,1,2,,\nt2,S,0.15,,fired,,,,save\n")
        let b = try store.importFile(csv)
        #expect(b.tracesAdded == ["t2"] && b.warnings.isEmpty)
        let row = try #require(try store.traces().first { $0.header.trace == "t2" })
        let back = try store.events(ofTrace: row.rowID, expectedCount: 3)
        #expect(back[0].radius == 12 && back[2].firedAction == "save")
        try BadInputTests().expectRejected("g.jsonl", jsonl(tapLines + [#"{"t": 0.2, "fired": "x", "phase": "ended"}"#]), line: 4, "a 'fired' event has no 'phase'")
        try BadInputTests().expectRejected("h.csv", "trace,screen,t,touch,phase,x,y,expect\nt3,S,0,,fired,,,\n", line: 2, "names the action that ran")
    }
}

@Suite("Import: the next file read ahead while one is stored")
struct ReadAheadTests {
    func trace(_ name: String, x: Int = 24) -> String {
        jsonl([#"{"t":0,"touch":1,"phase":"began","x":\#(x),"y":2}"#, #"{"t":0.08,"touch":1,"phase":"ended","x":\#(x),"y":2}"#],
              header: #"{"format":"tapreplay-trace","version":1,"trace":"\#(name)","screen":"S"}"#)
    }

    /// Imports `files` in order, each naming the one after it as `next`, as `replay import` does.
    func importAll(_ store: TraceStore, _ files: [String]) -> [Result<FileImport, Error>] {
        files.indices.map { i in
            Result { try store.importFile(files[i], next: i + 1 < files.count ? files[i + 1] : nil) }
        }
    }

    @Test("A folder imported with each next file read ahead stores exactly what one file at a time stores")
    func sameAsAlone() throws {
        let dir = TempDir()
        let files = (0..<5).map { dir.file("f\($0).jsonl", trace("t\($0)", x: $0)) } + [dir.file("g.csv", "trace,screen,t,touch,phase,x,y\ng,S,0,1,began,3,4\ng,S,0.1,1,ended,3,4\n")]
        let ahead = try TraceStore(path: dir.path + "/ahead.sqlite")
        let alone = try TraceStore(path: dir.path + "/alone.sqlite")
        let results = importAll(ahead, files)
        for f in files { _ = try alone.importFile(f) }
        #expect(try results.map { try $0.get().tracesAdded } == [["t0"], ["t1"], ["t2"], ["t3"], ["t4"], ["g"]])
        func contents(_ s: TraceStore) throws -> [String] {
            try s.traces().map { t in "\(t.header.trace) \(t.contentHash) \(try s.events(ofTrace: t.rowID).map(\.x))" }
        }
        #expect(try contents(ahead) == contents(alone))
        #expect(try ahead.count("imported_file") == 6)
    }

    @Test("A bad file read ahead is rejected with its line when its turn comes, and stores nothing; the files around it are kept")
    func badFileAhead() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        let bad = dir.file("b.jsonl", jsonl([#"{"t":0,"touch":1,"phase":"began","x":1,"y":2}"#, #"{"t":0.1,"touch":1,"phase":"lifted","x":1,"y":2}"#]))
        let results = importAll(store, [dir.file("a.jsonl", trace("a")), bad, dir.file("c.jsonl", trace("c"))])
        #expect((try? results[0].get())?.tracesAdded == ["a"])
        guard case .failure(let e as ImportError) = results[1] else { Issue.record("b.jsonl was accepted"); return }
        #expect(e.file == bad && e.line == 3 && e.message.contains("unknown phase 'lifted'"))
        #expect((try? results[2].get())?.tracesAdded == ["c"])
        #expect(try store.traces().map(\.header.trace).sorted() == ["a", "c"])
        #expect(try store.count("imported_file") == 2)
    }

    @Test("A file read ahead whose bytes are already stored, or are the file's just before, is recognised as present")
    func presentAhead() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        let old = dir.file("old.jsonl", trace("old"))
        _ = try store.importFile(old)
        let a = dir.file("a.jsonl", trace("a"))
        let copyOfA = dir.file("copy/a.jsonl", trace("a"))
        let results = try importAll(store, [a, old, dir.file("b.jsonl", trace("b")), a, copyOfA]).map { try $0.get() }
        #expect(results.map(\.tracesAdded) == [["a"], [], ["b"], [], []])
        #expect(results.map { $0.sameFileAs?.path } == [nil, old, nil, a, a])
        #expect(try store.count("event") == 6)
    }

    @Test("What was read ahead for one file is dropped when another is imported instead")
    func otherFileInstead() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        let a = dir.file("a.jsonl", trace("a")), b = dir.file("b.jsonl", trace("b", x: 7)), c = dir.file("c.jsonl", trace("c"))
        _ = try store.importFile(a, next: b)
        #expect(try store.importFile(c).tracesAdded == ["c"])
        // b is rewritten after it was read ahead: what is stored is what the file holds when its turn comes.
        try trace("b", x: 9).write(toFile: b, atomically: true, encoding: .utf8)
        #expect(try store.importFile(b).tracesAdded == ["b"])
        let stored = try store.traces().first { $0.header.trace == "b" }!
        #expect(try store.events(ofTrace: stored.rowID).map(\.x) == [9, 9])
    }
}
