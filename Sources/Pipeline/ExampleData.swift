import Foundation
import TraceStore

/// The repository's example data (`Traces/`), imported on first use so that
/// `swift run replay --baseline Baselines` works on a fresh clone.
public enum ExampleData {
    /// Other builds of the example screens live here; they are not imported (the
    /// newest stored snapshot of a screen is the one a default run uses).
    public static let otherBuildsFolder = "builds"

    /// Imports `folder` (traces anywhere under it, snapshots outside `builds/`)
    /// when the database holds no traces and no snapshots yet.
    /// - Returns: the files imported (empty when nothing was done).
    public static func importIfEmpty(_ store: TraceStore, folder: String = "Traces", log: (String) -> Void) throws -> [String] {
        let counts = try store.counts()
        guard counts.traces == 0, counts.snapshots == 0 else { return [] }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue,
              let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let rel = walker.nextObject() as? String {
            if rel == otherBuildsFolder || rel.hasPrefix(otherBuildsFolder + "/") { continue }
            let path = (folder as NSString).appendingPathComponent(rel)
            if TraceStore.importKind(of: path) != nil { files.append(path) }
        }
        files.sort()
        guard !files.isEmpty else { return [] }
        log("the database is empty: importing the example data in \(folder)/ (\(files.count) files)")
        for file in files {
            do {
                _ = try store.importFile(file)
            } catch let e as ImportError {
                throw RunInputError(e.description)
            }
        }
        return files
    }
}
