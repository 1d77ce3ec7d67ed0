import FuzzSupport

/// libFuzzer's entry: a baseline file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    Fuzz.baseline(Fuzz.data(start, count))
    return 0
}
