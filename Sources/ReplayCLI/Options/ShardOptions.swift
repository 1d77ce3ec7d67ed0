import ArgumentParser
import Foundation
import Pipeline
import RunResults
import TraceStore

/// `--shard i/n` and `--shard-out FILE` of `replay run`: one job of a CI matrix.
struct ShardOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Replay only shard i of n (1-based) of the traces, balanced by events, for one job of a CI matrix; needs --shard-out. Default: $REPLAY_SHARD (i/n, or auto: the CI's parallel-job variables).", valueName: "i/n"))
    var shard: String?
    @Option(name: .customLong("shard-out"), help: ArgumentHelp("Write this shard's part of the run to this file (SQLite) for replay merge, instead of recording the run in history.", valueName: "file"))
    var shardOut: String?

    /// The shard asked for: `--shard`, else `$REPLAY_SHARD`; 1/1 with `--shard-out` alone.
    func spec(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ShardSpec? {
        if let shard { return try ShardSpec(parsing: shard) }
        if let spec = try ShardSpec.fromEnvironment(environment) { return spec }
        return shardOut != nil ? try ShardSpec(index: 1, count: 1) : nil
    }

    /// Usage errors: a shard without a file to write, report options on a shard.
    func check(reports: [(String, Bool)]) throws {
        let spec: ShardSpec?
        do {
            spec = try self.spec()
        } catch let e as ShardSpecError {
            throw ValidationError((shard != nil ? "--shard: " : "") + e.message)
        }
        if spec != nil && shardOut == nil {
            throw ValidationError("\(shard != nil ? "--shard" : "REPLAY_SHARD") needs --shard-out FILE: a shard's part of the run is written there and merged with replay merge")
        }
        if shardOut != nil, let report = reports.first(where: { $0.1 })?.0 {
            throw ValidationError("\(report) goes with replay merge: a shard holds only part of the run")
        }
    }

    /// Replays this shard and writes its file.
    func run(_ request: RunRequest, store: TraceStore, out: String) throws {
        let spec = try self.spec()!
        // Each screen's part is written while the next one replays.
        let writer = try ShardFileWriter(path: out)
        Interruption.discardOnQuit(writer.temporary)
        let record: ShardRecord
        do {
            record = try RunPipeline(store: store).runShard(request, shard: spec, writer: writer, log: Console.progress)
        } catch {
            writer.cancel()  // stopped or failed part-way: no file
            throw error
        }
        ProgressLine.shared.end()
        try writer.finish(record)
        // The shard's rows (at 100M events, 1.4 GB of them) are left to the system to take back at exit: freeing them took 0.4 s.
        Leftovers.keepUntilExit(record)
        Console.progress("wrote shard \(spec) to \(out): \(record.traces.count) traces, \(record.events) events; merge every shard of the run with replay merge")
    }
}
