import Foundation
import TestSupport
import Testing

/// TapReplayTesting builds into apps' tests from iOS 15, the package's minimum, and so does every module it
/// depends on (docs/testing.md, "Which iOS it builds for"). Nothing built on Linux sees an Apple availability
/// annotation; the macOS workflow and the SDK check do. This test catches on Linux, before either, the trap
/// that broke it twice: the string API of Swift 5.7's `_StringProcessing`, which Apple ships from iOS 16.
@Suite("TapReplayTesting and its modules call no iOS 16 string API")
struct MinimumPlatformTests {
    /// Calls that need iOS 16 (`firstRange(of:)`, `replacing(_:with:)`, regexes, …), as source text.
    static let iOS16: [String] = [
        ".firstRange(of:", ".ranges(of:", ".replacing(", ".trimmingPrefix(", ".wholeMatch(", ".prefixMatch(",
        ".firstMatch(of:", ".matches(of:", "Regex<", "Regex(", "#/",
    ]

    @Test("No iOS 16 string API in the sources of TapReplayTesting and the modules it builds (comments aside)")
    func noIOS16StringAPI() throws {
        var found: [String] = []
        for module in DependencyGraphTests.allowed.sorted() {
            let folder = repositoryRoot + "/Sources/" + module
            let files = try #require(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty, "\(module) has no sources at \(folder)")
            for file in files.sorted() {
                let lines = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).components(separatedBy: "\n")
                for (n, line) in lines.enumerated() {
                    let code = line.components(separatedBy: "//").first ?? ""
                    for api in Self.iOS16 where code.contains(api) {
                        found.append("Sources/\(module)/\(file):\(n + 1): \(api)")
                    }
                }
            }
        }
        #expect(found.isEmpty, "iOS 16 API in modules built for iOS 15: \(found.joined(separator: "; "))")
    }
}
