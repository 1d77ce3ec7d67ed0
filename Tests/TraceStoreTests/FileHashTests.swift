import Foundation
import Testing
@testable import TraceStore

/// Migration `v4-file-hash`: a trace file already stored is recognised from the SHA-256 of
/// its bytes before any parsing; an import stopped part-way stores nothing of its file.
@Suite("Import: the whole-file hash and stopping")
struct FileHashTests {
    @Test("A file whose bytes were imported before is recognised by its hash, not read again, and reports its traces as present")
    func recognisedByHash() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        let first = try store.importFile(dir.file("a.jsonl", jsonl(tapLines)))
        #expect(first.tracesAdded == ["t1"] && first.sameFileAs == nil)
        #expect(try store.count("imported_file") == 1)
        // The same bytes under another name: not parsed (a parse would have to read the trace
        // again); the earlier import is named.
        let copy = try store.importFile(dir.file("copy/a-again.jsonl", jsonl(tapLines)))
        #expect(copy.tracesPresent == ["t1"] && copy.tracesAdded.isEmpty)
        #expect(copy.sameFileAs?.path == dir.path + "/a.jsonl")
        // A CSV of two traces: both names come back on the second import.
        let csv = "trace,screen,t,touch,phase,x,y\nc1,S,0,1,began,1,1\nc1,S,0.1,1,ended,1,1\nc2,S,0,1,began,2,2\nc2,S,0.1,1,ended,2,2\n"
        _ = try store.importFile(dir.file("b.csv", csv))
        #expect(try store.importFile(dir.file("b.csv", csv)).tracesPresent == ["c1", "c2"])
        #expect(try store.count("imported_file") == 2)
    }

    @Test("The hash is checked before parsing: a stored file's bytes are trusted, so a database row is the only thing read")
    func beforeParsing() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        let path = dir.file("a.jsonl", jsonl(tapLines))
        _ = try store.importFile(path)
        // Point the stored row at other names: the second import reports what the row says, proving it never parsed the file.
        try store.dbWriter.write { try $0.execute(sql: "UPDATE imported_file SET traces = '[\"from-the-row\"]'") }
        #expect(try store.importFile(path).tracesPresent == ["from-the-row"])
    }

    @Test("A rejected file leaves no hash behind: fixed and imported again, it is read")
    func rejectedLeavesNoHash() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        let bad = dir.file("bad.jsonl", jsonl([tapLines[0]]))  // a finger still down at the end
        #expect(throws: ImportError.self) { try store.importFile(bad) }
        #expect(try store.count("imported_file") == 0)
        #expect(try store.importFile(dir.file("bad.jsonl", jsonl(tapLines))).tracesAdded == ["t1"])
    }

    @Test("Stopped while reading (Ctrl-C): ImportInterrupted, nothing of the file stored, the database intact")
    func stopped() throws {
        let dir = TempDir()
        let store = try TraceStore(path: dir.db)
        _ = try store.importFile(dir.file("kept.jsonl", jsonl(tapLines)))
        // A CSV larger than one read (1 MiB), so that the stop lands after rows were inserted.
        var csv = "trace,screen,t,touch,phase,x,y\n"
        for i in 0..<50_000 {
            csv += "big\(i / 100),S,\(Double(i % 100) * 0.2),1,began,10,10\nbig\(i / 100),S,\(Double(i % 100) * 0.2 + 0.1),1,ended,10,10\n"
        }
        let big = dir.file("big.csv", csv)
        #expect(csv.utf8.count > 2 << 20)
        let reads = Counter()
        do {
            _ = try store.importFile(big, shouldStop: { reads.next() > 3 })
            Issue.record("the import was not stopped")
        } catch let e as ImportInterrupted {
            #expect(e.file == big)
        }
        #expect(try store.traces().map(\.header.trace) == ["t1"])
        #expect(try store.count("event") == 2 && store.count("imported_file") == 1)
        #expect(try store.integrityCheck() == "ok")
        // Not stopped, it imports whole.
        #expect(try store.importFile(big).tracesAdded.count == 500)
    }

    /// Counts calls from any thread.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func next() -> Int { lock.lock(); defer { lock.unlock() }; n += 1; return n }
    }
}
