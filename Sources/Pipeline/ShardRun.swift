import Baselines
import Foundation
import HitTesting
import ReplayEngine
import RunResults
import TapJSON
import TapModel
import TraceStore

extension RunPipeline {
    /// One shard of a run (`replay run --shard i/n --shard-out FILE`): replays this
    /// shard's traces of every screen against the new and the baseline's snapshot, as
    /// the whole run would, and returns its part of the run instead of recording it.
    /// What is computed from a snapshot alone — probes, coverage, the comparison of
    /// targets, causes, baselines written, pictures — is left to `replay merge`.
    /// - Throws: `RunInputError` when an input cannot be used; `StoreError` for the database.
    /// - Parameter writer: where each screen's part goes as soon as it is replayed (written on the writer's
    ///   thread while the next screen replays); the caller finishes it with the record returned.
    public func runShard(_ request: RunRequest, shard: ShardSpec, writer: ShardFileWriter? = nil,
                         log: (String) -> Void = { _ in }) throws -> ShardRecord {
        let startedAt = TraceStore.now()
        let inputs = try prepare(request, log: log)
        let screens = Set(inputs.snapshots.map { $0.0.screen })
        let all = try store.traces().filter { screens.contains($0.header.screen) }
        let assignment = ShardAssignment.shards(of: all, count: shard.count)
        var suites: [RunRecord.Suite] = []
        var parts: [ShardRecord.Part] = []
        var replayed: [StoredTrace] = []
        var baselines: [String: ShardIdentity.BaselineSeen] = [:]
        var clock = Stopwatch()
        for (position, (snapshot, info)) in inputs.snapshots.enumerated() {
            if request.shouldStop() { throw RunInterrupted() }
            try writer?.check()  // a screen's part that could not be written (a full disk) stops the shard here
            let screen = snapshot.screen
            let (baseline, file) = try loadBaseline(screen, inputs.folder, request, log: log)
            baselines[screen] = try ShardIdentity.BaselineSeen(file: file, baseline: baseline)
            var run = try SuiteRun(snapshot, info, request: request, folder: inputs.folder, baseline: baseline, file: file,
                                   existed: baseline != nil, marks: .unregressed, observer: nil, log: log)
            let mine = all.filter { $0.header.screen == screen && assignment[$0.rowID] == shard.index }
            try replay(mine, into: &run, request, log: log)
            var (rows, part) = ShardParts.record(run, traces: mine)
            // What needs the snapshot alone is shared out too: this shard samples the coverage of every n-th screen.
            if ShardCoverage.sampler(of: position, count: shard.count) == shard.index {
                var sampling = Stopwatch()
                let coverage = RunPipeline.coverage(run.tester, request)
                part.coverage = ShardCoverage.text(coverage)
                log("\(screen): sampled the coverage and predicted the first-try success of \(coverage.count) targets in \(sampling.lap())")
            }
            writer?.add(rows, part)
            suites.append(rows)
            parts.append(part)
            replayed += mine
        }
        let identity = ShardIdentity.make(request, inputs, traces: all, baselines: baselines, count: shard.count)
        let events = replayed.reduce(0) { $0 + $1.eventCount }
        let total = all.reduce(0) { $0 + $1.eventCount }
        log("shard \(shard): replayed \(replayed.count) of \(all.count) traces (\(events) of \(total) events) in \(clock.lap())")
        let record = RunRecord(startedAt: startedAt, finishedAt: TraceStore.now(), revision: request.revision,
                               passed: suites.allSatisfy(\.passed), touchRadius: request.hit.touchRadius, gridStep: request.gridStep,
                               settings: HistoryRecord.settings(request), suites: suites)
        return ShardRecord(runKey: TraceStore.contentHash(of: Array(identity.utf8)), index: shard.index, count: shard.count,
                           identity: identity, events: events, traces: replayed,
                           snapshots: try inputs.snapshots.map { try snapshotFile($0.1) }, run: record, parts: parts)
    }

    /// The bytes of a snapshot the run used (stored, or its file), for the shard file.
    private func snapshotFile(_ info: SnapshotInfo) throws -> ShardRecord.Snapshot {
        if let json = try store.snapshotJSON(contentHash: info.contentHash) {
            return ShardRecord.Snapshot(source: info.source, data: Data(json.utf8))
        }
        guard let data = FileManager.default.contents(atPath: info.source), TraceStore.contentHash(of: data) == info.contentHash else {
            throw RunInputError("\(info.source): the snapshot changed while the shard ran")
        }
        return ShardRecord.Snapshot(source: info.source, data: data)
    }
}

