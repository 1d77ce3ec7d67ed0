import Foundation
import TraceStore

/// The repository's example data (`Traces/`), imported on first use so that
/// `swift run replay --baseline Baselines` works on a fresh clone, and kept in
/// step with the files (a changed file is imported again). Which snapshot a run
/// uses is decided by capture time, never by import order: re-importing the
/// examples never makes an older build current again.
public enum ExampleData {
    /// Other builds of the example screens live here; they are not imported (the
    /// newest stored snapshot of a screen is the one a default run uses).
    public static let otherBuildsFolder = "builds"

    /// Imports `folder` (traces anywhere under it, snapshots outside `builds/`)
    /// when the database holds no traces and no snapshots yet, or when it holds
    /// data imported from that folder before (then changed files are imported).
    /// A database filled from elsewhere is left alone.
    /// - Returns: the files that added something (empty when nothing changed).
    @discardableResult
    public static func importIfEmpty(_ store: TraceStore, folder: String = "Traces", log: (String) -> Void) throws -> [String] {
        let counts = try store.counts()
        let empty = counts.traces == 0 && counts.snapshots == 0
        guard try empty || store.hasImports(under: folder) else { return [] }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else { return [] }
        let files = try InputFiles.collect([folder], skipping: [otherBuildsFolder]) { TraceStore.importKind(of: $0) != nil }
        guard !files.isEmpty else { return [] }
        if empty { log("the database is empty: importing the example data in \(folder)/ (\(files.count) files)") }
        var changed: [String] = []
        for file in files {
            do {
                let result = try Importer.importFile(file, into: store)
                if !result.tracesAdded.isEmpty || result.snapshotsAdded > 0 { changed.append(file) }
            } catch let e as ImportError {
                throw RunInputError(e.description)
            }
        }
        if !empty && !changed.isEmpty {
            log("example data changed: imported \(changed.joined(separator: ", "))")
        }
        return changed
    }
}
