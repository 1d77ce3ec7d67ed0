import Foundation
#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// A recording file's bytes, read a buffer at a time: as they are on disk, or inflated
/// as they are read when the file is gzip or zlib data (`.json.gz`). What a streamed
/// read (`PostHogRecording.stream`) takes, so that memory stays flat however large the file.
public final class RecordingBytes {
    private let fd: Int32
    /// The file's first bytes, read to tell whether it is compressed (and what `peek` read): handed out first.
    private var head: [UInt8] = []
    private var headUsed = 0
    /// zlib, and its input buffer, when the file is compressed.
    private var inflater: Inflater?
    private let input: UnsafeMutableRawBufferPointer
    private var inputHeld: UnsafeRawBufferPointer?

    /// Opens the file (a compressed one is inflated as it is read; `Inflate.defaultLimit` bytes at most).
    /// - Throws: `Failure` when it cannot be read.
    public init(path: String) throws {
        fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw Failure(message: "cannot read the file (\(String(cString: strerror(errno))))") }
        input = .allocate(byteCount: 1 << 20, alignment: 16)
        let n = try Self.readSome(fd, input.baseAddress!, input.count)
        let first = UnsafeRawBufferPointer(rebasing: input[..<n])
        if Inflate.isCompressed(first) {
            inflater = try Inflater(path: "$", limit: Inflate.defaultLimit)
            inputHeld = first
        } else {
            head = Array(first)
        }
    }

    deinit {
        close(fd)
        input.deallocate()
    }

    /// The file could not be read, or its compressed data is damaged: what is wrong (no JSON path: no JSON was reached).
    public struct Failure: Error, Sendable, Equatable {
        public let message: String
    }

    /// Whether the file is gzip or zlib data.
    public var isCompressed: Bool { inflater != nil }

    /// The first `count` bytes the file holds (inflated), fewer when it is shorter; read again by `read`.
    public func peek(_ count: Int) throws -> Data {
        var more = [UInt8](repeating: 0, count: max(0, count - (head.count - headUsed)))
        var filled = 0
        while filled < more.count {
            let n = try more.withUnsafeMutableBufferPointer { try readBody(into: $0.baseAddress! + filled, count: $0.count - filled) }
            if n == 0 { break }
            filled += n
        }
        head += more[..<filled]
        return Data(head[headUsed...].prefix(count))
    }

    /// Reads up to `count` bytes into `out`.
    /// - Returns: the bytes read; 0 at the end of the file.
    /// - Throws: `Failure` when the file cannot be read or its compressed data is damaged.
    public func read(into out: UnsafeMutablePointer<UInt8>, count: Int) throws -> Int {
        if headUsed < head.count {
            let n = min(count, head.count - headUsed)
            head.withUnsafeBufferPointer { out.update(from: $0.baseAddress! + headUsed, count: n) }
            headUsed += n
            if headUsed == head.count { head = []; headUsed = 0 }
            return n
        }
        return try readBody(into: out, count: count)
    }

    private func readBody(into out: UnsafeMutablePointer<UInt8>, count: Int) throws -> Int {
        guard let inflater else { return try Self.readSome(fd, out, count) }
        do {
            return try inflater.inflate(into: out, capacity: count) {
                if let held = inputHeld {
                    inputHeld = nil
                    return held
                }
                let n = try Self.readSome(fd, input.baseAddress!, input.count)
                return n == 0 ? nil : UnsafeRawBufferPointer(rebasing: input[..<n])
            }
        } catch let e as RecordingError {
            throw Failure(message: e.message)
        }
    }

    /// `read(2)`, again when a signal interrupted it.
    private static func readSome(_ fd: Int32, _ out: UnsafeMutableRawPointer, _ count: Int) throws -> Int {
        while true {
            #if canImport(Darwin)
            let n = Darwin.read(fd, out, count)
            #else
            let n = Glibc.read(fd, out, count)
            #endif
            if n >= 0 { return n }
            if errno != EINTR { throw Failure(message: "cannot read the file (\(String(cString: strerror(errno))))") }
        }
    }
}
