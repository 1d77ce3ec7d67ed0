import BaselineFiles
import Baselines
import Foundation
import TapModel
import TapReplayTesting
import TestSupport
import Testing

@Suite("Record mode: the snapshot and a baseline next to the test file, as replay reads them")
struct RecordModeTests {
    func audit(_ options: TappableOptions, in folder: TemporaryFolder, environment: [String: String] = [:]) throws -> TappableAudit {
        try TappableAuditor.audit(bundle: try SettingsCapture.data(hollowFlowMeter: false), screen: nil, options: options,
                                  testFolder: URL(fileURLWithPath: folder.path), environment: environment).get()
    }

    @Test("missing writes __TapReplay__/snapshots and baselines beside the test and fails once, saying to review and commit; then it only audits")
    func missing() throws {
        let temp = TemporaryFolder("tapreplay-record")
        let first = try audit(TappableOptions(record: .missing), in: temp)
        let snapshotFile = temp.path + "/__TapReplay__/snapshots/Settings.json", baselineFile = temp.path + "/__TapReplay__/baselines/Settings.json"
        #expect(first.recorded == [snapshotFile, baselineFile])
        #expect(first.problems == ["wrote a new baseline \(baselineFile) and the snapshot \(snapshotFile): review them, commit them, and run again"])
        // What replay import / run --snapshots and run --baseline read: the snapshot the test saw, and its baseline.
        let snapshot = try Snapshot(json: try Data(contentsOf: URL(fileURLWithPath: snapshotFile)))
        #expect(snapshot.nodes.map(\.id) == first.snapshot.nodes.map(\.id) && snapshot.device.os == "iOS 18.1")
        let baseline = try #require(try BaselineFolder(path: temp.path + "/__TapReplay__/baselines").load("Settings"))
        #expect(baseline.snapshot?.nodes.map(\.id) == first.snapshot.nodes.map(\.id))
        #expect(baseline.targets.map(\.node).sorted() == first.result.targets.map(\.node).sorted())
        let second = try audit(TappableOptions(record: .missing), in: temp)
        #expect(second.recorded.isEmpty && second.problems.isEmpty && second.passed)
    }

    @Test("all rewrites both files and passes; never writes nothing and fails when the baseline is missing")
    func allAndNever() throws {
        let temp = TemporaryFolder("tapreplay-record")
        let never = try audit(TappableOptions(record: .never), in: temp)
        #expect(never.recorded.isEmpty && never.problems.count == 1 && never.problems[0].hasSuffix("and the record mode (never) forbids writing one"))
        #expect(!FileManager.default.fileExists(atPath: temp.path + "/__TapReplay__"))
        let all = try audit(TappableOptions(record: .all), in: temp)
        #expect(all.recorded.count == 2 && all.passed)
        #expect(all.notes.contains { $0.hasPrefix("recorded ") && $0.hasSuffix("(record mode all)") })
        let again = try audit(TappableOptions(record: .all), in: temp)
        #expect(again.recorded == all.recorded && again.passed)
    }

    @Test("Without a record option nothing is written unless REPLAY_RECORD says so; a bad REPLAY_RECORD fails")
    func environment() throws {
        let temp = TemporaryFolder("tapreplay-record")
        #expect(try audit(TappableOptions(), in: temp).recorded.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: temp.path + "/__TapReplay__"))
        #expect(try audit(TappableOptions(), in: temp, environment: ["REPLAY_RECORD": "all"]).recorded.count == 2)
        // The option wins over REPLAY_RECORD, as --record-mode does in replay run.
        let explicit = try audit(TappableOptions(record: .missing), in: temp, environment: ["REPLAY_RECORD": "never"])
        #expect(explicit.problems.isEmpty && explicit.recorded.isEmpty)
        let bad = try audit(TappableOptions(), in: temp, environment: ["REPLAY_RECORD": "sometimes"])
        #expect(bad.problems == ["REPLAY_RECORD must be one of missing, all, never (it is 'sometimes')"])
    }

    @Test("recordDirectory moves the files; a relative one is taken from the test file's folder")
    func recordDirectory() throws {
        let temp = TemporaryFolder("tapreplay-record")
        let audit = try audit(TappableOptions(record: .all, recordDirectory: "Fixtures/TapReplay"), in: temp)
        #expect(audit.recorded == [temp.path + "/Fixtures/TapReplay/snapshots/Settings.json", temp.path + "/Fixtures/TapReplay/baselines/Settings.json"])
    }
}
