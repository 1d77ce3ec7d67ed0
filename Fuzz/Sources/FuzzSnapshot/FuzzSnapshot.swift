import FuzzSupport

/// libFuzzer's entry: snapshot JSON, read, written and read back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    Fuzz.snapshot(Fuzz.data(start, count))
    return 0
}
