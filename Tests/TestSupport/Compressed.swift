import Foundation

/// Compressed copies of fixtures, made as a user's tools make them (Python's `gzip`
/// and `zlib` modules: the same zlib the gzip command and the SDKs use).
public enum Compressed {
    public struct Failed: Error, CustomStringConvertible { public let description: String }

    /// The bytes gzipped (one member).
    public static func gzip(_ data: Data) throws -> Data { try python("gzip.compress(d)", data) }

    /// The bytes as a zlib stream (what Datadog's SDK uploads a segment as).
    public static func zlib(_ data: Data) throws -> Data { try python("zlib.compress(d)", data) }

    private static func python(_ expression: String, _ data: Data) throws -> Data {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compressed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in"), output = dir.appendingPathComponent("out")
        try data.write(to: input)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", "import gzip, sys, zlib; d = open(sys.argv[1], 'rb').read(); open(sys.argv[2], 'wb').write(\(expression))",
                       input.path, output.path]
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw Failed(description: "python3 could not compress (exit \(p.terminationStatus))") }
        return try Data(contentsOf: output)
    }
}
