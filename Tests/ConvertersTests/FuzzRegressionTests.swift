import Converters
import Foundation
import TapModel
import Testing

/// Every input a fuzzer ever crashed on (Fuzz/run.sh keeps them in Fuzz/Crashes/<target>/),
/// kept in Fixtures/crashes/ and read back here: each converts, or is refused with a located
/// error, and never crashes. The crashes of issue 26 are in `HostileInputTests`.
@Suite("Fuzz regressions: inputs that crashed once")
struct FuzzRegressionTests {
    static func crashes() throws -> [String] {
        let folder = Files.tests.appendingPathComponent("Fixtures/crashes")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// The format a crash file was found with, from its name (`….wda.xml`, `….recursive.txt`, …).
    static func format(of name: String) -> CaptureFormat? {
        let table: [(String, CaptureFormat)] = [
            (".wda.xml", .wdaXML), (".recursive.txt", .recursiveDescription), (".xcuitest.txt", .xcuitest),
            (".swiftui.json", .swiftuiDebug), (".capture.json", .tapreplayCapture),
        ]
        return table.first { name.hasSuffix($0.0) }?.1
    }

    @Test("Each input that crashed a fuzz target converts or is refused with a located error, with its format and detected")
    func crashesAreHandled() throws {
        let names = try Self.crashes()
        #expect(!names.isEmpty)
        for name in names {
            let data = try Files.fixture("crashes/" + name)
            for format in [Self.format(of: name), nil] {
                do {
                    let c = try Converter.convert(data, format: format)
                    _ = try Snapshot(json: c.json)
                } catch let e as CaptureError {
                    #expect(e.line != nil || !e.path.isEmpty, "\(name): \(e)")
                }
            }
        }
    }

    @Test("FoundationXML guarded by a pre-scan crashed on this page source (a processing instruction it took to be in a comment); XMLScanner refuses it with a line")
    func guardedFoundationXMLCrash() throws {
        let data = try Files.fixture("crashes/foundationxml-guarded-pi.wda.xml")
        let e = try #require(captureError(String(decoding: data, as: UTF8.self), .wdaXML))
        #expect(e.line != nil && e.message.hasPrefix("not well-formed XML"))
    }
}
