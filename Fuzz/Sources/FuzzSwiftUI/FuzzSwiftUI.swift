import FuzzSupport
import Converters
/// libFuzzer's entry: SwiftUI debug data, converted and read back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    Fuzz.convert(Fuzz.data(start, count), .swiftuiDebug)
    return 0
}
