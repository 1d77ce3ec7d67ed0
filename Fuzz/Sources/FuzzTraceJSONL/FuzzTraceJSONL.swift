import FuzzSupport

/// libFuzzer's entry: a JSON Lines trace, line by line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    Fuzz.traceJSONL(Fuzz.data(start, count))
    return 0
}
