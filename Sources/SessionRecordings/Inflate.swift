import CZlib
import Foundation

/// Compressed recordings (docs/field-report.md, "Compressed recordings"): a file
/// gzipped whole (`.json.gz`, `.jsonl.gz`, as exports and warehouse dumps come), a
/// zlib stream (a Datadog segment as its SDK uploads it), and PostHog's compressed
/// events (`"cv"`: the event's data gzipped). zlib inflates them, a chunk at a time,
/// into one buffer that the JSON reader then walks; several gzip members one after
/// another (what `cat a.gz b.gz` makes) read as one stream.
public enum Inflate {
    /// What a recording inflates to at most: a bigger one is refused, not read until memory runs out.
    public static let defaultLimit = 8 << 30

    /// Whether the bytes start as a gzip member (1f 8b) or a zlib stream (deflate, a header whose check holds).
    public static func isCompressed<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var it = bytes.makeIterator()
        guard let b0 = it.next(), let b1 = it.next() else { return false }
        if b0 == 0x1f && b1 == 0x8b { return true }
        return b0 & 0x0f == 8 && b0 >> 4 <= 7 && (UInt16(b0) << 8 | UInt16(b1)) % 31 == 0
    }

    /// The bytes a gzip or zlib stream holds.
    /// - Throws: `RecordingError` at `path` when the stream is damaged, cut short, or inflates past `limit` bytes.
    public static func inflate(_ data: Data, path: String = "$", limit: Int = defaultLimit) throws -> Data {
        var stream = z_stream()
        // 15 + 32: the largest window, and a gzip or zlib header detected from the stream itself.
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw RecordingError(path, "cannot start zlib")
        }
        defer { inflateEnd(&stream) }
        var out = Data()
        let chunk = 1 << 20
        var buffer = [UInt8](repeating: 0, count: chunk)
        try data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            guard let base = input.bindMemory(to: UInt8.self).baseAddress else { return }
            var fed = 0
            func feed() {  // zlib counts input in 32 bits: at most 1 GiB at a time
                let n = min(input.count - fed, 1 << 30)
                stream.next_in = UnsafeMutablePointer(mutating: base + fed)
                stream.avail_in = UInt32(n)
                fed += n
            }
            feed()
            while true {
                let status: Int32 = buffer.withUnsafeMutableBufferPointer { b in
                    stream.next_out = b.baseAddress
                    stream.avail_out = UInt32(chunk)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk - Int(stream.avail_out)
                out.append(contentsOf: buffer[..<produced])
                if out.count > limit {
                    let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes"
                    throw RecordingError(path, "inflates to more than \(size); refused (split the recording)")
                }
                if stream.avail_in == 0, fed < input.count { feed() }
                switch status {
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in > 0:
                    continue  // more input was just fed
                case Z_STREAM_END:
                    // Another gzip member may follow (concatenated .gz files): read it as the same stream.
                    guard stream.avail_in > 0 || fed < input.count else { return }
                    guard inflateReset(&stream) == Z_OK else { throw RecordingError(path, "cannot restart zlib") }
                case Z_BUF_ERROR where stream.avail_in == 0 && fed == input.count:
                    throw RecordingError(path, "compressed data cut short (\(input.count) bytes read, the stream did not end)")
                default:
                    let reason = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                    throw RecordingError(path, "damaged compressed data (zlib: \(reason))")
                }
            }
        }
        return out
    }

    /// The bytes of a JavaScript "binary string" (each character one byte, as PostHog's
    /// compressed events hold their gzip), or nil when a character is above U+00FF.
    static func binaryString(_ s: String) -> Data? {
        var bytes = Data()
        bytes.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            guard scalar.value <= 0xff else { return nil }
            bytes.append(UInt8(scalar.value))
        }
        return bytes
    }
}
