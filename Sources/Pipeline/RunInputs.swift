import Audit
import BaselineFiles
import Baselines
import Foundation
import HitTesting
import ReplayEngine
import RunResults
import TapJSON
import TapModel
import TraceStore

// What a run works on: its snapshots, its baselines folder, and what it cannot compare (RunPipeline.prepare).

extension RunPipeline {
    /// What a run works on: each screen's snapshot (by screen), the baselines folder,
    /// screens with traces but no snapshot, screens with a baseline but no snapshot
    /// (failed), and screens with a baseline the run leaves out (`--screen`, `--snapshots`).
    struct Inputs {
        var snapshots: [(Snapshot, SnapshotInfo)]
        var folder: BaselineFolder?
        var withoutSnapshot: [String]
        var baselinedScreens: [String]
        var notInRun: [String]
    }

    /// Loads the snapshots (only the `--screen` ones) and says up front what the run cannot compare.
    func prepare(_ request: RunRequest, log: (String) -> Void) throws -> Inputs {
        var snapshots = try loadSnapshots(request.snapshotPaths)
        let folder = try baselineFolder(request, log: log)
        let tracedScreens = Set(try store.traces().map(\.header.screen))
        let baselineSuites = try folder?.suites() ?? []
        if !request.screens.isEmpty {
            let known = Set(snapshots.map(\.0.screen)).union(tracedScreens).union(baselineSuites)
            for name in request.screens where !known.contains(name) {
                var message = "no screen '\(name.clipped)' in this run"
                if let near = Suggestion.nearest(name, among: known) { message += " (did you mean '\(near)'?)" }
                throw RunInputError(message + (known.isEmpty ? ": it has no snapshots, traces or baselines"
                                                             : "; its screens: \(known.sorted().joined(separator: ", "))"))
            }
            snapshots = snapshots.filter { request.screens.contains($0.0.screen) }
        }
        var seen: [String: String] = [:]
        for (snapshot, info) in snapshots {
            if let other = seen[snapshot.screen] {
                throw RunInputError("two snapshots of screen '\(snapshot.screen)' (\(other) and \(info.source)): a run takes one build per screen")
            }
            seen[snapshot.screen] = info.source
        }
        // Which screens the run is about: those named with --screen; with --snapshots, the
        // screens of those files (unless --all-screens); else every screen.
        let inScope: (String) -> Bool = { screen in
            if !request.screens.isEmpty { return request.screens.contains(screen) }
            if !request.snapshotPaths.isEmpty && !request.allScreens { return seen[screen] != nil }
            return true
        }
        // What this run cannot compare, said up front.
        let withoutSnapshot = tracedScreens.subtracting(seen.keys).filter(inScope).sorted()
        for screen in withoutSnapshot {
            log("note: traces of screen '\(screen)' are stored but no snapshot of it is in this run: they are not replayed")
        }
        let otherBaselines = baselineSuites.filter { seen[$0] == nil }
        let baselinedScreens = otherBaselines.filter(inScope)
        let notInRun = otherBaselines.filter { !inScope($0) }
        if !notInRun.isEmpty {
            let which = notInRun.map { "'\($0)'" }.joined(separator: ", ")
            log(request.screens.isEmpty
                ? "note: the baselines of \(which) are not compared: no snapshot given is of \(notInRun.count == 1 ? "that screen" : "those screens") (--all-screens takes \(notInRun.count == 1 ? "it" : "them") in)"
                : "note: the baselines of \(which) are not compared: --screen names only \(request.screens.joined(separator: ", "))")
        }
        if snapshots.isEmpty && baselinedScreens.isEmpty {
            if !request.screens.isEmpty {
                throw RunInputError("no snapshot of \(request.screens.joined(separator: ", ")) in this run: nothing to replay"
                    + (request.snapshotPaths.isEmpty ? " (the database holds none of \(request.screens.count == 1 ? "it" : "them"))"
                                                     : " (none of \(request.snapshotPaths.joined(separator: ", ")) is of \(request.screens.count == 1 ? "that screen" : "those screens"))"))
            }
            throw RunInputError(request.snapshotPaths.isEmpty
                ? "no snapshots to replay against: the database holds none (import some with replay import, or pass --snapshots)"
                : "no snapshot files (.json) under \(request.snapshotPaths.map(InputFiles.named).joined(separator: ", "))")
        }
        return Inputs(snapshots: snapshots.sorted(by: { $0.0.screen < $1.0.screen }), folder: folder,
                      withoutSnapshot: withoutSnapshot, baselinedScreens: baselinedScreens, notInRun: notInRun)
    }

