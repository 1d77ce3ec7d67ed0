import FuzzSupport
import LintUnderTest

/// libFuzzer's entry: Swift source, linted and fixed as `replay lint --fix` does, through
/// lint's public API only (on the large stack the command uses).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let source = String(decoding: Fuzz.data(start, count), as: UTF8.self)
    do {
        _ = try SourceFiles.onLargeStack {
            try SourceFiles.fixed(source: source, file: "fuzz.swift", with: Linter())
        }
    } catch is LintInputError {
    } catch {
        Fuzz.fail("lint threw an error that is not a LintInputError", error)
    }
    return 0
}
