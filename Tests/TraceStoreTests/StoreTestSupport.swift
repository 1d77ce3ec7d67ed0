import Foundation
@testable import TraceStore

/// A temporary folder removed when the value goes away.
final class TempDir {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "tapreplay-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String, _ text: String) -> String {
        let p = (path as NSString).appendingPathComponent(name)
        try! text.write(toFile: p, atomically: true, encoding: .utf8)
        return p
    }

    var db: String { (path as NSString).appendingPathComponent("test.sqlite") }
}

let header = #"{"format":"tapreplay-trace","version":1,"trace":"t1","screen":"Settings","device":{"model":"iPhone16,1","os":"iOS 18.1"},"app":{"version":"3.2.0","build":"512"},"recordedAt":"2026-11-20T10:00:00Z","source":"uitest"}"#

func jsonl(_ lines: [String], header h: String = header) -> String {
    ([h] + lines).joined(separator: "\n") + "\n"
}

let tapLines = [
    #"{"t":0.000,"touch":1,"phase":"began","x":24.0,"y":121.5,"expect":"row.flowMeter"}"#,
    #"{"t":0.084,"touch":1,"phase":"ended","x":24.5,"y":121.0}"#,
]

extension TraceStore {
    func count(_ table: String) throws -> Int {
        try read { try Int.fetchOne($0, sql: "SELECT count(*) FROM \(table)") ?? 0 }
    }
}
