import Foundation
import TapModel
import Testing

@Suite("The main job on the example data, end to end")
struct MainJobTests {
    /// A copy of the repository's example data and baselines in a scratch folder.
    func workspace() throws -> Scratch {
        let dir = Scratch()
        for folder in ["Traces", "Baselines"] {
            try FileManager.default.copyItem(atPath: Replay.root + "/" + folder, toPath: dir.path + "/" + folder)
        }
        return dir
    }

    @Test("On a fresh folder, `replay --baseline Baselines` imports the examples and passes; removing contentShape from the settings rows fails it with R1, R4, R6 and R7")
    func mainJob() throws {
        let dir = try workspace()
        let first = try Replay.run(["--baseline", "Baselines", "--json"], cwd: dir.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("importing the example data"))
        #expect(try #require(first.json).at("passed").map { if case .bool(true) = $0 { return true }; return false } == true)

        // Edit the example snapshot: drop every contentShape.
        let path = dir.path + "/Traces/snapshots/Settings.json"
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        func strip(_ value: Any) -> Any {
            if let array = value as? [Any] { return array.filter { !(($0 as? [String: Any])?["contentShape"] != nil) }.map(strip) }
            if let object = value as? [String: Any] { return object.mapValues(strip) }
            return value
        }
        let edited0 = try JSONSerialization.data(withJSONObject: strip(json))
        #expect(!String(decoding: edited0, as: UTF8.self).contains("contentShape"))
        try edited0.write(to: URL(fileURLWithPath: path))
        let edited = try Replay.run(["--baseline", "Baselines", "--json"], cwd: dir.path)
        #expect(edited.status == 1)
        let doc = try #require(edited.json)
        var rules = Set<String>()
        for s in 0..<(doc.count("suites") ?? 0) {
            for r in 0..<(doc.count("suites.\(s).regressions") ?? 0) { if let rule = doc.string("suites.\(s).regressions.\(r).rule") { rules.insert(rule) } }
        }
        #expect(rules == ["R1", "R4", "R6", "R7"])

        // The text report, piped: grouped by rule, no colour codes.
        let text = try Replay.run(["--baseline", "Baselines"], cwd: dir.path)
        #expect(text.status == 1)
        #expect(text.stdout.contains("R1 dead zone") && text.stdout.contains("R4 coverage") && text.stdout.contains("R6 expectation") && text.stdout.contains("R7 predicted success"))
        #expect(!text.stdout.contains("\u{1B}["))

        // The history shows every run.
        let history = try #require(try Replay.run(["history", "--json"], cwd: dir.path).json)
        #expect(history.count("runs") == 3)
    }
}
