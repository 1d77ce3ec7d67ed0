import Foundation
import TapJSON

/// Reads a file line by line through a fixed buffer, so memory stays flat
/// however large the file (a single line longer than the buffer grows it).
enum LineReader {
    /// Calls `body` with each line (without its newline) and its 1-based number.
    /// `progress` gets (bytes read, file size) about every megabyte.
    /// - Returns: the number of the last line.
    @discardableResult
    /// `shouldStop` is asked after every read: true ends the reading with `ImportInterrupted`.
    static func forEachLine(path: String, progress: ((Int64, Int64) -> Void)? = nil, shouldStop: (@Sendable () -> Bool)? = nil,
                            _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws -> Int {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw ImportError(file: path, line: nil, "cannot read the file (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        var info = stat()
        let size: Int64 = fstat(fd, &info) == 0 ? Int64(info.st_size) : 0
        // A buffer the size of the file, up to 1 MiB (a folder of small files does not map a fresh megabyte per file).
        var window = ReadBuffer(capacity: size > 0 ? Int(min(size + 1, 1 << 20)) : 1 << 16)
        defer { window.deallocate() }
        var buffer = window.base
        var start = 0, end = 0
        var lineNumber = 0
        var total: Int64 = 0
        var eof = false
        while true {
            // Emit every complete line in [start, end).
            while start < end {
                guard let nl = memchr(buffer + start, 0x0A, end - start) else { break }
                let at = buffer.distance(to: nl.assumingMemoryBound(to: UInt8.self))
                lineNumber += 1
                try body(UnsafeBufferPointer(start: buffer + start, count: at - start), lineNumber)
                start = at + 1
            }
            if eof {
                if start < end {
                    lineNumber += 1
                    try body(UnsafeBufferPointer(start: buffer + start, count: end - start), lineNumber)
                }
                return lineNumber
            }
            // Keep the partial line, then refill.
            end = window.slide(keep: start, count: end)
            start = 0
            buffer = window.base
            let n = read(fd, buffer + end, window.capacity - end)
            if n < 0 {
                if errno == EINTR { continue }
                throw ImportError(file: path, line: nil, "read error (\(String(cString: strerror(errno))))")
            }
            if n == 0 { eof = true } else {
                end += n
                total += Int64(n)
                progress?(total, size)
                if shouldStop?() == true { throw ImportInterrupted(file: path) }
            }
        }
    }
}
