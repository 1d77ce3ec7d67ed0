import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file opened for appending lines, with POSIX `open`/`write`/`close`:
/// every Apple platform and version has them (unlike `FileHandle.close()`,
/// iOS 13, and `write(contentsOf:)`, iOS 13.4), each line reaches the file
/// when it is written (a killed app leaves whole lines), and a failure is an
/// error, never an Objective-C exception.
final class TraceFile {
    let url: URL
    private var descriptor: Int32

    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var code: Int32
        var description: String { "\(path): \(String(cString: strerror(code)))" }
    }

    /// Creates (or empties) the file.
    init(creating url: URL) throws {
        self.url = url
        descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError(path: url.path, code: errno) }
    }

    /// Appends `text` whole (a short write is continued, an interrupted one retried).
    func write(_ text: String) throws {
        guard descriptor >= 0 else { throw WriteError(path: url.path, code: EBADF) }
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                #if canImport(Darwin)
                Darwin.write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                #elseif canImport(Glibc)
                Glibc.write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                #else
                Musl.write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                #endif
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw WriteError(path: url.path, code: errno)
            }
            done += n
        }
    }

    func close() {
        guard descriptor >= 0 else { return }
        #if canImport(Darwin)
        _ = Darwin.close(descriptor)
        #elseif canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Musl.close(descriptor)
        #endif
        descriptor = -1
    }

    deinit { close() }
}