/// What makes shards parts of one run, as JSON: the snapshots (where each came
/// from and its content hash), the baselines each screen was compared with, every
/// setting (the touch-binding profile too), the probe pattern, the revision, the
/// acceptance (`--record --why`: who and why), the screens the run leaves out, the
/// traces of the run (a digest of their names, content hashes and event counts) and
/// the shard count. Its SHA-256
/// is the run key every shard of the run shares; `replay merge` refuses shards
/// whose keys differ and says which of these differ.
enum ShardIdentity {
    /// A screen's baseline as the shards saw it.
    struct BaselineSeen {
        var file: String?
        /// SHA-256 of the file's bytes; nil: there was none.
        var contentHash: String?
        var version: Int?
        /// Its known problems: what a re-recording (`--record`) carries on, whatever the
        /// file holds by the time of the merge (the first merge rewrites it).
        var known: [AcceptedProblem] = []

        init(file: String?, baseline: Baseline?) throws {
            self.file = file
            version = baseline?.fileVersion
            known = baseline?.known ?? []
            if let file, baseline != nil, let data = FileManager.default.contents(atPath: file) {
                contentHash = TraceStore.contentHash(of: data)
            }
        }

        init(_ v: JSONValue?) {
            if case .string(let s)? = v?["file"] { file = s }
            if case .string(let s)? = v?["contentHash"] { contentHash = s }
            if case .number(let d)? = v?["version"] { version = Int(exactly: d) }
            if case .array(let items)? = v?["known"] {
                known = items.compactMap { k in
                    guard let rule = k["rule"]?.text, let node = k["node"]?.text, let why = k["why"]?.text else { return nil }
                    var press: Int?
                    if case .number(let d)? = k["press"] { press = Int(exactly: d) }
                    return AcceptedProblem(rule: rule, node: node, trace: k["trace"]?.text, press: press, who: k["who"]?.text,
                                           why: why, since: k["since"]?.text, level: AcceptedProblem.Level(k["level"]))
                }
            }
        }

        var json: JSONValue {
            var pairs: [JSONValue.Pair] = [JSONValue.Pair("file", .string(file)), JSONValue.Pair("contentHash", .string(contentHash)),
                                           JSONValue.Pair("version", version.map { .number($0) } ?? .null)]
            if !known.isEmpty {
                pairs.append(JSONValue.Pair("known", .array(known.map { k in
                    .object(["rule": .string(k.rule), "node": .string(k.node), "trace": .string(k.trace),
                             "press": k.press.map { .number($0) } ?? .null, "who": .string(k.who), "why": .string(k.why),
                             "since": .string(k.since), "level": k.level?.json ?? .null])
                })))
            }
            return .object(pairs)
        }

        /// The baseline a merge re-records over (`--record`): what the shards saw of it — its known problems.
        func rerecorded(_ screen: String) -> Baseline {
            var b = Baseline(suite: screen, settings: BaselineSettings(), snapshot: nil, targets: [], fileVersion: version ?? Baseline.version)
            b.known = known
            return b
        }
    }

