import FuzzSupport
import Converters
/// libFuzzer's entry: a UIKit recursiveDescription, converted and read back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    Fuzz.convert(Fuzz.data(start, count), .recursiveDescription)
    return 0
}
