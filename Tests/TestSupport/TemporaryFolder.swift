import Foundation

/// A temporary folder for one test, removed when the value goes away.
public final class TemporaryFolder: @unchecked Sendable {
    public let path: String

    public init(_ prefix: String = "tapreplay") {
        path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` (folders created as needed) and returns the full path.
    @discardableResult
    public func file(_ name: String, _ text: String) -> String {
        let p = (path as NSString).appendingPathComponent(name)
        try! FileManager.default.createDirectory(atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! text.write(toFile: p, atomically: true, encoding: .utf8)
        return p
    }

    /// A database path inside the folder.
    public var db: String { (path as NSString).appendingPathComponent("test.sqlite") }
}

/// The repository's root folder (for the example data under Traces/ and Baselines/).
public let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()
