import BaselineFiles
import Baselines
import Foundation
import HitTesting
import ReplayEngine
import TapJSON
import TapModel
import Testing

@Suite("Baseline files (version 2: the accepted snapshot)")
struct BaselineFileTests {
    static let snapshotText = """
        {"format":"tapreplay-snapshot","version":1,"screen":"Settings","app":{"build":"512"},
         "root":{"id":"row","type":"HStack","frame":[0,0,393,44],"modifiers":[{"contentShape":{"shape":"rectangle"}},{"onTapGesture":{"action":"open"}}],
                 "children":[{"id":"row.title","type":"Text","frame":[16,11,80,22]}]}}
        """
    static var sample: Baseline {
        Baseline(snapshot: try! Snapshot(json: snapshotText),
                 coverage: [target("z", own: 0.333333, miss: 0.666667), target("a", own: 1, miss: 0)], settings: BaselineSettings())
    }

    @Test("Canonical: keys sorted, two-space indent, the snapshot embedded, targets by node, 4 decimals")
    func canonical() throws {
        let text = BaselineFileTests.sample.encoded
        #expect(text.hasPrefix("{\n  \"format\": \"tapreplay-baseline\",\n  \"settings\": {\n    \"gridStep\": 1,"))
        #expect(text.contains("\"snapshot\": {\n    \"app\": {\n      \"build\": \"512\"\n    },\n    \"format\": \"tapreplay-snapshot\","))
        #expect(text.contains("\"own\": 0.3333,"))
        #expect(text.hasSuffix("  \"version\": 2\n}\n"))
        let decoded = try Baseline(decoding: text)
        #expect(decoded.fileVersion == 2 && decoded.snapshot?.nodes.count == 2)
        #expect(decoded.targets.map(\.node) == ["a", "z"])
        #expect(decoded.encoded == text)  // decode → encode is the identity
    }

