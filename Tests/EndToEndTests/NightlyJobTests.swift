import Foundation
import TapJSON
import TestSupport
import Testing

/// docs/nightly-ci.md's replay job, run as written: every `run:` step of the workflow, in
/// order, with the job's environment, from an empty folder laid out as the page says
/// ("The project's folders") and filled with the example project — what the steps that
/// `uses:` an action would bring (the checkout, the capture job's artifact, `replay` on the
/// PATH). The macOS capture job is not run: its artifact is the example's capture bundle
/// and recorded trace.
@Suite("The nightly job, run")
struct NightlyJobRunsTests {
    /// The page's workflow (the YAML block that names the job) as JSON, read by python3's yaml; nil without PyYAML.
    func workflow() throws -> JSONDocument? {
        let doc = try repoFile("docs/nightly-ci.md")
        guard let named = doc.range(of: "name: tap regressions") else { Issue.record("no workflow in nightly-ci.md"); return nil }
        let start = doc[..<named.lowerBound].range(of: "```yaml\n", options: .backwards)!.upperBound
        let end = doc[named.lowerBound...].range(of: "\n```")!.lowerBound
        let scratch = TemporaryFolder()
        return try yamlFileAsJSON(scratch.file("workflow.yml", String(doc[start..<end])))
    }

    /// Runs `script` as GitHub runs a step's `run:` on Linux (`bash --noprofile --norc -eo pipefail`).
    func step(_ script: String, in dir: String, env: [String: String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["--noprofile", "--norc", "-eo", "pipefail", "-c", script]
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "REPLAY_DB")
        environment.removeValue(forKey: "REPLAY_RECORD")
        environment["NO_COLOR"] = "1"
        environment["PATH"] = Replay.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        for (k, v) in env { environment[k] = v }
        p.environment = environment
        // The step's output, both streams, as the job's log shows it.
        let scratch = TemporaryFolder()
        let log = scratch.file("step.log", "")
        p.standardOutput = FileHandle(forWritingAtPath: log)
        p.standardError = p.standardOutput
        try p.run()
        p.waitUntilExit()
        return (p.terminationStatus, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    @Test("Every run step of docs/nightly-ci.md's replay job exits 0 on the example project, from an empty folder, without an audit-waivers.json")
    func nightlyRuns() throws {
        guard let doc = try workflow() else {
            print("note: python3's yaml is not installed; the nightly job was not run")
            return
        }
        let r = JSONReader(doc)
        let jobs = try r.object(try r.required("jobs", in: try r.object(r.root), of: r.root))
        guard let job = jobs.first(where: { $0.key == "replay" })?.value else { Issue.record("no replay job"); return }
        var env: [String: String] = [:]
        if let e = doc.member("env", of: job), case .object(let members) = doc[e] {
            for m in members { if case .string(let s) = doc[m.value] { env[m.key] = s } }
        }
        #expect(env["REPLAY_DB"] == "history/replay.sqlite" && env["REPLAY_RECORD"] == "never")
        guard let stepsIndex = doc.member("steps", of: job), case .array(let steps) = doc[stepsIndex] else { Issue.record("no steps"); return }
        let scripts: [String] = steps.compactMap { s in
            guard let run = doc.member("run", of: s), case .string(let script) = doc[run] else { return nil }
            return script
        }
        #expect(scripts.count >= 6)

        // The app's checkout: its Swift sources and reviewed baselines (no waivers file yet); the capture
        // job's artifact: a capture bundle and a recorded session. Nothing else.
        let w = TemporaryFolder()
        let root = Replay.root
        let fm = FileManager.default
        for dir in ["Sources", "Baselines", "captures", "traces"] { try fm.createDirectory(atPath: w.path + "/" + dir, withIntermediateDirectories: true) }
        for source in try fm.contentsOfDirectory(atPath: root + "/Traces/source") where source.hasSuffix(".swift") {
            try fm.copyItem(atPath: root + "/Traces/source/" + source, toPath: w.path + "/Sources/" + source)
        }
        try fm.copyItem(atPath: root + "/Traces/builds/Settings.capture.json", toPath: w.path + "/captures/Settings.capture.json")
        try fm.copyItem(atPath: root + "/Traces/settings-leading-edge-0001.jsonl", toPath: w.path + "/traces/settings-leading-edge-0001.jsonl")
        // The reviewed baseline, recorded as a team does before its first nightly (in a pull request, on a
        // developer's machine): from the capture's snapshot, with the nightly's probes, into Baselines/.
        let setup = TemporaryFolder()
        let converted = try Replay.run(["convert", w.path + "/captures/Settings.capture.json", "-o", setup.path + "/Settings.json"])
        #expect(converted.status == 0, "\(converted.stderr)")
        let recorded = try Replay.run(["run", "--snapshots", setup.path + "/Settings.json", "--probe", "edges", "--baseline", "Baselines", "--record",
                                       "--db", setup.path + "/setup.sqlite"], cwd: w.path)
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        let reviewed = try String(contentsOfFile: w.path + "/Baselines/Settings.json", encoding: .utf8)

        for script in scripts {
            let (status, output) = try step(script, in: w.path, env: env)
            #expect(status == 0, "step exited \(status):\n\(script)\n\(output)")
        }
        // What the job publishes and keeps.
        for file in ["reports/lint.sarif", "reports/audit.xml", "reports/replay.xml", "reports/replay.md", "reports/run.json",
                     "history/replay.sqlite", "snapshots/Settings.json"] {
            #expect(fm.fileExists(atPath: w.path + "/" + file), "the job did not write \(file)")
        }
        let run = try JSONDocument(parsing: Data(contentsOf: URL(fileURLWithPath: w.path + "/reports/run.json")))
        #expect(run.at("passed").map { if case .bool(true) = $0 { true } else { false } } == true)
        // CI never writes a baseline.
        #expect(try String(contentsOfFile: w.path + "/Baselines/Settings.json", encoding: .utf8) == reviewed)
    }
}
