import ArgumentParser
import Dispatch
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One progress line on stderr for work that takes longer than a second: redrawn in
/// place on a terminal, or (with `--progress` when stderr is not a terminal) printed as
/// a plain line at most every two seconds. Log lines go through it, so they never
/// land in the middle of the progress line.
final class ProgressLine: @unchecked Sendable {
    static let shared = ProgressLine()

    private let lock = NSLock()
    private var enabled = false
    private var terminal = false
    private var text: String?
    private var counts: (done: Int, total: Int, unit: String) = (0, 0, "")
    private var begun: DispatchTime?
    private var shown = false
    private var lastPlain = DispatchTime(uptimeNanoseconds: 0)
    private var timer: DispatchSourceTimer?

    /// Work shorter than this shows no progress.
    static let delay = 1.0

    /// Enables the line on a terminal, or everywhere when `forced`.
    func start(forced: Bool) {
        lock.lock(); defer { lock.unlock() }
        terminal = isatty(2) != 0
        enabled = forced || terminal
        guard enabled, timer == nil else { return }
        let t = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        t.schedule(deadline: .now() + 0.2, repeating: 0.2)
        t.setEventHandler { [weak self] in self?.tick() }
        t.resume()
        timer = t
    }

    /// What is being done now; `total` 0 when there is nothing to count; `unit` follows the counts (`MB`).
    func update(_ what: String, done: Int = 0, total: Int = 0, unit: String = "") {
        lock.lock(); defer { lock.unlock() }
        guard enabled else { return }
        if text == nil { begun = .now() }
        text = what
        counts = (done, total, unit)
    }

    /// The work is over: the line goes away.
    func end() {
        lock.lock(); defer { lock.unlock() }
        clearLocked()
        text = nil
        begun = nil
    }

    /// Writes a whole line to stderr, above the progress line.
    func write(_ line: String) {
        lock.lock(); defer { lock.unlock() }
        clearLocked()
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private func tick() {
        lock.lock(); defer { lock.unlock() }
        guard let text, let begun else { return }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - begun.uptimeNanoseconds) / 1e9
        guard elapsed >= ProgressLine.delay else { return }
        var line = text
        if counts.total > 0 {
            line += ": \(counts.done) of \(counts.total)\(counts.unit.isEmpty ? "" : " " + counts.unit) (\(Int(Double(counts.done) / Double(counts.total) * 100))%)"
        }
        line += " — \(Int(elapsed)) s"
        if terminal {
            let width = max(20, ProgressLine.columns() - 1)
            let clipped = line.count > width ? String(line.prefix(width - 1)) + "…" : line
            FileHandle.standardError.write(Data("\r\u{1B}[K\(clipped)".utf8))
            shown = true
        } else if DispatchTime.now().uptimeNanoseconds - lastPlain.uptimeNanoseconds >= 2_000_000_000 {
            FileHandle.standardError.write(Data(("progress: " + line + "\n").utf8))
            lastPlain = .now()
        }
    }

    private func clearLocked() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }

    /// How wide the line may be: `$COLUMNS`, else 80 (a longer line would wrap and stay behind).
    static func columns() -> Int {
        Int(ProcessInfo.processInfo.environment["COLUMNS"] ?? "") ?? 80
    }
}

/// Ctrl-C during work that writes (import, run, accept): the first SIGINT asks the
/// work to stop at its next safe point — the current file's transaction rolls back,
/// a run records nothing — and the command says what was kept and exits 130; a
/// second SIGINT ends the process at once (exit 130; SQLite's journal still keeps
/// the database as it was before the unfinished transaction).
enum Interruption {
    /// The exit status of a command stopped by SIGINT (128 + 2, as shells report it).
    static let exitStatus: Int32 = 130

    private static let state = StopState()
    nonisolated(unsafe) private static var source: DispatchSourceSignal?

    /// Whether a stop was asked for (safe from any thread).
    @Sendable static func requested() -> Bool { state.isSet }

    /// Catches SIGINT from now on. Call once, before the work starts.
    static func install() {
        guard source == nil else { return }
        // The signal is delivered to the dispatch source instead of killing the process.
        signal(SIGINT, SIG_IGN)
        let s = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global(qos: .userInteractive))
        s.setEventHandler {
            if state.set() {
                ProgressLine.shared.write("replay: stopping (Ctrl-C again to quit at once)…")
            } else {
                ProgressLine.shared.write("replay: stopped at once; the database keeps only what was committed")
                for path in state.discarded { unlink(path) }
                _exit(exitStatus)
            }
        }
        s.resume()
        source = s
    }

    /// A file to remove should the process end at once (a second Ctrl-C): a file written
    /// under a temporary name, renamed into place only once whole (a shard file).
    static func discardOnQuit(_ path: String) { state.discard(path) }

    /// Says what was kept and ends the command with exit status 130.
    static func stop(_ message: String) -> ExitCode {
        ProgressLine.shared.end()
        ProgressLine.shared.write("stopped: " + message)
        return ExitCode(exitStatus)
    }

    /// A flag set once, read from any thread.
    private final class StopState: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        private var paths: [String] = []
        var discarded: [String] { lock.lock(); defer { lock.unlock() }; return paths }
        func discard(_ path: String) { lock.lock(); defer { lock.unlock() }; paths.append(path) }
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
        /// Sets it; false when it was already set.
        func set() -> Bool {
            lock.lock(); defer { lock.unlock() }
            defer { value = true }
            return !value
        }
    }
}
