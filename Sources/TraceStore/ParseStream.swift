import Foundation
import TapModel

/// The parsing half of an import, on its own thread: reads a trace file's lines,
/// parses them, checks every rule of the trace format and hashes each trace's
/// content, and hands the rows over in chunks through a small bounded queue to
/// the thread that inserts them. One file format is one `parse` body (`csv`, `jsonl`).
final class ParseStream: @unchecked Sendable {
    enum Item {
        /// A trace begins (its rows follow); `line` is where, for messages.
        case trace(TraceHeader, line: Int)
        /// An event of the trace at this index (in the order `.trace` items came).
        case event(Int32, TouchEvent)
    }

    /// What the parser knows of each trace when the file ends.
    struct TraceState {
        var header: TraceHeader
        var validator: TraceValidator
        var hasher = ContentHasher()
        var events = 0
        var lastLine: Int
        /// A screen visit of a production recording: what is stored beside its trace (nil: a trace file's trace).
        var visit: RecordingVisit?
    }

    /// What a recording's screen visit adds to its trace (the `recording_visit` row).
    struct RecordingVisit {
        var format: String
        var width: Double?
        var height: Double?
        var inferredSnapshot: String?
    }

    /// Hands items over a chunk at a time.
    /// The first chunk is small and each next one twice the size, up to `chunkSize`: the inserting
    /// thread starts on a file's first rows at once instead of waiting for a whole chunk to be parsed.
    struct Emitter {
        fileprivate let stream: ParseStream
        fileprivate var chunk: [Item] = []
        fileprivate var limit: Int

        fileprivate init(stream: ParseStream) {
            self.stream = stream
            self.limit = min(ParseStream.firstChunk, stream.chunkSize)
            chunk.reserveCapacity(limit)
        }

        mutating func add(_ item: Item) throws {
            chunk.append(item)
            if chunk.count >= limit { try flush() }
        }

        mutating func flush() throws {
            guard !chunk.isEmpty else { return }
            try stream.emit(chunk)
            limit = min(limit * 2, stream.chunkSize)
            chunk = []
            chunk.reserveCapacity(limit)
        }
    }

    static let firstChunk = 16

    /// Rows per chunk: each hand-over costs a wake-up of the other thread, so big files go in
    /// big chunks (CSV: 8,192), while a JSON Lines file, most often a thousand events or so,
    /// goes in small ones so that its rows are inserted while the rest is parsed.
    let chunkSize: Int
    /// Chunks in flight: at most `maxChunks × chunkSize` rows are held.
    let maxChunks: Int

    /// Parses the whole file through the emitter; returns every trace's state, in the order of their `.trace` items.
    private let body: (inout Emitter) throws -> [TraceState]
    private let condition = NSCondition()
    private var queue: [[Item]] = []
    private var done = false
    private var cancelled = false
    private var failure: Error?
    private var traces: [TraceState] = []
    private let finished = DispatchGroup()

    init(chunkSize: Int, maxChunks: Int, _ body: @escaping (inout Emitter) throws -> [TraceState]) {
        self.chunkSize = chunkSize
        self.maxChunks = maxChunks
        self.body = body
    }

    /// Where parsers run: one after another, on a thread the process keeps (a folder of a
    /// thousand files does not start a thousand threads).
    private static let parsers = DispatchQueue(label: "TapReplay.import.parse")

    func start() {
        finished.enter()
        ParseStream.parsers.async { [self] in
            do {
                var emitter = Emitter(stream: self)
                let states = try body(&emitter)
                try emitter.flush()
                condition.lock(); traces = states; condition.unlock()
            } catch {
                condition.lock(); failure = error; condition.unlock()
            }
            condition.lock(); done = true; condition.broadcast(); condition.unlock()
            finished.leave()
        }
    }

