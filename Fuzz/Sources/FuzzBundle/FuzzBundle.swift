import FuzzSupport
import Converters
/// libFuzzer's entry: a capture bundle, converted and read back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    Fuzz.convert(Fuzz.data(start, count), .tapreplayCapture)
    return 0
}
