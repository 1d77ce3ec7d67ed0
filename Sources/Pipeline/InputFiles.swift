import Foundation

/// The one way commands turn the paths a person typed into files: a file is
/// taken as it is; a folder gives the files under it that `include` accepts,
/// sorted, optionally recursively and skipping named subfolders.
public enum InputFiles {
    /// - Parameters:
    ///   - recursive: look into subfolders.
    ///   - skipping: subfolder names (relative to a given folder) not to enter.
    /// - Throws: `RunInputError` naming a path that does not exist or cannot be listed.
    public static func collect(_ paths: [String], recursive: Bool = true, skipping: Set<String> = [],
                               include: (String) -> Bool) throws -> [String] {
        var files: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else { throw RunInputError("\(named(path)): no such file or folder") }
            guard isDir.boolValue else {
                files.append(path)
                continue
            }
            var found: [String] = []
            if recursive {
                guard let walker = fm.enumerator(atPath: path) else { throw RunInputError("\(path): cannot list the folder") }
                while let rel = walker.nextObject() as? String {
                    if skipping.contains(where: { rel == $0 || rel.hasPrefix($0 + "/") }) { continue }
                    let full = (path as NSString).appendingPathComponent(rel)
                    var sub: ObjCBool = false
                    if fm.fileExists(atPath: full, isDirectory: &sub), !sub.boolValue, include(full) { found.append(full) }
                }
            } else {
                guard let names = try? fm.contentsOfDirectory(atPath: path) else { throw RunInputError("\(path): cannot list the folder") }
                for name in names {
                    let full = (path as NSString).appendingPathComponent(name)
                    var sub: ObjCBool = false
                    if fm.fileExists(atPath: full, isDirectory: &sub), !sub.boolValue, include(full) { found.append(full) }
                }
            }
            files.append(contentsOf: found.sorted())
        }
        return files
    }

    /// A path as a person typed it, and where it led when it is relative:
    /// `Traces/build (resolved: /home/me/app/Traces/build)`.
    public static func named(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let cwd = FileManager.default.currentDirectoryPath
        let resolved = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: cwd, isDirectory: true)).standardizedFileURL.path
        return "\(path) (resolved: \(resolved))"
    }
}