    static func make(_ request: RunRequest, _ inputs: RunPipeline.Inputs, traces: [StoredTrace],
                     baselines: [String: BaselineSeen], count: Int) -> String {
        var digest: [UInt8] = []
        for t in traces {  // by name, as the store lists them
            digest += Array("\(t.header.trace)\u{1F}\(t.contentHash)\u{1F}\(t.eventCount)\n".utf8)
        }
        let snapshots: [JSONValue] = inputs.snapshots.map { snapshot, info in
            .object([
                "screen": .string(snapshot.screen), "source": .string(info.source), "contentHash": .string(info.contentHash),
                "version": .string(info.appVersion), "build": .string(info.appBuild), "capturedAt": .string(info.capturedAt),
                "limits": .array(info.limits.map { .string($0) }),
                "baseline": baselines[snapshot.screen]?.json ?? .null,
            ])
        }
        let identity: JSONValue = .object([
            "format": "tapreplay-shard-run", "version": 1,
            "schema": .array(TraceStore.knownMigrations.map { .string($0) }),
            "shards": .number(count),
            "settings": .string(HistoryRecord.settings(request)),
            "probe": .string(request.probe?.rawValue),
            "revision": .string(request.revision),
            // The day is the merge's (the day the baselines are written), so shards that straddle midnight still merge.
            "acceptance": request.acceptance.map { .object(["who": .string($0.who), "why": .string($0.why)]) } ?? .null,
            "baselines": .string(request.baselineFolder),
            "snapshots": .array(snapshots),
            "noSnapshot": .array(inputs.baselinedScreens.map { .string($0) }),
            "screensWithoutSnapshot": .array(inputs.withoutSnapshot.map { .string($0) }),
            "screensNotInRun": .array(inputs.notInRun.map { .string($0) }),
            "traces": .object(["count": .number(traces.count), "events": .number(traces.reduce(0) { $0 + $1.eventCount }),
                               "digest": .string(TraceStore.contentHash(of: digest))]),
        ])
        return identity.serialized(.compact)
    }

    /// What differs between two shards' identities, in words (`settings`, `snapshots (Settings)`).
    static func differences(_ a: String, _ b: String) -> [String] {
        guard let da = try? JSONDocument(parsing: a), let db = try? JSONDocument(parsing: b) else { return ["their run"] }
        let va = JSONValue(da, at: da.root), vb = JSONValue(db, at: db.root)
        guard case .object(let pairs) = va else { return ["their run"] }
        var out: [String] = []
        for p in pairs where vb[p.key] != p.value {
            switch p.key {
            case "shards": out.append("shard count (\(describe(p.value)) and \(describe(vb[p.key])))")
            case "snapshots":
                func screens(_ v: JSONValue?) -> [String: JSONValue] {
                    guard case .array(let items)? = v else { return [:] }
                    var out: [String: JSONValue] = [:]
                    for item in items { if case .string(let s)? = item["screen"] { out[s] = item } }
                    return out
                }
                let sa = screens(p.value), sb = screens(vb[p.key])
                let differing = Set(sa.keys).union(sb.keys).filter { sa[$0]?["baseline"] != sb[$0]?["baseline"] }.sorted()
                let snapshots = Set(sa.keys).union(sb.keys).filter { key in
                    func strip(_ v: JSONValue?) -> JSONValue? {
                        guard case .object(let pairs)? = v else { return v }
                        return .object(pairs.filter { $0.key != "baseline" })
                    }
                    return strip(sa[key]) != strip(sb[key])
                }.sorted()
                if !snapshots.isEmpty { out.append("snapshots (\(snapshots.joined(separator: ", ")))") }
                if !differing.isEmpty { out.append("baselines (\(differing.joined(separator: ", ")))") }
            case "traces": out.append("stored traces (\(describe(p.value["count"])) and \(describe(vb[p.key]?["count"])) traces, or their content)")
            case "baselines": out.append("baselines folder (\(describe(p.value)) and \(describe(vb[p.key])))")
            case "settings":
                func parsed(_ v: JSONValue?) -> JSONValue? {
                    guard case .string(let text)? = v, let d = try? JSONDocument(parsing: text) else { return nil }
                    return JSONValue(d, at: d.root)
                }
                var leaves: [String] = []
                func compare(_ a: JSONValue?, _ b: JSONValue?, _ path: String) {
                    if case .object(let pairs)? = a, case .object? = b {
                        for q in pairs { compare(q.value, b?[q.key], path.isEmpty ? q.key : "\(path).\(q.key)") }
                    } else if a != b {
                        leaves.append("\(path) \(describe(a)) and \(describe(b))")
                    }
                }
                compare(parsed(p.value), parsed(vb[p.key]), "")
                out.append("settings (\(leaves.isEmpty ? "their text" : leaves.joined(separator: ", ")))")
            default: out.append("\(p.key) (\(describe(p.value)) and \(describe(vb[p.key])))")
            }
        }
        return out.isEmpty ? ["their run"] : out
    }

    private static func describe(_ v: JSONValue?) -> String {
        switch v {
        case .string(let s)?: return s.clipped
        case .number(let d)?: return JSONValue.format(d)
        case nil, .null?: return "none"
        default: return (v?.serialized(.compact) ?? "").clipped
        }
    }
}
