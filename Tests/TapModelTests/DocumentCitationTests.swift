import Foundation
import TestSupport
import Testing

/// The code cites only documents a reader of the repository has: every `name.md` a comment in Sources/
/// names is README.md or a page under docs/ that exists.
@Suite("Documents the code cites")
struct DocumentCitationTests {
    @Test("Every .md a comment in Sources/ names is in the repository (docs/ or README.md)")
    func citations() throws {
        let root = URL(fileURLWithPath: repositoryRoot)
        let sources = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 100)
        let pattern = try NSRegularExpression(pattern: #"([A-Za-z0-9_./-]+)\.md\b"#)
        var missing: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.components(separatedBy: "\n").enumerated() where line.contains("//") {
                let comment = String(line[line.range(of: "//")!.lowerBound...])
                let ns = comment as NSString
                for m in pattern.matches(in: comment, range: NSRange(location: 0, length: ns.length)) {
                    let name = ns.substring(with: m.range(at: 1)) + ".md"
                    let exists = name == "README.md" || (name.hasPrefix("docs/")
                        && FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path))
                    if !exists { missing.append("Sources/\(file):\(n + 1): \(name)") }
                }
            }
        }
        #expect(missing.isEmpty, "comments cite documents that are not in the repository:\n\(missing.joined(separator: "\n"))")
    }
}
