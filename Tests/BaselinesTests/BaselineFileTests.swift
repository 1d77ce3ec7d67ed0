import Baselines
import Foundation
import HitTesting
import ReplayEngine
import TapModel
import Testing

@Suite("Baseline files")
struct BaselineFileTests {
    let sample = suite([press(1, .hit, latency: 350.00004), press(0, .miss)],
                       [target("z", own: 0.333333, miss: 0.666667), target("a", own: 1, miss: 0)])

    @Test("Canonical: keys sorted, two-space indent, presses by (trace, press), targets by node, 4 decimals")
    func canonical() throws {
        let text = baseline(sample).encoded
        #expect(text.hasPrefix("{\n  \"format\": \"tapreplay-baseline\",\n  \"presses\": [\n    {\n      \"action\": null,"))
        #expect(text.contains("\"latencyMs\": 350,"))
        #expect(text.contains("\"own\": 0.3333,"))
        let decoded = try Baseline(decoding: text)
        #expect(decoded.presses.map(\.press) == [0, 1])
        #expect(decoded.targets.map(\.node) == ["a", "z"])
        #expect(decoded.encoded == text)  // decode → encode is the identity
    }

    @Test("The same input gives byte-identical files, whatever the order results arrive in")
    func deterministic() {
        let shuffled = SuiteReplay(suite: sample.suite, presses: sample.presses.reversed(), coverage: sample.coverage.reversed(),
                                   responsiveness: [:], bursts: [], latencies: [])
        #expect(baseline(sample).encoded == baseline(shuffled).encoded)
    }

    @Test("Bad baseline files are rejected with the line")
    func bad() {
        #expect(throws: BaselineError.self) { try Baseline(decoding: "{") }
        #expect(throws: BaselineError.self) { try Baseline(decoding: #"{"format":"tapreplay-baseline","version":2,"suite":"S","presses":[],"targets":[]}"#) }
        do {
            _ = try Baseline(decoding: "{\"format\":\"tapreplay-baseline\",\"version\":1,\"suite\":\"S\",\n\"presses\":[{\"trace\":\"t\"}],\"targets\":[]}")
            Issue.record("accepted")
        } catch let e as BaselineError {
            #expect(e.line == 2 && e.message.contains("presses[0]: missing required field"))
        } catch { Issue.record("\(error)") }
    }

    @Test("An interrupted write leaves the old file intact and no temporary file behind")
    func atomic() throws {
        let dir = NSTemporaryDirectory() + "tapreplay-atomic-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ok = BaselineFolder(path: dir)
        let old = baseline(sample)
        try ok.save(old)
        struct Crash: Error {}
        let crashing = BaselineFolder(path: dir, writer: AtomicWriter { path, bytes in
            // Half the bytes reach the temporary file, then the process "dies".
            FileManager.default.createFile(atPath: path, contents: Data(bytes.prefix(bytes.count / 2)))
            throw Crash()
        })
        let new = baseline(suite([press(0, .hit)]))
        #expect(throws: Crash.self) { try crashing.save(new) }
        #expect(try String(contentsOfFile: ok.file(for: "Settings"), encoding: .utf8) == old.encoded)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["Settings.json"])
        try ok.save(new)
        #expect(try ok.load("Settings")?.encoded == new.encoded)
    }

    @Test("Record modes: --record wins, then --record-mode, then REPLAY_RECORD, else missing")
    func recordModes() throws {
        #expect(try RecordMode.resolve(record: true, explicit: .never, environment: ["REPLAY_RECORD": "never"]) == .all)
        #expect(try RecordMode.resolve(record: false, explicit: .never, environment: [:]) == .never)
        #expect(try RecordMode.resolve(record: false, explicit: nil, environment: ["REPLAY_RECORD": "never"]) == .never)
        #expect(try RecordMode.resolve(record: false, explicit: nil, environment: [:]) == .missing)
        #expect(throws: BaselineError.self) { try RecordMode.resolve(record: false, explicit: nil, environment: ["REPLAY_RECORD": "sometimes"]) }
    }

    @Test("Suite names become safe file names")
    func fileNames() {
        #expect(Baseline.fileName(for: "Settings") == "Settings.json")
        #expect(Baseline.fileName(for: "Settings/Privacy: Details") == "Settings_Privacy_ Details.json")
        #expect(Baseline.fileName(for: "../x") == "_._x.json")
    }
}
