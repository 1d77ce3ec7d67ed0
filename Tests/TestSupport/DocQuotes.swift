import Foundation

/// A fenced block of a doc whose first line names the file it is copied from:
/// `// From PATH` or `# From PATH`.
public struct QuotedBlock: Sendable {
    public let source: String
    public let lines: [String]
    /// The doc's line of the block's first line after the `// From` line.
    public let docLine: Int
}

/// Holds docs to the files they quote (docs/capture.md, docs/testing.md).
public enum DocQuotes {
    /// The quoted blocks of the doc at `path` (relative to the repository).
    public static func blocks(in path: String) throws -> [QuotedBlock] {
        let doc = try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [QuotedBlock] = []
        var i = 0
        while i < doc.count {
            guard doc[i].hasPrefix("```"), doc[i].count > 3, i + 1 < doc.count else { i += 1; continue }
            let first = doc[i + 1].trimmingCharacters(in: .whitespaces)
            var j = i + 1
            var body: [String] = []
            while j + 1 < doc.count, !doc[j + 1].hasPrefix("```") { j += 1; body.append(doc[j]) }
            for prefix in ["// From ", "# From "] where first.hasPrefix(prefix) {
                blocks.append(QuotedBlock(source: String(first.dropFirst(prefix.count)), lines: body, docLine: i + 2))
            }
            i = j + 2
        }
        return blocks
    }

    /// The fenced blocks of the doc at `path` whose first line is `$ <command>`
    /// (the output a command prints, as the doc shows it), without that line.
    public static func outputBlocks(in path: String, command: String) throws -> [[String]] {
        let doc = try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [[String]] = []
        var i = 0
        while i < doc.count {
            guard doc[i].hasPrefix("```"), i + 1 < doc.count, doc[i + 1] == "$ " + command else { i += 1; continue }
            var j = i + 2
            var body: [String] = []
            while j < doc.count, !doc[j].hasPrefix("```") { body.append(doc[j]); j += 1 }
            blocks.append(body)
            i = j + 1
        }
        return blocks
    }

    /// Nil when `block` is in its source file as written: Swift line for line,
    /// anything else (commands) its non-empty lines in order; else what is wrong.
    public static func mismatch(_ block: QuotedBlock, doc: String) throws -> String? {
        let file = try String(contentsOfFile: repositoryRoot + "/" + block.source, encoding: .utf8).components(separatedBy: "\n")
        if block.source.hasSuffix(".swift") {
            let found = (0...max(0, file.count - block.lines.count)).contains {
                Array(file[$0..<min(file.count, $0 + block.lines.count)]) == block.lines
            }
            return found ? nil : "\(doc):\(block.docLine): these lines are not in \(block.source) as written"
        }
        let wanted = block.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var next = 0
        for line in file where next < wanted.count && line.trimmingCharacters(in: .whitespaces) == wanted[next] { next += 1 }
        return next == wanted.count ? nil : "\(doc):\(block.docLine): `\(wanted[next])` is not in \(block.source) in this order"
    }
}