    /// The baselines folder, resolved: a folder that does not exist is created by writing
    /// (said once, with the absolute path), and is an input error where nothing may be written.
    func baselineFolder(_ request: RunRequest, log: (String) -> Void) throws -> BaselineFolder? {
        guard let path = request.baselineFolder else { return nil }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            guard isDir.boolValue else { throw RunInputError("--baseline \(InputFiles.named(path)) is a file: give the folder that holds <screen>.json") }
        } else if !request.writeBaselines {
            // `replay report` compares with baselines and never writes one: a folder that is not there is a mistake.
            throw RunInputError("no baselines folder at \(InputFiles.named(path)): nothing could be compared with a baseline")
        } else if let near = BaselineFolderSlip.nearFolder(path) {
            // A slip (`--baseline Baseline` beside Baselines/) must not start a new folder of baselines.
            throw RunInputError("no baselines folder at \(InputFiles.named(path)) (did you mean '\(near)'?); "
                                + "to start a new one there, create the folder first (mkdir)")
        } else if request.recordMode == .never {
            log("note: the baselines folder \(InputFiles.named(path)) does not exist, and the record mode (never) writes none: every screen fails as missing")
        } else {
            log("note: the baselines folder \(InputFiles.named(path)) does not exist yet: new baselines are written there")
        }
        return BaselineFolder(path: path)
    }

    /// Snapshot files (folders searched for `.json`), or the newest stored snapshot of each
    /// screen by capture time (then app build), never merely the most recently imported.
    func loadSnapshots(_ paths: [String]) throws -> [(Snapshot, SnapshotInfo)] {
        if paths.isEmpty {
            var newest: [String: StoredSnapshot] = [:]
            for s in try store.snapshots() {
                if let current = newest[s.screen], !StoredSnapshot.isOlder(current, than: s) { continue }
                newest[s.screen] = s
            }
            return try newest.values.sorted { $0.screen < $1.screen }.map { s in
                guard let json = try store.snapshotJSON(s.rowID) else { throw RunInputError("stored snapshot \(s.rowID) vanished") }
                do {
                    let snapshot = try Snapshot(json: json)
                    return (snapshot, SnapshotInfo(source: "db:\(s.rowID)" + (s.importedFrom.map { " (\($0))" } ?? ""),
                                                   contentHash: s.contentHash, appVersion: s.appVersion, appBuild: s.appBuild,
                                                   capturedAt: s.capturedAt, limits: snapshot.capture?.limits ?? []))
                } catch let e as SnapshotError {
                    throw RunInputError("stored snapshot \(s.rowID): \(e)")
                }
            }
        }
        let files = try InputFiles.collect(paths, recursive: false) { $0.hasSuffix(".json") }
        let fm = FileManager.default
        return try files.map { file in
            guard let data = fm.contents(atPath: file) else { throw RunInputError("\(file): cannot read the file") }
            do {
                let snapshot = try Snapshot(json: data)
                return (snapshot, SnapshotInfo(source: file, contentHash: TraceStore.contentHash(of: data),
                                               appVersion: snapshot.app.version, appBuild: snapshot.app.build,
                                               capturedAt: snapshot.capturedAt, limits: snapshot.capture?.limits ?? []))
            } catch let e as SnapshotError {
                if let other = FileKind.mismatch(data, file: file, expected: "tapreplay-snapshot") { throw RunInputError(other) }
                throw RunInputError(NodePath.locate(e, in: data).located(in: file))
            }
        }
    }
}

/// A baselines folder that does not exist, and one beside it whose name is a slip away.
enum BaselineFolderSlip {
    /// The folder beside `path` whose name is nearest to its last component (`Baselines` for
    /// `Baseline`), when there is one; nil when `path` exists or nothing is near.
    static func nearFolder(_ path: String) -> String? {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let parent = url.deletingLastPathComponent()
        let name = url.lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return nil }
        let folders = entries.filter { e in
            var isDir: ObjCBool = false
            return e != name && !e.hasPrefix(".") && FileManager.default.fileExists(atPath: parent.appendingPathComponent(e).path, isDirectory: &isDir)
                && isDir.boolValue
        }
        guard let near = Suggestion.nearest(name, among: folders) else { return nil }
        let suggested = (path as NSString).deletingLastPathComponent
        return suggested.isEmpty ? near : (suggested as NSString).appendingPathComponent(near)
    }
}
