import Foundation
import TestSupport
import Testing

@Suite("replay lint --write-baseline and --baseline, end to end")
struct LintBaselineCommandTests {
    /// A copy of the example sources (Traces/source and the example app), which hold known findings.
    func sources() throws -> Scratch {
        let dir = Scratch()
        for folder in ["Traces/source", "Examples/FlowSettings/FlowSettings"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: Replay.root + "/" + folder) where name.hasSuffix(".swift") {
                _ = dir.file("src/" + folder + "/" + name, try String(contentsOfFile: Replay.root + "/" + folder + "/" + name, encoding: .utf8))
            }
        }
        return dir
    }

    @Test("write-baseline then baseline on the example sources prints nothing; a hollow row added above them is the one finding")
    func adoptThenOnlyNew() throws {
        let dir = try sources()
        let write = try Replay.run(["lint", "src", "--write-baseline", "lint-baseline.json"], cwd: dir.path)
        #expect(write.status == 0, "writing a baseline accepts what was found: \(write.stderr)")
        #expect(write.stderr.contains("wrote 2 findings to the baseline"))
        let again = try Replay.run(["lint", "src", "--baseline", "lint-baseline.json"], cwd: dir.path)
        #expect(again.status == 0 && again.stdout.isEmpty, "\(again.stdout)")
        #expect(again.stderr.contains("2 findings in the baseline"))

        let file = dir.path + "/src/Traces/source/SettingsRow.swift"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let added = text.replacingOccurrences(of: "import SwiftUI\n", with: """
            import SwiftUI

            struct HelpRow: View {
                var body: some View {
                    HStack {
                        Text("Help")
                        Spacer()
                    }
                    .onTapGesture { }
                }
            }

            """)
        #expect(added != text)
        try added.write(toFile: file, atomically: true, encoding: .utf8)
        let new = try Replay.run(["lint", "src", "--baseline", "lint-baseline.json"], cwd: dir.path)
        #expect(new.status == 1)
        let lines = new.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("src/Traces/source/SettingsRow.swift:9:10: error: hollow tap target") == true)
        #expect(lines.first?.hasSuffix("[L1]") == true)
        // The same from .replay-lint.yml, and in every format (JSON here).
        _ = dir.file(".replay-lint.yml", "baseline: lint-baseline.json\n")
        let configured = try Replay.run(["lint", "src", "--json"], cwd: dir.path)
        #expect(configured.status == 1)
        #expect(configured.json?.count("findings") == 1)
    }

    @Test("a missing baseline is exit 2 naming it, and the configuration line that names it")
    func missingBaseline() throws {
        let dir = try sources()
        let r = try Replay.run(["lint", "src", "--baseline", "nope.json"], cwd: dir.path)
        #expect(r.status == 2 && r.stderr.contains("nope.json: no such baseline file"))
        let config = dir.file(".replay-lint.yml", "excluded: [Pods]\nbaseline: gone.json\n")
        let c = try Replay.run(["lint", "src"], cwd: dir.path)
        #expect(c.status == 2 && c.stderr.contains("\(config):2: baseline"), "\(c.stderr)")
    }
}
