@_exported import TestSupport
import Foundation
@testable import TraceStore

typealias TempDir = TemporaryFolder

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
