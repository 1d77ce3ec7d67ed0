import Foundation
import Crypto
import TapModel

/// SHA-256 of a trace's canonical content: its header fields and every event's
/// values (not the file's bytes), so the same trace read from JSON Lines or CSV,
/// or written with other spacing, hashes the same.
struct ContentHasher {
    private var sha = SHA256()
    private var buffer: [UInt8] = []

    /// Bytes gathered before they are hashed: small, because a CSV file holding
    /// thousands of traces keeps one hasher per trace open until the file ends.
    static let chunk = 2048

    /// Allocates nothing until the first event (an import that already holds a trace never uses it).
    init() {}

    mutating func add(_ header: TraceHeader) {
        for field in [header.trace, header.screen, header.deviceModel, header.os, header.appVersion,
                      header.appBuild, header.recordedAt, header.source] {
            add(field)
        }
    }

    mutating func add(_ e: TouchEvent) {
        add(e.t)
        add(UInt64(bitPattern: Int64(e.touch)))
        buffer.append(UInt8(Phase.allCases.firstIndex(of: e.phase)!))
        add(e.x)
        add(e.y)
        if let r = e.radius { buffer.append(1); add(r) } else { buffer.append(0) }
        add(e.expect)
        if buffer.count >= ContentHasher.chunk - 256 { flush() }
    }

    private mutating func add(_ d: Double) { add((d + 0.0).bitPattern) }  // -0 and 0 hash alike

    private mutating func add(_ v: UInt64) {
        var x = v.littleEndian
        withUnsafeBytes(of: &x) { buffer.append(contentsOf: $0) }
    }

    private mutating func add(_ s: String?) {
        guard let s else { buffer.append(0); return }
        buffer.append(1)
        add(UInt64(s.utf8.count))
        buffer.append(contentsOf: s.utf8)
    }

    private mutating func flush() {
        sha.update(data: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func finalize() -> String {
        flush()
        return ContentHasher.hex(digest: sha.finalize())
    }

    static func hex<D: Collection>(of bytes: D) -> String where D.Element == UInt8 {
        var sha = SHA256()
        sha.update(data: Array(bytes))
        return hex(digest: sha.finalize())
    }

    private static let digits = Array("0123456789abcdef".utf8)

    /// Lower-case hex of a digest, by table (no `String(format:)` per byte).
    static func hex<D: Sequence>(digest: D) -> String where D.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for b in digest {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension TraceStore {
    /// SHA-256 (hex) of a file's bytes: how stored snapshots are keyed.
    public static func contentHash<D: Collection>(of bytes: D) -> String where D.Element == UInt8 {
        ContentHasher.hex(of: bytes)
    }
}