    @Test("Each target's predicted first-try success and the density are recorded, sorted and rounded, and read back; a file without them still reads")
    func predicted() throws {
        var t = target("a", own: 1, miss: 0)
        t.predicted = TargetPrediction(node: "a", success: 0.912345, stolen: [.init(node: "b", p: 0.05)], miss: 0.037655)
        let b = Baseline(snapshot: BaselineFileTests.sample.snapshot!, coverage: [t],
                         settings: BaselineSettings(profile: "ios18", touchRadius: 20, mmPerPoint: 0.1657))
        let text = b.encoded
        #expect(text.contains("\"mmPerPoint\": 0.1657,"))
        #expect(text.contains("\"predicted\": {\n        \"ambiguous\": 0,\n        \"blocked\": 0,\n        \"disabled\": 0,\n        \"miss\": 0.0377,\n        \"stolen\": [\n          {\n            \"node\": \"b\",\n            \"p\": 0.05\n          }\n        ],\n        \"success\": 0.9123\n      },"), "\(text)")
        let decoded = try Baseline(decoding: text)
        #expect(decoded.targets[0].predicted?.success == 0.9123 && decoded.targets[0].predicted?.stolen.first?.node == "b")
        #expect(decoded.settings.mmPerPoint == 0.1657 && decoded.encoded == text)
        // Every object's keys in order, the settings' too (mmPerPoint before multiTapDistance).
        func unsorted(_ v: JSONValue, _ path: String) -> [String] {
            switch v {
            case .object(let pairs):
                let keys = pairs.map(\.key)
                let here = keys.elementsEqual(keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }) ? [] : [path]
                return here + pairs.flatMap { unsorted($0.value, path + "." + $0.key) }
            case .array(let items): return items.enumerated().flatMap { unsorted($1, path + "[\($0)]") }
            default: return []
            }
        }
        let document = try JSONDocument(parsing: text)
        #expect(unsorted(JSONValue(document, at: document.root), "$") == [], "\(text)")
        // Without predictions (a baseline older than them): targets read, predictions absent.
        let old = try Baseline(decoding: BaselineFileTests.sample.encoded)
        #expect(old.targets.allSatisfy { $0.predicted == nil } && old.settings.mmPerPoint == nil)
        // A probability outside 0…1 is an error naming its line and JSON path.
        let bad = text.replacingOccurrences(of: "\"success\": 0.9123", with: "\"success\": 1.5")
        #expect(throws: BaselineError.self) { try Baseline(decoding: bad) }
        do { _ = try Baseline(decoding: bad) } catch let e as BaselineError {
            #expect(e.path.hasSuffix("predicted.success") && e.line != nil, "\(e)")
        }
    }

    @Test("The file's size follows the view tree, not the number of presses")
    func sizeIndependentOfPresses() {
        // A baseline has no per-press content at all: the same screen gives the same bytes.
        let a = BaselineFileTests.sample.encoded
        let b = Baseline(snapshot: BaselineFileTests.sample.snapshot!, coverage: BaselineFileTests.sample.targets.reversed(),
                         settings: BaselineSettings()).encoded
        #expect(a == b)
        #expect(!a.contains("presses"))
    }

    @Test("A version-1 baseline is still read: its presses stand in for the baseline's replay")
    func versionOne() throws {
        let v1 = """
            {"format":"tapreplay-baseline","version":1,"suite":"Settings","settings":{"gridStep":1,"touchRadius":10},
             "presses":[{"trace":"t","press":0,"at":[10,0],"outcome":"hit","node":"row","action":"open","latencyMs":0}],
             "targets":[{"node":"row","action":"open","own":1,"stolen":0,"blocked":0,"ambiguous":0,"disabled":0,"miss":0}]}
            """
        let b = try Baseline(decoding: v1)
        #expect(b.fileVersion == 1 && b.snapshot == nil && b.legacyPresses.count == 1)
        #expect(b.legacyPresses[0].outcome == .hit)
    }

    @Test("Bad baseline files are rejected with the line and JSON path")
    func bad() {
        #expect(throws: BaselineError.self) { try Baseline(decoding: "{") }
        #expect(throws: BaselineError.self) { try Baseline(decoding: #"{"format":"tapreplay-baseline","version":3,"suite":"S","targets":[]}"#) }
        #expect(throws: BaselineError.self) { try Baseline(decoding: #"{"format":"tapreplay-baseline","version":2,"suite":"S","targets":[]}"#) }
        do {
            _ = try Baseline(decoding: "{\"format\":\"tapreplay-baseline\",\"version\":1,\"suite\":\"S\",\n\"presses\":[{\"trace\":\"t\"}],\"targets\":[]}")
            Issue.record("accepted")
        } catch let e as BaselineError {
            #expect(e.line == 2 && e.description.contains("presses[0]: missing required field"))
        } catch { Issue.record("\(error)") }
        do {
            _ = try Baseline(decoding: "{\"format\":\"tapreplay-baseline\",\"version\":2,\"suite\":\"S\",\"targets\":[],\n\"snapshot\":{\"format\":\"tapreplay-snapshot\",\"version\":1,\"screen\":\"S\",\"root\":{\"id\":\"a\",\"type\":\"T\",\"frame\":[0,0,1]}}}")
            Issue.record("accepted")
        } catch let e as BaselineError {
            #expect(e.line == 2 && e.description.contains("snapshot.root.frame: expected 4 numbers"), "\(e)")
        } catch { Issue.record("\(error)") }
    }

    @Test("An interrupted write leaves the old file intact and no temporary file behind")
    func atomic() throws {
        let dir = NSTemporaryDirectory() + "tapreplay-atomic-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ok = BaselineFolder(path: dir)
        let old = BaselineFileTests.sample
        try ok.save(old)
        struct Crash: Error {}
        let crashing = BaselineFolder(path: dir, writer: AtomicWriter { path, bytes in
            // Half the bytes reach the temporary file, then the process "dies".
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes.prefix(bytes.count / 2)))
            throw Crash()
        })
        var new = old
        new.targets = [target("a", own: 0.5, miss: 0.5)]
        #expect(throws: Crash.self) { try crashing.save(new) }
        #expect(try String(contentsOfFile: ok.file(for: "Settings"), encoding: .utf8) == old.encoded)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["Settings.json"])
        try ok.save(new)
        #expect(try ok.load("Settings")?.encoded == new.encoded)
        // A file that holds another suite's baseline is named with the line of its `suite` field.
        let other = BaselineFolder(path: dir).file(for: "Other")
        try Data(new.encoded.utf8).write(to: URL(fileURLWithPath: other))
        do {
            _ = try ok.load("Other")
            Issue.record("accepted another suite's baseline")
        } catch let e as BaselineError {
            let line = new.encoded.split(separator: "\n").firstIndex { $0.hasPrefix("  \"suite\"") }! + 1
            #expect(e.description.hasPrefix("\(other):\(line): suite: it is the baseline of suite 'Settings', not 'Other'"), "\(e)")
        }
    }

    @Test("Record modes: --record wins, then --record-mode, then REPLAY_RECORD, else missing")
    func recordModes() throws {
        #expect(try RecordMode.resolve(record: true, explicit: .never, environment: ["REPLAY_RECORD": "never"]) == .all)
        #expect(try RecordMode.resolve(record: false, explicit: .never, environment: [:]) == .never)
        #expect(try RecordMode.resolve(record: false, explicit: nil, environment: ["REPLAY_RECORD": "never"]) == .never)
        #expect(try RecordMode.resolve(record: false, explicit: nil, environment: [:]) == .missing)
        #expect(throws: BaselineError.self) { try RecordMode.resolve(record: false, explicit: nil, environment: ["REPLAY_RECORD": "sometimes"]) }
    }

    @Test("The decision table: what happens to a baseline in each record mode")
    func decisionTable() {
        #expect(RecordMode.missing.plan(existing: false, mayWrite: true) == (.written, true))
        #expect(RecordMode.missing.plan(existing: true, mayWrite: true) == (.compared, false))
        #expect(RecordMode.all.plan(existing: true, mayWrite: true) == (.recorded, true))
        #expect(RecordMode.never.plan(existing: false, mayWrite: true) == (.missing, false))
        #expect(RecordMode.all.plan(existing: true, mayWrite: false) == (.compared, false))
        #expect(RecordMode.missing.plan(existing: false, mayWrite: false) == (.none, false))
    }

    @Test("Suite names become safe file names")
    func fileNames() {
        #expect(Baseline.fileName(for: "Settings") == "Settings.json")
        #expect(Baseline.fileName(for: "Settings/Privacy: Details") == "Settings_Privacy_ Details.json")
        #expect(Baseline.fileName(for: "../x") == "_._x.json")
    }
}
