import FuzzSupport

/// libFuzzer's entry: a CSV trace, line by line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    Fuzz.traceCSV(Fuzz.data(start, count))
    return 0
}
