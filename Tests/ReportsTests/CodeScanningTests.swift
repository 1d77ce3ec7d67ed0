import CodeScanning
import Foundation
import Reports
import Testing

@Suite("GitHub workflow annotations and the snapshot lines they point at")
struct CodeScanningTests {
    /// GitHub's workflow-command syntax: `::level key=value,…::message`, properties without raw `,` `:` or newlines.
    static var command: Regex<(Substring, Substring)> { #/^::(error|warning|notice)(?: (?:file=[^,:\n]+,(?:line=\d+,)?)?title=[^,:\n]*)?::[^\n]*$/# }

    static func decode(_ s: Substring) -> String {
        s.replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",").replacingOccurrences(of: "%25", with: "%")
    }

    @Test("a command escapes %, CR, LF in the message and also : and , in properties; it decodes back to what was said")
    func escaping() throws {
        let a = GitHubAnnotations.Annotation(level: .warning, file: "Traces/a,b:c.json", line: 12,
                                             title: "A3 small target: close (Settings), also A10", message: "100% of\nit: a, b\r")
        let line = GitHubAnnotations.command(a)
        #expect(line == "::warning file=Traces/a%2Cb%3Ac.json,line=12,title=A3 small target%3A close (Settings)%2C also A10::100%25 of%0Ait: a, b%0D")
        let match = try #require(line.wholeMatch(of: Self.command))
        #expect(Self.decode(line.split(separator: "::", maxSplits: 2)[1].dropFirst()).isEmpty == false)
        #expect(Self.decode(line[line.range(of: "::", options: .backwards)!.upperBound...]) == a.message)
        _ = match
    }

    @Test("more than 10 of a level: 9 are shown and the tenth names the rest; other levels keep their own 10")
    func perStepLimit() throws {
        let errors = (1...25).map { (i: Int) in GitHubAnnotations.Annotation(level: .error, file: "s.json", line: i, title: "cause \(i)", message: "m") }
        let warnings = (1...3).map { GitHubAnnotations.Annotation(level: .warning, file: nil, line: nil, title: "w\($0)", message: "m") }
        let lines = GitHubAnnotations.commands(errors + warnings).split(separator: "\n")
        #expect(lines.allSatisfy { $0.wholeMatch(of: Self.command) != nil })
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == GitHubAnnotations.perStepLimit)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 3)
        let last = try #require(lines.last { $0.hasPrefix("::error ") })
        #expect(last.contains("title=16 more errors::") && last.contains("cause 10; cause 11") && last.contains("cause 25"), "\(last)")
        #expect(GitHubAnnotations.commands(Array(errors.prefix(10))).split(separator: "\n").count == 10)
    }

    @Test("snapshot lines: each node id at the line it is written, through nested children; a dump that is not a snapshot maps nothing")
    func snapshotLines() {
        let json = """
            {
              "format": "tapreplay-snapshot",
              "root": {
                "id": "window",
                "children": [
                  { "id": "row.a",
                    "children": [ {
                      "id": "row.a.label" } ] },
                  { "type": "Text" },
                  { "id": "row.b" }
                ]
              }
            }
            """
        let lines = SnapshotLines(file: "s.json", bytes: Array(json.utf8)).lines
        #expect(lines == ["window": 4, "row.a": 6, "row.a.label": 8, "row.b": 10])
        #expect(SnapshotLines(file: "d.txt", bytes: Array("<UIWindow: 0x1>".utf8)).lines.isEmpty)
        #expect(SnapshotLines.file(ofSource: "db:3 (Traces/snapshots/Settings.json)") == "Traces/snapshots/Settings.json")
        #expect(SnapshotLines.file(ofSource: "Traces/s.json") == "Traces/s.json")
    }
}
