import ArgumentParser
import Baselines
import Foundation
import HitTesting
import Pipeline
import TapJSON
import TapModel
import TraceStore

/// Where a command failed on its input: printed as one line on stderr, exit status 2.
struct InputError: LocatedError {
    let message: String
    init(_ message: String) { self.message = message }
}

/// What a command hands back to the system at exit instead of freeing it piece by piece.
enum Leftovers {
    nonisolated(unsafe) private static var kept: [Any] = []
    private static let lock = NSLock()
    static func keepUntilExit(_ value: Any) { lock.withLock { kept.append(value) } }
}

enum Console {
    static func error(_ message: String) {
        ProgressLine.shared.write("replay: " + message)
    }

    /// A note or progress message on stderr (above the progress line, if one is shown).
    static func progress(_ message: String) {
        ProgressLine.shared.write(message)
    }

    /// Writes to stdout without buffering surprises when piped.
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes bytes (a JSON writer's chunk) to stdout.
    static func outBytes(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { raw in  // written from where they are (a regressed run's JSON is hundreds of megabytes)
            guard let base = raw.baseAddress, !raw.isEmpty else { return }
            FileHandle.standardOutput.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: raw.count, deallocator: .none))
        }
    }

    /// A note on stderr when the snapshot's `device.os` or `app.sdk` could not be read (the default profile is used).
    static func profileNote(_ tester: HitTester) {
        if let note = tester.profileChoice.note { progress("note: \(tester.snapshot.screen): \(note)") }
    }

    /// Colour on stdout only on a terminal, and never with NO_COLOR set (no-color.org).
    static var colorOnStdout: Bool {
        let env = ProcessInfo.processInfo.environment
        return stdoutIsTerminal && (env["NO_COLOR"] ?? "").isEmpty && env["TERM"] != "dumb"
    }
    static var stdoutIsTerminal: Bool { isatty(1) != 0 }
}

/// Runs a command body, turning every "the input could not be used" error
/// (a file, a snapshot, a baseline, the database, a refused query) into one
/// line on stderr and exit status 2. Other exits (`ExitCode(1)`) pass through.
func runReportingInputErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let e as ExitCode {
        throw e
    } catch let e as any LocatedError {
        try fail(e.description)
    }
    func fail(_ message: String) throws -> Never {
        Console.error(message)
        throw ExitCode(2)
    }
}

enum SnapshotFiles {
    /// Reads and validates a snapshot file; errors name the file, line and JSON path.
    static func load(_ path: String) throws -> Snapshot {
        let data = try readInputFile(path, expected: "a snapshot file (.json)")
        do {
            return try Snapshot(json: data)
        } catch let e as SnapshotError {
            if let other = FileKind.mismatch(data, file: path, expected: "tapreplay-snapshot") { throw InputError(other) }
            throw InputError(NodePath.locate(e, in: data).located(in: path))
        }
    }
}

/// The bytes of an input file; a file that cannot be read is an input error naming it.
func readInputFile(_ path: String, expected: String = "a file") throws -> Data {
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
        throw InputError("\(path) is a folder: give \(expected)")
    }
    do {
        return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw InputError("\(path): cannot read the file (\(reasonText(error)))")
    }
}

func reasonText(_ error: Error) -> String {
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(underlying.code)))
    }
    if ns.domain == NSCocoaErrorDomain && ns.code == NSFileReadNoSuchFileError { return "no such file" }
    return ns.localizedDescription
}
