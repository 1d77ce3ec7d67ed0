import CZlib
import Foundation

/// Compressed recordings (docs/field-report.md, "Compressed recordings"): a file
/// gzipped whole (`.json.gz`, `.jsonl.gz`, as exports and warehouse dumps come), a
/// zlib stream (a Datadog segment as its SDK uploads it), and PostHog's compressed
/// events (`"cv"`: the event's data gzipped). zlib inflates them a chunk at a time
/// (`Inflater`): into one buffer that the JSON reader then walks, or, a PostHog export,
/// as it is read (`RecordingBytes`); several gzip members one after another (what
/// `cat a.gz b.gz` makes) read as one stream.
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
        let inflater = try Inflater(path: path, limit: limit)
        var out = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        try data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            var fed = 0
            func more() -> UnsafeRawBufferPointer? {  // zlib counts input in 32 bits: at most 1 GiB at a time
                guard fed < input.count else { return nil }
                let n = min(input.count - fed, 1 << 30)
                defer { fed += n }
                return UnsafeRawBufferPointer(rebasing: input[fed..<(fed + n)])
            }
            while true {
                let n = try chunk.withUnsafeMutableBufferPointer { try inflater.inflate(into: $0.baseAddress!, capacity: $0.count, more: more) }
                if n == 0 { return }
                out.append(contentsOf: chunk[..<n])
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

/// zlib inflating a gzip or zlib stream whose input comes a piece at a time, into output
/// a buffer at a time (`Inflate.inflate` of bytes in memory, `RecordingBytes` of a file as it is read).
final class Inflater {
    private var stream = z_stream()
    private let path: String
    private let limit: Int
    /// Input bytes taken and bytes made so far.
    private var consumed = 0
    private var produced = 0
    private var inputEnded = false
    private var finished = false

    init(path: String, limit: Int) throws {
        self.path = path
        self.limit = limit
        // 15 + 32: the largest window, and a gzip or zlib header detected from the stream itself.
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw RecordingError(path, "cannot start zlib")
        }
    }

    deinit { inflateEnd(&stream) }

    /// Fills `out` with up to `capacity` inflated bytes, asking `more` for input whenever zlib has used what it
    /// had (what `more` returns must stay valid until it is asked again; nil: the input ended).
    /// Several gzip members one after another (what `cat a.gz b.gz` makes) read as one stream.
    /// - Returns: the bytes written; 0 only at the end of the stream.
    /// - Throws: `RecordingError` when the stream is damaged, cut short, or inflates past the limit.
    func inflate(into out: UnsafeMutablePointer<UInt8>, capacity: Int, more: () throws -> UnsafeRawBufferPointer?) throws -> Int {
        stream.next_out = out
        stream.avail_out = UInt32(capacity)
        while stream.avail_out > 0 && !finished {
            if stream.avail_in == 0 && !inputEnded {
                if let input = try more(), let base = input.baseAddress, input.count > 0 {
                    stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
                    stream.avail_in = UInt32(input.count)
                    consumed += input.count
                } else {
                    inputEnded = true
                }
            }
            let status = CZlib.inflate(&stream, Z_NO_FLUSH)
            switch status {
            case Z_OK:
                continue
            case Z_STREAM_END:
                // Another gzip member may follow (concatenated .gz files): read it as the same stream.
                if stream.avail_in == 0 && !inputEnded, let input = try more(), let base = input.baseAddress, input.count > 0 {
                    stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
                    stream.avail_in = UInt32(input.count)
                    consumed += input.count
                }
                guard stream.avail_in > 0 else { finished = true; continue }
                guard inflateReset(&stream) == Z_OK else { throw RecordingError(path, "cannot restart zlib") }
            case Z_BUF_ERROR where stream.avail_in == 0 && inputEnded:
                throw RecordingError(path, "compressed data cut short (\(consumed) bytes read, the stream did not end)")
            case Z_BUF_ERROR:
                continue  // more input is asked for, or the output is full
            default:
                let reason = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw RecordingError(path, "damaged compressed data (zlib: \(reason))")
            }
        }
        let n = capacity - Int(stream.avail_out)
        produced += n
        if produced > limit {
            let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes"
            throw RecordingError(path, "inflates to more than \(size); refused (split the recording)")
        }
        return n
    }
}