    /// The next chunk of rows, or nil at the end of the file.
    /// - Throws: the parser's `ImportError` as soon as it has one.
    func next() throws -> [Item]? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !done && failure == nil { condition.wait() }
        if let failure { throw failure }
        if queue.isEmpty { return nil }
        let chunk = queue.removeFirst()
        condition.broadcast()
        return chunk
    }

    /// After the last chunk: every trace's checks sealed, its hash and count.
    func finish() throws -> [TraceState] {
        finished.wait()
        if let failure { throw failure }
        return traces
    }

    /// Stops the parser (after an error on the inserting side) and waits for it.
    func cancel() {
        condition.lock(); cancelled = true; condition.broadcast(); condition.unlock()
        finished.wait()
    }

    fileprivate func emit(_ chunk: [Item]) throws {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= maxChunks && !cancelled { condition.wait() }
        if cancelled { throw CancellationError() }
        queue.append(chunk)
        condition.broadcast()
    }

    /// A trace rule broken on a line: the import's error for the file.
    private static func located<T>(_ path: String, _ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let e as TraceError {
            throw ImportError(file: path, line: e.line, e.message)
        }
    }

    // MARK: - Formats

    /// The parse of a trace file of this kind (`.jsonl` or `.csv`).
    static func of(_ kind: FileImport.Kind, path: String, progress: ((Int64, Int64) -> Void)?,
                   shouldStop: (@Sendable () -> Bool)?) -> ParseStream {
        kind == .jsonl ? .jsonl(path: path, progress: progress, shouldStop: shouldStop)
                       : .csv(path: path, progress: progress, shouldStop: shouldStop)
    }

    /// A CSV trace file: any number of traces, rows of a trace in time order (traces may interleave).
    static func csv(path: String, progress: ((Int64, Int64) -> Void)?, shouldStop: (@Sendable () -> Bool)?) -> ParseStream {
        ParseStream(chunkSize: 8192, maxChunks: 4) { emitter in
            var reader = CSVTraceReader()
            var traces: [TraceState] = []
            var byName: [String: Int] = [:]
            var current = -1
            try LineReader.forEachLine(path: path, progress: progress, shouldStop: shouldStop) { line, number in
                try located(path) {
                    guard let row = try reader.read(line: line, number: number) else { return }
                    if current < 0 || traces[current].header.trace != row.trace {
                        if let i = byName[row.trace] {
                            current = i
                        } else {
                            let header = TraceHeader(trace: row.trace, screen: row.screen)
                            var state = TraceState(header: header, validator: TraceValidator(trace: row.trace), lastLine: number)
                            state.hasher.add(header)
                            traces.append(state)
                            current = traces.count - 1
                            byName[row.trace] = current
                            try emitter.add(.trace(header, line: number))
                        }
                    }
                    guard traces[current].header.screen == row.screen else {
                        throw TraceError(line: number, "trace '\(row.trace.clipped)' changes screen from '\(traces[current].header.screen)' to '\(row.screen.clipped)'")
                    }
                    try traces[current].validator.accept(row.event, line: number)
                    traces[current].hasher.add(row.event)
                    traces[current].events += 1
                    traces[current].lastLine = number
                    try emitter.add(.event(Int32(current), row.event))
                }
            }
            if !reader.hasHeader {
                throw ImportError(file: path, line: 1, "empty file: expected the header trace,screen,t,touch,phase,x,y")
            }
            for i in traces.indices {
                try located(path) { try traces[i].validator.finish(line: traces[i].lastLine) }
            }
            return traces
        }
    }

    /// A JSON Lines trace file: one trace, its header on the first line.
    static func jsonl(path: String, progress: ((Int64, Int64) -> Void)?, shouldStop: (@Sendable () -> Bool)?) -> ParseStream {
        ParseStream(chunkSize: 256, maxChunks: 16) { emitter in
            var reader = JSONLTraceReader()
            var state: TraceState?
            let last = try LineReader.forEachLine(path: path, progress: progress, shouldStop: shouldStop) { line, number in
                try located(path) {
                    if let event = try reader.read(line: line, number: number) {
                        state!.hasher.add(event)
                        state!.events += 1
                        try emitter.add(.event(0, event))
                    } else if state == nil, let header = reader.header {
                        state = TraceState(header: header, validator: TraceValidator(trace: header.trace), lastLine: number)
                        state!.hasher.add(header)
                        try emitter.add(.trace(header, line: number))
                    }
                }
            }
            try located(path) { try reader.finish(lastLine: last) }
            // The reader checked every event as it went: its validator holds the warnings.
            state!.validator = reader.validator!
            return [state!]
        }
    }
}

/// The next file of an import, hashed (`HashingTask`) and parsed on the parser thread while the
/// current one is inserted (`TraceStore.importFile(_:next:)`). Holds at most one file; memory stays flat,
/// since its parser stops when its few chunks in flight are full.
final class ReadAhead: @unchecked Sendable {
    /// Files larger than this are not read ahead (their own chunks keep the threads busy, and their progress is reported).
    static let largest: Int64 = 1 << 20

    private let lock = NSLock()
    /// A file read ahead: its parse and its hash.
    struct File {
        let stream: ParseStream
        let hash: HashingTask

        func cancel() {
            stream.cancel()
            hash.cancel()
        }
    }

    private var pending: (path: String, file: File)?

    /// What was read ahead for `path`, if anything; what was read ahead for another file is dropped.
    func take(_ path: String) -> File? {
        lock.lock()
        let held = pending
        pending = nil
        lock.unlock()
        guard let held else { return nil }
        if held.path == path { return held.file }
        held.file.cancel()
        return nil
    }

    /// The size of a regular file; -1 for anything else (missing, a folder, a device).
    static func size(of path: String) -> Int64 {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return -1 }
        return Int64(info.st_size)
    }

    /// Starts reading `path` ahead when it is a small trace file (a snapshot, a large or unreadable
    /// file is left to its own `importFile`).
    func start(_ path: String, shouldStop: (@Sendable () -> Bool)?) {
        guard let kind = TraceStore.importKind(of: path), kind != .snapshot else { return }
        let size = ReadAhead.size(of: path)
        guard size >= 0 && size <= ReadAhead.largest else { return }
        let file = File(stream: ParseStream.of(kind, path: path, progress: nil, shouldStop: shouldStop),
                        hash: HashingTask(path, shouldStop: shouldStop))
        file.stream.start()
        lock.lock()
        let dropped = pending
        pending = (path, file)
        lock.unlock()
        dropped?.file.cancel()
    }

    deinit { pending?.file.cancel() }
}
