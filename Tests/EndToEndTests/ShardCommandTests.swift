import Foundation
import Testing

@Suite("Sharded runs from the command line: replay run --shard, replay merge")
struct ShardCommandTests {
    /// The example data and baselines in a scratch folder, imported into two databases.
    func workspace() throws -> Scratch {
        let dir = Scratch()
        for folder in ["Traces", "Baselines"] {
            try FileManager.default.copyItem(atPath: Replay.root + "/" + folder, toPath: dir.path + "/" + folder)
        }
        for db in ["whole.sqlite", "sharded.sqlite"] {
            let r = try Replay.run(["import", "Traces/settings-leading-edge-0001.jsonl", "Traces/settings-session-0002.csv",
                                    "Traces/checkout-uitest-0001.jsonl", "--db", db], cwd: dir.path)
            #expect(r.status == 0, "\(r.stderr)")
        }
        return dir
    }

    static let run = ["run", "--snapshots", "Traces/builds/Settings.no-content-shape.json", "Traces/snapshots/Checkout.json",
                      "--baseline", "Baselines", "--revision", "e2e"]

    /// The JSON with its start time taken out (the one thing a merge cannot reproduce).
    func timeless(_ json: String) -> String {
        json.split(separator: "\n").filter { !$0.contains("\"startedAt\"") }.joined(separator: "\n")
    }

    @Test("Two shards written by two processes (one from CI variables) merge into the unsharded run's JSON and exit status; merging again records nothing")
    func shardAndMerge() throws {
        let dir = try workspace()
        let whole = try Replay.run(ShardCommandTests.run + ["--db", "whole.sqlite", "--json"], cwd: dir.path)
        #expect(whole.status == 1, "\(whole.stderr)")
        let one = try Replay.run(ShardCommandTests.run + ["--db", "sharded.sqlite", "--shard", "1/2", "--shard-out", "shards/1.sqlite"], cwd: dir.path)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.isEmpty && one.stderr.contains("wrote shard 1/2 to shards/1.sqlite"))
        let two = try Replay.run(ShardCommandTests.run + ["--db", "sharded.sqlite", "--shard-out", "shards/2.sqlite"], cwd: dir.path,
                                 env: ["REPLAY_SHARD": "auto", "CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"])
        #expect(two.status == 0 && two.stderr.contains("wrote shard 2/2"), "\(two.stderr)")
        // With --json alone each screen is written as it is merged (and history records the run meanwhile);
        // with another report the whole run is kept for it: the same JSON either way.
        let merged = try Replay.run(["merge", "shards/1.sqlite", "shards/2.sqlite", "--db", "sharded.sqlite", "--json"], cwd: dir.path)
        #expect(merged.status == whole.status, "\(merged.stderr)")
        #expect(timeless(merged.stdout) == timeless(whole.stdout))
        #expect(merged.stderr.contains("recorded run #1"))
        let again = try Replay.run(["merge", "shards/2.sqlite", "shards/1.sqlite", "--db", "sharded.sqlite", "--json",
                                    "--junit", "merged.xml"], cwd: dir.path)
        #expect(again.status == whole.status && again.stdout == merged.stdout)
        #expect(again.stderr.contains("merged before, as run #1"))
        #expect(FileManager.default.fileExists(atPath: dir.path + "/merged.xml"))
        let history = try #require(try Replay.run(["history", "--json", "--db", "sharded.sqlite"], cwd: dir.path).json)
        #expect(history.count("runs") == 1)
    }

    @Test("A missing, duplicated or foreign shard is exit 2 naming it; --shard without --shard-out, or with a report option, is a usage error")
    func refusals() throws {
        let dir = try workspace()
        for i in 1...3 {
            let r = try Replay.run(ShardCommandTests.run + ["--db", "sharded.sqlite", "--shard", "\(i)/3", "--shard-out", "s\(i).sqlite"], cwd: dir.path)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let missing = try Replay.run(["merge", "s1.sqlite", "s3.sqlite", "--db", "sharded.sqlite"], cwd: dir.path)
        #expect(missing.status == 2 && missing.stderr.contains("shard 2/3 is missing"), "\(missing.stderr)")
        #expect(missing.stdout.isEmpty)
        let twice = try Replay.run(["merge", "s1.sqlite", "s2.sqlite", "s2.sqlite", "s3.sqlite", "--db", "sharded.sqlite"], cwd: dir.path)
        #expect(twice.status == 2 && twice.stderr.contains("shard 2/3 is given twice"), "\(twice.stderr)")
        let foreign = try Replay.run(ShardCommandTests.run + ["--db", "sharded.sqlite", "--shard", "2/3", "--shard-out", "f2.sqlite",
                                                              "--tap-slop", "30"], cwd: dir.path)
        #expect(foreign.status == 0)
        let mixed = try Replay.run(["merge", "s1.sqlite", "f2.sqlite", "s3.sqlite", "--db", "sharded.sqlite"], cwd: dir.path)
        #expect(mixed.status == 2 && mixed.stderr.contains("f2.sqlite is a shard of another run") && mixed.stderr.contains("replay.tapSlop 45 and 30"),
                "\(mixed.stderr)")
        let usage = try Replay.run(ShardCommandTests.run + ["--db", "sharded.sqlite", "--shard", "1/3"], cwd: dir.path)
        #expect(usage.status == 64 && usage.stderr.contains("--shard needs --shard-out"))
        let report = try Replay.run(ShardCommandTests.run + ["--db", "sharded.sqlite", "--shard-out", "x.sqlite", "--junit", "x.xml"], cwd: dir.path)
        #expect(report.status == 64 && report.stderr.contains("--junit goes with replay merge"))
        #expect(try Replay.run(["merge", "--db", "sharded.sqlite"], cwd: dir.path).status == 64)
    }
}
