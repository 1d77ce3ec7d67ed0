import Foundation
import TraceStore

/// The repository's example data (`Traces/`), imported on first use so that
/// `swift run replay --baseline Baselines` works on a fresh clone, and kept in
/// step with the files (a changed file is imported again). Which snapshot a run
/// uses is decided by capture time, never by import order: re-importing the
/// examples never makes an older build current again.
///
/// Only this repository's example is imported: the folder must hold the marker
/// file `.tapreplay-example` with `markerText` in it. A `Traces/` folder of a
/// user's own is never touched.
public enum ExampleData {
    /// Other builds of the example screens live here; they are not imported (the
    /// newest stored snapshot of a screen is the one a default run uses).
    public static let otherBuildsFolder = "builds"
    /// The marker file inside the example folder, and what its first line says.
    public static let markerFile = ".tapreplay-example"
    public static let markerText = "TapReplay example data"

    /// Whether `folder` is this repository's example data (its marker file says so).
    public static func isExample(_ folder: String) -> Bool {
        let marker = (folder as NSString).appendingPathComponent(markerFile)
        guard let data = FileManager.default.contents(atPath: marker) else { return false }
        return String(decoding: data.prefix(200), as: UTF8.self).hasPrefix(markerText)
    }

    /// Imports `folder` (traces anywhere under it, snapshots outside `builds/`)
    /// when it is the example data and the database holds no traces and no
    /// snapshots yet, or holds data imported from that folder before (then changed
    /// files are imported). A database filled from elsewhere is left alone.
    /// - Parameter shouldStop: asked while a file is read (Ctrl-C): `ImportInterrupted`.
    /// - Returns: the files that added something (empty when nothing changed).
    @discardableResult
    public static func importIfEmpty(_ store: TraceStore, folder: String = "Traces", log: (String) -> Void,
                                     shouldStop: (@Sendable () -> Bool)? = nil) throws -> [String] {
        guard isExample(folder) else { return [] }
        let counts = try store.counts()
        let empty = counts.traces == 0 && counts.snapshots == 0
        guard try empty || store.hasImports(under: folder) else { return [] }
        let files = try InputFiles.collect([folder], skipping: [otherBuildsFolder]) { TraceStore.importKind(of: $0) != nil }
        guard !files.isEmpty else { return [] }
        if empty { log("the database is empty: importing the example data in \(folder)/ (\(files.count) files)") }
        var changed: [String] = []
        for file in files {
            do {
                let result = try Importer.importFile(file, into: store, shouldStop: shouldStop)
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
