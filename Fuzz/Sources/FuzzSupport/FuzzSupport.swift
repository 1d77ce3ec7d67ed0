import Baselines
import Converters
import Foundation
import TapJSON
import TapModel

/// What every fuzz target checks beyond "no crash, no hang": a reader either
/// reads the input or throws its own located error (`LocatedError`), and what a
/// converter writes reads back as a snapshot (the round trip of issue 27).
/// A broken property stops the process, so libFuzzer keeps the input as a crash.
public enum Fuzz {
    /// The bytes libFuzzer hands over.
    public static func data(_ start: UnsafePointer<UInt8>, _ count: Int) -> Data {
        Data(bytes: start, count: count)
    }

    public static func fail(_ what: String, _ error: Error? = nil) -> Never {
        fatalError("fuzz property broken: \(what)" + (error.map { ": \($0)" } ?? ""))
    }

    /// A converter: convert (the format forced for inputs of even length, detected for odd ones, so
    /// both paths are explored at the cost of one); a success must read back as a snapshot that
    /// writes the same bytes again.
    public static func convert(_ data: Data, _ format: CaptureFormat) {
        for f in [data.count % 2 == 0 ? format : nil] {
            do {
                let c = try Converter.convert(data, format: f)
                let text = c.json
                let back: Snapshot
                do {
                    back = try Snapshot(json: text)
                } catch {
                    fail("converted as \(f?.rawValue ?? "detected"), but the snapshot does not read back", error)
                }
                if back.encoded(.compact) != c.snapshot.encoded(.compact) { fail("a converted snapshot reads back different") }
            } catch is CaptureError {
            } catch {
                fail("convert threw an error that is not a CaptureError", error)
            }
        }
    }

    /// The snapshot reader: what it reads, it writes; what it writes, it reads back the same.
    public static func snapshot(_ data: Data) {
        let s: Snapshot
        do {
            s = try Snapshot(json: data)
        } catch is SnapshotError {
            return
        } catch {
            fail("the snapshot reader threw an error that is not a SnapshotError", error)
        }
        let text = s.encoded(.compact)
        do {
            let again = try Snapshot(json: text)
            if again.encoded(.compact) != text { fail("a snapshot written and read back writes different bytes") }
        } catch {
            fail("a snapshot the reader accepted, once written, is refused", error)
        }
    }

    /// A trace in JSON Lines: line by line as `replay import` reads it.
    public static func traceJSONL(_ data: Data) {
        var reader = JSONLTraceReader()
        lines(data) { line, number in _ = try reader.read(line: line, number: number) } end: { last in
            try reader.finish(lastLine: last)
        }
    }

    /// A trace in CSV: line by line as `replay import` reads it, each trace's events checked by its validator.
    public static func traceCSV(_ data: Data) {
        var reader = CSVTraceReader()
        var validators: [String: TraceValidator] = [:]
        lines(data) { line, number in
            guard let row = try reader.read(line: line, number: number) else { return }
            try validators[row.trace, default: TraceValidator(trace: row.trace)].accept(row.event, line: number)
        } end: { last in
            for v in validators.values { try v.finish(line: last) }
        }
    }

    /// Splits at `\n` as the import does (the readers handle a `\r`) and feeds each line;
    /// the first error ends the file, and must be a located one.
    static func lines(_ data: Data, _ read: (UnsafeBufferPointer<UInt8>, Int) throws -> Void, end: (Int) throws -> Void) {
        let bytes = [UInt8](data)
        do {
            try bytes.withUnsafeBufferPointer { all in
                var start = 0
                var number = 0
                while start < all.count {
                    var stop = start
                    while stop < all.count, all[stop] != 0x0A { stop += 1 }
                    number += 1
                    try read(UnsafeBufferPointer(rebasing: all[start..<stop]), number)
                    start = stop + 1
                }
                try end(number)
            }
        } catch is LocatedError {
        } catch {
            fail("a trace reader threw an error that is not located", error)
        }
    }

    /// A baseline file, as `replay run --baseline` reads it.
    public static func baseline(_ data: Data) {
        do {
            _ = try Baseline(decoding: String(decoding: data, as: UTF8.self))
        } catch is LocatedError {
        } catch {
            fail("the baseline reader threw an error that is not located", error)
        }
    }
}
